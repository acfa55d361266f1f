/**
 * What the database holds after a cluster bench, and the mails: every acknowledged registration,
 * scan and check-in stored once, every acknowledged registration's badge mail received once.
 */
import type pg from 'pg';
import { DEMO_EDITION_ID } from '@salon/shared';
import { sleep } from './interrupt';
import type { MailRecorder } from './mail-recorder';
import type { Registered } from './visitors';

/** Acknowledged registrations not stored, or stored more than once (one user, one registration each). */
// The acknowledged lists hold up to 100,000 entries: each is joined as a table (unnest), never
// tested with `= any(array)`, which a scan of mail_outbox would run once per row.

export async function checkRegistrations(db: pg.Pool, acked: Registered[]) {
  const { rows } = await db.query<{ email: string; people: number; registrations: number; ids: number[] }>(
    `select a.email, count(distinct u.id)::int as people, count(r.id)::int as registrations,
       array_agg(r.id) filter (where r.id is not null) as ids
     from unnest($1::text[]) as a(email)
     join users u on lower(u.email) = a.email and u.deleted_at is null
     left join registrations r on r.user_id = u.id and r.event_id = $2 and r.type = 'visitor'
     group by a.email`,
    [acked.map((a) => a.email), DEMO_EDITION_ID],
  );
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  let missing = 0;
  let duplicated = 0;
  let otherId = 0;
  for (const a of acked) {
    const row = byEmail.get(a.email);
    if (!row || row.registrations === 0) missing += 1;
    else if (row.people > 1 || row.registrations > 1) duplicated += 1;
    else if (row.ids[0] !== a.registrationId) otherId += 1;
  }
  return { acked: acked.length, missing, duplicated, otherId, ok: missing + duplicated + otherId === 0 };
}

/** Acknowledged client ids of `table` (scans, checkins) not stored exactly once. */
export async function checkClientIds(db: pg.Pool, table: 'scans' | 'checkins', ids: string[]) {
  const { rows } = await db.query<{ id: string; n: number }>(
    `select a.id::text as id, count(*)::int as n
     from unnest($1::uuid[]) as a(id) join ${table} t on t.client_id = a.id group by a.id`,
    [ids],
  );
  const stored = new Map(rows.map((r) => [r.id, r.n]));
  const missing = ids.filter((id) => !stored.has(id)).length;
  const duplicated = rows.filter((r) => r.n > 1).length;
  return { acked: ids.length, missing, duplicated, ok: missing + duplicated === 0 };
}

/** Waits until no mail is pending or being sent, `seconds` at most: how many still wait. */
export async function drainOutbox(db: pg.Pool, seconds: number): Promise<{ waiting: number; seconds: number }> {
  const began = performance.now();
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from mail_outbox where status in ('pending', 'sending')`,
    );
    const waited = (performance.now() - began) / 1000;
    if (rows[0]!.n === 0 || waited >= seconds) return { waiting: rows[0]!.n, seconds: waited };
    await sleep(1000);
  }
}

/** The status of each acknowledged address's outbox rows ('sent', 'pending', …), the latest row's. */
export async function outboxStatuses(db: pg.Pool, emails: string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ email: string; status: string }>(
    `select distinct on (o."to") o."to" as email, o.status::text as status
     from unnest($1::text[]) as a(email) join mail_outbox o on o."to" = a.email
     order by o."to", o.id desc`,
    [emails],
  );
  return new Map(rows.map((r) => [r.email, r.status]));
}

/**
 * The badge mails of acknowledged registrations as the SMTP server received them: those not
 * received yet, split into still queued (the outbox row pending or being sent) and lost (no row,
 * a failed row, or a row marked sent that never arrived), and the copies beyond the first.
 */
export function checkMails(acked: Registered[], received: Map<string, number[]>, statuses: Map<string, string>) {
  let missing = 0;
  let queued = 0;
  const duplicates: { email: string; first: number; second: number }[] = [];
  let last = 0;
  for (const a of acked) {
    const times = received.get(a.email);
    if (!times?.length) {
      missing += 1;
      if (['pending', 'sending'].includes(statuses.get(a.email) ?? '')) queued += 1;
      continue;
    }
    const sorted = [...times].sort((x, y) => x - y);
    last = Math.max(last, sorted[0]!);
    if (sorted.length > 1) duplicates.push({ email: a.email, first: sorted[0]!, second: sorted[1]! });
  }
  return { acked: acked.length, missing, queued, lost: missing - queued, duplicates, lastDelivered: last };
}

/**
 * Mails after the outbox drained (`seconds` at most), as the SMTP server and the outbox tell at
 * the same moment.
 */
export async function mailsAfterDrain(db: pg.Pool, recorder: MailRecorder, acked: Registered[], seconds: number) {
  const drain = await drainOutbox(db, seconds);
  // The last rows are settled a few milliseconds after the SMTP server's acceptance.
  await sleep(1000);
  const statuses = await outboxStatuses(
    db,
    acked.map((a) => a.email),
  );
  return { drain, ...checkMails(acked, await recorder.received(), statuses) };
}
