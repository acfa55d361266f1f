import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { MailLink } from '../../db/schema';
import { LINK_PLACEHOLDER, type IssuedLink } from '../../lib/link-secrets';
import type { ResolveAttachments } from './attachments';
import { nowPlus, outboxClaims, type OutboxRow } from './outbox-claims';
import type { MailTransport } from './transport';

export type { ResolveAttachments } from './attachments';

export interface MailWorkerOptions {
  /** Mails claimed at once (default 100). */
  batchSize?: number;
  /** Mails of a batch on their way at the same time (default 32); one begins per turn of the event loop. */
  concurrency?: number;
  /** Mails reading the database at the same time (default 4), see `inDatabase`. */
  databaseConcurrency?: number;
  /**
   * While this process's requests are queuing mails (a peak of registrations), one mail begins
   * every `peakIntervalMs` at most (default 25 ms: 40 a second), instead of one per turn of the
   * event loop.
   */
  peakIntervalMs?: number;
  /** Wait between two looks when nothing was due (default 1 s). */
  pollIntervalMs?: number;
  /**
   * How long a claim holds unless renewed; past it the mail is taken again, as from a crashed
   * worker (default 30 s). A live worker renews its claims every third of it, however long a send
   * takes, so a short lease only shortens the wait after a crash.
   */
  leaseMs?: number;
  /** Attempts before a mail is 'failed' (default 8). */
  maxAttempts?: number;
  /** Wait before the retry after the 1st, 2nd, … failure; the last one repeats. */
  retryDelaysMs?: number[];
}

export interface MailWorker {
  /** Starts polling; does nothing if already started. */
  start(): void;
  /** Stops polling and waits for the mails being sent. */
  stop(): Promise<void>;
  /** Claims one batch of due mails and sends it; resolves with the number claimed. */
  runOnce(): Promise<number>;
  /** Looks for due mails now instead of at the next poll (call it after enqueuing). */
  kick(): void;
  /** Stops claiming mails (in-flight ones finish) until resume(); for the bench. */
  pause(): void;
  resume(): void;
}

export interface MailWorkerDeps {
  db: Db;
  transport: MailTransport;
  resolveAttachments: ResolveAttachments;
  /** The links the mails carry, issued at send time. */
  issuers: LinkIssuers;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  options?: MailWorkerOptions;
}

const DEFAULTS = {
  batchSize: 100,
  // A mail spends most of its time waiting (the database, each SMTP reply), each wait a turn of
  // the event loop: after a peak of registrations, 8 mails in flight left the process idle 8% of
  // the time (about 150 mails a second), 32 kept it busy (up to 200; bench:registration). The
  // turns (`myTurn`) and `databaseConcurrency` keep so many from crowding out the requests.
  concurrency: 32,
  databaseConcurrency: 4,
  // Under a peak a mail costs this process about 10 ms (against 5 ms after it: the requests and the
  // database take the other core), so 40 a second take about 40% of it and leave the rest to the
  // requests. At 500 registrations a second, one each turn sent 80 a second and p99 went to 660 ms.
  peakIntervalMs: 25,
  pollIntervalMs: 1_000,
  leaseMs: 30_000,
  maxAttempts: 8,
  // 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h: about 8 hours before a mail is given up.
  retryDelaysMs: [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000],
} satisfies Required<MailWorkerOptions>;

/**
 * How each kind of mail_outbox.link is issued at send time: by the domain that queued the mail
 * (server.ts wires them in, src/link-issuers.ts), so that the mail worker imports none of them.
 * Null: the link may no longer be issued, and the mail is not sent.
 */
export type LinkIssuers = Record<MailLink['kind'], (db: Db, row: OutboxRow, id: number) => Promise<IssuedLink | null>>;

/** Why a mail whose link may no longer be issued is not sent (the back-office shows it). */
export const LINK_CLOSED =
  'not sent: its link closed before the mail left (used, cancelled, replaced, or the address changed)';

