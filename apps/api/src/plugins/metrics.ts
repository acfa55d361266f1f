import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';
import { readDataFigures } from '../domains/health/health.service';
import { forbidden, HttpError } from '../lib/errors';
import { isLocalUnforwarded } from './local-request';

export const METRICS_PATH = '/metrics';

/** A scrape reads the database; a hung one leaves those gauges out rather than hanging the scrape. */
const DATA_TIMEOUT_MS = 2_000;

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (CPU, memory, event-loop lag, GC), collected once per process:
 * tests build many apps in one process, each with its own registry for what is its own.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Prometheus metrics at /metrics: the process, HTTP requests by route pattern, and what an
 * operator watches during the show (mail outbox, gate check-ins, database pool, Redis).
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { database: Database; redis?: Redis; token?: string },
): void {
  const { database, redis, token } = options;
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status class.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route pattern, method and status class.',
    labelNames,
    registers: [registry],
  });
  // Read from the database at each scrape, in a registry of their own: left out when it fails.
  const dataRegistry = new Registry();
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [dataRegistry] });
  const data = {
    mailPending: gauge('salon_mail_outbox_pending', 'Mails waiting in the outbox to be sent (status pending).'),
    mailOldest: gauge(
      'salon_mail_outbox_oldest_pending_age_seconds',
      'Age of the oldest mail waiting in the outbox (0 when none waits).',
    ),
    checkins: gauge(
      'salon_gate_checkins_last_minute',
      'Check-ins received from the gate devices in the last minute (the server stores them as they come: no queue).',
    ),
  };
  const { pool } = database;
  if (pool) {
    new Gauge({
      name: 'salon_db_pool_connections',
      help: 'PostgreSQL pool connections, open (total) and idle.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'salon_db_pool_waiting_requests',
      help: 'Queries waiting for a free PostgreSQL pool connection.',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }
  if (redis) {
    new Gauge({
      name: 'salon_redis_connected',
      help: 'Whether the Redis connection is up (1) or not (0).',
      registers: [registry],
      collect() {
        this.set(redis.status === 'ready' ? 1 : 0);
      },
    });
  }

  // The route's pattern, never the raw URL, whose ids and encodings would make labels unbounded.
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  /** One round trip on indexed columns (mail_outbox_due, checkins_created). */
  async function readData(): Promise<void> {
    const row = await readDataFigures(database.db);
    data.mailPending.set(row?.pending ?? 0);
    data.mailOldest.set(Math.max(0, row?.oldest ?? 0));
    data.checkins.set(row?.checkins ?? 0);
  }

  const expected = token ? digest(token) : undefined;
  // Not rate limited: a scrape is refused or answered without a query per refusal, and the limits'
  // counters live in Redis, whose outage the metrics must still show.
  app.get(METRICS_PATH, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    if (expected) {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!timingSafeEqual(digest(given), expected)) {
        reply.header('www-authenticate', 'Bearer');
        throw new HttpError(401, 'Jeton de métriques manquant ou invalide.');
      }
    } else if (!isLocalUnforwarded(request)) {
      throw forbidden('Métriques lisibles seulement depuis cette machine (ou avec METRICS_TOKEN).');
    }
    let timer: NodeJS.Timeout | undefined;
    let text = await processMetrics().metrics();
    try {
      await Promise.race([
        readData(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${DATA_TIMEOUT_MS} ms`)), DATA_TIMEOUT_MS);
        }),
      ]);
      text += await dataRegistry.metrics();
    } catch (err) {
      // Absent rather than a false 0; the process's and the requests' metrics still show.
      request.log.warn({ err }, 'metrics: database figures not read');
    } finally {
      clearTimeout(timer);
    }
    text += await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
