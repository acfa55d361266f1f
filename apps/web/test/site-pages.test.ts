import { readdirSync } from 'node:fs';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import { isLinkPath, PUBLIC_PATHS, SITE_PAGE_ROWS, SITE_PAGES } from '@salon/shared';
import { PAGE_ROUTES } from '../app/config/page-routes';
import { paths } from '../app/config/paths';
import { READING_PAGES } from '../app/lib/deferred-scripts';
import routes from '../app/routes';

/** Every route of routes.ts, the layouts' children. */
const leaves = (entries: RouteConfigEntry[]): RouteConfigEntry[] =>
  entries.flatMap((entry) => (entry.children ? leaves(entry.children) : [entry]));
const routeTable = leaves(routes);

describe('the site’s page table', () => {
  it('names every route module under app/routes, and each module it names is there', () => {
    const modules = readdirSync(new URL('../app/routes', import.meta.url))
      .filter((name) => name.endsWith('.tsx'))
      .map((name) => `routes/${name}`);
    const named = new Set(PAGE_ROUTES.map(({ file }) => file));
    expect(modules.filter((file) => !named.has(file))).toEqual([]);
    expect([...named].filter((file) => !modules.includes(file))).toEqual([]);
  });

  it('gives routes.ts one route per page with a route of its own: at its path, from its module, under a unique id', () => {
    expect(routeTable.map(({ id, path, index, file }) => ({ id, path: index ? '/' : `/${path}`, file }))).toEqual(
      expect.arrayContaining(PAGE_ROUTES.map(({ id, page, file }) => ({ id, path: page.path, file }))),
    );
    expect(routeTable).toHaveLength(PAGE_ROUTES.length);
    expect(new Set(routeTable.map(({ id }) => id)).size).toBe(routeTable.length);
  });

  it('has a page with a route serve each page that has none', () => {
    const routed = new Set<string>(PAGE_ROUTES.map(({ key }) => key));
    for (const [key, page] of SITE_PAGE_ROWS)
      if (page.servedBy) expect(routed.has(page.servedBy), `${key} is served by ${page.servedBy}`).toBe(true);
  });

  it('gives the links every page whose address has no part to read, at its address', () => {
    const linked = SITE_PAGE_ROWS.filter(([, page]) => isLinkPath(page.path));
    expect(Object.entries(paths)).toEqual(linked.map(([key, page]) => [key, page.path]));
    expect(paths.infosHoraire).toBe(SITE_PAGES.infosHoraire.path);
  });

  it('lists in the sitemap only pages that links name and that have a route of their own', () => {
    const linkedAndRouted = new Set(
      PAGE_ROUTES.filter(({ page }) => isLinkPath(page.path)).map(({ page }) => page.path),
    );
    expect(PUBLIC_PATHS.length).toBeGreaterThan(0);
    expect(PUBLIC_PATHS.filter((path) => !linkedAndRouted.has(path))).toEqual([]);
    expect(PUBLIC_PATHS).toContain('/infos-horaire');
    expect(PUBLIC_PATHS).not.toContain('/bientot-disponible');
  });

  it('defers the scripts of routes of the table only, the pages that are read', () => {
    const ids = new Set(routeTable.map(({ id }) => id));
    expect([...READING_PAGES].filter((id) => !ids.has(id))).toEqual([]);
    expect(READING_PAGES).toContain('routes/infos-horaire');
    expect(READING_PAGES).toContain('routes/edition-page');
    expect(READING_PAGES).not.toContain('routes/infos-contact');
  });
});
