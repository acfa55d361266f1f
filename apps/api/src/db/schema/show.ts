import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  time,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { standClasses } from './sales';
import { createdAt, multilingual, updatedAt } from './columns';
import { FEATURE_KINDS } from '@salon/shared';

/** The show: its editions, opening hours, halls, sectors and forum programme. */

export const editions = pgTable(
  'events',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    edition: smallint('edition').notNull(),
    /** The year it was held: what the history shows when the dates are not known. */
    year: smallint('year').notNull(),
    /** Null for a past edition known by its year only (the specification's 2003 to 2017). */
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    city: text('city'),
    /** The theme in each language; `{}` when it is not known. */
    theme: multilingual('theme').default({}),
    exhibitors: integer('exhibitors'),
    visitors: integer('visitors'),
    /**
     * When the online registration, the exhibitor enquiry and the kiosk open and close (null: from
     * the start; until the show's last day is over, in the show's time zone).
     */
    registrationOpensAt: timestamp('registration_opens_at', { withTimezone: true }),
    registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true }),
    /** When the newsletter's confirmed subscribers were invited to it (once: domains/editions/announcement.ts). */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    /** The edition the site shows and takes registrations for: one at most (domains/editions). */
    current: boolean('current').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('events_one_current')
      .on(t.current)
      .where(sql`${t.current}`),
    // Both dates or neither, in its year; the current edition has its dates and city.
    check(
      'events_dates',
      sql`(${t.startsOn} is null) = (${t.endsOn} is null) and (${t.startsOn} is null or extract(year from ${t.startsOn}) = ${t.year})`,
    ),
    check('events_current_dated', sql`not ${t.current} or (${t.startsOn} is not null and ${t.city} is not null)`),
  ],
);

export const openingHours = pgTable(
  'opening_hours',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    opensAt: time('opens_at').notNull(),
    closesAt: time('closes_at').notNull(),
  },
  (t) => [unique('opening_hours_event_day').on(t.eventId, t.day)],
);

/** The halls; a hall's entrance is the gate that controllers work at. */
export const halls = pgTable(
  'gates',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    /** The hall's outline on the floor plan, a rectangle in the hall's own units (null: not drawn). */
    planWidth: integer('plan_width'),
    planHeight: integer('plan_height'),
  },
  (t) => [unique('gates_event_name').on(t.eventId, t.name)],
);

/**
 * The stands of the floor plan: a rectangle in its hall's units, from the top left corner. A
 * stand is taken when an exhibitor's registration has its number as `booth` (case aside); numbers
 * are unique in an edition, whatever the hall.
 */
export const stands = pgTable(
  'stands',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    gateId: integer('gate_id')
      .notNull()
      .references(() => halls.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** What it is sold as (schema/sales.ts); null: not for sale online. */
    classId: integer('class_id').references((): AnyPgColumn => standClasses.id, { onDelete: 'set null' }),
    /** Its area in m², what its price is counted on (null: not for sale online). */
    area: integer('area'),
    /** Open on two aisles: sold with the offer's corner surcharge. */
    corner: boolean('corner').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('stands_area', sql`${t.area} is null or ${t.area} > 0`),
    uniqueIndex('stands_event_number').on(t.eventId, sql`lower(${t.number})`),
    index('stands_gate').on(t.gateId),
    check('stands_size', sql`${t.x} >= 0 and ${t.y} >= 0 and ${t.width} > 0 and ${t.height} > 0`),
  ],
);

export const planFeatureKind = pgEnum('plan_feature_kind', FEATURE_KINDS);
/**
 * What a hall's plan shows besides stands: entrances, aisles, services and the forum's room, each
 * a rectangle in the hall's units, with an optional label (the forum room's name).
 */
export const planFeatures = pgTable(
  'plan_features',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    gateId: integer('gate_id')
      .notNull()
      .references(() => halls.id, { onDelete: 'cascade' }),
    kind: planFeatureKind('kind').notNull(),
    label: text('label'),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('plan_features_gate').on(t.gateId),
    check('plan_features_size', sql`${t.x} >= 0 and ${t.y} >= 0 and ${t.width} > 0 and ${t.height} > 0`),
  ],
);

export const sectorKind = pgEnum('sector_kind', ['page', 'choice']);
/** The sectors page (kind 'page', with descriptions) and the form choices (kind 'choice'). */
export const sectors = pgTable(
  'sectors',
  {
    id: serial('id').primaryKey(),
    kind: sectorKind('kind').notNull(),
    position: integer('position').notNull(),
    /** Required in each language; unique by kind in French. */
    name: multilingual<string>('name'),
    description: multilingual('description'),
  },
  (t) => [uniqueIndex('sectors_kind_name').on(t.kind, sql`(${t.name} ->> 'fr')`)],
);

export const conferenceKind = pgEnum('conference_kind', ['conference', 'academy', 'sponsor']);
export const conferences = pgTable(
  'conferences',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    kind: conferenceKind('kind').notNull().default('conference'),
    /** Required in each language. */
    title: multilingual<string>('title'),
    theme: multilingual('theme'),
    description: multilingual('description'),
    day: date('day').notNull(),
    startsAt: time('starts_at').notNull(),
    endsAt: time('ends_at').notNull(),
  },
  (t) => [unique('conferences_event_number').on(t.eventId, t.number)],
);
