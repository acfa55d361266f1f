import { boolean, integer, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, multilingual, updatedAt } from './columns';
import { media } from './files';

/**
 * What the public pages show: banners, partners, gallery, testimonials, and the records of the
 * show, of the agency and of the site.
 */

export const bannerPlacement = pgEnum('banner_placement', ['Haut', 'Bas']);

export const bannieres = pgTable('bannieres', {
  id: serial('id').primaryKey(),
  actif: boolean('actif').notNull().default(true),
  emplacement: bannerPlacement('emplacement').notNull(),
  lien: text('lien'),
  fichierDesktopId: integer('fichier_desktop_id').references(() => media.id, { onDelete: 'set null' }),
  fichierMobileId: integer('fichier_mobile_id').references(() => media.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

const partnerColumns = () => ({
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url'),
  actif: boolean('actif').notNull().default(true),
  position: integer('position').notNull().default(0),
  logoId: integer('logo_id').references(() => media.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
export const partenaires = pgTable('partenaires', partnerColumns());
export const partenairesPresses = pgTable('partenaires_presses', partnerColumns());

export const galeries = pgTable('galeries', {
  id: serial('id').primaryKey(),
  position: integer('position').notNull().default(0),
  imageId: integer('image_id').references(() => media.id, { onDelete: 'set null' }),
  caption: multilingual('caption'),
  createdAt: createdAt(),
});

export const temoignages = pgTable('temoignages', {
  id: serial('id').primaryKey(),
  position: integer('position').notNull().default(0),
  author: text('author').notNull(),
  role: multilingual('role'),
  /** Required in each language. */
  quote: multilingual<string>('quote'),
  photoId: integer('photo_id').references(() => media.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** The show record (a single row, id 1). */
export const sib = pgTable('sib', {
  id: integer('id').primaryKey().default(1),
  logoSponsorOfficielId: integer('logo_sponsor_officiel_id').references(() => media.id, { onDelete: 'set null' }),
  logoPaysInviteHonneurId: integer('logo_pays_invite_honneur_id').references(() => media.id, {
    onDelete: 'set null',
  }),
  mediaFullBackgroundId: integer('media_full_background_id').references(() => media.id, { onDelete: 'set null' }),
  /** Uploaded PDFs that replace the generated floor plan, programme and catalogue when set. */
  planPdfId: integer('plan_pdf_id').references(() => media.id, { onDelete: 'set null' }),
  programmePdfId: integer('programme_pdf_id').references(() => media.id, { onDelete: 'set null' }),
  cataloguePdfId: integer('catalogue_pdf_id').references(() => media.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/** The delegated organiser's agency record (a single row, id 1). */
export const agence = pgTable('agence', {
  id: integer('id').primaryKey().default(1),
  name: text('name').notNull(),
  email: text('email'),
  website: text('website'),
  logoId: integer('logo_id').references(() => media.id, { onDelete: 'set null' }),
  logoFooterId: integer('logo_footer_id').references(() => media.id, { onDelete: 'set null' }),
  imageId: integer('image_id').references(() => media.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * What the organiser publishes about the show (a single row, id 1), edited in the back-office:
 * the venue, the public contact addresses and phones of each team, and the home page's virtual
 * tour. Empty means "not published": the pages leave the line out.
 */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  venueName: text('venue_name'),
  /** Several lines. */
  venueAddress: text('venue_address'),
  /** A link to open the venue on a map; without it the pages make one from the address. */
  mapUrl: text('map_url'),
  generalEmail: text('general_email'),
  generalPhone: text('general_phone'),
  exhibitorsEmail: text('exhibitors_email'),
  exhibitorsPhone: text('exhibitors_phone'),
  salesEmail: text('sales_email'),
  salesPhone: text('sales_phone'),
  pressEmail: text('press_email'),
  pressPhone: text('press_phone'),
  /** 'Intervenir lors du Forum'. */
  speakersEmail: text('speakers_email'),
  speakersPhone: text('speakers_phone'),
  /** An https address, framed on the home page (its origin is added to the CSP's frame-src). */
  virtualTourUrl: text('virtual_tour_url'),
  /** On: an exhibitor's change of its page waits for the organiser's review before it is public. */
  moderateExhibitorPages: boolean('moderate_exhibitor_pages').notNull().default(false),
  updatedAt: updatedAt(),
});
