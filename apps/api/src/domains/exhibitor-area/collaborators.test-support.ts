import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { mailOutbox, registrations, users } from '../../db/schema';
import { createExhibitor, type Exhibitor } from '../../../test/fixtures';
import { call, createTestApp, login, type TestContext } from '../../../test/helper';
import { createMailbox, invitationSecretIn, setPasswordSecret } from '../../../test/mailbox';

/**
 * The set-up the collaborators' tests (collaborators, collaborator-invitations, email-change)
 * share: two exhibitors signed in, new collaborators' details, the mails sent and the calls to
 * add a collaborator and accept an invitation.
 *
 * `useCollaboratorsScene()`, called at the top of a test file, builds the scene before its tests
 * and closes it after them; the names below are the scene's while the file's tests run.
 */

export interface CollaboratorsScene {
  ctx: TestContext;
  /** The exhibitor who adds collaborators, at booth B-12, and their session token. */
  exhibitor: Exhibitor;
  token: string;
  /** Another exhibitor, and their session token. */
  other: Exhibitor;
  otherToken: string;
}

/** Builds the app and the two exhibitors, each signed in. */
export async function collaboratorsScene(): Promise<CollaboratorsScene> {
  const ctx = await createTestApp();
  const exhibitor = await createExhibitor(ctx.db, { booth: 'B-12', secteurActivite: 'Gros Oeuvre', pays: 'Maroc' });
  const other = await createExhibitor(ctx.db);
  const token = await login(ctx.app, exhibitor.user.email);
  const otherToken = await login(ctx.app, other.user.email);
  return { ctx, exhibitor, token, other, otherToken };
}

export let ctx: TestContext;
export let exhibitor: Exhibitor;
export let other: Exhibitor;
export let token: string;
export let otherToken: string;

/** Builds the scene before the file's tests and closes it after them. */
export function useCollaboratorsScene() {
  beforeAll(async () => {
    ({ ctx, exhibitor, other, token, otherToken } = await collaboratorsScene());
    // The mailbox of the file before, in the same worker, reads that file's closed database.
    mailbox = undefined;
  });
  afterAll(() => ctx.close());
}

let n = 0;
/** A new collaborator's details, with an e-mail and phone no one has yet. */
export const fresh = () => {
  n++;
  return {
    name: `Nouveau Collaborateur ${n}`,
    jobPosition: 'Commercial',
    email: `nouveau-${n}-${Date.now()}@example.com`,
    phone: `+212 7 ${String(10_000_000 + n * 7919 + (Date.now() % 1000)).slice(0, 8)}`,
  };
};

/** The last mail queued to an address. */
export async function lastMailTo(email: string) {
  const rows = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return rows.at(-1);
}
/** The text of the last mail the address received: links' secrets exist only there, never in the outbox. */
export let mailbox: ReturnType<typeof createMailbox> | undefined;
export const receivedText = (email: string) => (mailbox ??= createMailbox(ctx.db)).lastText(email);
export const linkTo = async (email: string) => setPasswordSecret(await receivedText(email));

export async function addCollaborator(body: Record<string, unknown>, as = token) {
  return call(ctx.app, 'POST', 'auth/local/register/', { token: as, body });
}

/** The invitation link's secret in the last mail the address received. */
export async function invitationSecret(email: string) {
  return invitationSecretIn(await receivedText(email));
}
export const errorOf = (res: { json: <T>() => T }) =>
  res.json<{
    error: { status: number; message: string; details?: { errors: { path: string[]; message: string }[] } };
  }>().error;
// Each call from its own address: the link pages are rate-limited per address.
let address = 0;
export const fromNewAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;
export const accept = (body: Record<string, unknown>) =>
  call(ctx.app, 'POST', 'collaborator-invitations/accept', { body, remoteAddress: fromNewAddress() });
export const userRow = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
export const registrationsOf = (id: number) => ctx.db.select().from(registrations).where(eq(registrations.userId, id));
