import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { PAGE_ROUTES } from './config/page-routes';

/** The routes of one layout, from the site's page table. */
const routesOf = (name: 'site' | 'minimal') =>
  PAGE_ROUTES.filter(({ page }) => (page.layout ?? 'site') === name).map(({ page, file, id }) =>
    page.path === '/' ? index(file, { id }) : route(page.path.slice(1), file, { id }),
  );

/** Every route of the specification's route table: one per row of the site's pages (config/page-routes.ts). */
export default [
  layout('components/layout/site-layout.tsx', routesOf('site')),
  layout('components/layout/minimal-layout.tsx', routesOf('minimal')),
  // /admin, the organisers' back-office, is a build of its own (vite.admin.config.ts) served by the API.
] satisfies RouteConfig;
