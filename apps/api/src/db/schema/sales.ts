import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  primaryKey,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  BOOKING_STATUSES,
  INVOICE_KINDS,
  PAYMENT_METHODS,
  type InvoiceLine,
  type InvoiceParty,
  type Seller,
} from '@salon/shared';
import { createdAt, multilingual, updatedAt } from './columns';
import { media } from './files';
import { editions } from './show';
import { users } from './people';
import { demandesExposants } from './messages';

/**
 * Stands sold online (decision 052): each edition's offer (its stand classes and terms, the
 * conditions of sale in force), and the bookings, from the hold a prospect takes on the plan to
 * the paid stand. Money is whole centimes of dirham, computed by the server only.
 */

/** An edition's terms of sale: one row per edition, made when the organiser first saves it. */
export const salesOffers = pgTable(
  'sales_offers',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => editions.id, { onDelete: 'cascade' }),
    /** Whether /exposer sells the edition's stands. */
    open: boolean('open').notNull().default(false),
    /** Rates in basis points: 2000 is 20 %. */
    vatRate: integer('vat_rate').notNull().default(2000),
    /** What a corner stand costs more, on its price. */
    cornerSurcharge: integer('corner_surcharge').notNull().default(0),
    /** The least area one booking may take, in m². */
    minimumArea: integer('minimum_area').notNull().default(9),
    /** The deposit's share of the total, due when the contract is signed; the balance by `balanceDueOn`. */
    depositShare: integer('deposit_share').notNull().default(5000),
    balanceDueOn: date('balance_due_on'),
    /** How many days a hold lasts unpaid before the stand is free again. */
    holdDays: smallint('hold_days').notNull().default(7),
    /** When the company's exhibitor account opens for the edition: its deposit in ('deposit'), or the whole ('paid'). */
    accountOn: text('account_on').$type<'deposit' | 'paid'>().notNull().default('deposit'),
    /**
     * The last day (at the show's place) the stands of the exhibitors invited from an earlier
     * edition are kept for them, each its own stand of then; null: none are kept.
     */
    priorityUntil: date('priority_until'),
    /** Who sells, as its invoices print it: the organiser's legal identity and its bank account. */
    seller: jsonb('seller').$type<Seller>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'sales_offers_rates',
      sql`${t.vatRate} between 0 and 10000 and ${t.cornerSurcharge} between 0 and 10000 and ${t.depositShare} between 0 and 10000`,
    ),
    check('sales_offers_terms', sql`${t.minimumArea} >= 1 and ${t.holdDays} between 1 and 90`),
    check('sales_offers_account_on', sql`${t.accountOn} in ('deposit', 'paid')`),
  ],
);

/** What a stand is sold as ('Stand nu', 'Stand équipé'): a price per m², excluding tax. */
export const standClasses = pgTable(
  'stand_classes',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    name: multilingual<string>('name'),
    pricePerM2: integer('price_per_m2').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('stand_classes_event_name').on(t.eventId, sql`(${t.name} ->> 'fr')`),
    check('stand_classes_price', sql`${t.pricePerM2} >= 0`),
  ],
);

/**
 * The conditions of sale: each version a PDF of the media library, never changed; the edition's
 * highest version is the one in force, the one a booking accepts.
 */
export const saleConditions = pgTable(
  'sale_conditions',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id),
    createdAt: createdAt(),
  },
  (t) => [unique('sale_conditions_event_version').on(t.eventId, t.version)],
);

export const bookingStatus = pgEnum('booking_status', BOOKING_STATUSES);

/**
 * A booking: stands held for a company, then its contract, invoices and payments. The company's
 * legal identity is kept as it was given; its price as it was computed when the hold was taken.
 */
export const standBookings = pgTable(
  'stand_bookings',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => editions.id),
    /** The transfer's structured reference, printed on every invoice ('S24-000123-7'). */
    reference: text('reference').notNull().unique(),
    status: bookingStatus('status').notNull().default('option'),
    /** Why it ended: 'expired', 'refused' or 'cancelled', with the organiser's words when there are some. */
    endReason: text('end_reason'),
    holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
    companyName: text('company_name').notNull(),
    ice: text('ice').notNull(),
    taxId: text('tax_id').notNull(),
    tradeRegister: text('trade_register').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    signatoryName: text('signatory_name').notNull(),
    signatoryRole: text('signatory_role').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** The language the company booked in: its mails and documents are written in it. */
    language: text('language').notNull().default('fr'),
    conditionsId: integer('conditions_id')
      .notNull()
      .references(() => saleConditions.id),
    /** The exhibitor account that booked while signed in, or that the paid booking opened. */
    exhibitorId: integer('exhibitor_id').references(() => users.id, { onDelete: 'set null' }),
    enquiryId: integer('enquiry_id').references(() => demandesExposants.id, { onDelete: 'set null' }),
    totalExclTax: integer('total_excl_tax').notNull(),
    vat: integer('vat').notNull(),
    vatRate: integer('vat_rate').notNull(),
    /** When the organiser confirmed it: its contract's date. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stand_bookings_event_status').on(t.eventId, t.status),
    index('stand_bookings_hold')
      .on(t.holdUntil)
      .where(sql`${t.status} = 'option'`),
    check('stand_bookings_amounts', sql`${t.totalExclTax} >= 0 and ${t.vat} >= 0`),
  ],
);

/**
 * The stands of a booking, by number (a layout import renumbers nothing it keeps), with what each
 * was sold as. A stand is in one live booking at most: the unique index decides between two
 * prospects at the same moment, on any instance.
 */
