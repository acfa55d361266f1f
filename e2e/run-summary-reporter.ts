/**
 * A Playwright reporter beside the line reporter: at the end of a run it prints where the time
 * went (the ten files that took longest, summed over their tests and retries) and every test that
 * needed a second run. A test that passes only on its retry is a defect to fix, not a pass: each
 * one is also appended to the file named by E2E_RETRIED_FILE, which `.ci/run` prints at its end.
 * With E2E_FILE_TIMES=1, a run that passed writes each spec file's time into file-times.json, which
 * splits the suite into its halves (halves.ts): after a whole run (`bash .ci/run`, both halves),
 * the file holds the time of every file.
 */
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { FILE_TIMES_PATH, readFileTimes } from './halves';

export default class RunSummaryReporter implements Reporter {
  private readonly fileTimes = new Map<string, number>();
  private readonly retried = new Map<string, string>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = path.relative(process.cwd(), test.location.file);
    this.fileTimes.set(file, (this.fileTimes.get(file) ?? 0) + result.duration);
    if (result.retry > 0) {
      const project = test.parent.project()?.name ?? '';
      const title = `[${project}] ${file}:${test.location.line} › ${test.titlePath().slice(3).join(' › ')}`;
      this.retried.set(title, result.status);
    }
  }

  onEnd(result: FullResult): void {
    const slowest = [...this.fileTimes].sort((a, b) => b[1] - a[1]).slice(0, 10);
    const lines = [...this.retried].map(([title, status]) => `${title} (second run: ${status})`);
    process.stdout.write(
      [
        `\nTime per file (${result.status}, ${Math.round(result.duration / 1000)} s in all):`,
        ...slowest.map(([file, ms]) => `  ${String(Math.round(ms / 1000)).padStart(5)} s  ${file}`),
        lines.length ? `Retried tests:\n  ${lines.join('\n  ')}` : 'Retried tests: none',
        '',
      ].join('\n'),
    );
    const file = process.env.E2E_RETRIED_FILE;
    if (file && lines.length) appendFileSync(file, lines.map((l) => `${l}\n`).join(''));
    if (process.env.E2E_FILE_TIMES === '1' && result.status === 'passed') this.writeFileTimes();
  }

  /** This run's spec files' seconds over the ones kept, and no file that is gone. */
  private writeFileTimes(): void {
    const times = { ...readFileTimes() };
    for (const [file, ms] of this.fileTimes) if (file.endsWith('.spec.ts')) times[file] = Math.round(ms / 1000);
    const kept = Object.keys(times)
      .filter((file) => existsSync(path.join(path.dirname(FILE_TIMES_PATH), file)))
      .sort();
    writeFileSync(FILE_TIMES_PATH, `${JSON.stringify(Object.fromEntries(kept.map((f) => [f, times[f]])), null, 2)}\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
