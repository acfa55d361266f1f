import { describe, expect, it } from 'vitest';
import { DEFAULT_FILE_SECONDS, readFileTimes, specFiles, splitInHalves } from './halves';

const total = (files: string[], times: Record<string, number>) =>
  files.reduce((sum, f) => sum + (times[f] ?? DEFAULT_FILE_SECONDS), 0);

describe('the two halves of the end-to-end suite', () => {
  it('puts the longest files first, each into the half that has taken less time so far', () => {
    const times = { 'a.spec.ts': 100, 'b.spec.ts': 60, 'c.spec.ts': 50, 'd.spec.ts': 40, 'e.spec.ts': 10 };
    expect(splitInHalves(Object.keys(times), times)).toEqual([
      ['a.spec.ts', 'd.spec.ts'],
      ['b.spec.ts', 'c.spec.ts', 'e.spec.ts'],
    ]);
  });

  it('gives a file missing from the times the default time', () => {
    const times = { 'long.spec.ts': DEFAULT_FILE_SECONDS + 1, 'short.spec.ts': 1 };
    const [first, second] = splitInHalves(['short.spec.ts', 'new.spec.ts', 'long.spec.ts'], times);
    expect(first).toEqual(['long.spec.ts']);
    expect(second).toEqual(['new.spec.ts', 'short.spec.ts']);
  });

  it('splits the same files the same way whatever their order', () => {
    const times = { 'x.spec.ts': 20, 'y.spec.ts': 20, 'z.spec.ts': 20 };
    expect(splitInHalves(['z.spec.ts', 'y.spec.ts', 'x.spec.ts'], times)).toEqual(
      splitInHalves(['x.spec.ts', 'y.spec.ts', 'z.spec.ts'], times),
    );
  });

  it('runs every spec file of the suite in exactly one half', () => {
    const files = specFiles();
    const [first, second] = splitInHalves(files, readFileTimes());
    expect([...first, ...second].sort()).toEqual([...files].sort());
    expect(first.filter((f) => second.includes(f))).toEqual([]);
  });

  it('keeps the halves of the suite within its longest file of each other', () => {
    const times = readFileTimes();
    const files = specFiles();
    const [first, second] = splitInHalves(files, times);
    const longest = Math.max(...files.map((f) => times[f] ?? DEFAULT_FILE_SECONDS));
    expect(Math.abs(total(first, times) - total(second, times))).toBeLessThanOrEqual(longest);
  });
});
