import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REGISTRATION_TYPES, SCAN_TYPES, USER_TYPES } from '@salon/shared';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const registrationType = pgEnum('registration_type', REGISTRATION_TYPES);
export const userType = pgEnum('user_type', USER_TYPES);
export const scanType = pgEnum('scan_type', SCAN_TYPES);
export const bannerPlacement = pgEnum('banner_placement', ['Haut', 'Bas']);
export const mailStatus = pgEnum('mail_status', ['pending', 'sending', 'sent', 'failed']);
export const tokenPurpose = pgEnum('token_purpose', ['set_password', 'badge_download', 'newsletter_confirm']);
export const checkinVerdict = pgEnum('checkin_verdict', ['admitted', 'already_entered', 'refused']);
export const enquiryStatus = pgEnum('enquiry_status', ['nouveau', 'contacte', 'converti', 'refuse']);

/**
 * A bytea column read as a Buffer. node-postgres gives a Buffer already; PGlite a Uint8Array,
 * wrapped here without copying its bytes.
 */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded files (logos, banners, photos, PDFs); the bytes live in media_files, so every instance
 * on the database serves every file.
 */
export const media = pgTable('media', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  /** The file's key in media_files, also its public URL under /uploads/. */
  path: text('path').notNull().unique(),
  alt: text('alt'),
  createdAt: createdAt(),
});

/**
 * The bytes of the files served under /uploads/ (domains/files/files.routes.ts, domains/files/uploads.service.ts):
 * uploads under `media/<hash>.<ext>`, the demo data's SVGs under `demo/`. Written once per path,
 * never changed.
 */
export const mediaFiles = pgTable('media_files', {
  /** Relative path, as media.path names it: the URL under /uploads/. */
  path: text('path').primaryKey(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  /** SHA-256 of body, in hex: the strong ETag. */
  sha256: text('sha256').notNull(),
  body: bytea('body').notNull(),
  createdAt: createdAt(),
});

/**
 * What every instance on this database must share, as fingerprints that reveal nothing of the
 * secrets (domains/auth/instance-keys.ts): recorded by the first instance to start, and an instance
 * with other keys refuses to start (its sessions and badges would not hold on the others).
 */
export const instanceKeys = pgTable('instance_keys', {
  /** 'jwt' (JWT_SECRET), 'badge' (BADGE_PRIVATE_KEY). */
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  createdAt: createdAt(),
});

export const events = pgTable('events', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  edition: smallint('edition').notNull(),
  startsOn: date('starts_on').notNull(),
  endsOn: date('ends_on').notNull(),
  city: text('city').notNull(),
  theme: text('theme'),
  exhibitors: integer('exhibitors'),
  visitors: integer('visitors'),
  createdAt: createdAt(),
});

export const openingHours = pgTable(
  'opening_hours',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    opensAt: time('opens_at').notNull(),
    closesAt: time('closes_at').notNull(),
  },
  (t) => [unique('opening_hours_event_day').on(t.eventId, t.day)],
);

/** The halls; a hall's entrance is the gate that controllers work at. */
export const gates = pgTable(
  'gates',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('gates_event_name').on(t.eventId, t.name)],
);

