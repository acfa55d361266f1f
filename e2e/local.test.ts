import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { launchOptions, PLAYWRIGHT_DISABLED_FEATURES, REQUIRED_FLAGS } from './local';

/** Every feature a `--disable-features` of the process's command line names. */
const disabledFeatures = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    .split('\0')
    .filter((arg) => arg.startsWith('--disable-features='))
    .flatMap((arg) => arg.slice('--disable-features='.length).split(','));

describe('the browser the end-to-end suite starts', () => {
  it('turns off every feature Playwright turns off: Chromium keeps only the last --disable-features, ours', async () => {
    const server = await chromium.launchServer({ executablePath: launchOptions.executablePath, args: REQUIRED_FLAGS });
    try {
      const playwrights = disabledFeatures(server.process().pid!);
      expect(playwrights.length).toBeGreaterThan(0);
      expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(playwrights));
    } finally {
      await server.close();
    }
  });

  it('opens no address bar popup beside a new context’s page', async () => {
    const browser = await chromium.launch(launchOptions);
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto('data:text/plain,hello');
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { url: string }[] };
      expect(targetInfos.map((t) => t.url)).toContain('data:text/plain,hello');
      expect(targetInfos.filter((t) => t.url.includes('omnibox'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
