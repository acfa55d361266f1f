import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { infoPages, minimalPages, paths } from './config/paths';

const slug = (key: keyof typeof paths) => paths[key].slice(1);

export default [
  layout('components/layout/site-layout.tsx', [
    index('routes/home.tsx'),
    route(slug('accueil'), 'routes/redirect-home.tsx', { id: 'accueil' }),
    ...infoPages.map((key) => route(slug(key), 'routes/info-page.tsx', { id: `page-${key}` })),
    route(slug('login'), 'routes/login.tsx'),
    route(slug('espaceExposant'), 'routes/espace-exposant.tsx'),
    route(slug('googleRedirect'), 'routes/google-redirect.tsx'),
    route('*', 'routes/redirect-home.tsx', { id: 'unknown' }),
  ]),
  layout('components/layout/minimal-layout.tsx', [
    ...minimalPages.map((key) => route(slug(key), 'routes/minimal-page.tsx', { id: `minimal-${key}` })),
  ]),
] satisfies RouteConfig;
