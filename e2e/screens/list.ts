/**
 * The screens `npm run screenshots` takes: in each language and on each viewport, the site's
 * public pages (in the order of the site's table), the tabs of the exhibitor's and the
 * collaborator's area, and the back-office's lists. The walk through them is tour.ts.
 */
import type { PathKey } from '@salon/shared';
import { pathOf, paths } from '../../apps/web/app/config/paths';

export const LANGS = ['fr', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const VIEWPORTS = [
  { width: 360, height: 800 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
] as const;

/**
 * Pages the signed-out walk leaves out: a redirect, the pages the walk shoots signed in (the
 * exhibitor's area, the scanner, the controller's), and two it has never shot.
 */
const NOT_SHOT: ReadonlySet<PathKey> = new Set<PathKey>([
  'accueil',
  'maVisite',
  'confirmerParticipation',
  'espaceExposant',
  'scanner',
  'espaceControleur',
  'controleur',
  'readBadge',
]);
/** Screens not named as their address; their images in e2e/screenshots keep these names. */
const SHOT_AS: Partial<Record<PathKey, string>> = {
  home: 'home',
  googleRedirect: 'google-redirect',
  product: 'product-salon',
  ebadge: 'ebadge-invalid',
  borne: 'borne-setup',
};
/** The demo's edition, whose plan and programme are shot. */
const DEMO_YEAR = 2024;

/**
 * The site's pages a link names, in the order of the site's table (packages/shared/src/site-pages.ts);
 * `/accueil` and unknown paths only redirect home.
 */
export const PUBLIC_PAGES: [string, string][] = (Object.keys(paths) as PathKey[])
  .filter((key) => !NOT_SHOT.has(key))
  .map((key) => {
    const url = pathOf(key, DEMO_YEAR);
    return [SHOT_AS[key] ?? url.slice(1), url];
  });

export const AREA_TABS = {
  exhibitor: ['informations', 'badge', 'collaborateurs', 'ajouter-collaborateur', 'scans'],
  collaborator: ['informations', 'badge', 'scans'],
} as const;

/** The back-office: its dashboard, then its main lists (admin-app.tsx and resources/). */
export const ADMIN_LISTS = [
  'exhibitors',
  'enquiries',
  'visitors',
  'conferences',
  'partenaires',
  'gates',
  'checkins',
  'mails',
  'controllers',
];

export type Viewport = (typeof VIEWPORTS)[number];
