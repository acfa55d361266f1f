/**
 * A show's opening morning on the cluster (`npm run cluster`: three instances behind Caddy, on
 * the machine's PostgreSQL and Redis), with a crash and a rolling restart on the way.
 *
 * A cluster of its own (temporary CLUSTER_DIR, other ports, a fresh database made and dropped
 * here, a Redis database of its own, demo data, every mail to an SMTP server that records them),
 * then for BENCH_SECONDS (300) through Caddy:
 *
 * - visitors registering from the home page, a new address each, on BENCH_CONNECTIONS (24)
 *   connections as fast as they are answered;
 * - page views (/, /annuaire, /programme-du-forum) and directory searches (the specification's
 *   call with a company text), BENCH_PAGES_PER_SECOND (4) and BENCH_SEARCHES_PER_SECOND (4);
 * - 50 phones (10 exhibitors and 40 collaborators, each signed in once with `POST auth/local`)
 *   sending a batch of 1–4 scans of registered visitors' badges every 3 s or so;
 * - 10 gates (controllers signed in with `POST auth/controller`): the whole roster on opening,
 *   1–3 check-ins every 2 s or so, and what changed in the roster every minute, as the device does;
 * - 5 organisers polling `GET admin/dashboard` every 5 s or so.
 *
 * At 40% of the run one instance is killed (SIGKILL) and `npm run cluster` brings it back 5 s
 * later, as a supervisor would; at 80%, `npm run cluster -- restart` restarts all three one by
 * one. Then: every acknowledged registration, scan and check-in stored once, every acknowledged
 * registration's badge mail received (the outbox drained first, BENCH_DRAIN_SECONDS, 120), and
 * the CPU each process used. Last, registrations alone for BENCH_SCALE_SECONDS (20) on 1, 2 and
 * 3 instances.
 *
 * Targets: ≥ 300 registrations/s through the proxy with p99 ≤ 250 ms; no error outside the
 * killed instance's in-flight requests; no data lost.
 *
 * Its parts are in bench/peak/: settings.ts (the variables and the mix), accounts.ts, morning.ts
 * (the load and the conductor's kill and restart), verify.ts, report.ts (the tables), scale.ts.
 *
 *   npm run bench:peak                 # BENCH_SECONDS=60 for a short run
 */
import pg from 'pg';
import { withCluster, withMailRecorder } from './cluster-driver';
import { morning } from './peak/morning';
import { reportMorning, reportScale } from './peak/report';
import { scale } from './peak/scale';
import { INSTANCE_ENV, REDIS_URL } from './peak/settings';
import { verify } from './peak/verify';
import { withBenchDatabase } from './start-server';

const passed = await withBenchDatabase((databaseUrl) =>
  withMailRecorder((mail) =>
    withCluster(
      {
        name: 'peak',
        databaseUrl,
        redisUrl: REDIS_URL,
        maxInstances: 3,
        env: { ...INSTANCE_ENV, SMTP_URL: mail.url },
      },
      async (cluster) => {
        console.info(`Starting a cluster of 3 in ${cluster.dir} (npm run cluster: build, migrations, demo data)…`);
        await cluster.run('start');
        const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
        try {
          const databaseName = new URL(databaseUrl).pathname.slice(1);
          const m = await morning(cluster, db, databaseName, mail);
          const checks = await verify(db, m, mail);
          const passed = reportMorning(m, checks);
          console.info('\nFrom 1 to 3 instances…');
          reportScale(await scale(cluster, db, databaseName));
          return passed;
        } finally {
          await db.end();
        }
      },
    ),
  ),
);
process.exit(passed ? 0 : 1);
