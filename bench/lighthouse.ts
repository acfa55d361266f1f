/**
 * Lighthouse 13 (mobile settings, Debian's Chromium) on the built app's main public pages, each
 * beside a copy of the same HTML with every script removed, measured in the same run.
 *
 *   npm run bench:lighthouse   (builds first; LIGHTHOUSE_RUNS=5 runs per page and per copy)
 *
 * The copy is the page's HTML as the server gave it, without its <script> elements and module
 * preloads, served by a plain node:http server that answers the page's own URL with it and hands
 * every other request (images, fonts, translations) to the real server: the copy shows what the
 * page would score if its scripts cost nothing. Real and copy runs alternate, so a busy moment of
 * the machine falls on both. Each figure is the median of its runs.
 *
 * Targets: Total Blocking Time ≤ 200 ms and performance within 3 points of the copy;
 * accessibility and SEO 100; the page's script ≤ 150 KB gzip (bench:public-js holds the tighter
 * budget of the home page's first load).
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { launchOptions } from '../e2e/local';
import { median } from './lib/stats';
import { printTable, startServer } from './start-server';

const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/annuaire,/programme-du-forum,/infos-pratiques,/plan-2024').split(
  ',',
);
const TARGETS = { tbtMs: 200, performanceBelowCopy: 3, accessibility: 100, seo: 100, jsKb: 150 };
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

/** The page without anything that runs or fetches a script. */
function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*\brel="(?:deferred-)?modulepreload"[^>]*>/g, '');
}

const server = await startServer();
const copies = new Map<string, string>();
// The plain static server of the copies; what it does not hold comes from the real server.
const copyServer = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://copy');
  const html = copies.get(url.pathname);
  if (html !== undefined) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
    return;
  }
  const upstream = request(new URL(req.url ?? '/', server.base), { method: req.method, headers: req.headers }, (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
});
await new Promise<void>((resolve) => copyServer.listen(0, '127.0.0.1', resolve));
const copyBase = `http://127.0.0.1:${(copyServer.address() as AddressInfo).port}`;

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
/**
 * One Lighthouse run in a Chromium of its own, started for it and closed after, as the stock
 * `lighthouse` command does (an outsider's measure starts one per run too): a browser
 * kept from run to run has its code caches warm and measures less work than a phone's first
 * visit. Debian's Chromium with the flags the e2e package gives it (e2e/local.ts), plus headless,
 * which Playwright adds and chrome-launcher does not.
 */
