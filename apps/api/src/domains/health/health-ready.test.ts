import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { queryRows } from '../../db/client';
import { buildMigrations, migrationsState, newerDatabaseProblem } from '../../db/migrations-state';
import { createTestApp, freshDatabase, TEST_JWT_SECRET, type TestContext } from '../../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const ready = (app = ctx.app) => app.inject({ url: '/backend/api/health/ready' });
const live = (app = ctx.app) => app.inject({ url: '/backend/api/health/live' });

describe('health/live and health/ready', () => {
  it('both answer 200 on a running instance whose database has every migration of this build', async () => {
    expect((await live()).json()).toEqual({ status: 'ok' });
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('ready answers 503 naming the migrations when the database lacks the last one of this build', async () => {
    const expected = buildMigrations();
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      ctx.db,
      sql`delete from drizzle.__drizzle_migrations
          where id = (select id from drizzle.__drizzle_migrations order by created_at desc limit 1)
          returning id, hash, created_at`,
    );
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: `1 of ${expected.length} not applied` },
      });
      expect(await migrationsState(ctx.db, expected)).toEqual({
        applied: expected.length - 1,
        expected: expected.length,
        behind: 1,
        unknown: [],
      });
    } finally {
      await ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('a database migrated by a newer build is named for the refusal to start, and the instance stays ready', async () => {
    const when = Date.parse('2030-01-02T03:04:05.000Z');
    await ctx.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('abcdef0123456789abcdef', ${when})`,
    );
    try {
      const state = await migrationsState(ctx.db, buildMigrations());
      expect(state.behind).toBe(0);
      expect(state.unknown).toEqual(['2030-01-02T03:04:05.000Z (hash abcdef012345)']);
      expect(newerDatabaseProblem(state)).toBe(
        'The database has 1 migration(s) this build does not know (2030-01-02T03:04:05.000Z (hash abcdef012345)): ' +
          'it was migrated by a newer version. Deploy that version or a later one.',
      );
      // During a rolling update the older instances keep serving the migrated database.
      expect((await ready()).statusCode).toBe(200);
    } finally {
      await ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${when}`);
    }
    expect(newerDatabaseProblem(await migrationsState(ctx.db, buildMigrations()))).toBeNull();
  });

  it('a database with no migration at all is behind by every migration of this build', async () => {
    // What a fresh database looks like before the first start: no drizzle schema yet.
    const expected = buildMigrations();
    await ctx.db.execute(sql`alter schema drizzle rename to drizzle_away`);
    try {
      expect(await migrationsState(ctx.db, expected)).toEqual({
        applied: 0,
        expected: expected.length,
        behind: expected.length,
        unknown: [],
      });
    } finally {
      await ctx.db.execute(sql`alter schema drizzle_away rename to drizzle`);
    }
  });

  it('ready answers 503 within the checks’ 2 s when the database hangs, instead of hanging', async () => {
    // A transaction holds the migrations table: the readiness query waits on its lock (on PGlite,
    // every query waits for the transaction).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const transaction = ctx.db.transaction(async (tx) => {
      await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`);
      locked();
      await held;
    });
    await isLocked;
    const started = Date.now();
    const res = await ready();
    const elapsed = Date.now() - started;
    release();
    await transaction;
    expect(res.statusCode).toBe(503);
    expect(res.json<{ checks: { migrations: string } }>().checks.migrations).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(1_900);
    expect(elapsed).toBeLessThan(4_000);
    expect((await ready()).statusCode).toBe(200);
  });

  it('ready answers 503 once the server is draining, while live still answers 200', async () => {
    const other = await createTestApp();
    try {
      expect((await ready(other.app)).statusCode).toBe(200);
      other.app.startDraining();
      const res = await ready(other.app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', checks: { server: 'draining' } });
      expect((await live(other.app)).statusCode).toBe(200);
      // Only the instance that drains: another one is still ready.
      expect((await ready()).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("live and ready are outside the API's budget: with it at 2 a minute, five probes of each from one address are answered while the third /health call is refused", async () => {
    const limited = await createTestApp({ API_RATE_LIMIT: '2' });
    try {
      for (let i = 0; i < 5; i++) {
        expect((await ready(limited.app)).statusCode).toBe(200);
        expect((await live(limited.app)).statusCode).toBe(200);
      }
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.app.inject({ url: '/backend/api/health' })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('health/ready when a dependency is down', () => {
  it('answers 503 naming the database when it is closed, while live still answers 200', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'salon-ready-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: TEST_JWT_SECRET,
      WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
    });
    const { database, drop } = await freshDatabase();
    const app = await buildApp(config, database);
    try {
      await app.ready();
      await database.close();
      const res = await ready(app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'unreachable', migrations: 'unreachable' },
      });
      expect((await live(app)).json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
