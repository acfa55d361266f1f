/**
 * Lighthouse 12 (mobile settings, Debian's Chromium) on the built app's main public pages:
 * performance, accessibility, best practices, SEO, and the gzipped JavaScript each page loads.
 *
 *   npm run build && npm run lighthouse -w @salon/bench   (LIGHTHOUSE_RUNS=5 runs per page)
 */
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { printTable, startServer } from './start-server';

const PAGES = ['/', '/annuaire', '/programme-du-forum', '/infos-pratiques'];
const TARGETS = { performance: 95, accessibility: 100, seo: 100, jsKb: 150 };
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});

const rows: string[][] = [];
const metrics: string[] = [];
let missed = 0;

async function gzipSize(url: string): Promise<number> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  return gzipSync(Buffer.from(await res.arrayBuffer())).length;
}
try {
  for (const page of PAGES) {
    // A server in use has its code compiled and its data cached: warm it as the show's first
    // visitors would, so the first response time is not the one Lighthouse measures.
    for (let i = 0; i < 3; i++) await fetch(`${server.base}${page}`).then((r) => r.arrayBuffer());
    // Lighthouse's simulated throttling moves with the machine's load: the median of RUNS runs,
    // by performance score, as Lighthouse's own documentation advises.
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${server.base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`no result for ${page}`);
      runs.push(result.lhr);
    }
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)]!;
    const { categories, audits } = lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const requests = (audits['network-requests']?.details as { items?: { resourceType?: string; url: string }[] })
      ?.items;
    // The scripts' gzipped bodies (Lighthouse's transfer sizes also count each response's headers).
    const scripts = (requests ?? []).filter((r) => r.resourceType === 'Script').map((r) => r.url);
    const sizes = await Promise.all(scripts.map((url) => gzipSize(url)));
    const jsKb = sizes.reduce((a, b) => a + b, 0) / 1024;
    const metric = (id: string) => audits[id]?.displayValue ?? '';
    metrics.push(
      `  ${page}: performance ${runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(', ')}; median run: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
    );
    const checks: [string, boolean][] = [
      ['performance', score('performance') >= TARGETS.performance],
      ['accessibility', score('accessibility') >= TARGETS.accessibility],
      ['seo', score('seo') >= TARGETS.seo],
      ['js', jsKb <= TARGETS.jsKb],
    ];
    const misses = checks.filter(([, ok]) => !ok).map(([name]) => name);
    missed += misses.length;
    rows.push([
      page,
      String(score('performance')),
      String(score('accessibility')),
      String(score('best-practices')),
      String(score('seo')),
      jsKb.toFixed(1),
      misses.length ? `MISS (${misses.join(', ')})` : 'PASS',
    ]);
    // What failed, so that a MISS says where to look.
    for (const [id, audit] of Object.entries(audits)) {
      const inCategory = ['accessibility', 'seo'].some((c) =>
        categories[c]?.auditRefs.some((ref) => ref.id === id && ref.weight > 0),
      );
      if (inCategory && audit.score !== null && audit.score < 1) console.info(`  ${page}: ${id} — ${audit.title}`);
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}
console.info(
  `Lighthouse 12, mobile, median of ${RUNS} runs per page; targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, SEO ${TARGETS.seo}, JS ≤ ${TARGETS.jsKb} KB gzip`,
);
printTable(['page', 'perf', 'a11y', 'best pr.', 'seo', 'JS KB gz', 'result'], rows);
console.info(metrics.join('\n'));
process.exit(missed ? 1 : 0);
