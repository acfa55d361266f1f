import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHealth, getHealthLive, getHealthReady, type Clock } from '@salon/shared';
import type { Redis } from 'ioredis';
import { ping, type Database } from '../../db/client';
import { buildMigrations, migrationsState } from '../../db/migrations-state';
import { tooManyRequests } from '../../lib/errors';
import { route } from '../../lib/route';
import { isLocalUnforwarded } from '../../plugins/local-request';

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

/**
 * Readiness probes allowed per minute and per address: twice what a proxy checking every second
 * sends. Counted in this instance's memory, never in Redis, whose outage the probe must report.
 */
export const READY_PROBES_PER_MINUTE = 120;
const WINDOW_MS = 60_000;
/** Addresses counted at once; past it the expired counts go, and if none has, all of them. */
const MAX_COUNTED = 10_000;

/** A fixed window per address, in memory: whether one more request of `key` is within `max`. */
function localBudget(max: number, now: () => number = Date.now) {
  const counts = new Map<string, { count: number; resetAt: number }>();
  return (key: string): { allowed: true } | { allowed: false; retryAfter: number } => {
    const at = now();
    let entry = counts.get(key);
    if (!entry || entry.resetAt <= at) {
      if (counts.size >= MAX_COUNTED) {
        for (const [k, e] of counts) if (e.resetAt <= at) counts.delete(k);
        if (counts.size >= MAX_COUNTED) counts.clear();
      }
      entry = { count: 0, resetAt: at + WINDOW_MS };
      counts.set(key, entry);
    }
    entry.count++;
    return entry.count <= max
      ? { allowed: true }
      : { allowed: false, retryAfter: Math.ceil((entry.resetAt - at) / 1000) };
  };
}

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
  // Probes come every few seconds from the proxy's one address, and must answer while Redis (which
  // holds the rate limits' counters) is down: they are outside the API's budget. Live is free;
  // ready, which asks the database, has a budget of its own in memory, and probes that come
  // together share one check. Their request logs (two lines a second per instance behind Caddy)
  // are left out; a failed check is still logged as a warning, unless the server logs only errors
  // or nothing.
  const quieter = (['error', 'fatal', 'silent'] as const).find((level) => level === app.log.level);
  const probe = { config: { rateLimit: false }, logLevel: quieter ?? 'warn' } as const;
  const expected = buildMigrations();

  // Whether the API answers and reaches its database. The database's kind and the server's clock
  // only for this machine (an operator, the tests): the public learns nothing of the back end (N7).
  route(app, getHealth, {}, async (request) => {
    await ping(database.db);
    if (!isLocalUnforwarded(request)) return { status: 'ok' } as const;
    return { status: 'ok', database: database.kind, now: clock().toISOString() } as const;
  });

  // Whether the process runs: a restart is the cure only when this fails, so no dependency is asked.
  route(app, getHealthLive, probe, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' } as const;
  });

  const readyBudget = localBudget(READY_PROBES_PER_MINUTE);
  /** The check under way: probes that arrive meanwhile take its answer instead of asking again. */
  let checking: Promise<{ ready: boolean; checks: Record<string, string> }> | undefined;

  // Whether this instance should receive traffic. The body names what failed; the reason (which
  // may name internal hosts) goes to the log only.
  route(app, getHealthReady, probe, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const budget = readyBudget(request.ip);
    if (!budget.allowed) {
      throw tooManyRequests(reply, budget.retryAfter, 'Trop de requêtes de disponibilité depuis cette adresse.');
    }
    if (isDraining()) return reply.status(503).send({ status: 'unavailable', checks: { server: 'draining' } });
    checking ??= runChecks(request).finally(() => (checking = undefined));
    const { ready, checks } = await checking;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
  });

  async function runChecks(request: FastifyRequest) {
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
    return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
  }
};
