/**
 * What every browser run here takes from this machine: Debian's Chromium (nothing downloads a
 * browser) with the flags that keep it off the network, and a free port for a server of its own.
 * Used by playwright.config.ts, run.ts, screenshots.ts and bench/lighthouse.ts.
 */
import { createServer } from 'node:net';

export const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    // Chromium 156 opens its address bar's two popups (web pages of its own, a renderer each, about
    // 0.4 core-second) for every new context's window, which a headless browser never shows:
    // measured in decision 051, nearly half of what a new context and its first page cost.
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
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