/** The error as the back-office shows it: its message, on one line, not a whole stack. */
export function errorLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const line = message.replace(/\s+/g, ' ').trim() || 'unknown error';
  return line.length > 500 ? `${line.slice(0, 499)}…` : line;
}

/** Every worker started in this process, for notifyMailWorkers(). */
const started = new Set<MailWorker>();

/**
 * Wakes the workers of this process so that a mail just queued leaves at once rather than at the
 * next poll. Call it after the transaction that queued the mail has committed. Does nothing when
 * this process runs no worker (MAIL_WORKER=false): another instance sends it within its poll.
 */
export function notifyMailWorkers(): void {
  lastQueuedAt = performance.now();
  for (const worker of started) worker.kick();
}

/** When a request of this process last queued a mail (performance.now()). */
let lastQueuedAt = -Infinity;
/** Requests are queuing mails: one did less than a second ago. */
const requestsQueuing = () => performance.now() - lastQueuedAt < 1_000;

/**
 * Sends the mails of the `mail_outbox` table. Times (due, lease, retry) all come from the
 * database's clock, which every instance shares and which wrote `next_attempt_at` in the first
 * place; the app clock (APP_NOW) may be set in the past for demos and must not hold mails back.
 *
 * A mail may be sent twice only if its worker dies (or loses the database for longer than the
 * lease) between the SMTP server's acceptance and the row's update, a few milliseconds: at least
 * once, never lost. After a crash, what it had claimed leaves within the lease.
 */
