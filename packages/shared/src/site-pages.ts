/**
 * Every page of the site, one row each, in the order of its routes. The web's route table
 * (apps/web/app/routes.ts), its links (`paths`, config/paths.ts), the pages whose scripts wait
 * (`READING_PAGES`, lib/deferred-scripts.ts) and the API's sitemap (`PUBLIC_PATHS` below) are
 * read from it. A new page is a row here, its module under apps/web/app/routes and its texts.
 */

/** When a page's scripts start: after its first paint, or at the visitor's first interaction. */
export type ScriptStart = 'after-paint' | 'on-interaction';

export interface SitePage {
  /**
   * Its address. `{year}`: the year of the edition shown, which the site's links fill in;
   * `:name`: a part of the address the page reads; `/*`: every address no other page has.
   */
  readonly path: string;
  /** Its module under apps/web/app/routes, when not named as its address ('/infos-lieu': infos-lieu.tsx). */
  readonly module?: string;
  /** Its route id, when its module serves another page too (else React Router's: 'routes/<module>'). */
  readonly id?: string;
  /** The page whose route serves this one: it has no route of its own. */
  readonly servedBy?: string;
  /** The layout without the site's header and footer: the gate, the kiosk, the badge. */
  readonly layout?: 'minimal';
  /** Listed in sitemap.xml, in French and in English. */
  readonly sitemap?: true;
  /**
   * A page that is read, not used: its scripts start at the visitor's first interaction
   * (decision 025, lib/deferred-scripts.ts); the others' after the first paint.
   */
  readonly scripts?: 'on-interaction';
}

