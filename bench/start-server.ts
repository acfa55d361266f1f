import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Db } from '../apps/api/src/db/client';
import { BEFORE_DOORS, clockEnv } from './lib/show-clock';

export const root = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

export interface RunningServer {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

let built = false;
/** The API compiled as `npm run build` does (about a second), once per bench run. */
export function buildApi(): string {
  if (!built)
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: path.join(root, 'apps/api'), stdio: 'inherit' });
  built = true;
  return 'apps/api/dist/server.js';
}

/**
 * Starts the built app as `npm start` does (plain node on the compiled API), on a free port with
 * a data directory of its own; its log goes to `logFile` when given. A variable of `env` set to
 * undefined is left unset, as `npm start` leaves it (HOST: undefined for the server's default).
 * Its clock starts the day before the demo edition's doors open (lib/show-clock.ts), where
 * registrations are open, unless `env` sets APP_NOW (a show day for scans and gates).
 */
export async function startServer(
  env: Record<string, string | undefined> = {},
  logFile?: string,
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-bench-'));
  // Node itself, not npx: a signal to npx does not always reach the server it started.
  // BENCH_CPU_PROF=<folder>: each server writes its processor profile there when it stops (.cpuprofile).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, ['--enable-source-maps', ...profile, buildApi()], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      API_RATE_LIMIT: '100000000',
      PAGE_RATE_LIMIT: '100000000',
      FILE_RATE_LIMIT: '100000000',
      LARGE_FILE_RATE_LIMIT: '100000000',
      LOGIN_RATE_LIMIT: '1000000',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...clockEnv(BEFORE_DOORS),
      ...env,
    },
    stdio: ['ignore', logFile ? openSync(logFile, 'w') : 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/backend/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 480) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    child,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Prints rows as an aligned table. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  console.info(line(header));
  console.info(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.info(line(r));
}

/**
 * Runs `use` with the address of a PostgreSQL database made for it (on BENCH_DATABASE_URL's
 * server, default the local one), dropped afterwards whatever happens.
 */
export async function withBenchDatabase<T>(use: (url: string) => Promise<T>): Promise<T> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `salon_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await use(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/**
 * The bench's two runs: `fill` a fresh PGlite data directory, then a fresh PostgreSQL database
 * (`withBenchDatabase`), and `measure` each through a server started with `env` pointing at it.
 * Both are vacuumed and analysed after the fill, as the server does at start on PGlite and as
 * autovacuum would within a minute of a bulk load (vacuum sets the visibility map that lets a
 * count or a deep page read an index alone).
 */
export async function onBothDatabases<T>(
  fill: (db: Db) => Promise<void>,
  measure: (database: 'PGlite' | 'PostgreSQL', env: Record<string, string>) => Promise<T[]>,
): Promise<T[]> {
  const out: T[] = [];
  // BENCH_DATABASES=postgresql (or pglite): one of the two, for a quicker figure.
  const wanted = (process.env.BENCH_DATABASES ?? 'pglite,postgresql').toLowerCase().split(',');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-bench-'));
  try {
    if (wanted.includes('pglite')) {
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      await fill(database.db);
      await database.db.execute(sql`vacuum analyze`);
      await database.close();
      out.push(...(await measure('PGlite', { DATA_DIR: dataDir })));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!wanted.includes('postgresql')) return out;
  await withBenchDatabase(async (url) => {
    const database = await openDatabase({ url });
    await fill(database.db);
    await database.db.execute(sql`vacuum analyze`);
    await database.close();
    out.push(...(await measure('PostgreSQL', { DATABASE_URL: url })));
  });
  return out;
}
