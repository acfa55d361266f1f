/**
 * Badge scans of one exhibitor at the end of the show: 50,000 scans of its own (spread over the
 * four show days) and 5,000 by its ten collaborators, seeded with bulk inserts. Then, signed in
 * as the exhibitor (bearer token from `POST auth/local`), on PGlite and on PostgreSQL
 * (BENCH_DATABASE_URL, default the local server):
 *
 * - `GET scans`, the first page, a deep one (page 500), the collaborators' table and a page
 *   filtered by follow-up, rating and tag, with
 *   autocannon, compressed as a browser asks: p50 and p99 at 1 connection (BENCH_SECONDS / 2),
 *   then p50, p99 and req/s at 10 (BENCH_SECONDS, the target's);
 * - `GET scans/export?table=scansExposant`, the whole SCANS.xlsx, BENCH_EXPORTS times in a row:
 *   median time to the last byte, and the server process's resident memory before and at its
 *   peak (VmHWM of /proc/<pid>/status, reset before the first export). Each file is read back
 *   with exceljs: 50,001 rows, 50,000 different visitors, or the run fails.
 *
 * - first, the server at rest: started with the demo data on an empty PGlite directory, then on an
 *   empty PostgreSQL database, left alone REST_SECONDS (default 20), its resident memory (the
 *   process and any it started; PGlite's worker thread is in the process).
 *
 * - `GET scans/report` ('Bilan', every one of the exhibitor's 55,000 leads counted), BENCH_REPORTS
 *   (default 40) calls in a row after three to warm up: median and p99; then `scans/report.pdf`.
 *   `BENCH_ONLY=report` measures only this; `BENCH_DATABASES=postgresql` (or `pglite`) one database.
 *
 * Targets: at rest ≤ 250 MB; list p99 ≤ 50 ms for a page; export ≤ 2 s and ≤ 300 MB peak for the
 * server process; report ≤ 300 ms.
 *
 * The data and the exhibitor's sign-in are in bench/scans/data.ts, the export's download and check
 * in bench/scans/xlsx.ts, the server's memory read in bench/lib/process-memory.ts.
 *
 *   npm run bench:scans
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { toQueryString } from '@salon/shared';
import { family, listeningPid, memory, resetPeak } from './lib/process-memory';
import { median, verdict } from './lib/stats';
import { COLLABORATORS, fill, PER_COLLABORATOR, signIn, VISITORS } from './scans/data';
import { measureReport, REPORT_TARGET_MS } from './scans/report';
import { check, download } from './scans/xlsx';
import { clockEnv, describeClock, LAST_CLOSING } from './lib/show-clock';
import { onBothDatabases, printTable, startServer, withBenchDatabase } from './start-server';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const EXPORTS = Number(process.env.BENCH_EXPORTS ?? 5);
const REST_SECONDS = Number(process.env.REST_SECONDS ?? 20);
const TARGETS = { listP99: 50, exportSeconds: 2, peakMb: 300, restMb: 250 };
/** `BENCH_ONLY=report`: 'Bilan' alone (no rest, exports or lists), for a quick figure. */
const REPORT_ONLY = process.env.BENCH_ONLY === 'report';

