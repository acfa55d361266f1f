/**
 * The figures every bench prints the same way: a median, a nearest-rank percentile, milliseconds
 * in a table's cell and the PASS or MISS of a target.
 */

/** The middle value (the upper one of an even count); `values` is left as it was. */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** The nearest-rank percentile `q` (0.99 for p99) of `values`; NaN when there is none. */
export function percentile(values: number[], q: number): number {
  if (!values.length) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Whole milliseconds, '-' when there is no figure. */
export const ms = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(0));

/** The result column of a target. */
export const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/**
 * The result column of a target that counts what succeeded: MISS with the reason when nothing
 * did (a PASS over 0 of 0 measures nothing), else as `verdict`.
 */
export const measuredVerdict = (succeeded: number, ok: boolean, what = 'succeeded') =>
  succeeded > 0 ? verdict(ok) : `MISS (none ${what})`;

/** An autocannon run's non-2xx answers and socket errors: '400 ×2640, socket errors ×3', or ''. */
export function failedAnswers(run: {
  statusCodeStats?: Record<string, { count?: number }>;
  errors: number;
  timeouts: number;
}): string {
  const parts = Object.entries(run.statusCodeStats ?? {})
    .filter(([status, s]) => !status.startsWith('2') && s.count)
    .map(([status, s]) => `${status} ×${s.count}`);
  if (run.errors) parts.push(`socket errors ×${run.errors} (${run.timeouts} timeouts)`);
  return parts.join(', ');
}
