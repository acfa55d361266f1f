/**
 * The cluster (`npm run cluster`: three instances behind Caddy, on the machine's PostgreSQL and
 * Redis) when every instance dies at once, and when one is stopped with a plain SIGTERM.
 *
 * A cluster of its own (temporary CLUSTER_DIR, other ports, a fresh database made and dropped
 * here, a Redis database of its own, every mail to an SMTP server that records them), then:
 *
 * 1. Visitors registering from the home page on BENCH_CONNECTIONS (24) connections for
 *    BENCH_SECONDS (60), BENCH_RATE (100) a second: a hundred times a real opening morning's
 *    rate, and less than the mailer sends, so that what is measured is the crash's delay, not a
 *    backlog's (bench:peak shows the backlog of a run as fast as answered). At 40%, SIGKILL to
 *    every API process at once (the instances and the mailer); 2 s later `npm run cluster`
 *    (start, from the same build: CLUSTER_BUILD=false) brings them back, as a supervisor would,
 *    and the burst goes on. Requests while everything is down fail (counted, not acknowledged).
 *    Then, once the outbox has drained (BENCH_DRAIN_SECONDS, 120): every acknowledged
 *    registration stored once, every acknowledged visitor's badge mail received, the time from
 *    the restart until the last mail of a registration acknowledged before the crash arrived
 *    (its claim ran out with its instance), and the mails received twice (only a mail whose
 *    instance died between the SMTP server's acceptance and the row's update may be).
 * 2. Registrations for BENCH_SIGTERM_SECONDS (20); after a third of it, `kill -TERM` to one
 *    instance (not the rolling restart: a plain signal), and `npm run cluster` once it has gone.
 *    Not one request may fail.
 *
 * Targets: nothing acknowledged lost; the last pre-crash mail ≤ 60 s after the restart; no failed
 * request around the SIGTERM.
 *
 *   npm run bench:crash
 */
import pg from 'pg';
import {
  checkMails,
  outboxStatuses,
  checkRegistrations,
  Client,
  mailsAfterDrain,
  Endpoint,
  exited,
  ms,
  now,
  registrationLoad,
  resetClock,
  sleep,
  withCluster,
  withMailRecorder,
  type BenchCluster,
  type MailRecorder,
  type Registered,
} from './cluster-driver';
import { BEFORE_DOORS, clockEnv, describeClock } from './lib/show-clock';
import { measuredVerdict } from './lib/stats';
import { printTable, withBenchDatabase } from './start-server';

const env = process.env;
const SECONDS = Number(env.BENCH_SECONDS ?? 60);
const SIGTERM_SECONDS = Number(env.BENCH_SIGTERM_SECONDS ?? 20);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 24);
const DRAIN_SECONDS = Number(env.BENCH_DRAIN_SECONDS ?? 120);
/** Registrations a second during the crash (part 1): many times a real opening, below what the mailer sends. */
const RATE = Number(env.BENCH_RATE ?? 100);
const REDIS_URL = env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
/** How long every instance stays dead before the supervisor starts them. */
const DOWN_MS = 2000;
/** After the restart, Caddy's next health check (every second) sends to the instances again. */
const HEALTH_MS = 1000;
/** A mail sent twice: its first copy came at most this long before the SIGKILL. */
const DUPLICATE_WINDOW_MS = 2000;
const TARGET_DELIVERY_SECONDS = 60;

const INSTANCE_ENV = {
  API_RATE_LIMIT: '100000000',
  PAGE_RATE_LIMIT: '100000000',
  REGISTRATION_RATE_LIMIT: '100000000',
  LOGIN_RATE_LIMIT: '100000000',
  LOG_LEVEL: 'warn',
  DEMO_DATA: 'true',
  // Before the doors: registrations are open (after the edition's last day they are refused).
  ...clockEnv(BEFORE_DOORS),
};

