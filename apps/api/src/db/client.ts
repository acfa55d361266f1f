import type { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: the code never knows which database it talks to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool, for its metrics (how many connections are busy, how many wait). */
  pool?: pg.Pool;
  /**
   * Vacuums and refreshes the planner's statistics where nothing else does (PGlite); PostgreSQL's
   * autovacuum does both.
   */
  maintain?: () => Promise<unknown>;
  close(): Promise<void>;
}

const PGLITE_MAINTENANCE_MS = 5 * 60_000;

/**
 * What the planner takes an index probe to cost against reading a table in order. PostgreSQL's
 * default (4) is for spinning disks; a show's database sits in memory or on an SSD. With it, the
 * directory's company search read all 5,000 registrations to join the 100 companies found,
 * instead of looking each one up by its index (3.0 against 2.2 ms a search, bench/directory.ts).
 */
const RANDOM_PAGE_COST = 1.1;

/**
 * PGlite's settings, set at each start (decision 024).
 * - Memory: its shared buffers default to 128 MB, all of them resident in the server from the
 *   start: 16 MB hold the pages a show's lists and exports read again and again, the rest comes
 *   from the operating system's file cache.
 * - Plans: every statement is prepared once (pglite-worker.js), and planned once. Planning in
 *   WebAssembly is slow: by default PostgreSQL plans a prepared statement again at each call when
 *   that plan might beat the generic one, which cost 1.0 ms of a 1.3 ms lookup of a user by id
 *   and 1.9 ms of 2.1 ms to find a page of 'Mes scans' (50,000 scans, bench/scans.ts data). The
 *   worker writes a page's LIMIT into the statement (withLimits), so that the one plan knows it.
 */
const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  `random_page_cost=${RANDOM_PAGE_COST}`,
  'plan_cache_mode=force_generic_plan',
];

/** Any constant shared by every instance; it names the lock held while migrating. */
const MIGRATION_LOCK = 720_240_529;

export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  /** In memory, a copy of this embedded database (PGlite's `dumpDataDir`): see pglite-worker.js. */
  loadDataDir?: Uint8Array;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 20,
      options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
    });
    let closing = false;
    // An idle connection can be cut by the server (restart, failover, an administrator, a
    // dropped database): the pool discards it and opens another when needed. Without a
    // listener, the pool's 'error' event would end the process.
    pool.on('error', (err) => {
      if (!closing) console.warn(`PostgreSQL: idle connection lost (${err.message}); the pool opens another.`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Several instances may start at once: the first migrates, the others wait for it.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      pool,
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  // Loaded only here: a server on PostgreSQL does not carry the embedded database in memory.
  const [{ startPgliteThread }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('./pglite-thread'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // No dataDir means in memory: each test file gets a database of its own. PGlite runs in a
  // thread of its own (decision 024): a slow query no longer stalls every request.
  const client = await startPgliteThread(options.dataDir, PGLITE_SETTINGS, options.loadDataDir);
  // The driver calls query, exec and transaction, which the thread's client has.
  const asPglite = client as unknown as PGlite;
  const db = drizzlePglite(asPglite, { schema }) as unknown as Db;
  try {
    await migratePglite(drizzlePglite(asPglite, { schema }), { migrationsFolder });
  } catch (err) {
    await client.close();
    throw err;
  }
  // PGlite has no autovacuum. Without statistics the planner guesses one row per scanner and joins
  // whole tables; without vacuum, rows updated (the mail outbox, sessions) leave dead copies that
  // are never reused, and the visibility map stays empty, so an index-only scan still reads every
  // row: a deep page of 'Mes scans' (offset 25,000) took 9.4 ms, 2.9 ms once vacuumed. Both are
  // done at start and every few minutes; after the first pass vacuum skips the pages left as they were.
  const maintain = () => client.exec('vacuum analyze').catch(() => undefined);
  const timer = setInterval(() => void maintain(), PGLITE_MAINTENANCE_MS);
  timer.unref();
  return {
    db,
    kind: 'pglite',
    maintain,
    close: () => {
      clearInterval(timer);
      return client.close();
    },
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The rows of a raw SQL query: both drivers (node-postgres, PGlite) answer with `rows`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
