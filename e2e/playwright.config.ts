import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { googleServiceAccount, walletCertificates } from '../apps/api/test/wallet-certificates';
import { launchOptions } from './local';

const port = Number(process.env.E2E_PORT ?? 3210);
/**
 * A second server whose clock stands inside the show (APP_NOW), for the gates: a badge is
 * admitted only during the show's days and hours.
 */
const gatePort = Number(process.env.E2E_GATE_PORT ?? 3211);
export const GATE_BASE_URL = `http://127.0.0.1:${gatePort}`;
export const GATE_APP_NOW = '2024-05-30T10:00:00+01:00';
/** The tag of the tests that run on the phone project alone (see `projects`). */
const PHONE_ONLY = /@phone\b/;
export const E2E_JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456789';
const root = path.resolve(import.meta.dirname, '..');
/**
 * The first server offers Apple Wallet passes, signed by a chain made for the run (a throwaway CA
 * in Apple's place), and Google Wallet links, signed by a key made for the run; the gates' server
 * offers neither. Made once: the workers read it back from the
 * environment the main process leaves them.
 */
process.env.E2E_WALLET_ENV ??= JSON.stringify({ ...walletCertificates().env, ...googleServiceAccount().env });
const walletEnv = JSON.parse(process.env.E2E_WALLET_ENV) as Record<string, string>;

/** The built app, as `npm start` serves it: plain node on the compiled API (the test script builds first). */
function server(serverPort: number, dataDir: string, env: Record<string, string> = {}) {
  return {
    command: 'node --enable-source-maps apps/api/dist/server.js',
    cwd: root,
    url: `http://127.0.0.1:${serverPort}/backend/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'production',
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: E2E_JWT_SECRET,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '100',
      // Every test opens pages from 127.0.0.1, many more a minute than a person does.
      PAGE_RATE_LIMIT: '1000',
      // And their pictures and PDFs, each page's dozens.
      FILE_RATE_LIMIT: '10000',
      DEMO_DATA: 'true',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  // On CI, a test that fails is run once more, and Playwright's summary names it 'flaky' when the
  // second run passes: the log says which test to fix, and one slow moment of a busy 2-core machine
  // does not throw a whole run away (decision 028). A test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  // And, at the end, where the time went and every test that needed its retry (run-summary-reporter.ts).
  reporter: [[process.env.CI ? 'line' : 'list'], ['./run-summary-reporter.ts']],
  // CI shares two cores between two halves of the suite, their four servers and two browsers: at a
  // load of 15, a test that takes 10 s alone took over 30 (decision 028). Twice the time there.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'fr-FR',
    timezoneId: 'Africa/Casablanca',
    trace: 'on-first-retry',
    launchOptions,
  },
  projects: [
    // The demo edition's registration opened before any test (tests/registration-open.setup.ts).
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions },
      testIgnore: /mobile\.spec\.ts/,
      // Tests tagged '@phone' run on the phone alone: a flow that only a phone does at the show (the
      // camera at a gate or a stand, a stand's scans kept offline in a hall). Run on both screens,
      // they were a minute of CI each for the same finding (decision 041).
      grepInvert: PHONE_ONLY,
      dependencies: ['setup'],
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions },
      testMatch:
        /(mobile|area|scans|gate|before-the-scripts|floor-plan-frame|agency-mark|exhibitor-page|my-visit)\.spec\.ts/,
      dependencies: ['setup'],
    },
  ],
  webServer: [
    server(port, process.env.E2E_DATA_DIR ?? path.join(root, 'data/e2e'), walletEnv),
    server(gatePort, process.env.E2E_GATE_DATA_DIR ?? path.join(root, 'data/e2e-gate'), { APP_NOW: GATE_APP_NOW }),
  ],
});
