import * as z from 'zod/mini';
import { dateTime } from './common';
import { conferenceSchema, showEditionSchema } from './content';

/**
 * The back-office's record resources (`GET/POST /admin/<path>`, `GET/PUT/DELETE /admin/<path>/:id`):
 * each answers its records in react-admin's shape (a list is an array, a record the record), with
 * the files a record points at beside their ids.
 */

/** A stored file as the back-office previews it. */
export const adminMediaSchema = z.strictObject({
  id: z.number(),
  url: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  kind: z.enum(['image', 'pdf']),
  createdAt: dateTime,
});
const file = z.nullable(adminMediaSchema);
const fileId = z.nullable(z.number());

export const adminBannerSchema = z.strictObject({
  id: z.number(),
  actif: z.boolean(),
  emplacement: z.enum(['Haut', 'Bas']),
  lien: z.nullable(z.string()),
  fichierDesktopId: fileId,
  fichierMobileId: fileId,
  createdAt: dateTime,
  fichierDesktop: file,
  fichierMobile: file,
});

export const adminGalleryItemSchema = z.strictObject({
  id: z.number(),
  position: z.number(),
  imageId: fileId,
  captionFr: z.nullable(z.string()),
  captionEn: z.nullable(z.string()),
  createdAt: dateTime,
  image: file,
});

export const adminTestimonialSchema = z.strictObject({
  id: z.number(),
  position: z.number(),
  author: z.string(),
  roleFr: z.nullable(z.string()),
  roleEn: z.nullable(z.string()),
  quoteFr: z.string(),
  quoteEn: z.string(),
  photoId: fileId,
  createdAt: dateTime,
  photo: file,
});

/** A partner or a press partner. */
export const adminPartnerSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  url: z.nullable(z.string()),
  actif: z.boolean(),
  position: z.number(),
  logoId: fileId,
  createdAt: dateTime,
  logo: file,
});

/** A hall of an edition, its outline on the plan, and how many exhibitors and stands it holds. */
export const adminHallSchema = z.strictObject({
  id: z.number(),
  edition: z.number(),
  name: z.string(),
  position: z.number(),
  planWidth: z.nullable(z.number()),
  planHeight: z.nullable(z.number()),
  exhibitors: z.number(),
  stands: z.number(),
});

/** A stand of the plan, in its hall's units, with who holds it. */
export const adminStandSchema = z.strictObject({
  id: z.number(),
  edition: z.number(),
  gateId: z.number(),
  hall: z.string(),
  number: z.string(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  /** The companies on the stand, comma-separated; null: a free stand. */
  exhibitor: z.nullable(z.string()),
});

/** A forum conference of an edition, with its sign-ups. */
export const adminConferenceSchema = z.strictObject({
  ...conferenceSchema.def.shape,
  edition: z.number(),
  registrations: z.number(),
});

/** An edition as the back-office edits it: its registration window too (ISO 8601, or null). */
export const adminEditionSchema = z.strictObject({
  ...showEditionSchema.def.shape,
  registrationOpensAt: z.nullable(z.string()),
  registrationClosesAt: z.nullable(z.string()),
});
