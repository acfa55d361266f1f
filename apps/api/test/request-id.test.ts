import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import type { Database } from '../src/db/client';
import { freshDatabase, TEST_JWT_SECRET } from './helper';

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
const lines: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'salon-reqid-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
    DEMO_DATA: 'false',
  });
  ({ database, drop } = await freshDatabase());
  app = await buildApp(config, database, { logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
  await rm(dataDir, { recursive: true, force: true });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The log entries written since `from`. */
const logged = (from: number) => lines.slice(from).map((line) => JSON.parse(line) as { reqId?: string; msg: string });

describe('request id', () => {
  it('every answer carries a new UUID in X-Request-Id when the proxy sent none', async () => {
    const a = await app.inject({ url: '/backend/api/health/live' });
    const b = await app.inject({ url: '/backend/api/health/live' });
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('keeps the proxy’s X-Request-Id when it is a plain token, and replaces any other', async () => {
    const sane = 'caddy-7f3a.9b_21';
    const kept = await app.inject({ url: '/backend/api/health/live', headers: { 'x-request-id': sane } });
    expect(kept.headers['x-request-id']).toBe(sane);
    for (const insane of ['short', 'a'.repeat(65), 'has space 12345', 'x"}\n{"level":60', 'é'.repeat(10)]) {
      const res = await app.inject({ url: '/backend/api/health/live', headers: { 'x-request-id': insane } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('an error body names the request as its header does, whatever refused it', async () => {
    const refusals = [
      app.inject({ url: '/backend/api/no-such-route' }), // 404 of the router
      app.inject({ url: '/backend/api/conferences/abc' }), // 400 of validation
      app.inject({ method: 'POST', url: '/backend/api/contact', payload: {} }), // 403 of the XSRF check
      app.inject({ url: '/backend/api/users/me' }), // 401 of the sign-in check
      app.inject({ url: '/backend/api/conferences/%ff' }), // 400 of the router's URL decoding
    ];
    const statuses = [];
    for (const res of await Promise.all(refusals)) {
      statuses.push(res.statusCode);
      const { error } = res.json<{ error: { status: number; requestId: string } }>();
      expect(error.status).toBe(res.statusCode);
      expect(error.requestId).toMatch(UUID);
      expect(error.requestId).toBe(res.headers['x-request-id']);
    }
    expect(statuses).toEqual([404, 400, 403, 401, 400]);
    const proxied = await app.inject({
      url: '/backend/api/no-such-route',
      headers: { 'x-request-id': 'proxy-id-0001' },
    });
    expect(proxied.json<{ error: { requestId: string } }>().error.requestId).toBe('proxy-id-0001');
  });

  it('a success body is left as it was', async () => {
    const res = await app.inject({ url: '/backend/api/health/live' });
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('every log line of a request carries its id, so an unexpected error leads from the user’s screen to the log', async () => {
    const from = lines.length;
    // The last test: the database goes away, and the clock's health call fails unexpectedly.
    await database.close();
    const res = await app.inject({ url: '/backend/api/health', headers: { 'x-request-id': 'support-ticket-4711' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: {
        status: 500,
        name: 'InternalServerError',
        message: 'Une erreur interne est survenue.',
        details: {},
        requestId: 'support-ticket-4711',
      },
    });
    // Another part of the app may log meanwhile (a connection lost): the request's lines are those with its id.
    const entries = logged(from);
    const ours = entries.filter((e) => e.reqId === 'support-ticket-4711').map((e) => e.msg);
    expect(ours).toEqual(['incoming request', 'unexpected error', 'request completed']);
    expect(entries.filter((e) => e.reqId !== 'support-ticket-4711').map((e) => e.msg)).not.toContain(
      'unexpected error',
    );
  });
});
