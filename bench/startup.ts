/**
 * Start-up time and memory at rest: the API run by tsx from its TypeScript source (how it ran
 * before the production build) against plain node on the compiled build (`npm start` now).
 * Each start is a restart on existing data (the first start, which seeds, is not counted), on
 * PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the local server); median of RUNS.
 *
 *   npm run bench:startup
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApi, freePort, printTable, root, withBenchDatabase } from './start-server';
import { median } from './lib/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** How long the server idles before its memory is read. */
const REST_MS = 3000;

const variants = {
  'tsx src/server.ts (before)': ['--import', 'tsx', 'apps/api/src/server.ts'],
  'node dist/server.js (now)': ['--enable-source-maps', 'apps/api/dist/server.js'],
};

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** One start: milliseconds until /health answers 200, and the RSS after REST_MS at rest. */
async function start(args: string[], env: Record<string, string>) {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/backend/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const ready = performance.now() - began;
    await new Promise((r) => setTimeout(r, REST_MS));
    return { ready, rss: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function measure(database: string, env: Record<string, string>): Promise<string[][]> {
  // The first start migrates and seeds; what follows is a restart, as in production.
  await start(variants['node dist/server.js (now)'], env);
  const rows: string[][] = [];
  for (const [name, args] of Object.entries(variants)) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await start(args, env));
    rows.push([
      database,
      name,
      `${Math.round(median(runs.map((r) => r.ready)))} ms`,
      `${Math.round(median(runs.map((r) => r.rss)))} MB`,
    ]);
  }
  return rows;
}

buildApi();
const rows: string[][] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-bench-'));
try {
  rows.push(...(await measure('PGlite', { DATA_DIR: dataDir })));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
await withBenchDatabase(async (url) => {
  const pgDataDir = mkdtempSync(path.join(tmpdir(), 'salon-bench-'));
  try {
    rows.push(...(await measure('PostgreSQL', { DATA_DIR: pgDataDir, DATABASE_URL: url, DEMO_DATA: 'true' })));
  } finally {
    rmSync(pgDataDir, { recursive: true, force: true });
  }
});
console.info(
  `\nStart-up (restart on existing data, until /backend/api/health answers) and RSS ${REST_MS / 1000} s after; median of ${RUNS}\n`,
);
printTable(['database', 'run by', 'start-up', 'RSS at rest'], rows);
