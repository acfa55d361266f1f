/**
 * Starts the end-to-end suite on a free port with a temporary data directory, so that it never
 * touches the developer's data and can run beside `npm start`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './local';

const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-e2e-'));
const gateDataDir = mkdtempSync(path.join(tmpdir(), 'salon-e2e-gate-'));
const port = await freePort();
let gatePort = await freePort();
while (gatePort === port) gatePort = await freePort();
const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: import.meta.dirname,
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_PORT: String(port),
    E2E_DATA_DIR: dataDir,
    E2E_GATE_PORT: String(gatePort),
    E2E_GATE_DATA_DIR: gateDataDir,
  },
});
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(gateDataDir, { recursive: true, force: true });
  process.exit(code ?? 1);
});
