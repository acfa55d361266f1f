/**
 * Throughput and latency of the main endpoints on the built app, as `npm start` serves it,
 * with the embedded database and demo data. Prints a table and PASS or MISS per target.
 *
 *   npm run build && npm run bench -w @salon/bench
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

const port = await new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const a = s.address();
    s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-bench-'));
const server = spawn('npx', ['tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    API_RATE_LIMIT: '100000000',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/backend/api/health`)).ok) break;
  } catch {
    // not listening yet
  }
  if (i > 240) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 500));
}

// Sign in once for the authenticated call.
const xsrf = 'bench';
const loginRes = await fetch(`${base}/backend/api/auth/local`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
  body: JSON.stringify({ identifier: 'exposant@example.com', password: 'Exposant2024!' }),
});
const { jwt } = (await loginRes.json()) as { jwt: string };

interface Case {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /**
   * Targets for one process on a 2-core machine shared with the load generator. The show's
   * peak is about 60,000 visitors over four days: even if a tenth of a day's visitors load a
   * page in the same hour, that is under 5 pages a second, so these leave a wide margin.
   */
  minRps: number;
  maxP99Ms: number;
}
const cases: Case[] = [
  { name: 'GET /backend/api/health', path: '/backend/api/health', minRps: 1000, maxP99Ms: 100 },
  { name: 'GET / (server-rendered home)', path: '/', minRps: 150, maxP99Ms: 400 },
  { name: 'GET /login (server-rendered)', path: '/login', minRps: 150, maxP99Ms: 400 },
  {
    name: 'GET /backend/api/users/me (signed in)',
    path: '/backend/api/users/me',
    headers: { authorization: `Bearer ${jwt}` },
    minRps: 300,
    maxP99Ms: 200,
  },
];

const rows: string[][] = [];
let missed = 0;
for (const c of cases) {
  const result = await autocannon({ url: base + c.path, connections: 20, duration: DURATION, headers: c.headers });
  const rps = Math.round(result.requests.average);
  const p99 = result.latency.p99;
  const ok = rps >= c.minRps && p99 <= c.maxP99Ms && result.non2xx === 0 && result.errors === 0;
  if (!ok) missed++;
  rows.push([
    c.name,
    String(rps),
    `${result.latency.p50}`,
    `${p99}`,
    String(result.non2xx + result.errors),
    `≥${c.minRps} rps, p99 ≤${c.maxP99Ms} ms`,
    ok ? 'PASS' : 'MISS',
  ]);
}
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });

const header = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'target', 'result'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
console.info(`20 connections, ${DURATION} s each, one process, PGlite, demo data`);
console.info(line(header));
console.info(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of rows) console.info(line(r));
process.exit(missed ? 1 : 0);