export const SITE_PAGES = {
  home: { path: '/', module: 'home', sitemap: true, scripts: 'on-interaction' },
  accueil: { path: '/accueil', module: 'redirect-home', id: 'accueil' },
  historique: { path: '/historique', sitemap: true, scripts: 'on-interaction' },
  forum: { path: '/forum', sitemap: true, scripts: 'on-interaction' },
  secteurs: { path: '/secteurs-activites', sitemap: true, scripts: 'on-interaction' },
  /** In no menu and not in the sitemap: nothing on it yet, and it asks search engines not to index it. */
  bientotDisponible: { path: '/bientot-disponible' },
  // Shared coming-soon page, as the specification's route table says.
  exposer: { path: '/exposer', module: 'bientot-disponible', id: 'exposer', sitemap: true },
  demanderVotreBadge: {
    path: '/demander-votre-badge',
    module: 'bientot-disponible',
    id: 'demander-votre-badge',
    sitemap: true,
  },
  assisterAuForum: { path: '/assister-au-forum', module: 'bientot-disponible', id: 'assister-au-forum', sitemap: true },
  biographies: { path: '/biographie-des-intervenants', sitemap: true, scripts: 'on-interaction' },
  pourquoiExposer: { path: '/pourquoi-exposer', sitemap: true, scripts: 'on-interaction' },
  pourquoiSponsoriser: { path: '/pourquoi-sponsoriser', sitemap: true, scripts: 'on-interaction' },
  intervenir: { path: '/intervenir-lors-du-forum', sitemap: true, scripts: 'on-interaction' },
  conference: { path: '/conference', sitemap: true, scripts: 'on-interaction' },
  annuaire: { path: '/annuaire', sitemap: true, scripts: 'on-interaction' },
  /**
   * An exhibitor's page: its company's name in plain letters and its id ('ciments-du-maroc-42');
   * links only. The sitemap lists each listed exhibitor's.
   */
  exposant: { path: '/annuaire/:slug', module: 'exposant', scripts: 'on-interaction' },
  programme: { path: '/programme-du-forum', sitemap: true, scripts: 'on-interaction' },
  editorial: { path: '/editorial', sitemap: true, scripts: 'on-interaction' },
  structure: { path: '/structure-et-organisation', sitemap: true, scripts: 'on-interaction' },
  infosPratiques: { path: '/infos-pratiques', sitemap: true, scripts: 'on-interaction' },
  infosHoraire: { path: '/infos-horaire', sitemap: true, scripts: 'on-interaction' },
  infosLieu: { path: '/infos-lieu', sitemap: true, scripts: 'on-interaction' },
  infosAcces: { path: '/infos-acces-au-salon', sitemap: true, scripts: 'on-interaction' },
  infosContact: { path: '/infos-contact', sitemap: true },
  telechargement: { path: '/telechargement', sitemap: true, scripts: 'on-interaction' },
  /**
   * The exhibitors and conferences a visitor keeps to see (a cookie of the device): links, and
   * stars and 'Vider ma liste' that are forms; 'Imprimer' waits for the scripts.
   */
  maVisite: { path: '/ma-visite', scripts: 'on-interaction' },
  notFound: { path: '/not-found' },
  /** A conference of the forum; the sitemap lists those of the current edition. */
  conferenceDetail: { path: '/conference/:id', module: 'conference-detail' },
  newsletter: { path: '/newsletter' },
  login: { path: '/login' },
  motDePasseOublie: { path: '/mot-de-passe-oublie' },
  definirMotDePasse: { path: '/definir-mot-de-passe' },
  /** Opened from the mail inviting an existing account into an exhibitor's team. */
  invitationCollaborateur: { path: '/invitation-collaborateur' },
  /** Opened from the mail that confirms a new sign-in address. */
  confirmerEmail: { path: '/confirmer-email' },
  /** Opened from the mail of 'Inviter les exposants de 2024'. */
  confirmerParticipation: { path: '/confirmer-participation' },
  espaceExposant: { path: '/espace-exposant' },
  googleRedirect: { path: '/connect/google/redirect', module: 'google-redirect' },
  /**
   * The show presentation ('{product}' in the specification: the show's own name), at the slug
   * the configuration gives it; this is the default one.
   */
  product: { path: '/salon', servedBy: 'editionPage' },
  /** Each edition's floor plan and programme at its year: /plan-2024, /programme-2024. */
  plan: { path: '/plan-{year}', servedBy: 'editionPage' },
  programmePdf: { path: '/programme-{year}', servedBy: 'editionPage' },
  /**
   * One segment: an edition's plan and programme, the show presentation at its configured slug;
   * any other goes home. The programme's page starts its scripts after the first paint (its loader
   * says so): its download starts as it opens.
   */
  editionPage: { path: '/:product', module: 'edition-page', scripts: 'on-interaction' },
  unknown: { path: '/*', module: 'redirect-home', id: 'unknown' },
  ebadge: { path: '/ebadge', layout: 'minimal' },
  borne: { path: '/borne', layout: 'minimal' },
  loginControleur: { path: '/login-controleur', layout: 'minimal' },
  espaceControleur: { path: '/espace-controleur', layout: 'minimal' },
  /** The gate screen, under both of the specification's names. */
  controleur: { path: '/controleur', layout: 'minimal' },
  readBadge: { path: '/read-badge', module: 'controleur', id: 'read-badge', layout: 'minimal' },
  /** The badge scanner of exhibitors and collaborators (signed in). */
  scanner: { path: '/scanner', layout: 'minimal' },
} as const satisfies Record<string, SitePage>;

export type PageKey = keyof typeof SITE_PAGES;

/** The rows with their keys, in the table's order. */
export const SITE_PAGE_ROWS = Object.entries(SITE_PAGES) as [PageKey, SitePage][];

/** Whether a link can name the page as it is: its address has no part the page reads (`:name`, `*`). */
export const isLinkPath = (path: string) => !/[:*]/.test(path);

/** The pages a link names (`paths` in the web's config/paths.ts). */
export type PathKey = {
  [K in PageKey]: (typeof SITE_PAGES)[K]['path'] extends `${string}${':' | '*'}${string}` ? never : K;
}[PageKey];

/**
 * The pages of the sitemap; the API adds the show page at its configured slug, the conference
 * pages, the exhibitors' pages and the current edition's /plan-<year> and /programme-<year>.
 */
export const PUBLIC_PATHS: readonly string[] = SITE_PAGE_ROWS.filter(([, page]) => page.sitemap).map(
  ([, page]) => page.path,
);
