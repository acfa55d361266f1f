import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The cluster suite needs a PostgreSQL server and Redis (several instances sharing them), and the
 * Redis readiness suite a Redis server: they run in the PostgreSQL pass, where `.ci/run` sets both;
 * the default pass runs on PGlite alone. The embedded database's own suite (PGlite in its thread)
 * runs only in the default pass.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
const postgresPassBeside = !onPostgres && !!process.env.TEST_POSTGRES_PASS_URL;
const withServers = onPostgres && !!process.env.TEST_REDIS_URL;
/**
 * With a PostgreSQL pass beside (`.ci/run` sets TEST_POSTGRES_PASS_URL), every file runs there, on
 * the database production runs, and the embedded pass runs only the files whose outcome the engine
 * itself can change (decision 050). Both run the same SQL, written once through Drizzle; what
 * differs is the engine under it: PGlite has one connection and runs one statement at a time, opens
 * its own files, keeps its own backups, and carries its own extensions and text ordering. The rest
 * of the embedded database's use is the end-to-end suite's: its servers run on it. Alone, each pass
 * runs every file.
 */
const onTheEmbeddedDatabaseToo = [
  // The embedded database itself: its files, its worker, the demo data it starts with, its probes.
  'apps/api/test/embedded-database.test.ts',
  'apps/api/test/seed.test.ts',
  'apps/api/src/domains/health/health-ready.test.ts',
  // Requests at the same moment: on one connection they wait for each other, on a server they race.
  'apps/api/src/domains/back-office/admin-exhibitor-accounts.test.ts',
  'apps/api/src/domains/back-office/admin-floor-plan.test.ts',
  'apps/api/src/domains/back-office/admin-payments.test.ts',
  'apps/api/src/domains/badges/wallet/pass-updates.test.ts',
  'apps/api/src/domains/editions/announcement.test.ts',
  'apps/api/src/domains/editions/returning-exhibitors.test.ts',
  'apps/api/src/domains/exhibitor-area/collaborator-invitations.test.ts',
  'apps/api/src/domains/exhibitor-area/current-password.test.ts',
  'apps/api/src/domains/files/file-serving.test.ts',
  'apps/api/src/domains/gate/checkins.test.ts',
  'apps/api/src/domains/gate/gate.test.ts',
  'apps/api/src/domains/kiosk/kiosk-lockout.test.ts',
  'apps/api/src/domains/mail/mail-worker.test.ts',
  'apps/api/src/domains/personal-data/person-erasure.test.ts',
  'apps/api/src/domains/registration/visitors.test.ts',
  'apps/api/src/domains/scans/lead-report.test.ts',
  'apps/api/src/domains/scans/leads.test.ts',
  'apps/api/src/domains/scans/scans-list.test.ts',
  'apps/api/src/domains/scans/scans.test.ts',
  'apps/api/src/domains/show/current-edition.test.ts',
  'apps/api/src/domains/stand-sales/stand-sales.test.ts',
  'apps/api/src/domains/stand-sales/pipeline.test.ts',
  // Text found and ordered: searches, accents, names in any script, sorted lists.
  'apps/api/src/domains/directory/directory-query.test.ts',
  'apps/api/src/domains/directory/directory.test.ts',
  'apps/api/src/domains/directory/directory-filters.test.ts',
  'apps/api/src/domains/directory/registrations.test.ts',
  'apps/api/src/domains/back-office/admin-list.test.ts',
  'apps/api/src/domains/personal-data/admin-people.test.ts',
];
/**
 * Files that start servers of their own, on the embedded database, whichever pass runs them: with
 * the two passes side by side, they run once, in the embedded one, which has less to do.
 */
const startEmbeddedServers = ['apps/api/test/server.test.ts', 'apps/api/test/startup-refusals.test.ts'];
/** The PostgreSQL pass with the embedded one beside it (`scripts/test.sh` under `.ci/run`). */
const embeddedPassBeside = onPostgres && !!process.env.TEST_POSTGRES_PASS_URL;
// A file renamed or moved would silently leave the embedded pass: say so instead.
for (const file of [...onTheEmbeddedDatabaseToo, ...startEmbeddedServers]) {
  if (!existsSync(file)) throw new Error(`vitest.config.ts: no ${file}`);
}

/**
 * Files that replace a module of the app for their tests (`vi.mock`): they get modules of their
 * own. The others share a worker's modules, file after file (`isolate: false`): loading the app's
 * modules for each file took a third of the suite's processor time. Each file still builds its
 * own app on its own database (test/helper.ts), and what a module keeps between files is reset
 * there (the show's facts) or by the scene that made it.
 */
const replacesModules = ['apps/api/src/domains/auth/forgot-password.test.ts'];

/** The API projects: the same files and settings; `--project 'api*'` runs both. */
const api = {
  include: postgresPassBeside
    ? [...onTheEmbeddedDatabaseToo, ...startEmbeddedServers]
    : ['apps/api/test/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
  exclude: [
    ...(withServers ? [] : ['apps/api/test/cluster.test.ts', 'apps/api/src/domains/health/health-redis.test.ts']),
    ...(onPostgres ? ['apps/api/test/embedded-database.test.ts'] : []),
    ...(embeddedPassBeside ? startEmbeddedServers : []),
  ],
  environment: 'node',
  // One migrated database for the run, which each file copies (apps/api/test/global-setup.ts).
  globalSetup: ['apps/api/test/global-setup.ts'],
  // Vitest's default leaves a core of two idle; a file waits on its database much of its time.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/test/**/*.test.ts', 'apps/web/test/**/*.test.ts', 'e2e/*.test.ts'],
          environment: 'node',
        },
      },
      { test: { ...api, name: 'api', exclude: [...api.exclude, ...replacesModules], isolate: false } },
      { test: { ...api, name: 'api-isolated', include: replacesModules } },
    ],
  },
});
