import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkins, mailOutbox } from '../src/db/schema';
import { loadConfig } from '../src/config/env';
import { call, createTestApp, type TestContext } from './helper';

const TOKEN = 'metrics-token-metrics-token-0123456789';

let open: TestContext;
let guarded: TestContext;
beforeAll(async () => {
  [open, guarded] = await Promise.all([createTestApp(), createTestApp({ METRICS_TOKEN: TOKEN })]);
});
afterAll(async () => {
  await open?.close();
  await guarded?.close();
});

const scrape = (ctx: TestContext, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({ url: '/metrics', ...options });

/** The value of one series of the exposition text, e.g. `salon_mail_outbox_pending`. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics without METRICS_TOKEN', () => {
  it('answers a scraper on this machine in the Prometheus text format', async () => {
    const res = await scrape(open);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(res.body).toContain('# TYPE process_resident_memory_bytes gauge');
  });

  it('refuses another address, and a request a local proxy forwarded from anywhere', async () => {
    const outside = await scrape(open, { remoteAddress: '203.0.113.7' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json<{ error: { message: string } }>().error.message).toBe(
      'Métriques lisibles seulement depuis cette machine (ou avec METRICS_TOKEN).',
    );
    expect(outside.body).not.toContain('nodejs_');
    // A reverse proxy on this machine connects from 127.0.0.1 on behalf of the whole internet.
    const proxied = await scrape(open, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.statusCode).toBe(403);
    // The client's own X-Forwarded-For never makes an outside address local.
    const forged = await scrape(open, { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forged.statusCode).toBe(403);
    expect((await scrape(open, { remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await scrape(open, { remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  it('refuses a scrape without the token or with a wrong one, even from this machine', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
      { authorization: TOKEN },
      { authorization: `Bearer ${TOKEN}${TOKEN}` },
    ];
    for (const headers of attempts) {
      const res = await scrape(guarded, { headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json<{ error: { message: string } }>().error.message).toBe('Jeton de métriques manquant ou invalide.');
    }
  });

  it('answers the token from any address', async () => {
    const res = await scrape(guarded, { remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('a token shorter than 32 characters stops the server at start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short', DATA_DIR: guarded.config.DATA_DIR })).toThrow(
      'METRICS_TOKEN must be at least 32 characters',
    );
  });
});

describe('what /metrics counts', () => {
  it('counts requests by route pattern, method and status class: two ids are one series, never the raw URL', async () => {
    await call(open.app, 'GET', 'conferences/1');
    await call(open.app, 'GET', 'conferences/2');
    await call(open.app, 'GET', 'conferences/999999');
    // Letters, not digits: a number of the scrape (a heap size) may hold any run of digits.
    await call(open.app, 'GET', 'no-such-route-xyzzy');
    const text = (await scrape(open)).body;
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).not.toContain('conferences/1"');
    expect(text).not.toContain('xyzzy');
    const route = 'route="/backend/api/conferences/:id"';
    const ok = value(text, `http_requests_total{method="GET",${route},status_class="2xx"}`) ?? 0;
    const missing = value(text, `http_requests_total{method="GET",${route},status_class="4xx"}`) ?? 0;
    expect(ok + missing).toBe(3);
    expect(value(text, `http_request_duration_seconds_count{method="GET",${route},status_class="4xx"}`)).toBe(missing);
    expect(
      value(text, `http_requests_total{method="GET",route="unmatched",status_class="4xx"}`),
    ).toBeGreaterThanOrEqual(1);
  });

  it('shows the mail outbox’s waiting mails and the age of the oldest, read at each scrape', async () => {
    const before = (await scrape(open)).body;
    expect(value(before, 'salon_mail_outbox_pending')).toBe(0);
    expect(value(before, 'salon_mail_outbox_oldest_pending_age_seconds')).toBe(0);
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await open.db.insert(mailOutbox).values([
      { to: 'a@example.com', subject: 'A', text: 'A', createdAt: tenMinutesAgo },
      { to: 'b@example.com', subject: 'B', text: 'B' },
      { to: 'c@example.com', subject: 'C', text: 'C', status: 'sent' },
    ]);
    const after = (await scrape(open)).body;
    expect(value(after, 'salon_mail_outbox_pending')).toBe(2);
    const age = value(after, 'salon_mail_outbox_oldest_pending_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(599);
    expect(age).toBeLessThan(660);
  });

  it('shows the check-ins the gate devices sent in the last minute', async () => {
    expect(value((await scrape(open)).body, 'salon_gate_checkins_last_minute')).toBe(0);
    const checkin = (createdAt?: Date) => ({
      clientId: randomUUID(),
      deviceId: 'gate-device-1',
      scannedAt: new Date(),
      checkinDay: '2024-05-29',
      verdict: 'refused' as const,
      reason: 'invalid' as const,
      createdAt,
    });
    await open.db.insert(checkins).values([checkin(), checkin(), checkin(new Date(Date.now() - 5 * 60_000))]);
    expect(value((await scrape(open)).body, 'salon_gate_checkins_last_minute')).toBe(2);
  });

  it('shows the PostgreSQL pool only on PostgreSQL, and Redis only when REDIS_URL is set', async () => {
    const text = (await scrape(open)).body;
    if (process.env.TEST_DATABASE_URL) {
      expect(value(text, 'salon_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(value(text, 'salon_db_pool_waiting_requests')).toBe(0);
    } else {
      expect(text).not.toContain('salon_db_pool');
    }
    expect(text).not.toContain('salon_redis_connected');
  });

  it('each app counts its own requests', async () => {
    await call(guarded.app, 'GET', 'conferences/3');
    const text = (await scrape(guarded, { headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const route = 'route="/backend/api/conferences/:id"';
    const total = ['2xx', '4xx']
      .map((c) => value(text, `http_requests_total{method="GET",${route},status_class="${c}"}`) ?? 0)
      .reduce((a, b) => a + b);
    expect(total).toBe(1);
  });
});