async function run(url: string): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({
    chromePath: launchOptions.executablePath,
    chromeFlags: ['--headless=new', ...launchOptions.args],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`no result for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}
const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? 0;
/** The audits of a category that count towards its score and did not pass. */
const failingAudits = (lhr: Lhr, category: string) =>
  (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);

async function gzipSize(url: string): Promise<number> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  return gzipSync(Buffer.from(await res.arrayBuffer())).length;
}

const rows: string[][] = [];
const notes: string[] = [];
let missed = 0;
try {
  for (const page of PAGES) {
    // A server in use has its code compiled and its data cached: warm it as the show's first
    // visitors would, so the first response time is not the one Lighthouse measures.
    for (let i = 0; i < 3; i++) await fetch(`${server.base}${page}`).then((r) => r.arrayBuffer());
    copies.set(page, withoutScripts(await (await fetch(`${server.base}${page}`)).text()));
    const real: Lhr[] = [];
    const copy: Lhr[] = [];
    for (let i = 0; i < RUNS; i++) {
      real.push(await run(`${server.base}${page}`));
      copy.push(await run(`${copyBase}${page}`));
    }
    const perf = median(real.map((r) => score(r, 'performance')));
    const copyPerf = median(copy.map((r) => score(r, 'performance')));
    const tbt = median(real.map((r) => numeric(r, 'total-blocking-time')));
    const copyTbt = median(copy.map((r) => numeric(r, 'total-blocking-time')));
    const lcp = median(real.map((r) => numeric(r, 'largest-contentful-paint')));
    const copyLcp = median(copy.map((r) => numeric(r, 'largest-contentful-paint')));
    const a11y = median(real.map((r) => score(r, 'accessibility')));
    const seo = median(real.map((r) => score(r, 'seo')));
    // A page kept out of search engines on purpose ('Ma visite': one device's list) fails
    // 'is-crawlable' and nothing else: its SEO is judged on the other audits.
    const noindex = real.every((r) => failingAudits(r, 'seo').join() === 'is-crawlable');
    // The run whose performance is the median one: its scripts and where the main thread went.
    const typical = [...real].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[
      Math.floor(real.length / 2)
    ]!;
    const requests = (
      typical.audits['network-requests']?.details as { items?: { resourceType?: string; url: string }[] }
    )?.items;
    const scripts = (requests ?? []).filter((r) => r.resourceType === 'Script').map((r) => r.url);
    const jsKb = (await Promise.all(scripts.map((url) => gzipSize(url)))).reduce((a, b) => a + b, 0) / 1024;

    const checks: [string, boolean][] = [
      ['TBT', tbt <= TARGETS.tbtMs],
      ['performance', perf >= copyPerf - TARGETS.performanceBelowCopy],
      ['accessibility', a11y >= TARGETS.accessibility],
      ['seo', seo >= TARGETS.seo || noindex],
      ['js', jsKb <= TARGETS.jsKb],
    ];
    const misses = checks.filter(([, ok]) => !ok).map(([name]) => name);
    missed += misses.length;
    rows.push([
      page,
      `${perf} / ${copyPerf}`,
      `${Math.round(tbt)} / ${Math.round(copyTbt)}`,
      `${(lcp / 1000).toFixed(2)} / ${(copyLcp / 1000).toFixed(2)}`,
      (lcp / copyLcp).toFixed(2),
      String(a11y),
      noindex ? `${seo} (noindex)` : String(seo),
      jsKb.toFixed(1),
      misses.length ? `MISS (${misses.join(', ')})` : 'PASS',
    ]);
    notes.push(
      `  ${page}: performance ${real.map((r) => score(r, 'performance')).join(', ')} (copy ${copy.map((r) => score(r, 'performance')).join(', ')}); TBT ms ${real.map((r) => Math.round(numeric(r, 'total-blocking-time'))).join(', ')}`,
    );
    // Where the main thread went in the typical run, so that a MISS says where to look.
    const work = (
      typical.audits['mainthread-work-breakdown']?.details as { items?: { group: string; duration: number }[] }
    )?.items;
    notes.push(`    main thread: ${(work ?? []).map((w) => `${w.group} ${Math.round(w.duration)} ms`).join(', ')}`);
    const bootup = (
      typical.audits['bootup-time']?.details as {
        items?: { url: string; scripting: number; scriptParseCompile: number }[];
      }
    )?.items;
    for (const item of (bootup ?? []).slice(0, 5))
      notes.push(
        `    ${item.url.replace(server.base, '')}: scripting ${Math.round(item.scripting)} ms, parse ${Math.round(item.scriptParseCompile)} ms`,
      );
    const longTasks = (typical.audits['long-tasks']?.details as { items?: { url: string; duration: number }[] })?.items;
    notes.push(
      `    long tasks: ${(longTasks ?? []).map((t) => `${t.url.replace(server.base, '')} ${Math.round(t.duration)} ms`).join(', ')}`,
    );
    for (const id of [...failingAudits(typical, 'accessibility'), ...failingAudits(typical, 'seo')])
      notes.push(`    ${id} — ${typical.audits[id]!.title}`);
  }
} finally {
  copyServer.close();
  await server.stop();
}
console.info(
  `Lighthouse 13, mobile, median of ${RUNS} runs per page and per script-free copy (page / copy); targets: TBT ≤ ${TARGETS.tbtMs} ms, performance ≥ copy − ${TARGETS.performanceBelowCopy}, accessibility ${TARGETS.accessibility}, SEO ${TARGETS.seo}, JS ≤ ${TARGETS.jsKb} KB gzip`,
);
printTable(['page', 'perf', 'TBT ms', 'LCP s', 'LCP ratio', 'a11y', 'seo', 'JS KB gz', 'result'], rows);
console.info(notes.join('\n'));
process.exit(missed ? 1 : 0);
