/**
 * Visitor registration under real conditions: `POST visiteurs/putVisitor` with a new address on
 * every request, 50 connections, on PostgreSQL (BENCH_DATABASE_URL, default the local server).
 *
 * 1. Worker off (MAIL_WORKER=false): each request writes the person, the registration and the
 *    badge mail in the outbox, and nothing is sent, so the figure is the request path's alone.
 * 2. Worker on: the same server runs its own mail worker, sending to an SMTP server in a process of
 *    its own (smtp-sink.ts, so that receiving does not share the load generator's event loop).
 *    The requests' figures, then the drain: every badge mail queued must arrive within 30 s of
 *    the end of the load, none twice. Twice: flat out (each connection sends its next request
 *    when answered, so the faster the requests the more mails), and at BENCH_RATE (500, the
 *    target) registrations a second in all, as visitors who come whatever the server does.
 * 3. What one badge mail costs, in this process: its PDF (token, QR, pdfkit), then its sending
 *    (nodemailer's MIME and the SMTP exchange with the sink), per mail.
 *
 *   npm run bench:registration     BENCH_SECONDS (10) of load, BENCH_DRAIN_SECONDS (120) of wait at most
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_EDITION_ID } from '@salon/shared';
import { loadConfig } from '../apps/api/src/config/env';
import { renderBadgePdf } from '../apps/api/src/domains/badges/badge-pdf';
import { createBadgeSigner } from '../apps/api/src/domains/badges/badge-token';
import { createSmtpTransport } from '../apps/api/src/domains/mail/transport';
import { SHOW_NAME } from '../apps/api/src/domains/files/pdf/document';
import type { SinkCount } from './smtp-sink';
import { printTable, startServer, withBenchDatabase, type RunningServer } from './start-server';
import { BADGE_HOURS, BEFORE_DOORS, clockEnv, DEMO_SHOW, describeClock } from './lib/show-clock';
import { failedAnswers, measuredVerdict } from './lib/stats';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WAIT_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 120);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const TARGETS = { perSecond: 500, p99: 100, drainSeconds: 30 };

interface Requests {
  /** Registrations acknowledged (2xx) per second: a refused one is an error, not a registration. */
  rps: number;
  /** Acknowledged registrations in all. */
  ok: number;
  p50: number;
  p99: number;
  errors: number;
  /** What the errors were: '400 ×2640'. */
  failed: string;
  /** The server's CPU time per answered request, worker included when it runs. */
  cpuPerRequest: number;
}

interface Drain {
  queued: number;
  /** Mails not yet received when the load ended. */
  backlog: number;
  sent: number;
  twice: number;
  /** From the end of the load to the last mail's arrival. */
  lastAfter: number | null;
  /** Mails received per second while the load ran, and after it. */
  duringRate: number;
  afterRate: number;
  /** The server's CPU time per mail sent after the load (the worker alone). */
  cpuPerMail: number;
}

type Sink = Awaited<ReturnType<typeof startSink>>;

/** The SMTP sink, in a process of its own. */
async function startSink() {
  const child = fork(path.join(import.meta.dirname, 'smtp-sink.ts'), [], { execArgv: ['--import', 'tsx'] });
  const next = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  const { port } = await next<{ port: number }>();
  return {
    url: `smtp://127.0.0.1:${port}`,
    count(): Promise<SinkCount> {
      const answer = next<SinkCount>();
      child.send('count');
      return answer;
    },
    stop: () => child.disconnect(),
  };
}

/** Registrations made by this run, so that every address is new. */
let n = 0;

/**
 * Registrations at 50 connections for DURATION seconds (or `amount` of them), each with an address
 * of its own: as fast as the server answers, or `rate` a second in all (visitors who come whatever
 * the server does).
 */
async function register(
  { base, child }: RunningServer,
  { rate, amount }: { rate?: number; amount?: number } = {},
): Promise<Requests> {
  const cookie = (await fetch(`${base}/`)).headers.get('set-cookie')!.split(';')[0]!;
  const xsrf = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  const cpu = cpuSeconds(child.pid!);
  const run = await autocannon({
    url: `${base}/backend/api/visiteurs/putVisitor`,
    connections: 50,
    ...(amount ? { amount } : { duration: DURATION }),
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf },
        setupRequest: (request) => {
          n += 1;
          const data = {
            name: `Visiteur ${n}`,
            email: `bench-${process.pid}-${n}@example.com`,
            phone: '0600000000',
            company: 'Bench',
            jobPosition: 'Test',
            eBadge: true,
          };
          return { ...request, body: JSON.stringify({ data }) };
        },
      },
    ],
  });
  return {
    rps: Math.round(run['2xx'] / Math.max(0.001, run.duration)),
    ok: run['2xx'],
    p50: run.latency.p50,
    p99: run.latency.p99,
    // Timeouts are among autocannon's errors.
    errors: run.non2xx + run.errors,
    failed: failedAnswers(run),
    cpuPerRequest: ((cpuSeconds(child.pid!) - cpu) * 1000) / Math.max(1, run['2xx']),
  };
}

