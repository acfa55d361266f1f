/**
 * Starts the end-to-end suite on a free port with a temporary data directory, so that it never
 * touches the developer's data and can run beside `npm start`, or beside the other half of the
 * suite: `--half=1` and `--half=2` run the files of each half (halves.ts), the other arguments go
 * to Playwright.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { filesOfHalf } from './halves';
import { freePort } from './local';

const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-e2e-'));
const gateDataDir = mkdtempSync(path.join(tmpdir(), 'salon-e2e-gate-'));
const port = await freePort();
let gatePort = await freePort();
while (gatePort === port) gatePort = await freePort();
const half = process.argv.find((a) => a.startsWith('--half='))?.slice('--half='.length);
if (half !== undefined && half !== '1' && half !== '2') throw new Error(`--half=${half}: 1 or 2`);
const args = process.argv.slice(2).filter((a) => !a.startsWith('--half='));
// Halves of the suite run side by side (scripts/test.sh): each writes its traces and camera files
// in a folder of its own, or one half's clean-up deletes what the other is writing.
if (half) args.push(...filesOfHalf(half === '1' ? 1 : 2), `--output=test-results/half-${half}`);
const child = spawn('npx', ['playwright', 'test', ...args], {
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
