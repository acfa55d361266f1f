import { spawn, type ChildProcess } from 'node:child_process';
import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { registrations, users } from '../src/db/schema';

const root = path.resolve(import.meta.dirname, '../../..');
let dataDir = '';
afterAll(() => rm(path.dirname(dataDir), { recursive: true, force: true }));

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

/** Runs the server until it exits by itself, as a refused start does; its exit code and stderr. */
function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, stderr });
    });
  });
}

/** Every file and directory under `dir` whose mode lets another user in. */
async function openToOthers(dir: string): Promise<string[]> {
  const open: string[] = [];
  for (const entry of await readdir(dir, { recursive: true })) {
    const file = path.join(dir, entry);
    const mode = (await lstat(file)).mode & 0o777;
    if (mode & 0o077) open.push(`${entry} ${mode.toString(8)}`);
  }
  return open;
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
    // A DATA_DIR the server creates itself.
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'salon-server-')), 'data');
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

  it('creates DATA_DIR for its own user only, and writes the keys for that user only', async () => {
    expect((await lstat(dataDir)).mode & 0o777).toBe(0o700);
    expect(await readdir(dataDir)).toEqual(expect.arrayContaining(['pglite', 'secrets']));
    // Uploads and the demo pictures live in the database (media_files), not in DATA_DIR.
    expect(await readdir(dataDir)).not.toContain('uploads');
    // PGlite sets its files' modes itself (0666, in its WebAssembly file system), whatever the
    // umask: the closed DATA_DIR is what guards them.
    expect((await openToOthers(dataDir)).filter((entry) => !entry.startsWith('pglite'))).toEqual([]);
  });

  it('refuses to start off localhost while demo data is on or a demo account keeps its README password, in one line', async () => {
    const publicUrl = 'https://salon.example.com';
    const demoData = await runUntilExit({ PUBLIC_URL: publicUrl, DEMO_DATA: '' });
    expect(demoData.code).toBe(1);
    expect(demoData.stderr).toBe(
      `Refusing to start: PUBLIC_URL is ${publicUrl}, not localhost, and demo data is on (the default with the ` +
        'embedded database), whose passwords the README publishes: set DEMO_DATA=false.\n',
    );

    const accounts = await runUntilExit({ PUBLIC_URL: publicUrl, DEMO_DATA: 'false' });
    expect(accounts.code).toBe(1);
    expect(accounts.stderr).toBe(
      `Refusing to start: PUBLIC_URL is ${publicUrl}, not localhost, and collaborateur@example.com, ` +
        'controleur@example.com, exposant2@example.com, exposant@example.com, organisateur@example.com, ' +
        "visiteur@example.com still sign in with the README's password: delete these accounts or change their " +
        "passwords (back-office or 'Mot de passe oublié').\n",
    );
  }, 120_000);
});