export const bookingStands = pgTable(
  'booking_stands',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => standBookings.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => editions.id),
    number: text('number').notNull(),
    hall: text('hall').notNull(),
    className: multilingual<string>('class_name'),
    area: integer('area').notNull(),
    corner: boolean('corner').notNull(),
    pricePerM2: integer('price_per_m2').notNull(),
    price: integer('price').notNull(),
    /** When the booking ended and the stand was free again. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('booking_stands_live')
      .on(t.eventId, sql`lower(${t.number})`)
      .where(sql`${t.releasedAt} is null`),
    index('booking_stands_booking').on(t.bookingId),
  ],
);

export const invoiceKind = pgEnum('invoice_kind', INVOICE_KINDS);

/**
 * The invoices and credit notes, issued once and never changed nor deleted (a trigger refuses
 * it, migration 0045): a correction or a cancellation is a credit note. Each is numbered in its
 * series ('F' invoices, 'AV' credit notes) and year without a gap (`invoiceCounters`), and keeps
 * both parties, its lines and its totals as they were issued.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => editions.id),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => standBookings.id),
    kind: invoiceKind('kind').notNull(),
    series: text('series').notNull(),
    year: smallint('year').notNull(),
    number: integer('number').notNull(),
    /** What it prints and the accountant files it under: 'F2025-00001', 'AV2025-00001'. */
    label: text('label').notNull(),
    /** The invoice a credit note cancels. */
    creditOf: integer('credit_of').references((): AnyPgColumn => invoices.id),
    issuedOn: date('issued_on').notNull(),
    dueOn: date('due_on').notNull(),
    language: text('language').notNull(),
    seller: jsonb('seller').$type<Seller>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    /** Signed: a credit note's totals are negative. */
    totalExclTax: integer('total_excl_tax').notNull(),
    vat: integer('vat').notNull(),
    vatRate: integer('vat_rate').notNull(),
    /** The transfer's structured reference of its booking. */
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('invoices_series_year_number').on(t.series, t.year, t.number),
    index('invoices_booking').on(t.bookingId),
    index('invoices_issued').on(t.issuedOn),
  ],
);

/** The last number of each series and year: the row lock puts two issuers in line, a rollback gives its number back. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').notNull(),
    year: smallint('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);

/**
 * Money received for a booking: typed by an organiser or matched from a bank statement's line by
 * the booking's reference. A statement line is recorded once (`statementLine`, its fingerprint).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => editions.id),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => standBookings.id),
    amount: integer('amount').notNull(),
    receivedOn: date('received_on').notNull(),
    method: paymentMethod('method').notNull(),
    /** The bank's label of the line, or the organiser's note. */
    label: text('label').notNull().default(''),
    statementLine: text('statement_line').unique(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('payments_booking').on(t.bookingId), check('payments_amount', sql`${t.amount} > 0`)],
);

/** The payment reminders sent: one of each kind per invoice, whichever instance runs the job. */
export const paymentReminders = pgTable(
  'payment_reminders',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** 'before' its due date, or 'after' it. */
    kind: text('kind').$type<'before' | 'after'>().notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.kind] })],
);

/**
 * The services an exhibitor orders for its stand (electricity, furniture, internet, cleaning…),
 * edition by edition: a price per unit excluding tax, a stock when it is limited, and the last day
 * it is ordered, at the show's place.
 */
export const exhibitorServices = pgTable(
  'exhibitor_services',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    name: multilingual<string>('name'),
    /** What one is: 'kW', 'pièce', 'forfait'. */
    unit: multilingual<string>('unit'),
    price: integer('price').notNull(),
    /** How many there are in all; null when there is no limit. */
    stock: integer('stock'),
    orderBy: date('order_by').notNull(),
    /** Who provides it, for the organiser's export. */
    supplier: text('supplier').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('exhibitor_services_event_name').on(t.eventId, sql`(${t.name} ->> 'fr')`),
    check('exhibitor_services_amounts', sql`${t.price} >= 0 and (${t.stock} is null or ${t.stock} >= 0)`),
  ],
);

/**
 * What an exhibitor ordered: one row per service of an order, the order being its invoice of kind
 * 'services' on the company's booking. A credit note of that invoice cancels its rows, which give
 * their quantity back to the stock.
 */
export const serviceOrders = pgTable(
  'service_orders',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => editions.id),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => standBookings.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => exhibitorServices.id),
    quantity: integer('quantity').notNull(),
    /** The price per unit excluding tax when it was ordered. */
    unitPrice: integer('unit_price').notNull(),
    orderedBy: integer('ordered_by').references(() => users.id, { onDelete: 'set null' }),
    /** The ordering form's key: an order sent twice is taken once. */
    orderKey: text('order_key'),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('service_orders_key').on(t.bookingId, t.orderKey, t.serviceId),
    index('service_orders_service').on(t.serviceId),
    index('service_orders_booking').on(t.bookingId),
    check('service_orders_quantity', sql`${t.quantity} > 0`),
  ],
);