export const sectorKind = pgEnum('sector_kind', ['page', 'choice']);
/** The sectors page (kind 'page', with descriptions) and the form choices (kind 'choice'). */
export const sectors = pgTable(
  'sectors',
  {
    id: serial('id').primaryKey(),
    kind: sectorKind('kind').notNull(),
    position: integer('position').notNull(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionFr: text('description_fr'),
    descriptionEn: text('description_en'),
  },
  (t) => [unique('sectors_kind_name').on(t.kind, t.nameFr)],
);

export const conferenceKind = pgEnum('conference_kind', ['conference', 'academy', 'sponsor']);
export const conferences = pgTable(
  'conferences',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    kind: conferenceKind('kind').notNull().default('conference'),
    titleFr: text('title_fr').notNull(),
    titleEn: text('title_en').notNull(),
    themeFr: text('theme_fr'),
    themeEn: text('theme_en'),
    descriptionFr: text('description_fr'),
    descriptionEn: text('description_en'),
    day: date('day').notNull(),
    startsAt: time('starts_at').notNull(),
    endsAt: time('ends_at').notNull(),
  },
  (t) => [unique('conferences_event_number').on(t.eventId, t.number)],
);

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull().unique(),
  description: text('description'),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    type: userType('type').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    phone: text('phone'),
    /** Digits in international form (see normalizePhone); the uniqueness check reads this. */
    phoneNormalized: text('phone_normalized'),
    company: text('company'),
    jobPosition: text('job_position'),
    secteurActivite: text('secteur_activite'),
    businessSector: text('business_sector'),
    adresse: text('adresse'),
    pays: text('pays'),
    /** The language the person registered in: their e-mails are written in it. */
    language: text('language').notNull().default('fr'),
    avatarId: integer('avatar_id').references(() => media.id, { onDelete: 'set null' }),
    /** The exhibitor a collaborator works for. */
    exhibitorId: integer('exhibitor_id').references((): never => users.id as never, { onDelete: 'set null' }),
    /** argon2id hash; empty for people who never sign in (visitors). */
    passwordHash: text('password_hash').notNull().default(''),
    provider: text('provider').notNull().default('local'),
    confirmed: boolean('confirmed').notNull().default(false),
    emailOTPConfirmed: boolean('email_otp_confirmed').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    /** Bumped to revoke every sign-in token of the user (logout, password change, deletion). */
    tokenVersion: integer('token_version').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Erased under the personal-data law: personal fields anonymised, scans of them kept as counts. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_active')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_phone_active')
      .on(t.phoneNormalized)
      .where(sql`${t.deletedAt} is null and ${t.type} in ('exhibitor', 'collaborator')`),
    index('users_exhibitor').on(t.exhibitorId),
    /** The directory's company search (`lower(company) like '%…%'`); needs the pg_trgm extension. */
    index('users_company_trgm').using('gin', sql`lower(${t.company}) gin_trgm_ops`),
  ],
);

export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: registrationType('type').notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    conferenceId: integer('conference_id').references(() => conferences.id, { onDelete: 'cascade' }),
    /** Hall (gate) and stand: the organiser's, copied to collaborators' registrations. */
    gateId: integer('gate_id').references(() => gates.id, { onDelete: 'set null' }),
    booth: text('booth'),
    /** A revoked badge is refused at the gates (deleted collaborator, cancelled registration). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The secret in the e-badge link of the badge mail (`ebadge?token=`): random, one per badge. */
    badgeKey: uuid('badge_key').notNull().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('registrations_unique').on(t.eventId, t.userId, t.type, t.conferenceId).nullsNotDistinct(),
    index('registrations_user').on(t.userId),
    uniqueIndex('registrations_badge_key').on(t.badgeKey),
    index('registrations_event_type').on(t.eventId, t.type, t.confirmed),
  ],
);

