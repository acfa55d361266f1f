import * as z from 'zod/mini';
import { idField } from './ids';
import type { Texts } from './language';
import { optionalMultilingual } from './schemas';
import { optionalEmail, optionalField, optionalPhone, optionalWebUrl } from './site-settings';

/**
 * An exhibitor's page of the directory (`/annuaire/<slug>`): its address, and what the exhibitor
 * writes on it, checked with the same rules by the browser and the API. Text only: it is stored
 * and shown as text, never as HTML.
 */

/**
 * The page's address: the company's name in plain letters, then the account's id
 * ('ciments-du-maroc-42'). The id keeps it stable: when the company is renamed, the former
 * address still names the exhibitor and redirects to the new one; two companies of one name
 * never share an address.
 */
export function exhibitorSlug(company: string | null, id: number): string {
  const words = (company ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return words ? `${words}-${id}` : String(id);
}

/** The account an address names (its last number), or null for an address no page can have. */
export function exhibitorIdOfSlug(slug: string): number | null {
  const match = /^(?:[a-z0-9-]{0,80}-)?(\d{1,9})$/.exec(slug);
  const id = match ? Number(match[1]) : 0;
  return id >= 1 ? id : null;
}

export const EXHIBITOR_PAGE_LIMITS = { description: 3000, sectors: 5, brands: 20, brand: 80, link: 300, documents: 3 };

/** The links a page may give, in the order it shows them. */
export const EXHIBITOR_LINKS = ['website', 'linkedin', 'facebook', 'instagram', 'youtube', 'x'] as const;
export type ExhibitorLink = (typeof EXHIBITOR_LINKS)[number];

const link = () => optionalWebUrl(EXHIBITOR_PAGE_LIMITS.link, ['https:', 'http:'], 'webUrl');
const ids = (max: number) => z.optional(z.array(idField()).check(z.maxLength(max, { error: 'tooMany' })));

/**
 * 'Fiche annuaire': what the exhibitor writes on its page; absent fields stay as they are, and so
 * does each language of the presentation the form leaves out.
 */
export const exhibitorPageFormSchema = z.object({
  description: optionalMultilingual(optionalField(EXHIBITOR_PAGE_LIMITS.description)),
  sectorIds: ids(EXHIBITOR_PAGE_LIMITS.sectors),
  brands: z.optional(
    z
      .array(
        z
          .string()
          .check(
            z.trim(),
            z.minLength(1, { error: 'required' }),
            z.maxLength(EXHIBITOR_PAGE_LIMITS.brand, { error: 'tooLong' }),
          ),
      )
      .check(z.maxLength(EXHIBITOR_PAGE_LIMITS.brands, { error: 'tooMany' })),
  ),
  website: link(),
  linkedin: link(),
  facebook: link(),
  instagram: link(),
  youtube: link(),
  x: link(),
  /** Uploaded PDFs (the exhibitor's own), in its order. */
  documentIds: ids(EXHIBITOR_PAGE_LIMITS.documents),
  /** An image it uploaded (null: none); absent: the logo stays. */
  logoId: z.optional(z.nullable(idField())),
});
export type ExhibitorPageForm = z.infer<typeof exhibitorPageFormSchema>;
/** The form's values as its fields hold them, before the schema trims and checks them. */
export type ExhibitorPageInput = z.input<typeof exhibitorPageFormSchema>;

/**
 * One version of what an exhibitor writes on its page, whole: the live one (the page's columns
 * and the account's logo), or one that waits for the organiser's review (moderation on).
 */
export interface ExhibitorPageVersion {
  /** The presentation in each language (a language possibly missing). */
  description: Partial<Texts<string | null>>;
  sectorIds: number[];
  brands: string[];
  website: string | null;
  linkedin: string | null;
  facebook: string | null;
  instagram: string | null;
  youtube: string | null;
  x: string | null;
  documentIds: number[];
  logoId: number | null;
}

/**
 * The presentation as the exhibitor's and the public's calls answer it: its value in each language
 * it was written in, and its French and English as the two fields the original client reads.
 */
export interface DescriptionFields {
  description: Partial<Texts<string | null>>;
  descriptionFr: string | null;
  descriptionEn: string | null;
}

/** A page's presentation, its multilingual value, as the calls' fields. */
export const descriptionFields = (description: Partial<Texts<string | null>>): DescriptionFields => ({
  description,
  descriptionFr: description.fr ?? null,
  descriptionEn: description.en ?? null,
});

/**
 * Where a page stands with the organiser: 'live' (what the exhibitor wrote is public), 'pending'
 * (a change waits for review), 'held' (the organiser held the change, with a reason).
 */
export const EXHIBITOR_PAGE_STATUSES = ['live', 'pending', 'held'] as const;
export type ExhibitorPageStatus = (typeof EXHIBITOR_PAGE_STATUSES)[number];

export const EXHIBITOR_PAGE_HOLD_REASON_MAX = 1000;

/** 'Refuser': why the organiser holds a page's pending change, which the exhibitor reads. */
export const exhibitorPageHoldSchema = z.object({
  reason: z
    .string({ error: 'required' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'required' }),
      z.maxLength(EXHIBITOR_PAGE_HOLD_REASON_MAX, { error: 'tooLong' }),
    ),
});
export type ExhibitorPageHold = z.input<typeof exhibitorPageHoldSchema>;

/** The exhibitors who give a forum conference, set on its back-office form (exhibitors of its edition). */
export const conferenceExhibitorsSchema = z.object({
  exhibitorIds: z.optional(z.array(idField()).check(z.maxLength(50, { error: 'tooMany' }))),
});

export const VISITOR_CARD_NAME_MAX = 100;

/**
 * 'Carte de contact pour les visiteurs' and 'Document remis aux visiteurs' ('Fiche annuaire'):
 * what the visitors the exhibitor scanned get on their e-badge page. Each field is optional; the
 * form is saved whole (a field left out or empty is none). `documentId`: one of the exhibitor's
 * uploaded PDFs, or null.
 */
export const visitorCardFormSchema = z.object({
  name: optionalField(VISITOR_CARD_NAME_MAX),
  email: optionalEmail(),
  phone: optionalPhone(),
  documentId: z.optional(z.nullable(idField())),
});
export type VisitorCardForm = z.infer<typeof visitorCardFormSchema>;
export type VisitorCardInput = z.input<typeof visitorCardFormSchema>;

/**
 * 'Ne plus me contacter' on the e-badge page: the badge's key, and the page to go back to;
 * `undo=1` takes the request back ('Annuler').
 */
export const doNotContactFormSchema = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(2000)),
  back: z.optional(z.string().check(z.maxLength(2000))),
  undo: z.optional(z.enum(['1'])),
});
