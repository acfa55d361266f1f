/**
 * The server the screenshots are taken from: the built app (`npm run build` first) started as
 * `npm start` does, on `port` with demo data in `dataDir`, its clock on the show's second day.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The repository's root. */
export const root = path.resolve(import.meta.dirname, '../..');
/** The show's second day at 10:00, as the gates' e2e server: the gate screens show a live show. */
export const APP_NOW = '2024-05-30T10:00:00+01:00';

export async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'screenshots-secret-screenshots-secret-0123',
      LOG_LEVEL: 'error',
      LOGIN_RATE_LIMIT: '1000',
      PAGE_RATE_LIMIT: '10000',
      FILE_RATE_LIMIT: '10000',
      DEMO_DATA: 'true',
      APP_NOW,
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit code ${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/backend/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server was not ready after 120 s');
}
