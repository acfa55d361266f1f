import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { registrations, users } from '../src/db/schema';

const root = path.resolve(import.meta.dirname, '../../..');
let dataDir = '';
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/** Starts the real server as `npm start` does (without the web build) and waits for its health. */
async function start(): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/backend/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

async function rowCounts() {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const [u] = await database.db.select({ n: count() }).from(users);
    const [r] = await database.db.select({ n: count() }).from(registrations);
    return { users: u!.n, registrations: r!.n };
  } finally {
    await database.close();
  }
}

describe('the server process', () => {
  it('seeds on first start, stops cleanly on SIGTERM, and a second start reuses the data without seeding twice', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'salon-server-'));
    const first = await start();
    const health = (await (await fetch(`${first.base}/backend/api/health`)).json()) as { database: string };
    expect(health.database).toBe('pglite');
    expect(await stop(first.child)).toBe(0);
    const afterFirst = await rowCounts();
    expect(afterFirst.users).toBeGreaterThan(250);

    const second = await start();
    expect(await stop(second.child)).toBe(0);
    expect(await rowCounts()).toEqual(afterFirst);
  }, 120_000);
});
