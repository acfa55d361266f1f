import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths';

/**
 * `npm start` builds only when the sources changed (scripts/build-if-stale.mjs): the script runs in
 * a copy of the tree's shape, with an `npm` of its own that records each build instead of making it.
 */
const root = mkdtempSync(path.join(tmpdir(), 'salon-build-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function file(relative: string, text = '') {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), text);
}
mkdirSync(path.join(root, 'scripts'));
copyFileSync(path.join(repoRoot, 'scripts/build-if-stale.mjs'), path.join(root, 'scripts/build-if-stale.mjs'));
file('package-lock.json', '{}');
file('apps/web/app/root.tsx', 'export {};\n');
file('apps/api/src/server.ts', 'export {};\n');
file('apps/api/test/helper.ts', 'export {};\n');
file('packages/shared/src/index.ts', 'export {};\n');
// The builds' outputs, as `npm run build` leaves them.
file('apps/api/dist/server.js');
mkdirSync(path.join(root, 'apps/web/build'), { recursive: true });
file('bin/npm', `#!/bin/sh\necho "$@" >> "${root}/builds"\n`);
chmodSync(path.join(root, 'bin/npm'), 0o755);

const start = () =>
  execFileSync('node', ['scripts/build-if-stale.mjs'], {
    cwd: root,
    env: { ...process.env, PATH: `${path.join(root, 'bin')}:${process.env.PATH}` },
    encoding: 'utf8',
  });
const builds = () => {
  const log = path.join(root, 'builds');
  return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
};

describe('npm start', () => {
  it('builds on the first start, and not again while no source changed', () => {
    expect(start()).toMatch(/^build: the sources changed since the last build \(or none was made\)/);
    expect(builds()).toEqual(['run build']);
    expect(start()).toBe('build: up to date with the sources, not rebuilt (npm run build rebuilds)\n');
    expect(builds()).toHaveLength(1);
  });

  it('builds again after a change to the web app, the API or the shared code, but not to a test', () => {
    appendFileSync(path.join(root, 'apps/api/test/helper.ts'), '// a test helper changed\n');
    start();
    expect(builds()).toHaveLength(1);
    for (const source of ['apps/web/app/root.tsx', 'apps/api/src/server.ts', 'packages/shared/src/index.ts']) {
      appendFileSync(path.join(root, source), '// changed\n');
      start();
      start();
    }
    expect(builds()).toHaveLength(4);
  });

  it('builds again when an output of the last build is gone', () => {
    rmSync(path.join(root, 'apps/web/build'), { recursive: true });
    start();
    expect(builds()).toHaveLength(5);
  });
});
