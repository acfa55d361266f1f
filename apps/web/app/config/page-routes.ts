import { SITE_PAGE_ROWS, type PageKey, type SitePage } from '@salon/shared';

/** A page with a route of its own: its row, its module's file (from apps/web/app) and its route id. */
export interface PageRoute {
  key: PageKey;
  page: SitePage;
  file: string;
  id: string;
}

/**
 * The pages of the site's table (packages/shared/src/site-pages.ts) that have a route, in its order.
 * routes.ts names each route's id, so that the ids other lists name (READING_PAGES) are these.
 */
export const PAGE_ROUTES: readonly PageRoute[] = SITE_PAGE_ROWS.filter(([, page]) => !page.servedBy).map(
  ([key, page]) => {
    const module = page.module ?? page.path.slice(1);
    return { key, page, file: `routes/${module}.tsx`, id: page.id ?? `routes/${module}` };
  },
);