/** Registrations for `seconds` while `during` runs (its events on the run's clock); stops both. */
async function burst(
  cluster: BenchCluster,
  seconds: number,
  prefix: string,
  during: (running: () => boolean) => Promise<void>,
  perSecond?: number,
) {
  const endpoint = new Endpoint('POST visiteurs/putVisitor');
  const acked: Registered[] = [];
  const client = new Client(cluster.httpsPort, CONNECTIONS);
  let finished = false;
  const running = () => !finished;
  resetClock();
  await Promise.all([
    during(running).finally(async () => {
      await sleep(seconds * 1000 - now());
      finished = true;
    }),
    registrationLoad({ client, connections: CONNECTIONS, endpoint, acked, prefix, running, perSecond }),
  ]);
  client.close();
  return { endpoint, acked, seconds: now() / 1000 };
}

async function crash(cluster: BenchCluster, db: pg.Pool, mail: MailRecorder) {
  const events = { killed: 0, killAt: 0, killWall: 0, restartAt: 0, restartWall: 0, upAt: 0 };
  console.info(`1. ${RATE} registrations/s for ${SECONDS} s; every instance killed at ${SECONDS * 0.4} s…`);
  const run = await burst(
    cluster,
    SECONDS,
    `crash-${process.pid}`,
    async () => {
      await sleep(SECONDS * 400 - now());
      const pids = cluster.apiPids();
      for (const pid of pids) process.kill(pid, 'SIGKILL');
      events.killed = pids.length;
      events.killAt = now();
      events.killWall = Date.now();
      await sleep(DOWN_MS);
      events.restartAt = now();
      events.restartWall = Date.now();
      await cluster.run('start', { CLUSTER_BUILD: 'false' });
      events.upAt = now();
    },
    RATE,
  );
  console.info(`   waiting for the outbox to drain (${DRAIN_SECONDS} s at most)…`);
  const mails = await mailsAfterDrain(db, mail, run.acked, DRAIN_SECONDS);
  const stored = await checkRegistrations(db, run.acked);
  const beforeCrash = run.acked.filter((a) => a.at < events.killAt);
  const before = checkMails(
    beforeCrash,
    await mail.received(),
    await outboxStatuses(
      db,
      beforeCrash.map((a) => a.email),
    ),
  );
  const outage = (f: { start: number; end: number }) => f.end >= events.killAt && f.start <= events.upAt + HEALTH_MS;
  const failures = run.endpoint.failures;
  const inOutage = failures.filter(outage).length;
  const duplicatesAtKill = mails.duplicates.filter(
    (d) => d.first <= events.killWall && d.first >= events.killWall - DUPLICATE_WINDOW_MS,
  ).length;
  const lastBefore = (before.lastDelivered - events.restartWall) / 1000;
  const lastAll = (mails.lastDelivered - events.restartWall) / 1000;
  const s = (t: number) => `${(t / 1000).toFixed(1)} s`;
  console.info(
    `   SIGKILL to ${events.killed} API processes (${cluster.ports.length} behind Caddy and the mailer) at ${s(events.killAt)}; npm run cluster (start) at ${s(events.restartAt)}, every instance ready at ${s(events.upAt)}`,
  );
  return [
    [
      'crash: registrations during the burst',
      `${run.acked.length} acknowledged (${(run.acked.length / run.seconds).toFixed(0)}/s over ${run.seconds.toFixed(0)} s; answered ones p50 ${ms(run.endpoint.percentile(0.5, true))} ms, p99 ${ms(run.endpoint.percentile(0.99, true))} ms); ` +
        `${failures.length} failed (${run.endpoint.failureKinds() || 'none'}), ${inOutage} of them while the instances were down`,
      'failures only while down',
      measuredVerdict(run.acked.length, failures.length === inOutage, 'acknowledged'),
    ],
    [
      'crash: acknowledged registrations stored once',
      `${stored.missing} missing, ${stored.duplicated} twice, ${stored.otherId} under another id`,
      '0 lost',
      measuredVerdict(stored.acked, stored.ok, 'acknowledged'),
    ],
    [
      'crash: badge mails of acknowledged visitors',
      `received ${mails.acked - mails.missing} of ${mails.acked} (outbox drained ${mails.drain.seconds.toFixed(0)} s after the burst, ${mails.drain.waiting} still waiting): ${mails.queued} still queued, ${mails.lost} lost`,
      'none missing',
      measuredVerdict(mails.acked, mails.missing === 0, 'acknowledged'),
    ],
    [
      'crash: restart → last mail of a registration acknowledged before the crash',
      `${lastBefore.toFixed(1)} s (${before.acked} such mails, ${before.missing} not received); last of all: ${lastAll.toFixed(1)} s after the restart`,
      `≤ ${TARGET_DELIVERY_SECONDS} s`,
      measuredVerdict(before.acked, before.missing === 0 && lastBefore <= TARGET_DELIVERY_SECONDS, 'before the crash'),
    ],
    [
      'crash: mails received twice',
      `${mails.duplicates.length} (${duplicatesAtKill} first received in the ${DUPLICATE_WINDOW_MS / 1000} s before the SIGKILL)`,
      'only at the kill',
      measuredVerdict(mails.acked, duplicatesAtKill === mails.duplicates.length, 'acknowledged'),
    ],
  ];
}

