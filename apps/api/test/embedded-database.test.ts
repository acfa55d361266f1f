/**
 * PGlite in a thread of its own (decision 024): the API's thread answers while a query runs, a
 * transaction keeps the database to itself, and what comes back (rows, types, errors) is what
 * PGlite gives in the caller's thread.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { DEFAULT_ROLE_ID } from '@salon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/db/client';
import { startPgliteThread, type PgliteThread } from '../src/db/pglite-thread';
import { users } from '../src/db/schema';
import { isUniqueViolation } from '../src/lib/errors';
import { repoRoot } from '../src/paths';
import { createTestApp, type TestContext } from './helper';

/** Run in the PGlite pass only: vitest.config.ts leaves this file out of the PostgreSQL pass. */
describe('the embedded database in its own thread', () => {
  let ctx: TestContext;
  let thread: PgliteThread;
  let direct: PGlite;
  beforeAll(async () => {
    ctx = await createTestApp();
    thread = await startPgliteThread(undefined, []);
    direct = new PGlite();
    const setup = `create table t (id int8 primary key, b bytea, at timestamptz, d date, n numeric, j jsonb,
      tags text[], ok boolean, price real); insert into t values (1, '\\x00ff10', '2024-05-29T09:30:00+01', '2024-05-29',
      '12.50', '{"a":[1,2]}', '{x,y}', true, 1.5)`;
    await thread.exec(setup);
    await direct.exec(setup);
  });
  afterAll(async () => {
    await thread.close();
    await direct.close();
    await ctx.close();
  });

  it('answers /health/live while a one-second query runs', async () => {
    const order: string[] = [];
    const slow = ctx.db.execute(sql`select pg_sleep(1)`).then(() => order.push('pg_sleep(1) done'));
    // In the API's thread, this timer could only fire once the query had returned.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const live = await ctx.app.inject({ url: '/backend/api/health/live' });
    order.push(`live answered ${live.statusCode}`);
    await slow;
    expect(order).toEqual(['live answered 200', 'pg_sleep(1) done']);
  });

  it('runs no other query while a transaction is open, and the transaction sees its own rows', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await thread.transaction(async (tx) => {
      await tx.query(`insert into t (id) values (2)`);
      outside = thread.query<{ n: number }>(`select count(*)::int as n from t`).then((r) => {
        order.push(`outside counts ${r.rows[0]!.n}`);
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const inside = await tx.query<{ n: number }>(`select count(*)::int as n from t`);
      order.push(`inside counts ${inside.rows[0]!.n}`);
      await tx.query(`delete from t where id = 2`);
    });
    await outside;
    expect(order).toEqual(['inside counts 2', 'outside counts 1']);
  });

  it('rolls a transaction back when its function throws, and goes on serving', async () => {
    await expect(
      thread.transaction(async (tx) => {
        await tx.query(`insert into t (id) values (3)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await thread.query<{ n: number }>(`select count(*)::int as n from t where id = 3`);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('gives the same rows and types as PGlite in this thread: bytea, dates, int8, numeric, json, arrays', async () => {
    const query = `select *, $1::bytea as p_bytes, $2::timestamptz as p_at, $3::int8 as p_big from t order by id`;
    const params = [Buffer.from([1, 2, 255]), new Date('2024-06-01T10:00:00Z'), 9_007_199_254_740_993n];
    const got = await thread.query(query, params);
    const want = await direct.query(query, params);
    expect(got.rows).toEqual(want.rows);
    expect(got.fields).toEqual(want.fields);
    const row = got.rows[0] as Record<string, unknown>;
    expect(row.b).toBeInstanceOf(Uint8Array);
    expect([...(row.b as Uint8Array)]).toEqual([0, 255, 16]);
    expect(row.at).toEqual(new Date('2024-05-29T08:30:00Z'));
    expect(row.p_big).toBe(9_007_199_254_740_993n);
    // Arrays of rows and the caller's parsers (drizzle keeps timestamps as text), run in this thread.
    const parsers = { 1184: (v: string) => `parsed ${v}` };
    const arrays = await thread.query(`select id, at from t`, [], { rowMode: 'array', parsers });
    expect(arrays.rows).toEqual((await direct.query(`select id, at from t`, [], { rowMode: 'array', parsers })).rows);
    expect(arrays.rows).toEqual([[1, 'parsed 2024-05-29 08:30:00+00']]);
  });

  it("keeps PostgreSQL's error code, message and fields, so a duplicate is still a 409", async () => {
    const fail = (q: (sql: string) => Promise<unknown>) =>
      q(`insert into t (id) values (1)`).then(
        () => {
          throw new Error('no error');
        },
        (err: unknown) => err as Record<string, unknown>,
      );
    const got = await fail((s) => thread.query(s));
    const want = await fail((s) => direct.query(s));
    for (const key of ['name', 'message', 'code', 'detail', 'constraint', 'table', 'severity', 'query']) {
      expect(got[key], key).toEqual(want[key]);
    }
    expect(got.code).toBe('23505');
    expect(got).toBeInstanceOf(Error);
    // Through drizzle, as the routes meet it.
    const row = {
      type: 'visitor' as const,
      roleId: DEFAULT_ROLE_ID,
      name: 'Double',
      email: 'double@example.com',
      username: 'double@example.com',
    };
    await ctx.db.insert(users).values(row);
    const dup = await ctx.db
      .insert(users)
      .values(row)
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isUniqueViolation(dup)).toBe(true);
    expect(((dup as Error).cause as Error).message).toMatch(/duplicate key value violates unique constraint/);
    const syntax = await thread.exec('selec 1').catch((err: unknown) => err as { code: string; position: string });
    expect(syntax).toMatchObject({ code: '42601', position: '1' });
  });

  it('prepares a statement once and binds it again with other values, keeping at most 200 of them', async () => {
    const prepared = async () =>
      (await thread.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`)).rows[0]!.n;
    const byId = `select id, ok from t where id = $1`;
    const before = await prepared();
    expect((await thread.query(byId, [1])).rows).toEqual([{ id: 1, ok: true }]);
    expect((await thread.query(byId, [42])).rows).toEqual([]);
    expect((await thread.query(byId, ['1'])).rows).toEqual([{ id: 1, ok: true }]);
    // The count's own text is one statement too, prepared by the first call above.
    expect(await prepared()).toBe(before + 1);
    for (let i = 0; i < 250; i++) {
      expect((await thread.query<{ v: number }>(`select $1::int + ${i} as v`, [1])).rows).toEqual([{ v: i + 1 }]);
    }
    expect(await prepared()).toBe(200);
    // A statement closed to make room is prepared again when it comes back.
    expect((await thread.query(byId, [1])).rows).toEqual([{ id: 1, ok: true }]);
    // A statement that cannot be prepared is refused each time with PostgreSQL's error, and kept nowhere.
    for (let i = 0; i < 2; i++)
      await expect(thread.query(`select nope from t`)).rejects.toMatchObject({ code: '42703' });
    // In a transaction, the same statements see the transaction's rows.
    await thread.transaction(async (tx) => {
      await tx.query(`insert into t (id) values ($1)`, [7]);
      expect((await tx.query(byId, [7])).rows).toEqual([{ id: 7, ok: null }]);
      await tx.rollback();
    });
    expect((await thread.query(byId, [7])).rows).toEqual([]);
  });

  it('writes a whole-number LIMIT into the statement it prepares, so that its one plan knows the size of the page', async () => {
    const page = `select id from t where id >= $1 order by id limit $2 offset $3`;
    expect((await thread.query(page, [0, 1, 0])).rows).toEqual([{ id: 1 }]);
    expect((await thread.query(page, [0, 5, 1])).rows).toEqual([]);
    // No limit (null) stays a value.
    expect((await thread.query(page, [0, null, 0])).rows).toEqual([{ id: 1 }]);
    const prepared = await thread.query<{ statement: string }>(
      `select statement from pg_prepared_statements where statement like 'select id from t where id >= %' order by statement`,
    );
    expect(prepared.rows.map((r) => r.statement)).toEqual([
      'select id from t where id >= $1 order by id limit $2 offset $3',
      'select id from t where id >= $1 order by id limit 1 offset $3',
      'select id from t where id >= $1 order by id limit 5 offset $3',
    ]);
  });

  it('is vacuumed by its upkeep, so that an index-only scan reads no row of a table whose rows were all updated', async () => {
    const database = await openDatabase({});
    try {
      const run = (text: string) => database.db.execute(sql.raw(text));
      await run('create table kept (id int primary key, v int)');
      await run('insert into kept select g, 0 from generate_series(1, 3000) g');
      await run('update kept set v = v + 1');
      const heapFetches = async () => {
        await run('set enable_seqscan = off');
        await run('set enable_bitmapscan = off');
        const plan = sql.raw('explain (analyze, costs off) select id from kept where id > 0');
        const lines = (await queryRows<{ 'QUERY PLAN': string }>(database.db, plan)).map((r) => r['QUERY PLAN']);
        expect(lines.join('\n')).toContain('Index Only Scan');
        return Number(/Heap Fetches: (\d+)/.exec(lines.join('\n'))![1]);
      };
      expect(await heapFetches()).toBeGreaterThanOrEqual(3000);
      await database.maintain!();
      expect(await heapFetches()).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('refuses calls once closed instead of waiting forever', async () => {
    const other = await startPgliteThread(undefined, []);
    await other.close();
    expect(other.closed).toBe(true);
    await expect(other.query('select 1')).rejects.toThrow(/closed/);
  });

  it('lets a script that never closes its database end once its last query is answered', async () => {
    const script = `
      import { sql } from 'drizzle-orm';
      import { openDatabase } from './apps/api/src/db/client.ts';
      const { db } = await openDatabase({});
      const { rows } = await db.execute(sql\`select pg_sleep(0.5), 'answered' as word\`);
      console.info(rows[0].word);`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: repoRoot,
        timeout: 60_000,
      },
    );
    expect(stdout.trim()).toBe('answered');
  });
});
