/**
 * bench:scans's 'Bilan': `GET scans/report` for the exhibitor of the bench (55,000 leads), called
 * one after another as an exhibitor opening the card would, after a few calls to warm the server;
 * and `GET scans/report.pdf`, the same report drawn, with no target of its own.
 */
import { performance } from 'node:perf_hooks';
import { median, ms, percentile, verdict } from '../lib/stats';

const CALLS = Number(process.env.BENCH_REPORTS ?? 40);
const PDF_CALLS = Math.max(3, Math.round(CALLS / 4));
const WARM_UP = 3;
export const REPORT_TARGET_MS = 300;

/** Each call's time to the last byte, in ms; a wrong answer fails the run. */
async function timed(
  url: string,
  headers: Record<string, string>,
  calls: number,
  check: (res: Response, body: ArrayBuffer) => void,
) {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + calls; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    const time = performance.now() - started;
    check(res, body);
    if (i >= WARM_UP) times.push(time);
  }
  return { p50: median(times), p99: percentile(times, 0.99) };
}

export async function measureReport(
  label: string,
  base: string,
  headers: Record<string, string>,
  leads: number,
): Promise<string[][]> {
  const report = await timed(`${base}/backend/api/scans/report`, headers, CALLS, (res, body) => {
    const total = res.ok ? (JSON.parse(Buffer.from(body).toString()) as { data: { total: number } }).data.total : null;
    if (total !== leads) throw new Error(`${label} report: HTTP ${res.status}, ${total} leads instead of ${leads}`);
  });
  const pdf = await timed(`${base}/backend/api/scans/report.pdf`, headers, PDF_CALLS, (res, body) => {
    if (!res.ok || Buffer.from(body).subarray(0, 5).toString() !== '%PDF-')
      throw new Error(`${label} report.pdf: HTTP ${res.status}, not a PDF`);
  });
  return [
    [
      label,
      `report, GET scans/report of ${leads.toLocaleString('en')} leads (${CALLS} calls in a row)`,
      `p50 ${ms(report.p50)} ms, p99 ${ms(report.p99)} ms`,
      `report ≤ ${REPORT_TARGET_MS} ms (p99)`,
      verdict(report.p99 <= REPORT_TARGET_MS),
    ],
    [
      label,
      `report.pdf, the same drawn (${PDF_CALLS} calls in a row)`,
      `p50 ${ms(pdf.p50)} ms, p99 ${ms(pdf.p99)} ms`,
      '',
      'no target',
    ],
  ];
}