/** CPU seconds (user and system) a process has used, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are the 14th and 15th fields, the 12th and 13th after the command's name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const outboxCount = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from mail_outbox');
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
};

/**
 * A server that has served before the peak, as one running since the morning has: 200
 * registrations, and with a worker their mails sent (so the first PDF's loading of pdfkit, about
 * 100 ms, and the compiler's warming up are not counted in the peak's p99).
 */
async function warmUp(server: RunningServer, mailed?: { url: string; sink: Sink }): Promise<void> {
  await register(server, { amount: 200 });
  if (!mailed) return;
  const end = Date.now() + 60_000;
  while ((await mailed.sink.count()).delivered < (await outboxCount(mailed.url)) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Registrations with the server's worker sending to the sink, then the wait for the last mail. */
async function withWorker(url: string, env: Record<string, string>, rate?: number): Promise<Requests & Drain> {
  const sink = await startSink();
  const server = await startServer({ ...env, DATABASE_URL: url, MAIL_WORKER: 'true', SMTP_URL: sink.url });
  try {
    await warmUp(server, { url, sink });
    // What the warm-up queued and received is left out of the figures.
    const before = await sink.count();
    const queuedBefore = await outboxCount(url);
    const started = Date.now();
    const requests = await register(server, { rate });
    const ended = Date.now();
    const atEnd = (await sink.count()).delivered - before.delivered;
    const cpuAtEnd = cpuSeconds(server.child.pid!);
    // Requests still in flight when the load stopped may queue mails after it: counted each time.
    let queued = (await outboxCount(url)) - queuedBefore;
    let count = await sink.count();
    const delivered = () => count.delivered - before.delivered;
    while (delivered() < queued && Date.now() - ended < WAIT_SECONDS * 1000) {
      await new Promise((r) => setTimeout(r, 250));
      count = await sink.count();
      queued = (await outboxCount(url)) - queuedBefore;
    }
    const lastAfter = delivered() >= queued && count.lastAt !== null ? (count.lastAt - ended) / 1000 : null;
    const after = delivered() - atEnd;
    const drainCpu = cpuSeconds(server.child.pid!) - cpuAtEnd;
    return {
      ...requests,
      queued,
      backlog: queued - atEnd,
      sent: delivered(),
      twice: count.twice,
      lastAfter: lastAfter === null ? null : Math.max(0, lastAfter),
      duringRate: atEnd / ((ended - started) / 1000),
      afterRate: after && count.lastAt ? after / Math.max(0.001, (count.lastAt - ended) / 1000) : 0,
      cpuPerMail: after ? (drainCpu * 1000) / after : 0,
    };
  } finally {
    await server.stop();
    sink.stop();
  }
}

/** What one badge mail costs in one process: its PDF, then its sending, 200 of each. */
async function mailCost(privateKey: string) {
  const signer = createBadgeSigner(privateKey);
  const { edition, startsOn, endsOn, city } = DEMO_SHOW;
  const event = { name: SHOW_NAME, edition, startsOn, endsOn, city };
  const hours = BADGE_HOURS;
  const N = 200;
  const pdfs: Buffer[] = [];
  let t = performance.now();
  for (let i = 0; i < N; i++) {
    const issuedAt = Math.floor(Date.parse(BEFORE_DOORS) / 1000) + i;
    const token = signer.sign({ registrationId: i + 1, type: 'visitor', eventId: DEMO_EDITION_ID, issuedAt });
    pdfs.push(
      await renderBadgePdf({
        token,
        type: 'visitor',
        name: `Visiteur ${i}`,
        company: 'Bench',
        jobPosition: 'Test',
        lang: 'fr',
        event,
        hours,
        issuedAt: new Date(issuedAt * 1000),
      }),
    );
  }
  const pdfMs = (performance.now() - t) / N;
  const sink = await startSink();
  const transport = createSmtpTransport(sink.url, 'Bench <bench@example.com>');
  // The pool's connections opened first, so that the figure is a mail's, not a connection's.
  await Promise.all(
    pdfs.slice(0, 16).map((_, i) => transport.send({ to: `warm-${i}@example.com`, subject: 'w', text: 'w' })),
  );
  const cpu = process.cpuUsage();
  t = performance.now();
  await Promise.all(
    pdfs.map((content, i) =>
      transport.send({
        to: `cost-${i}@example.com`,
        subject: 'Votre badge',
        text: 'Votre badge est joint.',
        html: '<p>Votre badge est joint.</p>',
        attachments: [{ filename: `badge-${i}.pdf`, content, contentType: 'application/pdf' }],
      }),
    ),
  );
  const sendMs = (performance.now() - t) / N;
  const used = process.cpuUsage(cpu);
  transport.close();
  sink.stop();
  const bytes = pdfs.reduce((s, p) => s + p.length, 0) / N;
  return { pdfMs, sendMs, sendCpuMs: (used.user + used.system) / 1000 / N, bytes };
}

// The server signs badges with a key made for the run.
const keyDir = mkdtempSync(path.join(tmpdir(), 'salon-reg-bench-key-'));
const privateKey = loadConfig({ DATA_DIR: keyDir }).BADGE_PRIVATE_KEY;
rmSync(keyDir, { recursive: true, force: true });
// Before the doors: the edition's registrations are open (after its last day they are refused).
const serverEnv = {
  DEMO_DATA: 'false',
  REGISTRATION_RATE_LIMIT: '100000000',
  BADGE_PRIVATE_KEY: privateKey,
  ...clockEnv(BEFORE_DOORS),
};

const off = await withBenchDatabase(async (url) => {
  const server = await startServer({ ...serverEnv, DATABASE_URL: url, MAIL_WORKER: 'false' });
  try {
    await warmUp(server);
    const queuedBefore = await outboxCount(url);
    return { ...(await register(server)), queued: (await outboxCount(url)) - queuedBefore };
  } finally {
    await server.stop();
  }
});
const flatOut = await withBenchDatabase((url) => withWorker(url, serverEnv));
const atRate = await withBenchDatabase((url) => withWorker(url, serverEnv, RATE));
const cost = await mailCost(privateKey);

/**
 * The rate a run must answer: a run offered RATE a second cannot answer more than that, so it keeps
 * up when it answers 98 % of it (autocannon's average over the run's seconds rounds 500 offered
 * to 499 answered).
 */
const OFFERED_FLOOR = Math.min(TARGETS.perSecond, RATE * 0.98);
const requestsOk = (r: Requests, floor = TARGETS.perSecond) => r.errors === 0 && r.rps >= floor && r.p99 <= TARGETS.p99;
const drainOk = (d: Drain) =>
  d.queued > 0 && d.sent === d.queued && d.twice === 0 && d.lastAfter !== null && d.lastAfter <= TARGETS.drainSeconds;
const runs = [
  { name: 'on, flat out', r: flatOut, floor: TARGETS.perSecond },
  { name: `on, ${RATE}/s offered`, r: atRate, floor: OFFERED_FLOOR },
];

console.info(
  `Visitor registration, PostgreSQL, ${describeClock(BEFORE_DOORS)}, 50 connections, ${DURATION} s, as fast as the server answers ('flat out') or at ${RATE} a second in all ('offered'). Targets: ≥ ${TARGETS.perSecond} registrations/s with p99 ≤ ${TARGETS.p99} ms and no error, worker on or off; with the worker on, every badge mail at the SMTP server within ${TARGETS.drainSeconds} s of the end of the load, none twice`,
);
printTable(
  [
    'mail worker',
    'registrations/s (2xx)',
    'p50 ms',
    'p99 ms',
    'errors',
    'what failed',
    'server CPU ms/registration',
    'requests',
  ],
  [{ name: `off, flat out (${off.queued} mails queued)`, r: off as Requests, floor: TARGETS.perSecond }, ...runs].map(
    ({ name, r, floor }) => [
      name,
      String(r.rps),
      String(r.p50),
      String(r.p99),
      String(r.errors),
      r.failed,
      r.cpuPerRequest.toFixed(2),
      measuredVerdict(r.ok, requestsOk(r, floor), 'acknowledged'),
    ],
  ),
);
console.info('');
printTable(
  [
    'mail worker',
    'badge mails queued',
    'received during load',
    'backlog at end',
    'received',
    'twice',
    'last one after the end',
    'mails/s during, after',
    'server CPU ms/mail after',
    'drain',
  ],
  runs.map(({ name, r }) => [
    name,
    String(r.queued),
    String(r.queued - r.backlog),
    String(r.backlog),
    String(r.sent),
    String(r.twice),
    r.lastAfter === null ? `not within ${WAIT_SECONDS} s` : `${r.lastAfter.toFixed(1)} s`,
    `${r.duringRate.toFixed(0)}, ${r.afterRate.toFixed(0)}`,
    r.cpuPerMail.toFixed(2),
    measuredVerdict(r.queued, drainOk(r), 'queued'),
  ]),
);
console.info('');
console.info(
  `One badge mail in one process: PDF (token, QR, pdfkit) ${cost.pdfMs.toFixed(2)} ms, ${Math.round(cost.bytes)} bytes; sending it (MIME, SMTP to the sink, 16 connections) ${cost.sendMs.toFixed(2)} ms of wall time, ${cost.sendCpuMs.toFixed(2)} ms of this process's CPU`,
);
process.exit(requestsOk(off) && runs.every(({ r, floor }) => requestsOk(r, floor) && drainOk(r)) ? 0 : 1);
