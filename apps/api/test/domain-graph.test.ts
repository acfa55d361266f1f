import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API's domains stand side by side, each importing only those below it: drawn from the source, the graph of
 * which domain imports which has no loop, the mail imports no domain (server.ts gives it what it
 * needs), and the ground the others stand on (the current show, the audit log) imports none
 * either. ESLint's api-boundaries/domain-order keeps each import pointing down; this draws the
 * whole picture, test code left out (it may reach any domain to build its world). And the source
 * imports no test code: what the production build bundles is the app alone.
 */

const SRC = path.join(import.meta.dirname, '../src');
const DOMAINS = path.join(SRC, 'domains');
const IMPORT = /(?:from|import)\s*\(?\s*'([^']+)'/g;
/** Test code beside the source, named as eslint.config.js's TEST_CODE names it. */
const TEST_CODE = /\.test\.ts$|\.test-support\.ts$/;

/** The source files under `dir`, test code left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.[jt]s$/.test(entry.name) && !TEST_CODE.test(entry.name) ? [file] : [];
  });
}

/** What `file` imports, as written. */
function imports(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].map(([, specifier]) => specifier!);
}

function packageJson(dir: string): { dependencies?: object; devDependencies?: object } {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    dependencies?: object;
    devDependencies?: object;
  };
}

/** The packages a production install leaves out (`npm ci --omit=dev`, Dockerfile): vitest, jsqr… */
const DEV_ONLY = (() => {
  const api = packageJson(path.join(import.meta.dirname, '..'));
  const root = packageJson(path.join(import.meta.dirname, '../../..'));
  const dev = new Set([...Object.keys(api.devDependencies ?? {}), ...Object.keys(root.devDependencies ?? {})]);
  for (const name of Object.keys(api.dependencies ?? {})) dev.delete(name);
  return dev;
})();

/** Whether `specifier`, imported by `file`, is test code: the test folder, a test support module, a package only tests install. */
function isTestCode(file: string, specifier: string): boolean {
  if (specifier.startsWith('.')) {
    const target = path.resolve(path.dirname(file), specifier);
    return !path.relative(import.meta.dirname, target).startsWith('..') || /\.test(-support)?(\.ts)?$/.test(target);
  }
  const [scope, name] = specifier.split('/');
  return DEV_ONLY.has(scope!.startsWith('@') ? `${scope}/${name}` : scope!);
}

/** `from` → the domains it imports, each with one file that does. */
function domainGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sources(DOMAINS)) {
    const from = path.relative(DOMAINS, file).split(path.sep)[0]!;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const specifier of imports(file).filter((s) => s.startsWith('.'))) {
      const target = path.relative(DOMAINS, path.resolve(path.dirname(file), specifier));
      const to = target.split(path.sep)[0]!;
      if (!target.startsWith('..') && to !== from && !edges.has(to)) {
        edges.set(to, path.relative(DOMAINS, file));
      }
    }
  }
  return graph;
}

/** A loop of imports between domains, as 'a → b → a' with the files that make each arrow, or null. */
function findLoop(graph: Map<string, Map<string, string>>): string | null {
  const done = new Set<string>();
  const walk = (node: string, trail: string[]): string | null => {
    const at = trail.indexOf(node);
    if (at >= 0) {
      const loop = [...trail.slice(at), node];
      return loop
        .slice(1)
        .map((to, i) => `${loop[i]} → ${to} (${graph.get(loop[i]!)!.get(to)})`)
        .join(', ');
    }
    if (done.has(node)) return null;
    for (const next of graph.get(node)?.keys() ?? []) {
      const found = walk(next, [...trail, node]);
      if (found) return found;
    }
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const found = walk(node, []);
    if (found) return found;
  }
  return null;
}

describe('the API’s domains', () => {
  const graph = domainGraph();

  it('are drawn from every domain folder', () => {
    expect([...graph.keys()].sort()).toEqual(
      readdirSync(DOMAINS, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort(),
    );
    // Some arrows at all: a graph read wrong would pass the rules below empty.
    expect(graph.get('back-office')?.size).toBeGreaterThan(5);
  });

  it('import each other one way: no domain reaches back to one that imports it, directly or around a loop', () => {
    expect(findLoop(graph)).toBeNull();
  });

  it('stand on a ground that imports no domain: the mail, the current show and the audit log', () => {
    for (const ground of ['mail', 'show', 'audit']) {
      expect(Object.fromEntries(graph.get(ground) ?? []), ground).toEqual({});
    }
  });
});

describe('the API’s source', () => {
  const gate = path.join(DOMAINS, 'gate/gate.routes.ts');

  it('tells test code from source: the test folder, test support modules, packages only tests install', () => {
    for (const specifier of [
      'vitest',
      '../../../test/helper',
      '../../../test/fixtures',
      './gate.test-support',
      'jsqr',
      '@napi-rs/canvas',
    ]) {
      expect(isTestCode(gate, specifier), specifier).toBe(true);
    }
    for (const specifier of [
      './gate.service',
      '../../db/schema',
      'fastify',
      'drizzle-orm/pg-core',
      '@salon/shared',
      'node:fs',
    ]) {
      expect(isTestCode(gate, specifier), specifier).toBe(false);
    }
  });

  it('imports no test code: what is not a test or a test support module under src stands without the tests', () => {
    const files = sources(SRC);
    // A walk read wrong would pass empty.
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      imports(file)
        .filter((specifier) => isTestCode(file, specifier))
        .map((specifier) => `${path.relative(SRC, file)} imports ${specifier}`),
    );
    expect(found).toEqual([]);
  });
});
