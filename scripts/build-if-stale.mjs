/**
 * `npm start`'s first step: builds the web app and the API only when their sources changed since
 * the last build, so that a second start takes seconds instead of minutes. The sources' content
 * (not their dates: a fresh clone dates every file alike) is hashed into a stamp written after a
 * build that succeeded; `npm run build` always builds.
 */
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** What the builds read. Tests, and what the builds write, are left out. */
const inputs = ['package-lock.json', 'tsconfig.base.json', 'packages/shared', 'apps/web', 'apps/api'];
const skipped = new Set(['node_modules', 'build', 'dist', '.react-router', 'test']);
const stamp = path.join(root, 'apps/api/dist/.sources-hash');
const outputs = ['apps/api/dist/server.js', 'apps/web/build'];

function files(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !skipped.has(entry.name) && !entry.name.endsWith('.test.ts'))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => files(path.join(relative, entry.name)));
}

const hash = createHash('sha256');
for (const file of inputs.flatMap(files)) hash.update(`${file}\0`).update(readFileSync(path.join(root, file)));
const sources = hash.digest('hex');

const built = outputs.every((output) => existsSync(path.join(root, output)));
if (built && existsSync(stamp) && readFileSync(stamp, 'utf8') === sources) {
  console.info('build: up to date with the sources, not rebuilt (npm run build rebuilds)');
} else {
  console.info('build: the sources changed since the last build (or none was made): building, a few minutes…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, sources);
}
