import type { RegistrationState } from './edition-phase';
import type { EditionFacts } from './edition-texts';

/**
 * The 2024 edition (id 7), which the specification's calls name and the demo shows. The app's code
 * never uses it (ESLint refuses the import there): the current edition is data, asked of
 * apps/api/src/domains/editions/current-edition.ts. Seeds, tests and benches name it.
 */
export const DEMO_EDITION_ID = 7;
/** Role given to visitors and to new collaborators, as the specification says. */
export const DEFAULT_ROLE_ID = 1;

export const SHOW_TIME_ZONE = 'Africa/Casablanca';
export const SESSION_STORAGE_KEY = 'auth';
export const LANGUAGE_STORAGE_KEY = 'lang';
export const LANGUAGE_COOKIE = 'lang';

/**
 * The stand number that the floor plan's layout gives the forum's room: drawn as the room, linked
 * from the conferences. Here, not in floor-plan.ts, so that the public plan does not load the
 * layout's schemas for it.
 */
export const FORUM_STAND = 'FORUM';

/**
 * What a hall's plan shows besides stands (its features): entrances, aisles, services and the
 * forum's room. Here too, for the public plan's legend, without the layout's schemas.
 */
export const FEATURE_KINDS = ['entrance', 'aisle', 'reception', 'toilets', 'cafe', 'first-aid', 'forum'] as const;
export type FeatureKind = (typeof FEATURE_KINDS)[number];

export const PAGE_SIZE = { directory: 100, banners: 1, collaborators: 50, scans: 50 } as const;

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** Response header that carries a renewed sign-in token while a session is in use. */
export const RENEWED_TOKEN_HEADER = 'x-renewed-token';

export const REGISTRATION_TYPES = ['exhibitor', 'collaborator', 'visitor', 'others'] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];
/** Only these registration types open the exhibitor area. */
export const AREA_REGISTRATION_TYPES = ['exhibitor', 'collaborator'] as const satisfies readonly RegistrationType[];

export const USER_TYPES = ['visitor', 'exhibitor', 'collaborator', 'controller', 'organiser'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const SCAN_TYPES = ['visitor', 'collaborator', 'exhibitor'] as const;
export type ScanType = (typeof SCAN_TYPES)[number];
/** The two tables of 'Mes scans', by the ids the specification gives them (also the export's). */
export const SCAN_TABLES = ['scansExposant', 'scansByCollaborators'] as const;
export type ScanTable = (typeof SCAN_TABLES)[number];
/** What `GET scans/export` exports: a table, or `team`, an exhibitor's own leads and its collaborators' in one file. */
export const SCAN_EXPORTS = [...SCAN_TABLES, 'team'] as const;
export type ScanExport = (typeof SCAN_EXPORTS)[number];
/**
 * Why a read badge is not recorded: not a badge of ours (forged, altered, any other QR code),
 * a badge of another edition, a revoked badge (deleted collaborator, cancelled registration),
 * or the scanner's own badge.
 */
export const SCAN_REFUSALS = ['invalid', 'otherEvent', 'revoked', 'self'] as const;
export type ScanRefusal = (typeof SCAN_REFUSALS)[number];
/** At most this many scans in one send from a device. */
export const SCAN_BATCH_MAX = 100;
/** The shape of a badge token (see the API's domains/badges/badge-token.ts): a device can reject other QR codes at once. */
export const BADGE_TOKEN_SHAPE = /^[A-Za-z0-9_-]{19}\.[A-Za-z0-9_-]{86}$/;

/** The eleven sector choices of the forms (section 3); 'Autre' opens a free-text field. */
export const SECTOR_CHOICES = [
  'Gros Oeuvre',
  'Menuiserie & fermetures',
  'Décoration',
  'Sanitaire, Climatisation',
  'Equipement électrique',
  'Matériel & outillage',
  'Sécurité',
  'Services et informatique',
  'Formation',
  'Promotion immobilière',
  'Autre',
] as const;
export const OTHER_SECTOR = 'Autre';

/** What the Node server hands to the web app's loaders on each page request. */
export interface WebLoadContext {
  /** CSP nonce of this response, for React Router's inline scripts. */
  nonce: string;
  /** CSP nonce of this response for inline styles (the page's style sheet is inlined). */
  styleNonce: string;
  /** The server's clock (APP_NOW), ISO 8601. */
  now: string;
  /** The site's public address, for absolute links (hreflang, canonical). */
  publicUrl: string;
  /** The show presentation's path segment (the specification's '{product}' route). */
  productSlug: string;
  /**
   * Calls the API in process (no network hop, same validation and access rules as a browser
   * call). Pages' loaders read their data through it.
   */
  api: (path: string) => Promise<{ status: number; body: unknown }>;
  underConstruction: boolean;
  /** The current edition, whose number, dates and city the pages' texts print (`editionTexts`). */
  show: EditionFacts;
  /** Where that edition stands now, and whether it takes registrations (the home page's forms). */
  registration: RegistrationState;
  /**
   * An organiser's preview of another edition (then `show` is that edition's, and `editionId` names
   * it to the reads that take an edition, as the directory's `filters[event][id]`), else null.
   */
  preview: { name: string; editionId: number } | null;
}
