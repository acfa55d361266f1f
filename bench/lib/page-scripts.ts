/** The script files a server-rendered page of the site loads (bench:public-js, bench:floor-plan). */

interface ManifestEntry {
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry>;
}

/** The script files a rendered page names, in the order met. */
export function scriptFiles(html: string): string[] {
  const files = new Set<string>();
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(tag, 'rel');
    // In production the server writes `deferred-modulepreload` (lib/deferred-scripts.server.ts).
    const href = attr(tag, 'href');
    if (href && (rel === 'modulepreload' || rel === 'deferred-modulepreload')) files.add(href);
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, 'src');
    if (src && /\btype="(module|deferred-module)"/.test(tag)) files.add(src);
  }
  for (const [, body] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    // React Router's boot script: `import * as routeN from "…"`, `import("…")`, and the manifest.
    for (const [, spec] of body!.matchAll(/\bimport\s*(?:\*\s*as\s+\w+\s+from\s*|\(\s*)"([^"]+\.js)"/g))
      files.add(spec!);
    const manifestText = /window\.__reactRouterManifest\s*=\s*(\{[\s\S]*?\});\s*window\.__reactRouterRouteModules/.exec(
      body!,
    )?.[1];
    const modulesText = /window\.__reactRouterRouteModules\s*=\s*\{([^}]*)\}/.exec(body!)?.[1];
    if (!manifestText) continue;
    const manifest = JSON.parse(manifestText) as Manifest;
    const rendered = [...(modulesText ?? '').matchAll(/"([^"]+)":/g)].map(([, id]) => id!);
    for (const entry of [manifest.entry, ...rendered.map((id) => manifest.routes[id]!)]) {
      files.add(entry.module);
      for (const file of entry.imports ?? []) files.add(file);
    }
  }
  return [...files];
}
