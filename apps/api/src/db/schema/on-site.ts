import {
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { FOLLOW_UPS, LEAD_QUESTION_KINDS, SCAN_TYPES } from '@salon/shared';
import { createdAt, updatedAt } from './columns';
import { editions, halls } from './show';
import { registrations, users } from './people';

/** What happens at the show: exhibitors' scans of badges, the gates' check-ins and the kiosks. */

export const scanType = pgEnum('scan_type', SCAN_TYPES);
export const checkinVerdict = pgEnum('checkin_verdict', ['admitted', 'already_entered', 'refused']);
export const leadFollowUp = pgEnum('lead_follow_up', FOLLOW_UPS);
export const leadQuestionKind = pgEnum('lead_question_kind', LEAD_QUESTION_KINDS);

export const scans = pgTable(
  'scans',
  {
    id: serial('id').primaryKey(),
    /** Made on the scanning device, so that a repeated send is taken once. */
    clientId: uuid('client_id').notNull().unique(),
    eventId: integer('event_id')
      .notNull()
      .references(() => editions.id),
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
    /** The lead's free tags, as typed (at most ten). */
    tags: text('tags').array().notNull().default([]),
    /** Where the exhibitor's follow-up of the lead stands; null: not said. */
    followUp: leadFollowUp('follow_up'),
    /**
     * When the scanned person asked this exhibitor, from their e-badge page, not to contact them
     * ('Ne plus me contacter'); set on each of their scans for that exhibitor, null: not asked.
     */
    doNotContactAt: timestamp('do_not_contact_at', { withTimezone: true }),
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
    // 'Mes scans' filtered by follow-up (and rating): counted and paged from this index alone.
    // Its migration (0036) adds INCLUDE (scanner_id, tags), which drizzle cannot declare, so the
    // scanner's table and the tag filter are read from it too.
    index('scans_lead_filters').on(t.exhibitorId, t.eventId, t.followUp, t.rating, t.createdAt, t.id),
    index('scans_scanned').on(t.scannedId),
    // Once a day per exhibitor: a collaborator who moved on the same day scans afresh for the new one.
    unique('scans_once_a_day').on(t.scannerId, t.scannedId, t.scanDay, t.exhibitorId),
  ],
);

/**
 * What the exhibitor wrote about the person it scanned: erased with that person. The scan itself,
 * its rating and follow-up stay, as the exhibitor's counts.
 */
export const scanPersonalColumns = { note: scans.note, tags: scans.tags };
export const SCAN_NOT_PERSONAL = [
  'id',
  'clientId',
  'eventId',
  'scannerId',
  'scannedId',
  'exhibitorId',
  'typeScanned',
  'rating',
  'followUp',
  'doNotContactAt',
  'createdAt',
  'scanDay',
] as const satisfies readonly (keyof typeof scans.$inferSelect)[];

/**
 * The questions an exhibitor asks after a scan (at most five), in its order. A question deleted
 * keeps its row (`deleted_at`): the answers given to it stay its answers, and a device that was
 * offline may still send one.
 */
export const leadQuestions = pgTable(
  'lead_questions',
  {
    id: serial('id').primaryKey(),
    exhibitorId: integer('exhibitor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    kind: leadQuestionKind('kind').notNull(),
    label: text('label').notNull(),
    choices: text('choices').array().notNull().default([]),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lead_questions_exhibitor').on(t.exhibitorId, t.position)],
);

/**
 * A scan's answer to a question, with the question's label and kind and the chosen choices'
 * labels as they were when it was answered: it never depends on the question's text of today.
 */
export const leadAnswers = pgTable(
  'lead_answers',
  {
    id: serial('id').primaryKey(),
    scanId: integer('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => leadQuestions.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    kind: leadQuestionKind('kind').notNull(),
    choices: text('choices').array().notNull().default([]),
    text: text('text'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lead_answers_scan_question').on(t.scanId, t.questionId),
    index('lead_answers_question').on(t.questionId),
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
    gateId: integer('gate_id').references(() => halls.id, { onDelete: 'set null' }),
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
