/**
 * The API server as a process of its own (`src/server.ts` through tsx, as `npm run dev` runs it),
 * for the tests of how it starts, refuses to start and stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { repoRoot } from '../src/paths';

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** Its exit code once it has exited. */
  exited: Promise<number | null>;
}

/** A port nothing listens on (just now). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Starts the server on the embedded database in `dataDir`, without the web build; `env` wins. */
export async function spawnServer(env: Record<string, string>, dataDir: string): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
      ...env,
      PORT: port,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, base: `http://127.0.0.1:${port}`, stderr: () => stderr, exited };
}

/** True once its health answers; false when it exits first or after a minute. */
export async function untilHealthy(server: ServerProcess): Promise<boolean> {
  for (let i = 0; i < 240 && server.child.exitCode === null; i++) {
    const up = await fetch(`${server.base}/backend/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/** SIGTERM, then its exit code. */
export function stopServer(server: ServerProcess): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}

/** Its exit code once it exits by itself, as a refused start does (SIGKILL after a minute). */
export async function untilExit(server: ServerProcess): Promise<number | null> {
  const killer = setTimeout(() => server.child.kill('SIGKILL'), 60_000);
  try {
    return await server.exited;
  } finally {
    clearTimeout(killer);
  }
}