async function measure(label: string, env: Record<string, string>): Promise<string[][]> {
  // The last show day's closing: every scan made, the exhibitor reads its lists and report.
  const server = await startServer({ ...env, DEMO_DATA: 'false', ...clockEnv(LAST_CLOSING) });
  const rows: string[][] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'salon-scans-xlsx-'));
  try {
    const pid = listeningPid(server.child.pid!, Number(new URL(server.base).port));
    const { jwt, id: exhibitorId } = await signIn(server.base);
    const auth = { authorization: `Bearer ${jwt}` };
    rows.push(...(await measureReport(label, server.base, auth, VISITORS + COLLABORATORS * PER_COLLABORATOR)));
    if (REPORT_ONLY) return rows;

    // The export first, on a server that has done nothing else since it started.
    const exportUrl = `${server.base}/backend/api/scans/export?table=scansExposant`;
    const before = memory(pid);
    const reset = resetPeak(pid);
    const runs: number[] = [];
    let bytes = 0;
    for (let i = 0; i < EXPORTS; i++) {
      const file = path.join(dir, `own-${i}.xlsx`);
      const run = await download(exportUrl, auth, file);
      runs.push(run.seconds);
      bytes = run.bytes;
    }
    const after = memory(pid);
    // Read back outside the measured time: a wrong file must not count as fast.
    for (let i = 0; i < EXPORTS; i++) await check(path.join(dir, `own-${i}.xlsx`), VISITORS, `${label} export ${i}`);
    const collaboratorsFile = path.join(dir, 'collaborators.xlsx');
    const collaboratorsRun = await download(
      `${server.base}/backend/api/scans/export?table=scansByCollaborators`,
      auth,
      collaboratorsFile,
    );
    await check(collaboratorsFile, COLLABORATORS * PER_COLLABORATOR, `${label} collaborators' export`);

    const exportSeconds = median(runs);
    const peakNote = reset ? 'peak during the exports' : 'peak since start (VmHWM not resettable)';
    rows.push(
      [
        label,
        `SCANS.xlsx, ${VISITORS.toLocaleString('en')} own scans (median of ${EXPORTS})`,
        `${exportSeconds.toFixed(2)} s (min ${Math.min(...runs).toFixed(2)}, max ${Math.max(...runs).toFixed(2)}), ${(bytes / 1e6).toFixed(1)} MB, rows checked`,
        `≤ ${TARGETS.exportSeconds} s`,
        verdict(exportSeconds <= TARGETS.exportSeconds),
      ],
      [
        label,
        `server RSS before → ${peakNote} (pid ${pid})`,
        `${before.rss.toFixed(0)} MB → ${after.peak.toFixed(0)} MB`,
        `≤ ${TARGETS.peakMb} MB`,
        verdict(after.peak <= TARGETS.peakMb),
      ],
      [
        label,
        `SCANS.xlsx, ${(COLLABORATORS * PER_COLLABORATOR).toLocaleString('en')} collaborators' scans`,
        `${collaboratorsRun.seconds.toFixed(2)} s, ${(collaboratorsRun.bytes / 1e6).toFixed(1)} MB, rows checked`,
        '',
        'no target',
      ],
    );

    const own = (page: number) => `/backend/api/scans?${toQueryString({ pagination: { page } })}`;
    const cases: { name: string; path: string; total?: number }[] = [
      { name: 'list, page 1', path: own(1), total: VISITORS },
      { name: 'list, page 500', path: own(500), total: VISITORS },
      {
        name: "collaborators' list, page 1",
        path: `/backend/api/scans?${toQueryString({ filters: { scanner: { exhibitor: { id: { $eq: exhibitorId } } } } })}`,
        total: COLLABORATORS * PER_COLLABORATOR,
      },
      // 'Mes scans' filtered as an exhibitor does after the show: to call back, rated 3, tagged.
      {
        name: 'list filtered (follow-up, rating, tag), page 1',
        path: `${own(1)}&status=to_contact&rating=3&tag=devis`,
      },
    ];
    // Compressed, as the browser asks for it.
    const headers = { ...auth, 'accept-encoding': 'gzip, deflate, br' };
    for (const c of cases) {
      const res = await fetch(server.base + c.path, { headers: auth });
      const body = (await res.json()) as { data?: unknown[]; meta?: { pagination?: { total?: number } } };
      const total = body.meta?.pagination?.total ?? 0;
      if (!res.ok || body.data?.length !== Math.min(50, total) || total === 0 || (c.total ?? total) !== total) {
        throw new Error(
          `${label} ${c.name}: HTTP ${res.status}, ${body.data?.length} rows of ${body.meta?.pagination?.total}`,
        );
      }
      // Alone (the time of a page), then at 10 connections (the target, as in bench:directory).
      const alone = await autocannon({ url: server.base + c.path, headers, connections: 1, duration: DURATION / 2 });
      const run = await autocannon({ url: server.base + c.path, headers, connections: 10, duration: DURATION });
      const errors = [alone, run].reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
      // A run in which no answer came back has no latency to speak of: it is no pass.
      const answered = alone['2xx'] > 0 && run['2xx'] > 0;
      rows.push([
        label,
        `${c.name} (${Math.min(50, total)} of ${total.toLocaleString('en')})`,
        `@1: p50 ${alone.latency.p50} ms, p99 ${alone.latency.p99} ms; @10: p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms, ${Math.round(run.requests.average)} req/s; ${errors} errors`,
        `p99 ≤ ${TARGETS.listP99} ms @10`,
        verdict(answered && errors === 0 && run.latency.p99 <= TARGETS.listP99),
      ]);
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** The server's resident memory once started with the demo data and left alone. */
async function atRest(label: string, env: Record<string, string>): Promise<string[]> {
  const server = await startServer({ ...env, DEMO_DATA: 'true' });
  try {
    const pid = listeningPid(server.child.pid!, Number(new URL(server.base).port));
    await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000));
    const processes = family(pid);
    const rss = processes.reduce((sum, p) => sum + memory(p).rss, 0);
    const startPeak = memory(pid).peak;
    return [
      label,
      `server RSS at rest, demo data, ${REST_SECONDS} s after start (${processes.length} process${processes.length > 1 ? 'es' : ''})`,
      `${rss.toFixed(0)} MB (peak while starting ${startPeak.toFixed(0)} MB)`,
      `≤ ${TARGETS.restMb} MB`,
      verdict(rss <= TARGETS.restMb),
    ];
  } finally {
    await server.stop();
  }
}

const rows = [
  ...(REPORT_ONLY
    ? []
    : [await atRest('PGlite', {}), await withBenchDatabase((url) => atRest('PostgreSQL', { DATABASE_URL: url }))]),
  ...(await onBothDatabases(fill, measure)),
];

console.info(
  `One exhibitor: ${VISITORS.toLocaleString('en')} scans of its own over the four show days, ${describeClock(LAST_CLOSING)}, ${(COLLABORATORS * PER_COLLABORATOR).toLocaleString('en')} by ${COLLABORATORS} collaborators; lists ${DURATION} s per run; targets: at rest ≤ ${TARGETS.restMb} MB, list p99 ≤ ${TARGETS.listP99} ms for a page, SCANS.xlsx ≤ ${TARGETS.exportSeconds} s and ≤ ${TARGETS.peakMb} MB peak for the server process, report ≤ ${REPORT_TARGET_MS} ms`,
);
printTable(['database', 'measure', 'value', 'target', 'result'], rows);
process.exit(rows.some((r) => r[4] === 'MISS') ? 1 : 0);
