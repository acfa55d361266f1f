import { isLinkPath, SITE_PAGE_ROWS, type PathKey, type SITE_PAGES } from '@salon/shared';

/**
 * The address of every page a link names, from the site's table (packages/shared/src/site-pages.ts):
 * the names are French and fixed, so a typo there is a broken link. `{year}` is the edition's year (pathOf).
 */
export const paths = Object.fromEntries(
  SITE_PAGE_ROWS.filter(([, page]) => isLinkPath(page.path)).map(([key, page]) => [key, page.path]),
) as { readonly [K in PathKey]: (typeof SITE_PAGES)[K]['path'] };

/**
 * A page's path; the edition's pages (plan, programme) at the year of the edition shown, or the
 * downloads page while that year is not known (a page the server did not render).
 */
export const pathOf = (key: PathKey, year: number | null | undefined): string =>
  paths[key].includes('{year}')
    ? year
      ? paths[key].replace('{year}', String(year))
      : paths.telechargement
    : paths[key];

/**
 * The id of the plan page's frame (the drawing and the stand's card), which a link to a stand names:
 * the page opens there, below the sticky header (`scroll-margin-top` in floor-plan.css), before
 * and without its scripts, which then never move it (plan-page.tsx).
 */
export const PLAN_ANCHOR = 'plan';

/** A stand on the floor plan of the edition shown, from anywhere on the site ('Voir sur le plan'). */
export const standOnPlan = (stand: string, year: number) =>
  `${pathOf('plan', year)}?stand=${encodeURIComponent(stand)}#${PLAN_ANCHOR}`;

/** The ids of the home page's two forms, which the site's calls to action open. */
export const homeFormIds = {
  visitorRegistration: 'inscription-visiteur',
  exhibitorEnquiry: 'demande-exposant',
} as const;

/**
 * Where the calls to action lead: the forms that do what they say. 'Exposer' opens the exhibitor
 * enquiry, 'Obtenir mon badge' the visitor registration (both on the home page); the pages at
 * /exposer and /demander-votre-badge say the same and carry the same links for whoever arrives
 * there from elsewhere.
 */
export const formLinks = {
  exhibitorEnquiry: `/#${homeFormIds.exhibitorEnquiry}`,
  visitorRegistration: `/#${homeFormIds.visitorRegistration}`,
} as const;

/** A menu entry that is not a page of its own: its label (a translation key) and its target. */
export interface NavAction {
  label: string;
  to: string;
}

/**
 * Header navigation: every page a visitor looks for. The two actions lead straight to their
 * forms; /bientot-disponible is in no menu (nothing on the site is still to come).
 */
export const navigation: { key: string; items: (PathKey | NavAction)[] }[] = [
  {
    key: 'salon',
    items: [
      'product',
      'historique',
      'editorial',
      'structure',
      'secteurs',
      'annuaire',
      'plan',
      'maVisite',
      'telechargement',
    ],
  },
  {
    key: 'forum',
    items: ['forum', 'programme', 'programmePdf', 'conference', 'biographies', 'intervenir', 'assisterAuForum'],
  },
  {
    key: 'exposer',
    items: [
      { label: 'home.exhibitor.title', to: formLinks.exhibitorEnquiry },
      'pourquoiExposer',
      'pourquoiSponsoriser',
      { label: 'pages.demanderVotreBadge.title', to: formLinks.visitorRegistration },
    ],
  },
  { key: 'infos', items: ['infosPratiques', 'infosHoraire', 'infosLieu', 'infosAcces', 'infosContact'] },
];

/** A return URL is followed only when it stays on this site. */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
