import { defineConfig } from 'vitest/config';

/**
 * The cluster suite needs a PostgreSQL server and Redis (several instances sharing them), and the
 * Redis readiness suite a Redis server: they run in the PostgreSQL pass, where `.ci/run` sets both;
 * the default pass runs on PGlite alone. The embedded database's own suite (PGlite in its thread)
 * runs only in the default pass.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
const withServers = onPostgres && !!process.env.TEST_REDIS_URL;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/test/**/*.test.ts', 'apps/web/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          exclude: [
            ...(withServers
              ? []
              : ['apps/api/test/cluster.test.ts', 'apps/api/src/domains/health/health-redis.test.ts']),
            ...(onPostgres ? ['apps/api/test/embedded-database.test.ts'] : []),
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
