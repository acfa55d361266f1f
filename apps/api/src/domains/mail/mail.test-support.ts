import { randomBytes } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createAttachmentResolver } from './attachments';
import type { MailMessage, MailTransport } from './transport';
import { createMailWorker, type MailWorkerDeps, type MailWorkerOptions } from './worker';
import { createTestApp, type TestContext } from '../../../test/helper';
import type { Db } from '../../db/client';
import { linkIssuers } from '../../link-issuers';

/**
 * The set-up the mail worker's tests (mail-worker, mail-worker-pacing, mail-links) share: one
 * app whose outbox each test starts empty, a worker on a chosen transport, and the outbox's rows.
 *
 * `useMailScene()`, called at the top of a test file, builds the app before its tests, empties
 * the outbox before each and closes the app after them; `ctx` is that app while they run.
 */

export const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

export let ctx: TestContext;

/** Builds the app before the file's tests, empties the outbox before each, closes it after them. */
export function useMailScene() {
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  // One database for the file: each test starts from an empty outbox.
  beforeEach(async () => {
    await ctx.db.delete(mailOutbox);
  });
}

/** Stands for the badge PDF: random bytes, so any re-encoding would show. */
export const badgeBytes = randomBytes(3000);
export const resolveAttachments = createAttachmentResolver({
  badge: async (a) => ({
    filename: `badge-${String(a.registrationId)}.pdf`,
    content: badgeBytes,
    contentType: 'application/pdf',
  }),
});

export function worker(transport: MailTransport, options: MailWorkerOptions = {}, deps: Partial<MailWorkerDeps> = {}) {
  return createMailWorker({
    db: ctx.db,
    transport,
    resolveAttachments,
    issuers: linkIssuers,
    log: silent,
    options,
    ...deps,
  });
}

/** A row to queue; times may be SQL (e.g. `now() - interval '1 second'`). */
/** Sends the outbox's due mails of `db` once, as the worker does, to a transport that keeps them; answers them. */
export async function deliverOutbox(db: Db): Promise<MailMessage[]> {
  const delivered: MailMessage[] = [];
  await createMailWorker({
    db,
    transport: { kind: 'file', send: async (m) => void delivered.push(m), close: () => undefined },
    resolveAttachments,
    issuers: linkIssuers,
    log: silent,
  }).runOnce();
  return delivered;
}

export type NewMail = PgInsertValue<typeof mailOutbox>;
export async function queue(count: number, overrides: Partial<NewMail> = {}) {
  const values = Array.from({ length: count }, (_, i) => ({
    to: `visiteur${i}@example.com`,
    subject: `Mail n° ${i}`,
    text: `Bonjour ${i}`,
    ...overrides,
  }));
  return ctx.db.insert(mailOutbox).values(values).returning();
}

export const rows = () => ctx.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
