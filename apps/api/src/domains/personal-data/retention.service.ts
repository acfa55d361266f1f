import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { RETENTION_LIST_MAX, SHOW_TIME_ZONE, showDay, type RetentionSettingsForm, type Clock } from '@salon/shared';
import { queryRows, type Db, type Tx } from '../../db/client';
import { auditLog, editions, retentionSettings, users } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import { anonymise, deleteMailFiles, type MailFile } from './erasure.service';
import { currentEdition } from '../show/current-edition';

/**
 * Personal-data retention: a visitor is kept this many months after the last day of the latest
 * show they registered for (their sign-up day when they registered for none), then anonymised.
 * Off until an organiser turns it on; the organiser may also run it by hand from a dry-run.
 */

/** Any constant shared by every instance: the lock that keeps two runs (processes, organisers) apart. */
const RETENTION_LOCK = 720_240_601;

/** The settings row, made on first read (migration 0009 created the table, not the row). */
async function settingsRow(db: Db | Tx) {
  await db.insert(retentionSettings).values({ id: 1 }).onConflictDoNothing();
  const [row] = await db.select().from(retentionSettings).where(eq(retentionSettings.id, 1));
  return row!;
}

/** The current show's last day plus `months`, as YYYY-MM-DD: when its visitors' data goes. */
async function cutoffOf(db: Db | Tx, months: number): Promise<string> {
  const [row] = await db
    .select({ cutoff: sql<string>`to_char(${editions.endsOn} + ${months} * interval '1 month', 'YYYY-MM-DD')` })
    .from(editions)
    .where(eq(editions.id, currentEdition));
  return row!.cutoff;
}

export async function readRetention(db: Db | Tx) {
  const row = await settingsRow(db);
  return {
    id: 1 as const,
    enabled: row.enabled,
    months: row.months,
    lastRunAt: row.lastRunAt,
    cutoff: await cutoffOf(db, row.months),
  };
}

export function updateRetention(db: Db, organiserId: number, form: RetentionSettingsForm) {
  return db.transaction(async (tx) => {
    const before = await readRetention(tx);
    await tx
      .update(retentionSettings)
      .set({ enabled: form.enabled, months: form.months })
      .where(eq(retentionSettings.id, 1));
    const after = await readRetention(tx);
    await recordAudit(tx, {
      userId: organiserId,
      action: 'PUT /admin/retention/1',
      resource: 'retention',
      recordId: 1,
      before,
      after,
    });
    return after;
  });
}

/**
 * Visitors not yet erased whose latest show ended more than `months` months before today (the
 * show's day, Marrakech time).
 */
const zone = sql.raw(`'${SHOW_TIME_ZONE}'`);
function pastRetention(months: number, today: string) {
  // Qualified names: a bare "id" inside the subquery would be the registration's.
  const latestShow = sql`(select max(e.ends_on) from registrations r
    inner join events e on e.id = r.event_id where r.user_id = "users"."id")`;
  return and(
    eq(users.type, 'visitor'),
    isNull(users.anonymisedAt),
    sql`(coalesce(${latestShow}, (${users.createdAt} at time zone ${zone})::date) + ${months} * interval '1 month')::date < ${today}::date`,
  )!;
}

export async function retentionDryRun(db: Db, clock: Clock) {
  const settings = await readRetention(db);
  const where = pastRetention(settings.months, showDay(clock()));
  const [people, [total]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
      .from(users)
      .where(where)
      .orderBy(asc(users.id))
      .limit(RETENTION_LIST_MAX),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { cutoff: settings.cutoff, total: total?.n ?? 0, people };
}

/** Anonymises those of `ids` (or the first chunk of all) still past retention; sets lastRunAt. */
async function eraseDue(tx: Tx, now: Date, ids: number[] | null, limit: number) {
  const settings = await settingsRow(tx);
  const due = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(pastRetention(settings.months, showDay(now)), ids ? inArray(users.id, ids) : undefined))
    .orderBy(asc(users.id))
    .limit(limit)
    // Locked as chosen: someone erased or registered meanwhile is checked again, or skipped.
    .for('update', { skipLocked: true });
  const files: MailFile[] = [];
  const erased: number[] = [];
  for (const { id } of due) {
    const mails = await anonymise(tx, id, now);
    if (!mails) continue;
    files.push(...mails);
    erased.push(id);
  }
  await tx.update(retentionSettings).set({ lastRunAt: now }).where(eq(retentionSettings.id, 1));
  return { settings, ids: erased, files };
}

/**
 * The organiser's run, on the ids the dry-run showed them: only those still past retention are
 * anonymised (someone who registered for a new show since is kept). One audit entry names them.
 */
export async function runRetention(db: Db, clock: Clock, organiserId: number, ids: number[], mailDir: string) {
  const { anonymised, files } = await db.transaction(async (tx) => {
    // Never beside the daily job (or another organiser's run): the second waits for the first.
    await tx.execute(sql`select pg_advisory_xact_lock(${RETENTION_LOCK})`);
    const before = await readRetention(tx);
    const done = await eraseDue(tx, clock(), ids, RETENTION_LIST_MAX);
    await recordAudit(tx, {
      userId: organiserId,
      action: 'POST /admin/retention/1/run',
      resource: 'retention',
      recordId: 1,
      before: { lastRunAt: before.lastRunAt, months: before.months, asked: ids },
      after: { lastRunAt: clock(), anonymised: done.ids },
    });
    return { anonymised: done.ids.length, files: done.files };
  });
  await deleteMailFiles(mailDir, files);
  return { anonymised };
}

const JOB_CHUNK = 200;
const DAY_MS = 24 * 3600_000;

export interface RetentionJobDeps {
  db: Db;
  clock: Clock;
  mailDir: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/**
 * The daily job: when enabled, anonymises every visitor past retention, a chunk per transaction.
 * Each chunk holds a transaction-level advisory lock, so that several API processes never erase
 * the same people at once (the one that finds the lock taken leaves it to the other). Running it
 * again the same day costs one query: only people still past retention are touched.
 * Answers how many people were anonymised.
 */
export async function runRetentionJob({ db, clock, mailDir, log }: RetentionJobDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const chunk = await db.transaction(async (tx) => {
      const [lock] = await queryRows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`,
      );
      if (!lock?.locked) return null;
      const settings = await settingsRow(tx);
      if (!settings.enabled) return null;
      const now = clock();
      const done = await eraseDue(tx, now, null, JOB_CHUNK);
      if (done.ids.length) {
        // No organiser did this: the entry has no user, and says which rule did it.
        await tx.insert(auditLog).values({
          userId: null,
          action: 'retention job',
          resource: 'retention',
          recordId: '1',
          before: { months: settings.months, lastRunAt: settings.lastRunAt },
          after: { lastRunAt: now, anonymised: done.ids },
        });
      }
      return done;
    });
    if (!chunk) break;
    await deleteMailFiles(mailDir, chunk.files);
    total += chunk.ids.length;
    if (chunk.ids.length < JOB_CHUNK) break;
  }
  if (total) log.info({ anonymised: total }, 'retention job: visitors anonymised');
  return total;
}

export interface RetentionJob {
  stop(): Promise<void>;
}

/** Runs the job shortly after start, then once a day, until stopped (it waits for a run in progress). */
export function startRetentionJob(deps: RetentionJobDeps, firstDelayMs = 60_000): RetentionJob {
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = () => {
    running = runRetentionJob(deps)
      .catch((err: unknown) => deps.log.error({ err }, 'retention job failed'))
      .finally(() => {
        if (!stopped) schedule(DAY_MS);
      });
  };
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  schedule(firstDelayMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
