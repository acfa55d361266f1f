/**
 * The screens `npm run screenshots` takes: in each language and on each viewport, the site's
 * public pages (in the order of apps/web/app/routes.ts), the tabs of the exhibitor's and the
 * collaborator's area, and the back-office's lists. The walk through them is tour.ts.
 */

export const LANGS = ['fr', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const VIEWPORTS = [
  { width: 360, height: 800 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
] as const;

/** The site's pages, in the order of routes.ts; `/accueil` and unknown paths only redirect home. */
export const PUBLIC_PAGES: [string, string][] = [
  ['home', '/'],
  ['historique', '/historique'],
  ['forum', '/forum'],
  ['secteurs-activites', '/secteurs-activites'],
  ['bientot-disponible', '/bientot-disponible'],
  ['biographie-des-intervenants', '/biographie-des-intervenants'],
  ['pourquoi-exposer', '/pourquoi-exposer'],
  ['pourquoi-sponsoriser', '/pourquoi-sponsoriser'],
  ['intervenir-lors-du-forum', '/intervenir-lors-du-forum'],
  ['conference', '/conference'],
  ['annuaire', '/annuaire'],
  ['programme-du-forum', '/programme-du-forum'],
  ['editorial', '/editorial'],
  ['structure-et-organisation', '/structure-et-organisation'],
  ['infos-pratiques', '/infos-pratiques'],
  ['infos-horaire', '/infos-horaire'],
  ['infos-lieu', '/infos-lieu'],
  ['infos-acces-au-salon', '/infos-acces-au-salon'],
  ['infos-contact', '/infos-contact'],
  ['plan-2024', '/plan-2024'],
  ['programme-2024', '/programme-2024'],
  ['telechargement', '/telechargement'],
  ['not-found', '/not-found'],
  ['exposer', '/exposer'],
  ['demander-votre-badge', '/demander-votre-badge'],
  ['assister-au-forum', '/assister-au-forum'],
  ['newsletter', '/newsletter'],
  ['login', '/login'],
  ['mot-de-passe-oublie', '/mot-de-passe-oublie'],
  ['definir-mot-de-passe', '/definir-mot-de-passe'],
  ['invitation-collaborateur', '/invitation-collaborateur'],
  ['confirmer-email', '/confirmer-email'],
  ['google-redirect', '/connect/google/redirect'],
  ['product-salon', '/salon'],
  // The minimal layout's pages seen signed out.
  ['ebadge-invalid', '/ebadge'],
  ['login-controleur', '/login-controleur'],
  ['borne-setup', '/borne'],
];

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
