import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REGISTRATION_TYPES, USER_TYPES, type ExhibitorPageVersion, type Visit } from '@salon/shared';
import type { personFields } from '@salon/shared';
import { createdAt, multilingual, updatedAt } from './columns';
import { media } from './files';
import { conferences, editions, halls } from './show';

/**
 * People and their accounts: roles, users, registrations (badges), the links mailed to them, and
 * what an exhibitor's team and a change of address hold until accepted.
 */

export const registrationType = pgEnum('registration_type', REGISTRATION_TYPES);
export const userType = pgEnum('user_type', USER_TYPES);
export const tokenPurpose = pgEnum('token_purpose', ['set_password', 'badge_download', 'newsletter_confirm']);

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
    /**
     * Digits in international form (see normalizePhone). A phone is contact data, not an
     * identifier: several accounts may share one (decision 027).
     */
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
    index('users_exhibitor').on(t.exhibitorId),
    /** The directory's company search (`lower(company) like '%…%'`); needs the pg_trgm extension. */
    index('users_company_trgm').using('gin', sql`lower(${t.company}) gin_trgm_ops`),
    /**
     * The directory's order is `lower(company)`, then the registration's id: its first pages
     * without a search walk this index by company and stop at the page's end instead of sorting
     * every exhibitor; PostgreSQL sorts the few names that tie by registration (directoryStatement).
     */
    index('users_company_order')
      .on(sql`lower(${t.company})`, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * A person's own data, as they (or their exhibitor) typed it: given back by the export of their
 * data, erased in place by its erasure (null unless the erasure names a value), shown to the
 * organisers. The same names as the contracts' `personFields`. Every column of `users` is here,
 * in `personalTraceColumns` or in `NOT_PERSONAL`: a test fails on a column in none of them.
 */
export const personalColumns = {
  name: users.name,
  email: users.email,
  username: users.username,
  phone: users.phone,
  company: users.company,
  jobPosition: users.jobPosition,
  secteurActivite: users.secteurActivite,
  businessSector: users.businessSector,
  adresse: users.adresse,
  pays: users.pays,
} satisfies Record<keyof typeof personFields, unknown>;

/** Made from a person's own data or pointing at it: erased with it, neither shown nor exported. */
export const personalTraceColumns = { phoneNormalized: users.phoneNormalized, avatarId: users.avatarId };

/**
 * The account's workings and history: kept by an erasure (which closes the account through
 * them: blocked, no password, sign-ins revoked, the date it was erased).
 */
export const NOT_PERSONAL = [
  'id',
  'type',
  'roleId',
  'language',
  'exhibitorId',
  'passwordHash',
  'provider',
  'confirmed',
  'emailOTPConfirmed',
  'blocked',
  'tokenVersion',
  'deletedAt',
  'anonymisedAt',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof typeof users.$inferSelect)[];

/** A member of an exhibitor's team as its lists show one (collaborators, last edition's team). */
export const contactColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  jobPosition: users.jobPosition,
};

export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => editions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: registrationType('type').notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    conferenceId: integer('conference_id').references(() => conferences.id, { onDelete: 'cascade' }),
    /** Hall (gate) and stand: the organiser's, copied to collaborators' registrations. */
    gateId: integer('gate_id').references(() => halls.id, { onDelete: 'set null' }),
    booth: text('booth'),
    /** A revoked badge is refused at the gates (deleted collaborator, cancelled registration). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The secret in the e-badge link of the badge mail (`ebadge?token=`): random, one per badge. */
    badgeKey: uuid('badge_key').notNull().defaultRandom(),
    /**
     * Which Apple Wallet `authenticationToken` opens the badge's pass (pass-updates.ts): raised when
     * the organiser sends the badge again or a cancelled badge is restored, so that a copy of the
     * pass from before stops working (decision 044).
     */
    passTokenVersion: integer('pass_token_version').notNull().default(0),
    /** 'Ma visite' kept with the badge (the e-badge page's 'Garder ma liste'): ids of the edition's exhibitors and conferences. */
    visit: jsonb('visit').$type<Visit>(),
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

/**
 * 'Inviter les exposants de 2024': a confirmed exhibitor of a past edition asked to take part in
 * the current one. The mailed link (its secret issued by the mail worker) opens a page with the
 * company's details; confirming there makes the exhibitor's registration for the edition, pending
 * until the organiser confirms it as any other. One invitation per exhibitor and edition.
 */
export const participationInvitations = pgTable(
  'participation_invitations',
  {
    id: serial('id').primaryKey(),
    /** The edition the exhibitor is invited to. */
    eventId: integer('event_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    /** The edition it exhibited at. */
    fromEventId: integer('from_event_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the link's secret; null until the mail worker sends the invitation (mail_outbox.link). */
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the exhibitor confirmed its participation on the page. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('participation_invitations_once').on(t.eventId, t.userId),
    index('participation_invitations_user').on(t.userId),
  ],
);

/**
 * What an exhibitor tells visitors on its page of the directory (`/annuaire/<slug>`), beside its
 * company, logo and stand: written by the exhibitor, text only (never HTML). One row per exhibitor,
 * made on its first change; an exhibitor without one shows what its account holds.
 */
export const exhibitorPages = pgTable('exhibitor_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Its presentation in each language. */
  description: multilingual('description').default({}),
  /** Sectors of the show's list (`sectors` of kind 'choice'), in the exhibitor's order. */
  sectorIds: integer('sector_ids')
    .array()
    .notNull()
    .default(sql`'{}'`),
  brands: text('brands')
    .array()
    .notNull()
    .default(sql`'{}'`),
  website: text('website'),
  linkedin: text('linkedin'),
  facebook: text('facebook'),
  instagram: text('instagram'),
  youtube: text('youtube'),
  x: text('x'),
  /** The PDFs it hands out (at most three), in its order. */
  documentIds: integer('document_ids')
    .array()
    .notNull()
    .default(sql`'{}'`),
  /**
   * With moderation on (site settings): the exhibitor's version waiting for the organiser's
   * review, the whole page (the columns above stay the live one). Null: nothing waits.
   */
  pending: jsonb('pending').$type<ExhibitorPageVersion>(),
  /** Why the organiser holds the pending version (the exhibitor reads it); null while not held. */
  heldReason: text('held_reason'),
  /**
   * The contact card the visitors it scanned download from their e-badge page: the name, e-mail
   * and phone the exhibitor chose to give (never moderated: no public page shows them).
   */
  visitorContactName: text('visitor_contact_name'),
  visitorContactEmail: text('visitor_contact_email'),
  visitorContactPhone: text('visitor_contact_phone'),
  /** The one PDF of its uploads those visitors get; null: none. */
  visitorDocumentId: integer('visitor_document_id').references(() => media.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/** Who gives a forum conference: the exhibitors whose pages list it. */
export const conferenceExhibitors = pgTable(
  'conference_exhibitors',
  {
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conferences.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.conferenceId, t.userId] }), index('conference_exhibitors_user').on(t.userId)],
);

/** The files an exhibitor uploaded for its page (its logo, its PDFs): only it may put them there. */
export const exhibitorUploads = pgTable(
  'exhibitor_uploads',
  {
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.userId] }), index('exhibitor_uploads_user').on(t.userId)],
);
