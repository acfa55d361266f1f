/**
 * Taking one screen's picture: a browser context in the screen's language and viewport, the page
 * settled as a person would see it, the full page cut at MAX_HEIGHT and written as a JPEG to
 * e2e/screenshots/<lang>/<width>/<name>.jpg, unless the run's filter (its first argument) leaves
 * the name out; the page errors and server errors seen meanwhile.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Lang, Viewport } from './list';

/** Where the pictures go. */
export const outDir = path.join(import.meta.dirname, '..', 'screenshots');
/** The run's filter: only the screens whose name holds this word. */
export const only = process.argv[2];

/** Lazy images loaded, fonts ready, nothing left loading: the page as a person sees it after a moment. */
export async function settle(page: Page) {
  // Pages that are read start their scripts at the first interaction (decision 025): a person moves the mouse.
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"], .MuiLinearProgress-root, .MuiCircularProgress-root') &&
        // React has hydrated the page (the back-office has no #main and is drawn on the client).
        (!document.querySelector('#main') ||
          Object.keys(document.querySelector('#main')!).some((key) => key.startsWith('__reactProps$'))),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
    const pending = Array.from(document.images)
      .filter((img) => !img.complete)
      .map(
        (img) =>
          new Promise((resolve) => {
            img.addEventListener('load', resolve);
            img.addEventListener('error', resolve);
          }),
      );
    await Promise.race([
      Promise.all([...pending, document.fonts.ready]),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]);
  });
  // Charts (the back-office's dashboard) draw themselves in 1.5 s.
  const charts = await page.locator('.recharts-wrapper').count();
  await page.waitForTimeout(charts ? 2_000 : 300);
}

/** Whether this run takes any of these screens (all of them without a filter). */
export const wants = (...names: string[]) => !only || names.some((name) => name.includes(only));

/**
 * Past this height a page is cut (the scans tab on a phone is 22,000 px tall; its first cards
 * show what the others look like).
 */
const MAX_HEIGHT = 6000;

let taken = 0;
/** How many pictures this run has taken so far. */
export const takenSoFar = () => taken;

export async function shoot(page: Page, lang: Lang, width: number, name: string) {
  if (!wants(name)) return;
  await settle(page);
  const dir = path.join(outDir, lang, String(width));
  mkdirSync(dir, { recursive: true });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const png = await page.screenshot({
    fullPage: true,
    clip: height > MAX_HEIGHT ? { x: 0, y: 0, width, height: MAX_HEIGHT } : undefined,
    animations: 'disabled',
    caret: 'hide',
    // Times of day that change on every run.
    mask: [page.getByTestId('gate-last-sync')],
    maskColor: '#c5ccd6',
  });
  // MozJPEG: a third smaller than the browser's own JPEG for the same look, so the folder stays small.
  await sharp(png)
    .jpeg({ quality: 58, mozjpeg: true })
    .toFile(path.join(dir, `${name}.jpg`));
  taken += 1;
}

/** Opens `url` and takes its picture, unless a filter leaves the name out. */
export async function visit(page: Page, lang: Lang, width: number, name: string, url: string) {
  if (!wants(name)) return;
  await page.goto(url);
  await shoot(page, lang, width, name);
}

/** Signs in on the page's form (any language: the fields are found by their type). */
export async function signIn(page: Page, url: string, email: string, password: string) {
  await page.goto(url);
  await settle(page);
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('form:has(input[type=password]) button[type=submit]').click();
}

export const problems: string[] = [];

export async function newContext(browser: Browser, baseURL: string, lang: Lang, viewport: Viewport) {
  const small = viewport.width < 1000;
  const context = await browser.newContext({
    baseURL,
    viewport,
    deviceScaleFactor: 1,
    isMobile: small,
    hasTouch: small,
    locale: lang === 'fr' ? 'fr-FR' : 'en-GB',
    timezoneId: 'Africa/Casablanca',
  });
  // The language the visitor chose, as the language switch keeps it (the back-office reads it too).
  await context.addCookies([{ name: 'lang', value: lang, url: baseURL }]);
  await context.addInitScript((value) => {
    try {
      localStorage.setItem('lang', value);
    } catch {
      // A document without storage (a PDF opened by a download link).
    }
  }, lang);
  return context;
}

export function watch(page: Page, label: string) {
  page.on('pageerror', (error) => problems.push(`${label}: ${error.message}`));
  page.on('response', (res) => {
    if (res.status() >= 500) problems.push(`${label}: ${res.status()} ${res.url()}`);
  });
}
