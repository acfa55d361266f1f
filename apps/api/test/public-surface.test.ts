import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { READY_PROBES_PER_MINUTE } from '../src/domains/health/health.routes';
import { PERMISSIONS_POLICY } from '../src/plugins/security';
import { createExhibitor, createOrganiser, sessionOf } from './fixtures';
import { createTestApp, freshDatabase, TEST_JWT_SECRET, type TestContext } from './helper';

/**
 * What the public sees of the server beyond its pages and data (N7 and I4 of
 * `npm run security:replay-2`): the API document, the health answers, the readiness probe's cost, and what the
 * pages may ask of the device.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ APP_NOW: '2024-05-29T09:30:00+01:00' });
});
afterAll(() => ctx?.close());

const OUTSIDE = '203.0.113.40';

interface OpenApi {
  info: { description?: string };
  paths: Record<string, Record<string, unknown>>;
}
const paths = (res: LightMyRequestResponse) => Object.keys(res.json<OpenApi>().paths);
const backOffice = (list: string[]) => list.filter((p) => /^\/backend\/api\/admin(\/|$)/.test(p));

describe('/backend/docs', () => {
  it('shows the public the API without a single back-office route, and no cache keeps it', async () => {
    const res = await ctx.app.inject({ url: '/backend/docs', remoteAddress: OUTSIDE });
    expect(res.statusCode).toBe(200);
    const list = paths(res);
    expect(backOffice(list)).toEqual([]);
    expect(list.some((p) => p.includes('admin'))).toBe(false);
    // The public routes are all there, as the web client calls them.
    expect(list).toEqual(
      expect.arrayContaining(['/backend/api/sib', '/backend/api/auth/local', '/backend/api/registrations']),
    );
    expect(res.json<OpenApi>().info.description).toMatch(/organisers signed in/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toMatch(/authorization/i);
  });

  it('describes the registration calls’ answers from their contracts, the two answers of auth/local/register included', async () => {
    const res = await ctx.app.inject({ url: '/backend/docs', remoteAddress: OUTSIDE });
    type Answer = { responses: Record<string, { content: Record<string, { schema: unknown }> }> };
    const answer = (path: string) =>
      JSON.stringify(
        (res.json<OpenApi>().paths[path]!.post as Answer).responses['201']!.content['application/json']!.schema,
      );
    expect(answer('/backend/api/visiteurs/putVisitor')).toMatch(/"badgeUrl"/);
    expect(answer('/backend/api/visiteurs/putVisitor')).not.toMatch(/ebadgeUrl/);
    const twoShapes = answer('/backend/api/auth/local/register');
    expect(twoShapes).toMatch(/"anyOf"|"oneOf"/);
    expect(twoShapes).toMatch(/"badgeUrl"/);
    expect(answer('/backend/api/demandes-exposants')).toMatch(/"id"/);
  });

  it('describes the inputs of the declared calls: a form’s fields, a list’s query parameters', async () => {
    const res = await ctx.app.inject({ url: '/backend/docs', remoteAddress: OUTSIDE });
    type Operation = {
      requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
      parameters?: { in: string; name: string }[];
    };
    const operation = (path: string, method: string) => res.json<OpenApi>().paths[path]![method] as Operation;
    const fields = (path: string) =>
      Object.keys(operation(path, 'post').requestBody!.content['application/json']!.schema.properties ?? {});
    expect(fields('/backend/api/visiteurs/putVisitor')).toEqual(expect.arrayContaining(['name', 'email', 'phone']));
    expect(fields('/backend/api/demandes-exposants')).toEqual(expect.arrayContaining(['nom', 'telephone']));
    expect(fields('/backend/api/contact')).toEqual(expect.arrayContaining(['message']));
    const parameters = (path: string) =>
      (operation(path, 'get').parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(parameters('/backend/api/scans')).toEqual(
      expect.arrayContaining(['filters', 'pagination', 'populate', 'edition']),
    );
    expect(parameters('/backend/api/conferences')).toEqual(expect.arrayContaining(['search', 'theme', 'year']));
  });

  it('gives the whole document to an organiser signed in, from anywhere, and the public one to any other token', async () => {
    const organiser = await createOrganiser(ctx.db);
    const whole = await ctx.app.inject({
      url: '/backend/docs',
      remoteAddress: OUTSIDE,
      headers: { authorization: `Bearer ${await sessionOf(ctx, organiser)}` },
    });
    expect(whole.statusCode).toBe(200);
    expect(backOffice(paths(whole)).length).toBeGreaterThan(40);
    expect(backOffice(paths(whole))).toEqual(
      expect.arrayContaining(['/backend/api/admin/media', '/backend/api/admin/mails']),
    );

    const exhibitor = await createExhibitor(ctx.db);
    for (const token of [await sessionOf(ctx, exhibitor.user), 'not-a-token']) {
      const res = await ctx.app.inject({
        url: '/backend/docs',
        remoteAddress: OUTSIDE,
        headers: { authorization: `Bearer ${token}` },
      });
      expect([res.statusCode, backOffice(paths(res))]).toEqual([200, []]);
    }
  });

  it('gives the whole document on this machine, unless a proxy on it forwarded the request', async () => {
    const local = await ctx.app.inject({ url: '/backend/docs' });
    expect(backOffice(paths(local)).length).toBeGreaterThan(40);
    for (const headers of [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }]) {
      const forwarded = await ctx.app.inject({ url: '/backend/docs', headers });
      expect([forwarded.statusCode, backOffice(paths(forwarded))]).toEqual([200, []]);
    }
  });
});

describe('/backend/api/health', () => {
  it('tells the public only that the server is up: neither the database’s kind nor the clock', async () => {
    const res = await ctx.app.inject({ url: '/backend/api/health', remoteAddress: OUTSIDE });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const forwarded = await ctx.app.inject({ url: '/backend/api/health', headers: { 'x-forwarded-for': OUTSIDE } });
    expect(forwarded.json()).toEqual({ status: 'ok' });
  });

  it('still tells this machine the database’s kind and the clock', async () => {
    const res = await ctx.app.inject({ url: '/backend/api/health' });
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      now: expect.stringMatching(/^2024-05-29T08:3\d:/) as unknown,
    });
  });
});

describe('/backend/api/health/ready', () => {
  it(`answers ${READY_PROBES_PER_MINUTE} probes a minute per address, then a 429 in the error shape, counted in /metrics, while the proxy’s address is still answered`, async () => {
    const address = '203.0.113.41';
    for (let i = 0; i < READY_PROBES_PER_MINUTE; i++) {
      const res = await ctx.app.inject({ url: '/backend/api/health/ready', remoteAddress: address });
      expect(res.statusCode).toBe(200);
    }
    const refused = await ctx.app.inject({ url: '/backend/api/health/ready', remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: {
        status: 429,
        name: 'TooManyRequestsError',
        message: expect.stringMatching(/^Trop de requêtes de disponibilité depuis cette adresse\./) as unknown,
        details: {},
      },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');

    const proxy = await ctx.app.inject({ url: '/backend/api/health/ready', remoteAddress: '10.0.0.2' });
    expect([proxy.statusCode, proxy.json()]).toEqual([
      200,
      { status: 'ok', checks: { database: 'ok', migrations: 'ok' } },
    ]);
    const metrics = (await ctx.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(
      /^http_requests_total\{method="GET",route="\/backend\/api\/health\/ready",status_class="4xx"\} 1$/m,
    );
  });

  it('runs one check for the probes that arrive while it is under way', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'salon-ready-'));
    const lines: string[] = [];
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET: TEST_JWT_SECRET,
      WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
      DEMO_DATA: 'false',
    });
    const { database, drop } = await freshDatabase();
    const app = await buildApp(config, database, { logStream: { write: (line) => void lines.push(line) } });
    try {
      await app.ready();
      // The migrations table held: each check waits for it until the checks' 2 s are up.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`);
        locked();
        await held;
      });
      await isLocked;
      const probes = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          app.inject({ url: '/backend/api/health/ready', remoteAddress: `10.0.1.${i + 1}` }),
        ),
      );
      release();
      await transaction;
      for (const res of probes) {
        expect(res.statusCode).toBe(503);
        expect(res.json<{ checks: { migrations: string } }>().checks.migrations).toBe('timeout');
      }
      const failures = lines.filter((line) => line.includes('readiness check failed') && line.includes('"migrations"'));
      expect(failures).toHaveLength(1);
      expect((await app.inject({ url: '/backend/api/health/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('Permissions-Policy', () => {
  it('lets the pages of this origin use the camera (scanner, gate) and nothing else they never need, on every answer', async () => {
    const answers = [
      await ctx.app.inject({ url: '/backend/api/health', remoteAddress: OUTSIDE }),
      await ctx.app.inject({ url: '/backend/api/no-such-route', remoteAddress: OUTSIDE }),
      await ctx.app.inject({ method: 'POST', url: '/backend/api/newsletters', remoteAddress: OUTSIDE }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 403]);
    for (const res of answers) expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    const policy = new Map(PERMISSIONS_POLICY.split(', ').map((entry) => entry.split('=') as [string, string]));
    expect(policy.get('camera')).toBe('(self)');
    for (const feature of ['microphone', 'geolocation', 'payment', 'usb', 'display-capture']) {
      expect([feature, policy.get(feature)]).toEqual([feature, '()']);
    }
    // The home page's virtual tour is framed with `allow="fullscreen; xr-spatial-tracking"`.
    expect(policy.has('fullscreen')).toBe(false);
    expect(policy.has('xr-spatial-tracking')).toBe(false);
  });
});
