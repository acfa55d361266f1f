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
