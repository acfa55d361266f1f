/**
 * The JavaScript each main public page loads, gzipped at level 9: every file the server-rendered
 * HTML names (module preloads, module scripts, the boot script's imports) and the route manifest's
 * entry and the modules of the routes the page renders (root, layout, page) with their imports.
 *
 *   npm run bench:public-js   (builds first; `npm run public-js -w @salon/bench` on a build)
 *
 * Two figures per page: what loads before the visitor's first interaction (a page that is read
 * starts its scripts at the first touch, key or scroll, lib/deferred-scripts.ts: nothing then)
 * and the whole, which loads at that moment.
 * Budgets of the home page: 120 KB before the first interaction; 146.4 KB for the
 * whole, as before the back-office existed (commit b5e16f3's parent), compared at the table's
 * precision (0.1 KB: a chunk's hashed name in an import moves its compressed size by a few bytes).
 */
import { gzipSync } from 'node:zlib';
import { scriptFiles } from './lib/page-scripts';
import { printTable, startServer } from './start-server';

const PAGES = ['/', '/annuaire', '/programme-du-forum', '/infos-pratiques'];
const HOME_BUDGET_KB = 146.4;
const HOME_FIRST_INTERACTION_BUDGET_KB = 120;

const server = await startServer();
const rows: string[][] = [];
let home = 0;
let homeBefore = 0;
try {
  for (const page of PAGES) {
    const html = await (await fetch(`${server.base}${page}`)).text();
    const files = scriptFiles(html);
    let bytes = 0;
    for (const file of files) {
      const res = await fetch(new URL(file, server.base), { headers: { 'accept-encoding': 'identity' } });
      if (!res.ok) throw new Error(`${file}: ${res.status}`);
      bytes += gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
    }
    const kb = bytes / 1024;
    // The starter script says when the page's scripts start (root.tsx).
    const before = /data-scripts-start="on-interaction"/.test(html) ? 0 : kb;
    if (page === '/') [home, homeBefore] = [kb, before];
    rows.push([page, String(files.length), before.toFixed(1), kb.toFixed(1)]);
  }
} finally {
  await server.stop();
}
printTable(['route', 'files', 'KB gz before 1st interaction', 'KB gz in all'], rows);
const withinBudget = Number(home.toFixed(1)) <= HOME_BUDGET_KB;
const beforeWithin = Number(homeBefore.toFixed(1)) <= HOME_FIRST_INTERACTION_BUDGET_KB;
console.info(
  `\nhome page: ${homeBefore.toFixed(1)} KB before the first interaction, budget ${HOME_FIRST_INTERACTION_BUDGET_KB} KB: ${beforeWithin ? 'ok' : 'MISS'}`,
);
console.info(`home page: ${home.toFixed(1)} KB in all, budget ${HOME_BUDGET_KB} KB: ${withinBudget ? 'ok' : 'MISS'}`);
if (!withinBudget || !beforeWithin) process.exitCode = 1;
