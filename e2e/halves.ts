/**
 * The two halves of the suite that CI runs side by side (scripts/test.sh): whole spec files,
 * split by the time each took (file-times.json, seconds per file over both screens), so that both
 * halves end at about the same time. Playwright's `--shard` splits by test count, and a minute of
 * the gate's camera counts there as much as a heading checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type FileTimes = Record<string, number>;

/** A spec file missing from file-times.json (a new one): about the average file's time. */
export const DEFAULT_FILE_SECONDS = 30;

export const FILE_TIMES_PATH = path.join(import.meta.dirname, 'file-times.json');

/**
 * The files split in two: the longest first, each into the half that has taken less time so far
 * (the first one on a tie). The same files and times always give the same halves.
 */
export function splitInHalves(files: readonly string[], times: FileTimes): [string[], string[]] {
  const seconds = (file: string) => times[file] ?? DEFAULT_FILE_SECONDS;
  const halves: [string[], string[]] = [[], []];
  const totals = [0, 0];
  const longestFirst = [...files].sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b));
  for (const file of longestFirst) {
    const half = totals[1]! < totals[0]! ? 1 : 0;
    halves[half].push(file);
    totals[half]! += seconds(file);
  }
  return halves;
}

/** The suite's spec files, as the reporter names them ('tests/<name>.spec.ts'). */
export function specFiles(): string[] {
  return readdirSync(path.join(import.meta.dirname, 'tests'))
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => `tests/${name}`);
}

export function readFileTimes(): FileTimes {
  return JSON.parse(readFileSync(FILE_TIMES_PATH, 'utf8')) as FileTimes;
}

/** The files of half `n` (1 or 2) of the suite. */
export function filesOfHalf(n: 1 | 2): string[] {
  return splitInHalves(specFiles(), readFileTimes())[n - 1]!;
}