async function sigterm(cluster: BenchCluster, db: pg.Pool) {
  const events = { termAt: 0, goneAt: 0, backAt: 0, victim: '' };
  console.info(
    `2. Registrations for ${SIGTERM_SECONDS} s; kill -TERM to one instance at ${(SIGTERM_SECONDS / 3).toFixed(1)} s…`,
  );
  const run = await burst(cluster, SIGTERM_SECONDS, `sigterm-${process.pid}`, async () => {
    await sleep((SIGTERM_SECONDS * 1000) / 3 - now());
    const port = cluster.ports[0]!;
    const pid = cluster.pidOf(port)!;
    events.victim = `api-${port} (pid ${pid})`;
    process.kill(pid, 'SIGTERM');
    events.termAt = now();
    if (!(await exited(pid, 30))) throw new Error(`${events.victim} still runs 30 s after SIGTERM`);
    events.goneAt = now();
    await cluster.run('start');
    events.backAt = now();
  });
  const stored = await checkRegistrations(db, run.acked);
  const s = (t: number) => `${(t / 1000).toFixed(1)} s`;
  console.info(
    `   SIGTERM to ${events.victim} at ${s(events.termAt)}, exited at ${s(events.goneAt)}, started again and ready at ${s(events.backAt)}`,
  );
  return [
    [
      'SIGTERM of one instance: failed client requests',
      `${run.endpoint.failures.length} of ${run.endpoint.requests} (${(run.acked.length / run.seconds).toFixed(0)} registrations/s, p99 ${ms(run.endpoint.percentile(0.99))} ms) ${run.endpoint.failureKinds()}`,
      '0',
      measuredVerdict(run.acked.length, run.endpoint.failures.length === 0, 'acknowledged'),
    ],
    [
      'SIGTERM: acknowledged registrations stored once',
      `${run.acked.length} acknowledged: ${stored.missing} missing, ${stored.duplicated} twice`,
      '0 lost',
      measuredVerdict(stored.acked, stored.ok, 'acknowledged'),
    ],
  ];
}

const rows = await withBenchDatabase((databaseUrl) =>
  withMailRecorder((mail) =>
    withCluster(
      {
        name: 'crash',
        databaseUrl,
        redisUrl: REDIS_URL,
        maxInstances: 3,
        env: { ...INSTANCE_ENV, SMTP_URL: mail.url },
      },
      async (cluster) => {
        console.info(`Starting a cluster of 3 in ${cluster.dir} (npm run cluster: build, migrations, demo data)…`);
        await cluster.run('start');
        const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
        try {
          return [...(await crash(cluster, db, mail)), ...(await sigterm(cluster, db))];
        } finally {
          await db.end();
        }
      },
    ),
  ),
);
console.info(
  `\nCrash of every instance and SIGTERM of one, through Caddy (https, 3 instances, PostgreSQL, Redis, the mailer), ${describeClock(BEFORE_DOORS)}, registrations on ${CONNECTIONS} connections (${RATE}/s around the crash, as fast as answered around the SIGTERM):`,
);
printTable(['measure', 'value', 'target', 'result'], rows);
process.exit(rows.every((r) => r[3] === 'PASS') ? 0 : 1);
