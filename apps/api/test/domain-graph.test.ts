import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API's domains stand side by side, each importing only those below it: drawn from the source, the graph of
 * which domain imports which has no loop, the mail imports no domain (server.ts gives it what it
 * needs), and the ground the others stand on (the current show, the audit log) imports none
 * either. ESLint's api-boundaries/domain-order keeps each import pointing down; this draws the
 * whole picture, tests and scenes left out (they may reach any domain to build their world).
 */

const DOMAINS = path.join(import.meta.dirname, '../src/domains');
const IMPORT = /(?:from|import)\s*\(?\s*'(\.[^']+)'/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|-scene\.ts$/.test(entry.name) ? [file] : [];
  });
}

/** `from` → the domains it imports, each with one file that does. */
function domainGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sources(DOMAINS)) {
    const from = path.relative(DOMAINS, file).split(path.sep)[0]!;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = path.relative(DOMAINS, path.resolve(path.dirname(file), specifier!));
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
