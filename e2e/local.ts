/**
 * What every browser run here takes from this machine: Debian's Chromium (nothing downloads a
 * browser) with the flags that keep it off the network, and a free port for a server of its own.
 * Used by playwright.config.ts, run.ts, screenshots.ts and bench/lighthouse.ts.
 */
import { createServer } from 'node:net';

/** The flags every Chromium run here needs: no sandbox (a container), no GPU, nothing fetched. */
export const REQUIRED_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * The features Playwright turns off in Chromium (playwright-core's chromiumSwitches.ts). Chromium
 * keeps only the last `--disable-features` it is given, and ours comes after Playwright's: it
 * repeats them (local.test.ts fails when Playwright's list holds one that this one lacks).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

export const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    ...REQUIRED_FLAGS,
    // Chromium 156 opens its address bar's two popups (web pages of its own, a renderer each, about
    // 0.4 core-second) for every new context's window, which a headless browser never shows:
    // measured in decision 051, nearly half of what a new context and its first page cost.
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'].join(',')}`,
  ],
};

/** A port nothing listens on now, on the loopback address. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
