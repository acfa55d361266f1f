import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { TtlCache } from './ttl-cache';

/**
 * Tells every instance on the same data to forget what it keeps in memory. A message names a
 * cache (its topic) and maybe one key; the instance that sends it acts at once, the others when
 * it arrives (a few milliseconds). Carried by Redis pub/sub when REDIS_URL is set, else by
 * PostgreSQL's LISTEN/NOTIFY, else (PGlite: one process owns the data) nowhere but here. A
 * message can be lost while a connection is down: each cache keeps a time to live as a bound,
 * and a reconnected instance forgets everything, since it may have missed some.
 */
export interface CacheBus {
  publish(topic: string, key?: string): void;
  subscribe(topic: string, forget: (key?: string) => void): void;
  close(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;
const CHANNEL = 'salon_cache';
interface Message {
  from: string;
  topic: string;
  key?: string;
}

/** The handlers of this process, and the carrier that reaches the other ones. */
function bus(send: (message: Message) => void, close: () => Promise<void>) {
  const from = randomUUID();
  const handlers = new Map<string, ((key?: string) => void)[]>();
  const run = (topic: string, key?: string) => {
    for (const forget of handlers.get(topic) ?? []) forget(key);
  };
  return {
    bus: {
      publish(topic, key) {
        run(topic, key);
        send({ from, topic, key });
      },
      subscribe(topic, forget) {
        handlers.set(topic, [...(handlers.get(topic) ?? []), forget]);
      },
      close,
    } satisfies CacheBus,
    /** A message from the channel: acted on unless it is this instance's own. */
    receive(raw: string) {
      try {
        const message = JSON.parse(raw) as Message;
        if (message.from !== from && typeof message.topic === 'string') run(message.topic, message.key);
      } catch {
        // Not one of ours.
      }
    },
    forgetEverything() {
      for (const topic of handlers.keys()) run(topic);
    },
  };
}

export function localCacheBus(): CacheBus {
  return bus(
    () => undefined,
    async () => undefined,
  ).bus;
}

/**
 * Redis pub/sub: a subscribing connection of its own, which ioredis opens again when it drops.
 * It is subscribed again here, not by ioredis (`autoResubscribe`): ioredis leaves the promise of
 * its own subscription unhandled, and a connection that closed before Redis answered it (Redis
 * dropping again, or the instance stopping) was an unhandled rejection, which ends the process.
 */
export async function redisCacheBus(redis: Redis, log: Log): Promise<CacheBus> {
  const subscriber = redis.duplicate({ autoResubscribe: false });
  const b = bus(
    (message) => void redis.publish(CHANNEL, JSON.stringify(message)).catch(() => undefined),
    async () => void (await subscriber.quit().catch(() => undefined)),
  );
  subscriber.on('message', (_channel: string, raw: string) => b.receive(raw));
  let connected = false;
  subscriber.on('ready', () => {
    if (connected) {
      log.info('cache bus: Redis is back, forgetting cached answers');
      subscriber.subscribe(CHANNEL).catch((err: Error) => log.warn({ err: err.message }, 'cache bus: not subscribed'));
      b.forgetEverything();
    }
    connected = true;
  });
  subscriber.on('error', (err: Error) => log.warn({ err: err.message }, 'cache bus: Redis subscription lost'));
  await subscriber.subscribe(CHANNEL);
  return b.bus;
}

/** PostgreSQL LISTEN/NOTIFY on a connection of its own, opened again when it drops. */
export async function postgresCacheBus(url: string, log: Log): Promise<CacheBus> {
  let client: pg.Client | undefined;
  let closed = false;
  const b = bus(
    (message) => {
      void client?.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(message)]).catch(() => undefined);
    },
    async () => {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  );
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (n) => {
      if (n.payload) b.receive(n.payload);
    });
    next.on('error', (err) => log.warn({ err: err.message }, 'cache bus: PostgreSQL connection lost'));
    next.on('end', () => {
      if (client !== next || closed) return;
      client = undefined;
      const retry = setTimeout(() => void reconnect(), 1000);
      retry.unref();
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
  }
  async function reconnect(): Promise<void> {
    if (closed) return;
    try {
      await connect();
      log.info('cache bus: PostgreSQL is back, forgetting cached answers');
      b.forgetEverything();
    } catch {
      const retry = setTimeout(() => void reconnect(), 1000);
      retry.unref();
    }
  }
  await connect();
  return b.bus;
}

/** The part of a cache the routes use: `delete` and `clear` reach every instance. */
export interface SharedCache<V> {
  get(key: string): V | undefined;
  /**
   * The value kept for `key`, else `compute`'s, kept only if nothing forgot `key` while it ran: a
   * value read by a query that began before a change committed is not kept after the change's
   * message, which would serve it until its time to live ran out.
   */
  load(key: string, compute: () => Promise<V>): Promise<V>;
  delete(key: string): void;
  clear(): void;
}

/** A TtlCache of this process whose forgetting goes through the bus to every instance. */
export function sharedCache<V>(cacheBus: CacheBus, topic: string, ttlMs: number, maxEntries?: number): SharedCache<V> {
  const cache = new TtlCache<V>(ttlMs, maxEntries);
  // The loads under way, by key: forgetting their key (or everything) makes them stale.
  const loading = new Map<string, Set<{ stale: boolean }>>();
  cacheBus.subscribe(topic, (key) => {
    if (key === undefined) cache.clear();
    else cache.delete(key);
    const reached = key === undefined ? [...loading.values()] : [loading.get(key) ?? []];
    for (const loads of reached) for (const load of loads) load.stale = true;
  });
  return {
    get: (key) => cache.get(key),
    async load(key, compute) {
      const kept = cache.get(key);
      if (kept !== undefined) return kept;
      const load = { stale: false };
      const loads = loading.get(key) ?? new Set();
      loading.set(key, loads.add(load));
      try {
        const value = await compute();
        if (!load.stale) cache.set(key, value);
        return value;
      } finally {
        loads.delete(load);
        if (!loads.size) loading.delete(key);
      }
    },
    delete: (key) => cacheBus.publish(topic, key),
    clear: () => cacheBus.publish(topic),
  };
}
