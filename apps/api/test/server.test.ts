import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { registrations, users } from '../src/db/schema';
import { spawnServer, stopServer, untilExit, untilHealthy, type ServerProcess } from './server-process';

let dataDir = '';
afterAll(() => rm(path.dirname(dataDir), { recursive: true, force: true }));

/** Starts the real server as `npm run dev` does (without the web build) and waits for its health. */
async function start(): Promise<ServerProcess> {
  const server = await spawnServer({ DEMO_DATA: 'true' }, dataDir);
  if (!(await untilHealthy(server))) throw new Error(`server did not start: ${server.stderr()}`);
  return server;
}

/** Runs the server until it exits by itself, as a refused start does; its exit code and stderr. */
async function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const server = await spawnServer({ PORT: '0', ...env }, dataDir);
  return { code: await untilExit(server), stderr: server.stderr() };
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
    expect(await stopServer(first)).toBe(0);
    const afterFirst = await rowCounts();
    expect(afterFirst.users).toBeGreaterThan(250);

    const second = await start();
    expect(await stopServer(second)).toBe(0);
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