export const scans = pgTable(
  'scans',
  {
    id: serial('id').primaryKey(),
    /** Made on the scanning device, so that a repeated send is taken once. */
    clientId: uuid('client_id').notNull().unique(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    scannerId: integer('scanner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scannedId: integer('scanned_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The exhibitor the scan was made for (the scanner itself, or the exhibitor it was a
     * collaborator of then): a collaborator who leaves and joins another exhibitor takes none of
     * its leads along, so whose a scan is never depends on the scanner's current state.
     */
    exhibitorId: integer('exhibitor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    typeScanned: scanType('type_scanned').notNull(),
    note: text('note'),
    rating: smallint('rating'),
    /** When the badge was read (on the device, maybe offline long before it was sent). */
    createdAt: createdAt(),
    /** The show day of createdAt (Africa/Casablanca): one scan per person, scanner and day. */
    scanDay: date('scan_day').notNull(),
  },
  (t) => [
    // 'Mes scans' pages and the export read a scanner's scans newest first from this index alone
    // (read backwards: ascending order is what `order by created_at desc, id desc` walks back).
    index('scans_scanner').on(t.scannerId, t.exhibitorId, t.eventId, t.createdAt, t.id),
    // An exhibitor's collaborators' scans, the same way (scanner_id last: the exhibitor's own are skipped in the index).
    index('scans_exhibitor').on(t.exhibitorId, t.eventId, t.createdAt, t.id, t.scannerId),
    index('scans_scanned').on(t.scannedId),
    // Once a day per exhibitor: a collaborator who moved on the same day scans afresh for the new one.
    unique('scans_once_a_day').on(t.scannerId, t.scannedId, t.scanDay, t.exhibitorId),
  ],
);

export const gateRefusal = pgEnum('gate_refusal', ['invalid', 'otherEvent', 'revoked', 'closed']);

/**
 * What the gates decided, as the devices send it: every badge shown, admitted or not. A forged
 * badge has no registration. `checkin_day` is the show's day (Marrakech time) of `scanned_at`.
 */
export const checkins = pgTable(
  'checkins',
  {
    id: serial('id').primaryKey(),
    clientId: uuid('client_id').notNull().unique(),
    registrationId: integer('registration_id').references(() => registrations.id, { onDelete: 'cascade' }),
    gateId: integer('gate_id').references(() => gates.id, { onDelete: 'set null' }),
    controllerId: integer('controller_id').references(() => users.id, { onDelete: 'set null' }),
    deviceId: text('device_id').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    checkinDay: date('checkin_day').notNull(),
    verdict: checkinVerdict('verdict').notNull(),
    reason: gateRefusal('reason'),
    reentry: boolean('reentry').notNull().default(false),
    /** Set when two gates admitted the same badge the same day while offline. */
    conflict: boolean('conflict').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('checkins_registration').on(t.registrationId, t.checkinDay),
    index('checkins_day_gate').on(t.checkinDay, t.gateId),
    index('checkins_created').on(t.createdAt),
  ],
);

/**
 * A self-service kiosk at the entrance, enabled by a controller's or organiser's sign-in on that
 * device. Its token never expires; revoking the row ends it.
 */
export const kioskSessions = pgTable('kiosk_sessions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** SHA-256 of the kiosk's token; the token itself stays on the device. */
  tokenHash: text('token_hash').notNull().unique(),
  enabledBy: integer('enabled_by').references(() => users.id, { onDelete: 'set null' }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /**
   * The token is refused from then on (the end of the show day it was enabled on). Kiosks
   * enabled before this column existed get the migration's time: they are enabled again.
   */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

/**
 * Kiosk lookups by e-mail and phone digits not yet answered by a hit, per address (normalised as
 * the lookup compares it), counted in the database so every instance sees the same count.
 * Past the limit the address is locked for kiosks until `lockedUntil` (see kiosk.service.ts).
 */
export const kioskLookupAttempts = pgTable('kiosk_lookup_attempts', {
  email: text('email').primaryKey(),
  attempts: integer('attempts').notNull(),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Every organiser action in the back-office: who, what, on which record, when, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The route, e.g. 'DELETE /admin/kiosk-sessions/:id'. */
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    recordId: text('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created').on(t.createdAt)],
);

export const tokens = pgTable(
  'tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: tokenPurpose('purpose').notNull(),
    /** SHA-256 of the secret; the secret itself is only in the link sent. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('tokens_user').on(t.userId, t.purpose)],
);

/**
 * Which link the mail worker issues when it sends a mail: `id` is the person's for a
 * set-password link (tokens), the row's of collaborator_invitations or email_changes otherwise.
 */
export interface MailLink {
  kind: 'setPassword' | 'invitation' | 'emailChange';
  id: number;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra headers, e.g. List-Unsubscribe on newsletter mails. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** What to attach, rebuilt when the mail is sent (e.g. { kind: 'badge', registrationId }). */
    attachments: jsonb('attachments').$type<{ kind: string; [key: string]: unknown }[]>(),
    /**
     * What the mail is, for the mails anyone can trigger by typing an address (see MAIL_KINDS):
     * they are counted per recipient and per day, here, so the cap holds across instances.
     */
    kind: text('kind'),
    /**
     * The link with a secret that the mail carries (a set-password link, an invitation, an
     * address confirmation). The bodies hold LINK_PLACEHOLDER: the worker issues the secret when
     * it sends the mail, so no readable secret is ever stored here.
     */
    link: jsonb('link').$type<MailLink>(),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due').on(t.status, t.nextAttemptAt),
    index('mail_outbox_recipient').on(sql`lower(${t.to})`, t.createdAt),
  ],
);

export const newsletters = pgTable(
  'newsletters',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    language: text('language').notNull().default('fr'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletters_email').on(sql`lower(${t.email})`)],
);

export const demandesExposants = pgTable('demandes_exposants', {
  id: serial('id').primaryKey(),
  nom: text('nom').notNull(),
  email: text('email').notNull(),
  telephone: text('telephone').notNull(),
  societe: text('societe'),
  secteurActivite: text('secteur_activite').notNull().default('non rempli'),
  message: text('message'),
  language: text('language').notNull().default('fr'),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  /** The organisers' follow-up in the back-office. */
  status: enquiryStatus('status').notNull().default('nouveau'),
  notes: text('notes'),
  /** The exhibitor account the enquiry was converted into. */
  exhibitorId: integer('exhibitor_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Messages of the contact form (infos-contact); each also queues a mail to the organiser. */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  company: text('company'),
  message: text('message').notNull(),
  createdAt: createdAt(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
});

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
  captionFr: text('caption_fr'),
  captionEn: text('caption_en'),
  createdAt: createdAt(),
});

export const temoignages = pgTable('temoignages', {
  id: serial('id').primaryKey(),
  position: integer('position').notNull().default(0),
  author: text('author').notNull(),
  roleFr: text('role_fr'),
  roleEn: text('role_en'),
  quoteFr: text('quote_fr').notNull(),
  quoteEn: text('quote_en').notNull(),
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

/**
 * Personal-data retention (a single row, id 1): visitors are anonymised this many months after
 * the show's last day, by a job that stays off until an organiser turns it on.
 */
export const retentionSettings = pgTable('retention_settings', {
  id: integer('id').primaryKey().default(1),
  enabled: boolean('enabled').notNull().default(false),
  months: integer('months').notNull().default(24),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
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
  updatedAt: updatedAt(),
});

/** Records that the demo data was written once, so a second start never seeds twice. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What an invited person's account was before accepting, given back when the exhibitor deletes them. */
export interface AccountBefore {
  type: (typeof USER_TYPES)[number];
  exhibitorId: number | null;
  company: string | null;
  secteurActivite: string | null;
  businessSector: string | null;
  pays: string | null;
}

/**
 * 'Ajouter un collaborateur' with the address of an existing account (a visitor, a former
 * exhibitor): an invitation that person accepts through the mailed link. Until then nothing of
 * theirs changes; the exhibitor's list shows what the exhibitor typed, never the person's data.
 */
export const collaboratorInvitations = pgTable(
  'collaborator_invitations',
  {
    id: serial('id').primaryKey(),
    exhibitorId: integer('exhibitor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the exhibitor typed: shown in its list, never written on the person. */
    name: text('name').notNull(),
    jobPosition: text('job_position').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** SHA-256 of the link's secret; null until the mail worker sends the invitation (mail_outbox.link). */
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Cancelled while pending, or the collaborator deleted after acceptance. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Set on acceptance: what deleting the collaborator gives back. */
    before: jsonb('before').$type<AccountBefore>(),
    createdAt: createdAt(),
  },
  (t) => [
    // One open invitation per exhibitor and person: two adds at once make one.
    uniqueIndex('collaborator_invitations_open')
      .on(t.exhibitorId, t.userId)
      .where(sql`${t.acceptedAt} is null and ${t.endedAt} is null`),
    index('collaborator_invitations_user').on(t.userId),
  ],
);

/**
 * A change of the sign-in address asked in 'Informations' (with the current password): it takes
 * effect when the link mailed to the new address is used, so the answer to the form is the same
 * whoever holds that address.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** SHA-256 of the link's secret; null until the mail worker sends the link (mail_outbox.link). */
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_user').on(t.userId)],
);
