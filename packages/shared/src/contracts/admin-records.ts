import * as z from 'zod/mini';
import { dateTime } from './common';
import { multilingual } from '../schemas';
import { conferenceFieldsSchema, showEditionSchema } from './content';
import { STAND_LINE_MESSAGES, type StandLineError } from '../floor-plan';
import { FEATURE_KINDS } from '../constants';

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
  caption: multilingual(z.nullable(z.string())),
  createdAt: dateTime,
  image: file,
});

export const adminTestimonialSchema = z.strictObject({
  id: z.number(),
  position: z.number(),
  author: z.string(),
  role: multilingual(z.nullable(z.string())),
  quote: multilingual(z.string()),
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
  /** What it is sold as online, its area in m² and whether it is a corner (null: not for sale). */
  classId: z.nullable(z.number()),
  area: z.nullable(z.number()),
  corner: z.boolean(),
  /** The companies on the stand, comma-separated; null: a free stand. */
  exhibitor: z.nullable(z.string()),
});

/** A feature of the plan (an entrance, an aisle, a service, the forum's room), in its hall's units. */
export const adminPlanFeatureSchema = z.strictObject({
  id: z.number(),
  edition: z.number(),
  gateId: z.number(),
  hall: z.string(),
  kind: z.enum(FEATURE_KINDS),
  label: z.nullable(z.string()),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

/** A forum conference of an edition, with its sign-ups. */
export const adminConferenceSchema = z.strictObject({
  ...conferenceFieldsSchema.def.shape,
  title: multilingual(z.string()),
  theme: multilingual(z.nullable(z.string())),
  description: multilingual(z.nullable(z.string())),
  edition: z.number(),
  registrations: z.number(),
  /** The exhibitors of its edition who give it (their pages list it). */
  exhibitorIds: z.array(z.number()),
});

/** An edition as the back-office edits it: its registration window too (ISO 8601, or null). */
export const adminEditionSchema = z.strictObject({
  ...showEditionSchema.def.shape,
  registrationOpensAt: z.nullable(z.string()),
  registrationClosesAt: z.nullable(z.string()),
  /** Its opening hours, day by day in order ('HH:MM'). */
  hours: z.array(z.strictObject({ day: z.string(), opens: z.string(), closes: z.string() })),
  /** No edition has a higher number: 'Préparer l'édition suivante' starts from it alone. */
  latest: z.boolean(),
  /** Numbered before the current one: 'Inviter les exposants de <year>' invites from it alone. */
  beforeCurrent: z.boolean(),
});

const STAND_LINE_KEYS = Object.keys(STAND_LINE_MESSAGES.fr) as [StandLineError['key'], ...StandLineError['key'][]];

/**
 * What a layout CSV does (`POST /admin/stands/import`): each hall before and after, the errors
 * line by line, the exhibitors whose stand would no longer be drawn; `imported` once written.
 * A refused import answers the same preview in its 400's `details.preview`.
 */
export const standImportPreviewSchema = z.strictObject({
  halls: z.array(
    z.strictObject({
      id: z.number(),
      name: z.string(),
      before: z.number(),
      after: z.number(),
      /** The file names the hall: its stands are replaced by the file's. */
      replaced: z.boolean(),
    }),
  ),
  /** The stands the file holds. */
  stands: z.number(),
  /** The features the file holds; a file with the type column replaces its halls' features too. */
  features: z.number(),
  unplaced: z.array(z.strictObject({ booth: z.nullable(z.string()), company: z.nullable(z.string()) })),
  errors: z.array(
    z.strictObject({
      line: z.number(),
      message: z.string(),
      key: z.enum(STAND_LINE_KEYS),
      values: z.record(z.string(), z.union([z.string(), z.number()])),
    }),
  ),
  imported: z.boolean(),
});

/**
 * The show record (`/admin/sib/1`): its logos and background, and the PDFs that replace the
 * generated plan, programme and catalogue.
 */
export const adminShowRecordSchema = z.strictObject({
  id: z.number(),
  logoSponsorOfficielId: fileId,
  logoPaysInviteHonneurId: fileId,
  mediaFullBackgroundId: fileId,
  planPdfId: fileId,
  programmePdfId: fileId,
  cataloguePdfId: fileId,
  updatedAt: dateTime,
  logoSponsorOfficiel: file,
  logoPaysInviteHonneur: file,
  mediaFullBackground: file,
  planPdf: file,
  programmePdf: file,
  cataloguePdf: file,
});

/** The organising agency's record (`/admin/agence/1`), in every page's footer. */
export const adminAgencySchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  email: z.nullable(z.string()),
  website: z.nullable(z.string()),
  logoId: fileId,
  logoFooterId: fileId,
  imageId: fileId,
  updatedAt: dateTime,
  logo: file,
  logoFooter: file,
  image: file,
});

const published = z.nullable(z.string());
/**
 * 'Lieu, contacts et visite' (`/admin/site-settings/1`): the venue, each team's public e-mail and
 * phone, the virtual tour; null is "not published".
 */
export const adminSiteSettingsSchema = z.strictObject({
  id: z.number(),
  venueName: published,
  venueAddress: published,
  mapUrl: published,
  generalEmail: published,
  generalPhone: published,
  exhibitorsEmail: published,
  exhibitorsPhone: published,
  salesEmail: published,
  salesPhone: published,
  pressEmail: published,
  pressPhone: published,
  speakersEmail: published,
  speakersPhone: published,
  virtualTourUrl: published,
  moderateExhibitorPages: z.boolean(),
  updatedAt: dateTime,
});