export function createMailWorker(deps: MailWorkerDeps): MailWorker {
  const { db, transport, resolveAttachments, issuers, log } = deps;
  const o = { ...DEFAULTS, ...deps.options };
  const { claim, settle, markSent, renew } = outboxClaims(db, o);

  /**
   * Runs `use` when fewer than `o.databaseConcurrency` mails are reading the database (the badge to
   * attach, the link to issue). The requests and the worker share one pool of connections: with
   * every mail in flight in the pool's queue, a peak of registrations waited behind them.
   */
  let reading = 0;
  const readers: (() => void)[] = [];
  async function inDatabase<T>(use: () => Promise<T>): Promise<T> {
    while (reading >= o.databaseConcurrency) await new Promise<void>((resolve) => readers.push(resolve));
    reading += 1;
    try {
      return await use();
    } finally {
      reading -= 1;
      readers.shift()?.();
    }
  }

  /**
   * Lets one mail begin per turn of the event loop. The lanes wait here in line, each let through
   * by its own setImmediate: between two mails' synchronous work (the badge's PDF, the MIME) the
   * loop reads whatever arrived meanwhile, so a request waits for one mail at most, not for every
   * lane's. While requests are queuing mails, the next one waits `peakIntervalMs` instead: the
   * requests come first, and the mails still leave during the peak, so that fewer wait after it.
   */
  const line: (() => void)[] = [];
  let turning = false;
  function nextTurn() {
    line.shift()?.();
    turning = line.length > 0;
    if (turning) schedule();
  }
  function schedule() {
    // Let through in the turn's check phase either way: never two mails in one turn.
    if (requestsQueuing()) setTimeout(() => setImmediate(nextTurn), o.peakIntervalMs);
    else setImmediate(nextTurn);
  }
  function myTurn(): Promise<void> {
    return new Promise((resolve) => {
      line.push(resolve);
      if (!turning) {
        turning = true;
        schedule();
      }
    });
  }

  async function deliver(row: OutboxRow): Promise<void> {
    if (row.attempts > o.maxAttempts) {
      // Only a worker that died during the last attempt leaves this: a mail that crashes the
      // process each time must not be taken again forever.
      log.error(
        { mailId: row.id, attempts: row.attempts },
        'mail abandoned: the worker stopped during its last attempt',
      );
      await settle(row, {
        status: 'failed',
        lastError: errorLine(
          `${row.lastError ?? ''} (abandoned: the worker stopped during attempt ${row.attempts - 1})`,
        ),
      });
      return;
    }
    let link: IssuedLink | null = null;
    try {
      const prepared = await inDatabase(async () => ({
        attachments: row.attachments?.length ? await resolveAttachments(row.attachments) : [],
        // The link's secret is made now, for this attempt only: the row holds a placeholder.
        link: row.link ? await issuers[row.link.kind](db, row, row.link.id) : null,
      }));
      const { attachments } = prepared;
      link = prepared.link;
      if (row.link) {
        if (!link) {
          log.warn({ mailId: row.id, link: row.link.kind }, 'mail not sent: its link closed');
          await settle(row, { status: 'failed', lastError: LINK_CLOSED });
          return;
        }
      }
      const withLink = (body: string) => (link ? body.replaceAll(LINK_PLACEHOLDER, link.secret) : body);
      await transport.send({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: withLink(row.text),
        html: row.html === null ? null : withLink(row.html),
        headers: row.headers ?? undefined,
        attachments,
      });
    } catch (err) {
      // The link reached nobody; the retry issues another.
      if (link) await link.drop();
      const lastError = errorLine(err);
      if (row.attempts >= o.maxAttempts) {
        log.error({ mailId: row.id, attempts: row.attempts, error: lastError }, 'mail failed, no attempt left');
        await settle(row, { status: 'failed', lastError });
      } else {
        const delay = o.retryDelaysMs[Math.min(row.attempts, o.retryDelaysMs.length) - 1] ?? 0;
        log.warn(
          { mailId: row.id, attempts: row.attempts, error: lastError, retryInMs: delay },
          'mail not sent, will retry',
        );
        await settle(row, { status: 'pending', lastError, nextAttemptAt: nowPlus(delay) });
      }
      return;
    }
    await link?.sent?.();
    await markSent(row);
  }

  /** Sends the rows, `concurrency` at a time; one mail's trouble never stops the others. */
  async function deliverAll(rows: OutboxRow[]): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        await myTurn();
        // A database error while settling leaves the row 'sending': it is taken again after the lease.
        await deliver(row).catch((err: unknown) => log.error({ err, mailId: row.id }, 'mail outcome not recorded'));
      }
    };
    await Promise.all(Array.from({ length: Math.min(o.concurrency, rows.length) }, lane));
  }

  const inFlight = new Set<Promise<number>>();
  function runOnce(): Promise<number> {
    const run = claim().then(async (rows) => {
      if (!rows.length) return 0;
      const timer = setInterval(() => {
        renew(rows).catch((err: unknown) => log.warn({ err }, 'mail worker could not renew its claims'));
      }, o.leaseMs / 3);
      timer.unref();
      try {
        await deliverAll(rows);
      } finally {
        clearInterval(timer);
      }
      return rows.length;
    });
    inFlight.add(run);
    const forget = () => inFlight.delete(run);
    void run.then(forget, forget);
    return run;
  }

  let running = false;
  let paused = false;
  let kicked = false;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;

  /** Waits `ms`, or less if woken; the timer never keeps the process alive. */
  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      wake = done;
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
    });
  }

  async function poll(): Promise<void> {
    while (running) {
      kicked = false;
      let full = false;
      if (!paused) {
        try {
          full = (await runOnce()) === o.batchSize;
        } catch (err) {
          // The database is unreachable: say so and try again at the next poll.
          log.error({ err }, 'mail worker could not claim mails');
        }
      }
      // A full batch means more may be due: look again at once.
      if (running && !full && !kicked) await sleep(o.pollIntervalMs);
    }
  }

  const worker: MailWorker = {
    start() {
      if (running) return;
      running = true;
      started.add(worker);
      loop = poll();
      log.info({ transport: transport.kind }, 'mail worker started');
    },
    async stop() {
      running = false;
      started.delete(worker);
      wake?.();
      await loop;
      await Promise.allSettled([...inFlight]);
    },
    runOnce,
    kick() {
      kicked = true;
      wake?.();
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      worker.kick();
    },
  };
  return worker;
}
