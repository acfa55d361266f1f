import * as z from 'zod/mini';
import { EXHIBITOR_PAGE_STATUSES } from '../exhibitor-page';
import { multilingual } from '../schemas';
import { dateTime, mediaSchema } from './common';

/**
 * 'Fiches exposants' (`/admin/exhibitor-pages`): the pages the current edition's exhibitors keep,
 * where each stands with the organiser, and what a pending change would put live.
 */

const text = z.nullable(z.string());

/** What 'Corriger' edits of a page: its presentation in each language, sectors, brands and links. */
const editedFields = {
  description: multilingual(text),
  sectorIds: z.array(z.number()),
  brands: z.array(z.string()),
  website: text,
  linkedin: text,
  facebook: text,
  instagram: text,
  youtube: text,
  x: text,
};

/** One version of a page: the live one, or the one waiting for review. */
export const adminExhibitorPageVersionSchema = z.strictObject({
  ...editedFields,
  logo: z.nullable(mediaSchema),
  documents: z.array(mediaSchema),
});

/** A row of the list: the exhibitor (its account's id), its stand, its page's last change and state. */
export const adminExhibitorPageRowSchema = z.strictObject({
  id: z.number(),
  company: text,
  gate: text,
  booth: text,
  /** The page's last change (the exhibitor's or the organiser's); null: never written. */
  changedAt: z.nullable(dateTime),
  status: z.enum(EXHIBITOR_PAGE_STATUSES),
  /** Why the organiser holds the pending change. */
  reason: text,
});

/**
 * One page: the list's row, the live version and the pending one (null: nothing waits), and at
 * the top the fields 'Corriger' edits, those of the version under review (the pending one, else
 * the live one).
 */
export const adminExhibitorPageSchema = z.strictObject({
  ...adminExhibitorPageRowSchema.def.shape,
  ...editedFields,
  live: adminExhibitorPageVersionSchema,
  pending: z.nullable(adminExhibitorPageVersionSchema),
});
