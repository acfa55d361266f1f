/**
 * What the replays of the security reviews (replay-1.ts, -2.ts and -3.ts) share: an
 * HTTP client that sends the XSRF pair as the pages do, the mails the file transport delivered,
 * a server start that is expected to be refused, and the table of verdicts.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApi, freePort, printTable, root } from '../start-server';
import { BEFORE_DOORS, clockEnv } from '../lib/show-clock';

/** The default limits (apps/api/src/config/env.ts), which the benches' server raises. */
export const DEFAULT_LIMITS = {
  API_RATE_LIMIT: '600',
  PAGE_RATE_LIMIT: '300',
  LOGIN_RATE_LIMIT: '10',
  FILE_RATE_LIMIT: '600',
  LARGE_FILE_RATE_LIMIT: '30',
};
const XSRF = { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' };

/**
 * One row per proof of concept; `closed` is the word of a refused one. A row may say which
 * refusal was expected (replay-3.ts's rows do): the table then has that column.
 */
export function findings(closed: string) {
  const rows: { finding: string; sent: string; expected?: string; got: string; refused: boolean }[] = [];
  return {
    verdict: (finding: string, sent: string, got: string, refused: boolean, expected?: string): void => {
      rows.push({ finding, sent, expected, got, refused });
    },
    /** Prints the table and its count; the exit code is non-zero when a hole is open. */
    print: (): void => {
      const withExpected = rows.some((r) => r.expected !== undefined);
      const word = (r: (typeof rows)[number]) => (r.refused ? closed : 'OPEN');
      printTable(
        withExpected
          ? ['finding', 'proof of concept', 'expected refusal', 'answer', 'verdict']
          : ['finding', 'proof of concept', 'answer', 'verdict'],
        rows.map((r) =>
          withExpected ? [r.finding, r.sent, r.expected ?? '', r.got, word(r)] : [r.finding, r.sent, r.got, word(r)],
        ),
      );
      const open = rows.filter((r) => !r.refused).length;
      console.info(`\n${rows.length - open} of ${rows.length} proofs of concept refused.`);
      if (open) process.exitCode = 1;
    },
  };
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  text: string;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  xsrf?: boolean;
  headers?: Record<string, string>;
}

/** Requests to `base` with the XSRF pair (unless `xsrf: false`); `seen` is told of every answer. */
export function client(base: string, seen?: (answer: Answer, method: string, url: string) => void) {
  return async function request(method: string, url: string, options: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...(options.xsrf === false ? {} : XSRF), ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(base + url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // A page or a file.
    }
    const answer = { status: res.status, body, text, headers: res.headers };
    seen?.(answer, method, url);
    return answer;
  };
}

/** '3×200 2×429'. */
export const statuses = (list: number[]) => {
  const counts = new Map<number, number>();
  for (const s of list) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${n}×${s}`).join(' ');
};

/** The mails the file transport delivered to an address so far. */
export function mailsTo(dataDir: string, address: string): string[] {
  const dir = path.join(dataDir, 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(m))
    .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}

export async function waitFor<T>(what: () => T | undefined, ms = 15_000): Promise<T | undefined> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
    const found = what();
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Starts the built server (as `npm start` does) with `env` and expects it to refuse: its exit code
 * and the line that says why.
 */
export async function refusedStart(env: Record<string, string>): Promise<{ code: number | null; line: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-review-'));
  const child = spawn(process.execPath, ['--enable-source-maps', buildApi()], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...clockEnv(BEFORE_DOORS),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill('SIGTERM'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  rmSync(dataDir, { recursive: true, force: true });
  const lines = output.trim().split('\n');
  return {
    code,
    line: (lines.find((l) => /refuse|TRUST_PROXY|password/i.test(l)) ?? lines.at(-1) ?? '').slice(0, 110),
  };
}
