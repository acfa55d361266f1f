/**
 * `test` with `cameraPage(scenes)`: a page in a Chromium of its own whose camera films those
 * scenes (the video file is a launch switch, so one browser per call), with the project's
 * device, locale and base URL. When the test fails, the camera page's screenshot, its
 * accessibility snapshot, its video element's state and its console are attached: the trace
 * records the test's own browser, not this one.
 */
import { rm, writeFile } from 'node:fs/promises';
import { test as base, type Browser, type Page } from '@playwright/test';
import { launchWithCamera, writeScenesVideo, type CameraScene } from './fake-camera';

export const test = base.extend<{ cameraPage: (scenes: CameraScene[]) => Promise<Page> }>({
  cameraPage: async (
    { launchOptions, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL, locale, timezoneId },
    use,
    testInfo,
  ) => {
    const opened: { browser: Browser; page: Page; file: string; log: string[] }[] = [];
    await use(async (scenes) => {
      const file = testInfo.outputPath(`camera-${opened.length}.y4m`);
      await writeScenesVideo(file, scenes);
      const { browser, page } = await launchWithCamera(file, launchOptions, {
        viewport,
        userAgent,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        baseURL,
        locale,
        timezoneId,
      });
      const log: string[] = [];
      page.on('console', (message) => log.push(`${message.type()}: ${message.text()}`));
      page.on('pageerror', (error) => log.push(`pageerror: ${error.message}`));
      opened.push({ browser, page, file, log });
      return page;
    });
    for (const [i, { browser, page, file, log }] of opened.entries()) {
      if (testInfo.status !== testInfo.expectedStatus) {
        const shot = await page.screenshot({ fullPage: true }).catch(() => null);
        if (shot) await testInfo.attach(`camera page ${i}`, { body: shot, contentType: 'image/png' });
        const snapshot = await page
          .locator('body')
          .ariaSnapshot()
          .catch(() => '');
        const video = await page
          .evaluate(() => {
            const v = document.querySelector('video');
            return v && { width: v.videoWidth, height: v.videoHeight, readyState: v.readyState, paused: v.paused };
          })
          .catch(() => null);
        const report = testInfo.outputPath(`camera-page-${i}.txt`);
        await writeFile(report, `${page.url()}\n${snapshot}\n\nvideo: ${JSON.stringify(video)}\n\n${log.join('\n')}\n`);
        await testInfo.attach(`camera page ${i}`, { path: report, contentType: 'text/plain' });
      }
      await browser.close();
      await rm(file, { force: true });
    }
  },
});

export { expect } from '@playwright/test';
