/**
 * Readiness and metrics when Redis goes away under a running instance, and comes back. Needs a
 * Redis server (TEST_REDIS_URL): it runs in the PostgreSQL pass with the cluster suite (see
 * vitest.config.ts). The instance reaches Redis through a relay this test can cut: a real outage
 * of the network path, with the real server behind it.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/helper';

const upstream = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

let relay: Server;
let port: number;
const open = new Set<Socket>();

function startRelay(listenPort = 0): Promise<void> {
  relay = createServer((client) => {
    const server = connect(Number(upstream.port || 6379), upstream.hostname);
    for (const socket of [client, server]) {
      open.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        open.delete(socket);
        client.destroy();
        server.destroy();
      });
    }
    client.pipe(server).pipe(client);
  });
  return new Promise((resolve) =>
    relay.listen(listenPort, '127.0.0.1', () => {
      port = (relay.address() as { port: number }).port;
      resolve();
    }),
  );
}

function cutRelay(): Promise<void> {
  for (const socket of open) socket.destroy();
  return new Promise((resolve) => relay.close(() => resolve()));
}

let ctx: TestContext;
beforeAll(async () => {
  await startRelay();
  ctx = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
});
afterAll(async () => {
  await ctx?.close();
  await cutRelay();
});

const ready = () => ctx.app.inject({ url: '/backend/api/health/ready' });
const redisConnected = async () => {
  const text = (await ctx.app.inject({ url: '/metrics' })).body;
  return /^salon_redis_connected (\d)$/m.exec(text)?.[1];
};

async function until(condition: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('health/ready and /metrics with Redis', () => {
  it('ready names Redis ok and the metrics show it connected while it answers', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } });
    expect(await redisConnected()).toBe('1');
  });

  it('ready answers 503 naming Redis once it is unreachable, live stays 200, and both recover when it is back', async () => {
    await cutRelay();
    await until(async () => (await ready()).statusCode === 503);
    expect((await ready()).json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', migrations: 'ok', redis: 'unreachable' },
    });
    expect(await redisConnected()).toBe('0');
    expect((await ctx.app.inject({ url: '/backend/api/health/live' })).statusCode).toBe(200);

    await startRelay(port);
    await until(async () => (await ready()).statusCode === 200);
    expect(await redisConnected()).toBe('1');
  });

  it('hears the other instances again once Redis is back: a change they announce is read at once', async () => {
    const venue = async () =>
      (await ctx.app.inject({ url: '/backend/api/site-settings' })).json<{ data: { venue: { name: string | null } } }>()
        .data.venue.name;
    // The settings are read, and kept for a minute; another instance then changes them.
    const before = await venue();
    await ctx.db.update(siteSettings).set({ venueName: 'Palais des Congrès' });
    expect(await venue()).toBe(before);
    // It tells every instance, on the channel this one subscribed to again after the outage.
    const other = new Redis(upstream.toString());
    try {
      await until(async () => {
        await other.publish('salon_cache', JSON.stringify({ from: 'another-instance', topic: 'site-settings' }));
        return (await venue()) === 'Palais des Congrès';
      });
    } finally {
      other.disconnect();
    }
  });
});
