/**
 * Every route of the specification's route table, in one place: the names are French and
 * fixed, so a typo here is a broken link.
 */
export const paths = {
  home: '/',
  accueil: '/accueil',
  exposer: '/exposer',
  historique: '/historique',
  forum: '/forum',
  secteurs: '/secteurs-activites',
  /** The show presentation ('{product}' in the specification: the show's own name). */
  product: '/salon',
  bientotDisponible: '/bientot-disponible',
  demanderVotreBadge: '/demander-votre-badge',
  assisterAuForum: '/assister-au-forum',
  biographies: '/biographie-des-intervenants',
  pourquoiExposer: '/pourquoi-exposer',
  pourquoiSponsoriser: '/pourquoi-sponsoriser',
  intervenir: '/intervenir-lors-du-forum',
  conference: '/conference',
  annuaire: '/annuaire',
  programme: '/programme-du-forum',
  editorial: '/editorial',
  structure: '/structure-et-organisation',
  infosPratiques: '/infos-pratiques',
  infosHoraire: '/infos-horaire',
  infosLieu: '/infos-lieu',
  infosAcces: '/infos-acces-au-salon',
  infosContact: '/infos-contact',
  /** Each edition's plan and programme at its year: /plan-2024 (pathOf fills the year in). */
  plan: '/plan-{year}',
  programmePdf: '/programme-{year}',
  telechargement: '/telechargement',
  /** The exhibitors and conferences a visitor keeps to see (a cookie of the device). */
  maVisite: '/ma-visite',
  login: '/login',
  motDePasseOublie: '/mot-de-passe-oublie',
  definirMotDePasse: '/definir-mot-de-passe',
  /** Opened from the mail inviting an existing account into an exhibitor's team. */
  invitationCollaborateur: '/invitation-collaborateur',
  /** Opened from the mail that confirms a new sign-in address. */
  confirmerEmail: '/confirmer-email',
  espaceExposant: '/espace-exposant',
  /** The badge scanner of exhibitors and collaborators (minimal layout, signed in). */
  scanner: '/scanner',
  googleRedirect: '/connect/google/redirect',
  notFound: '/not-found',
  ebadge: '/ebadge',
  borne: '/borne',
  loginControleur: '/login-controleur',
  controleur: '/controleur',
  espaceControleur: '/espace-controleur',
  readBadge: '/read-badge',
} as const;

export type PathKey = keyof typeof paths;

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

/** A company in the directory, found by its name (from a stand of the floor plan). */
export const companyInDirectory = (company: string) => `${paths.annuaire}?q=${encodeURIComponent(company)}`;

/** Pages of the public site whose content is text only. */
export const infoPages = [
  'exposer',
  'historique',
  'forum',
  'secteurs',
  'product',
  'bientotDisponible',
  'demanderVotreBadge',
  'assisterAuForum',
  'biographies',
  'pourquoiExposer',
  'pourquoiSponsoriser',
  'intervenir',
  'conference',
  'annuaire',
  'programme',
  'editorial',
  'structure',
  'infosPratiques',
  'infosHoraire',
  'infosLieu',
  'infosAcces',
  'infosContact',
  'plan',
  'programmePdf',
  'telechargement',
  'notFound',
] as const satisfies readonly PathKey[];

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
