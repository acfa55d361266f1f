/**
 * Throughput and latency of the main endpoints on the built app, as `npm start` serves it,
 * with the embedded database and demo data. Prints a table and PASS or MISS per target.
 *
 *   npm run build && npm run bench -w @salon/bench
 */
import autocannon from 'autocannon';
import { printTable, startServer } from './start-server';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const server = await startServer();
const base = server.base;

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
await server.stop();

console.info(`20 connections, ${DURATION} s each, one process, PGlite, demo data`);
printTable(['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'target', 'result'], rows);
process.exit(missed ? 1 : 0);
