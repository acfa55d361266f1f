import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** `now() + ms`, computed by the database. */
export const nowPlus = (ms: number) => sql`now() + (${Math.round(ms)}::integer * interval '1 millisecond')`;

/**
 * The mail worker's statements on `mail_outbox`: claiming due mails, recording each outcome,
 * renewing the claims' lease. One set per worker: the mails marked sent together are its own.
 */
export function outboxClaims(db: Db, o: { batchSize: number; leaseMs: number }) {
  /**
   * Takes up to a batch of due mails in one statement: pending ones whose time has come, and
   * 'sending' ones whose lease ran out. SKIP LOCKED lets several workers (instances) claim at
   * once without waiting for each other or taking the same row; the claim's lease is written in
   * `next_attempt_at`, so the same index serves both cases.
   */
  async function claim(): Promise<OutboxRow[]> {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.status, ['pending', 'sending']), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(mailOutbox.id)
      .limit(o.batchSize)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: nowPlus(o.leaseMs) })
      .where(inArray(mailOutbox.id, due))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  /** `(id, attempts) in ((…), …)`: these claims, and not a later one of the same rows. */
  const claimsOf = (rows: OutboxRow[]) =>
    sql`(${mailOutbox.id}, ${mailOutbox.attempts}) in (${sql.join(
      rows.map((r) => sql`(${r.id}::integer, ${r.attempts}::integer)`),
      sql`, `,
    )})`;

  /**
   * Records the outcome of a claim. `attempts` is the claim's own number: if the lease ran out and
   * another worker took the row meanwhile, this late outcome does not overwrite the newer one.
   */
  async function settle(row: OutboxRow, values: PgUpdateSetSource<typeof mailOutbox>) {
    await db
      .update(mailOutbox)
      .set(values)
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, row.attempts)));
  }

  /**
   * Marks a delivered mail sent. The mails delivered while one such update runs are marked by the
   * next, in one statement: one round trip for many mails instead of one each, which under load
   * waited behind the requests for a database connection. A mail waits for its update at most one
   * statement longer than before (the one in flight, then its own), so the window in which a
   * crash makes it go twice stays a round trip or two.
   */
  let toMark: { row: OutboxRow; done: (err?: Error) => void }[] = [];
  let marking = false;
  function markSent(row: OutboxRow): Promise<void> {
    return new Promise((resolve, reject) => {
      toMark.push({ row, done: (err) => (err === undefined ? resolve() : reject(err)) });
      if (!marking) void markPending();
    });
  }
  async function markPending(): Promise<void> {
    marking = true;
    while (toMark.length) {
      const group = toMark;
      toMark = [];
      try {
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: sql`now()` })
          .where(and(eq(mailOutbox.status, 'sending'), claimsOf(group.map((g) => g.row))));
        for (const g of group) g.done();
      } catch (err) {
        for (const g of group) g.done(err instanceof Error ? err : new Error(String(err)));
      }
    }
    marking = false;
  }

  /**
   * Pushes back the lease of the claims not yet settled: a settled row is no longer 'sending'
   * with that attempt number, and one taken by another worker has a higher one.
   */
  async function renew(rows: OutboxRow[]): Promise<void> {
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: nowPlus(o.leaseMs) })
      .where(and(eq(mailOutbox.status, 'sending'), claimsOf(rows)));
  }

  return { claim, settle, markSent, renew };
}
