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
 * Files whose outcome cannot depend on the database the suite runs on: they open none (tokens,
 * PDFs, spreadsheets, configuration, caches), or start servers of their own on the embedded one.
 * They run once: in the PostgreSQL pass when one runs beside the default pass (`.ci/run` sets
 * TEST_POSTGRES_PASS_URL for both), where they even out the two passes' times (the default pass
 * took 680 s, the PostgreSQL one 470); otherwise in the pass that runs.
 */
const sameOnEveryDatabase = [
  'apps/api/src/domains/badges/badge.test.ts',
  'apps/api/src/domains/badges/badge-pdf-pool.test.ts',
  'apps/api/src/domains/files/pdf-fonts.test.ts',
  'apps/api/src/lib/cache-bus.test.ts',
  'apps/api/src/lib/jwt.test.ts',
  'apps/api/src/lib/xlsx-writer.test.ts',
  'apps/api/test/build-if-stale.test.ts',
  'apps/api/test/config.test.ts',
  'apps/api/test/domain-graph.test.ts',
  'apps/api/test/leaks.test.ts',
  'apps/api/test/multilingual-migration.test.ts',
  'apps/api/test/server.test.ts',
  'apps/api/test/startup-refusals.test.ts',
  'apps/api/test/ttl-cache.test.ts',
  // Backups and restores of the embedded database, and with TEST_DATABASE_URL between it and
  // PostgreSQL both ways: the PostgreSQL pass runs both kinds.
  'apps/api/test/backup.test.ts',
  // Two files whose subject is what the app decides, not what the database does: who may call
  // each route (2,257 rows), and that no hostile input gets a 5xx (every operation, five callers,
  // eight generated requests each). Their SQL is the routes', which the other files run on both
  // databases: they run once.
  'apps/api/test/access-matrix.test.ts',
  'apps/api/test/hostile-input.test.ts',
];

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
  include: ['apps/api/test/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
  exclude: [
    ...(withServers ? [] : ['apps/api/test/cluster.test.ts', 'apps/api/src/domains/health/health-redis.test.ts']),
    ...(onPostgres ? ['apps/api/test/embedded-database.test.ts'] : []),
    ...(postgresPassBeside ? sameOnEveryDatabase : []),
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
