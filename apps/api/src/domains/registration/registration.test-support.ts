import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { call, createTestApp, type TestContext } from '../../../test/helper';

/**
 * The set-up the public forms' tests (visitors, exhibitor-enquiries, newsletters) share: the app
 * with the organiser's address, each form posted from its own address, and the mails queued.
 *
 * `useRegistrationScene()`, called at the top of a test file, builds the app before its tests
 * and closes it after them; `ctx` is that app while they run.
 */

export interface ErrorBody {
  error: { status: number; name: string; message: string; details: { errors?: { path: string[]; message: string }[] } };
}

export const ORGANISER = 'organisation@salon.example';
export let ctx: TestContext;

/** Builds the app before the file's tests and closes it after them. */
export function useRegistrationScene() {
  beforeAll(async () => {
    ctx = await createTestApp({ ORGANISER_EMAIL: ORGANISER, PUBLIC_URL: 'https://salon.example' });
  });
  afterAll(() => ctx.close());
}

let address = 0;
export const post = (url: string, body: unknown) =>
  call(ctx.app, 'POST', url, { body, remoteAddress: `10.4.0.${++address}` });
export const fieldErrors = (body: ErrorBody): Record<string, string> =>
  Object.fromEntries((body.error.details.errors ?? []).map((e) => [e.path.at(-1) ?? '', e.message]));
export const mailsTo = (to: string) =>
  ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);

/** Makes the mails to an address look older, as if that time had passed. */
export const ageMails = (to: string, by: string) =>
  ctx.db.execute(
    sql`update ${mailOutbox} set created_at = created_at - ${by}::interval where lower(${mailOutbox.to}) = ${to}`,
  );

/** A visitor's registration form, filled in for this address. */
export const visitor = (email: string) => ({
  name: 'Salma Idrissi',
  email,
  phone: '+212 6 61 23 45 67',
  company: 'Idrissi Architecture',
  jobPosition: 'Architecte',
});
