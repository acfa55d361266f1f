/**
 * `npm run screenshots`: a full-page picture of every screen, in French and English, on a phone
 * (360 × 800), a tablet (768 × 1024) and a laptop (1366 × 768), into
 * e2e/screenshots/<lang>/<width>/<name>.jpg, so that a person can look at every screen and a
 * rerun shows in `git diff` what changed.
 *
 * Starts the built server (`npm run build` first; the root script does it) on a free port with
 * demo data in a temporary directory, as the end-to-end suite does, signs in the demo accounts
 * and visits: every route of apps/web/app/routes.ts (the two that only redirect home excepted),
 * every tab of the exhibitor's and the collaborator's area, the scanner, the gate and kiosk
 * screens, and the back-office's dashboard and lists. Nothing is downloaded: Debian's Chromium.
 *
 * `npm run screenshots -w @salon/e2e -- <word>` takes only the screens whose name contains the
 * word, and keeps the other images.
 *
 * Its parts are in e2e/screens/: list.ts (the screens, languages and viewports), server.ts,
 * demo-data.ts (what the screens show beyond the demo data), camera.ts (one picture), tour.ts
 * (the walk through every screen).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { freePort, launchOptions } from './local';
import { only, outDir, problems, takenSoFar } from './screens/camera';
import { prepareData } from './screens/demo-data';
import { LANGS } from './screens/list';
import { root, startServer } from './screens/server';
import { shootAll } from './screens/tour';

function folderSize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

const started = Date.now();
const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-screenshots-'));
const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
let browser: Browser | undefined;
/** Stops the server, waits until it has let go of its data, and removes them. */
async function cleanUp() {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  void cleanUp().finally(() => process.exit(130));
});
try {
  server = await startServer(port, dataDir);
  const prepared = await prepareData(baseURL, dataDir);
  browser = await chromium.launch(launchOptions);
  // The forum programme's first conference, for the route conference/:id.
  const probe = await browser.newPage({ baseURL });
  await probe.goto('/programme-du-forum');
  const conferencePath = await probe.locator('#main a[href^="/conference/"]').first().getAttribute('href');
  if (!conferencePath) throw new Error('no conference link on /programme-du-forum');
  await probe.close();
  // A full run starts from an empty folder, so that a screen that no longer exists leaves no picture.
  if (!only) for (const lang of LANGS) rmSync(path.join(outDir, lang), { recursive: true, force: true });
  await shootAll(browser, baseURL, prepared, conferencePath);
  console.info(
    `${takenSoFar()} screenshots in ${Math.round((Date.now() - started) / 1000)} s, ` +
      `${(folderSize(outDir) / 1e6).toFixed(1)} MB in ${path.relative(root, outDir)}/`,
  );
  if (problems.length) {
    console.warn(`Seen while taking them (${problems.length}):\n${[...new Set(problems)].join('\n')}`);
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await cleanUp();
}
