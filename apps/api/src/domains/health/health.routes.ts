import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { ping, type Database } from '../../db/client';
import { buildMigrations, migrationsState } from '../../db/migrations-state';
import type { Clock } from '../../lib/clock';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * From now on `health/ready` answers 503, so that the proxy stops sending requests here
     * before the server closes (server.ts calls it on SIGTERM, then waits, then closes).
     */
    startDraining(): void;
  }
}

/** A hung database or Redis makes the instance unready within this delay, never a hung probe. */
const CHECK_TIMEOUT_MS = 2_000;

class CheckTimeout extends Error {}

function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  clock: Clock;
  redis?: Redis;
  isDraining: () => boolean;
}> = async (app, { database, clock, redis, isDraining }) => {
  const tags = ['system'];
  // Probes come every few seconds from the proxy's one address, and must answer while Redis (which
  // holds the rate limits' counters) is down: they are not rate limited. Both are cheap. Their
  // request logs (two lines a second per instance behind Caddy) are left out; a failed check is
  // still logged as a warning, unless the server logs only errors or nothing.
  const quieter = (['error', 'fatal', 'silent'] as const).find((level) => level === app.log.level);
  const probe = { schema: { tags }, config: { rateLimit: false }, logLevel: quieter ?? 'warn' } as const;
  const expected = buildMigrations();

  // The web app takes its time from here: one clock for the whole product.
  app.get('/health', { schema: { tags } }, async () => {
    await ping(database.db);
    return { status: 'ok', database: database.kind, now: clock().toISOString() };
  });

  // Whether the process runs: a restart is the cure only when this fails, so no dependency is asked.
  app.get('/health/live', probe, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  // Whether this instance should receive traffic. The body names what failed; the reason (which
  // may name internal hosts) goes to the log only.
  app.get('/health/ready', probe, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (isDraining()) return reply.status(503).send({ status: 'unavailable', checks: { server: 'draining' } });
    const check = async (name: string, work: () => Promise<string>): Promise<string> => {
      try {
        return await bounded(work(), CHECK_TIMEOUT_MS);
      } catch (err) {
        request.log.warn({ err, check: name }, 'readiness check failed');
        return err instanceof CheckTimeout ? 'timeout' : 'unreachable';
      }
    };
    const [databaseCheck, migrations, redisCheck] = await Promise.all([
      check('database', async () => {
        await ping(database.db);
        return 'ok';
      }),
      check('migrations', async () => {
        const { behind } = await migrationsState(database.db, expected);
        return behind ? `${behind} of ${expected.length} not applied` : 'ok';
      }),
      redis &&
        check('redis', async () => {
          // Not connected: ioredis would queue the command until it reconnects.
          if (redis.status !== 'ready') throw new Error(`Redis connection ${redis.status}`);
          await redis.ping();
          return 'ok';
        }),
    ]);
    const checks = { database: databaseCheck, migrations, ...(redisCheck && { redis: redisCheck }) };
    const ready = Object.values(checks).every((c) => c === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
  });
};
