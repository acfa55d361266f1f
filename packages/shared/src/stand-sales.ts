import * as z from 'zod/mini';
import { showDay, showInstant } from './clock';
import { LANGUAGES, LOCALES, pick, type Language } from './language';
import { emailField, maxText, requiredMultilingualValue, requiredText } from './schemas';
import { standNumberField } from './floor-plan';

/**
 * Stands sold online: the offer an organiser sets per edition, and the form a company fills on
 * /exposer to hold stands. Money is whole centimes of dirham and rates are basis points (2000 is
 * 20 %); the server computes every amount, the forms carry none.
 */

/** A booking's way from the hold to the paid stand ('Option', 'Contrat signé', 'Acompte reçu', 'Soldé', 'Annulé'). */
export const BOOKING_STATUSES = ['option', 'signed', 'deposit', 'paid', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** The steps of a booking whose contract is signed and not cancelled: it is paid for, and its company orders services on it. */
export const CONFIRMED_STATUSES = ['signed', 'deposit', 'paid'] as const satisfies readonly BookingStatus[];

/** What an invoice is: the deposit, the balance, the exhibitor's services, or a credit note. */
export const INVOICE_KINDS = ['deposit', 'balance', 'services', 'credit'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** How money came in: a transfer (typed or from a statement), a cheque, cash, a card. */
export const PAYMENT_METHODS = ['transfer', 'cheque', 'cash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A payment an organiser records by hand: its amount in centimes, its day, how it came. */
export const paymentSchema = z.object({
  amount: z
    .int({ error: 'wholeNumber' })
    .check(z.gte(1, { error: 'wholeNumber' }), z.lte(1_000_000_000, { error: 'tooLarge' })),
  receivedOn: z.string({ error: 'required' }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date' })),
  method: z.enum(PAYMENT_METHODS, { error: 'required' }),
  label: z.optional(z.string().check(z.trim(), maxText(300))),
});
export type PaymentForm = z.infer<typeof paymentSchema>;

/** A bank statement to match: its CSV text, and whether to record what matched (else a preview). */
export const STATEMENT_MAX_CHARS = 2_000_000;
export const statementImportSchema = z.object({
  csv: z.string({ error: 'required' }).check(z.minLength(1, { error: 'required' }), maxText(STATEMENT_MAX_CHARS)),
  commit: z.optional(z.boolean()),
});

/** A party of an invoice as it prints it: its legal identity. */
export interface InvoiceParty {
  name: string;
  ice: string;
  taxId: string;
  tradeRegister: string;
  address: string;
  city: string;
}
/** The organiser as seller: its legal identity and the bank account transfers go to. */
export interface Seller extends Partial<InvoiceParty> {
  bank?: string;
  rib?: string;
}
/** A line of an invoice, in centimes; a credit note's are negative. */
export interface InvoiceLine {
  label: string;
  quantity: number;
  unitPrice: number;
  total: number;
}

/** At most this many stands in one booking: a company's island of adjoining stands. */
export const BOOKING_MAX_STANDS = 8;

/** A Moroccan company's common identifier (ICE): 15 digits. */
export const ICE = /^\d{15}$/;

const wholeNumber = (min: number, max: number) =>
  z.int({ error: 'wholeNumber' }).check(z.gte(min, { error: 'wholeNumber' }), z.lte(max, { error: 'tooLarge' }));
/** A rate in basis points, 0 to 100 %. */
const rate = wholeNumber(0, 10_000);
/** An amount in centimes, up to ten million dirhams. */
export const centimesField = wholeNumber(0, 1_000_000_000);
const isoDay = z.string({ error: 'required' }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date' }));

/** A Moroccan bank account number (RIB): 24 digits, spaces allowed between groups. */
export const RIB = /^\d{24}$/;
const optional = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, { error: 'tooLong' })));

/** The organiser as its invoices print it; each field may wait, but none may be wrong. */
export const sellerSchema = z.object({
  name: optional(200),
  ice: z.optional(z.string().check(z.trim(), z.regex(/^(\d{15})?$/, { error: 'ice' }))),
  taxId: optional(30),
  tradeRegister: optional(50),
  address: optional(300),
  city: optional(100),
  bank: optional(100),
  rib: z.optional(
    z
      .pipe(
        z.string().check(z.trim()),
        z.transform((v) => v.replace(/\s+/g, '')),
      )
      .check(z.regex(/^(\d{24})?$/, { error: 'rib' })),
  ),
});
export type SellerForm = z.infer<typeof sellerSchema>;

/** What confirming a booking needs of the seller: every field, for the invoices' legal mentions. */
export const SELLER_FIELDS = ['name', 'ice', 'taxId', 'tradeRegister', 'address', 'city', 'bank', 'rib'] as const;

/** The edition's terms of sale, as the back-office saves them. */
export const salesOfferSchema = z.object({
  open: z.boolean(),
  vatRate: rate,
  cornerSurcharge: rate,
  minimumArea: wholeNumber(1, 10_000),
  depositShare: rate,
  balanceDueOn: z.nullable(isoDay),
  holdDays: wholeNumber(1, 90),
  /** The last day the exhibitors invited from an earlier edition have their stand of then kept for them. */
  priorityUntil: z.optional(z.nullable(isoDay)),
  /** When the company's exhibitor account opens: its deposit in, or the whole. */
  accountOn: z.optional(z.enum(['deposit', 'paid'])),
  seller: z.optional(sellerSchema),
});
export type SalesOfferForm = z.infer<typeof salesOfferSchema>;

/** A stand class: its name in each language and its price per m², excluding tax, in centimes. */
export const standClassSchema = z.object({
  name: requiredMultilingualValue(requiredText(100)),
  pricePerM2: centimesField,
  position: z.optional(wholeNumber(0, 10_000)),
});
export type StandClassForm = z.infer<typeof standClassSchema>;

/**
 * A service of the edition's catalogue (electricity, furniture, internet…): its price per unit
 * excluding tax, in centimes, a stock when it is limited, the last day it is ordered.
 */
export const exhibitorServiceSchema = z.object({
  name: requiredMultilingualValue(requiredText(100)),
  unit: requiredMultilingualValue(requiredText(30)),
  price: centimesField,
  stock: z.nullable(wholeNumber(0, 100_000)),
  orderBy: isoDay,
  supplier: optional(200),
  position: z.optional(wholeNumber(0, 10_000)),
});
export type ExhibitorServiceForm = z.infer<typeof exhibitorServiceSchema>;

/** At most this many of one service in one order. */
export const SERVICE_MAX_QUANTITY = 1000;
/** How many of one service an order takes: a whole number, one at least. */
export const serviceQuantityField = wholeNumber(1, SERVICE_MAX_QUANTITY);

/** An exhibitor's order: how many of each service, one service at least, each once. */
export const serviceOrderSchema = z.object({
  /**
   * The form's own key, made when it is shown: the same order sent twice (a double tap, a retry
   * after a lost answer) is taken once and answers its invoice again.
   */
  key: z.optional(z.string().check(z.regex(/^[\w-]{8,64}$/, { error: 'invalid' }))),
  lines: z.array(z.object({ service: z.int(), quantity: serviceQuantityField }), { error: 'chooseService' }).check(
    z.minLength(1, { error: 'chooseService' }),
    z.maxLength(100, { error: 'chooseService' }),
    z.refine((lines) => new Set(lines.map((l) => l.service)).size === lines.length, { error: 'chooseService' }),
  ),
});
export type ServiceOrderForm = z.infer<typeof serviceOrderSchema>;

/** A new version of the conditions of sale: a PDF of the media library. */
export const saleConditionsSchema = z.object({
  mediaId: z.int({ error: 'required' }).check(z.positive({ error: 'required' })),
});

/** The stands a company picks, by number: one at least, each once. */
export const bookingStandsField = z.array(standNumberField, { error: 'chooseStand' }).check(
  z.minLength(1, { error: 'chooseStand' }),
  z.maxLength(BOOKING_MAX_STANDS, { error: 'tooManyStands' }),
  z.refine((list) => new Set(list.map((n) => n.toLowerCase())).size === list.length, { error: 'chooseStand' }),
);

/** A returning exhibitor's link to its stand kept for it (the participation invitation's). */
const priorityField = z.optional(z.string().check(z.maxLength(500)));

export const standQuoteSchema = z.object({ stands: bookingStandsField, priority: priorityField });
export type StandQuoteForm = z.infer<typeof standQuoteSchema>;

/**
 * The hold on /exposer: the stands, the company's legal identity, who to write to, and the version
 * of the conditions of sale the company read and accepted (a newer one in force is refused).
 */
export const standBookingSchema = z.object({
  stands: bookingStandsField,
  companyName: requiredText(200),
  ice: requiredText(15).check(z.regex(ICE, { error: 'ice' })),
  taxId: requiredText(30),
  tradeRegister: requiredText(50),
  address: requiredText(300),
  city: requiredText(100),
  signatoryName: requiredText(200),
  signatoryRole: requiredText(100),
  contactName: requiredText(200),
  email: emailField,
  phone: requiredText(40),
  conditionsVersion: z.int({ error: 'required' }).check(z.positive({ error: 'required' })),
  accept: z.literal(true, { error: 'acceptConditions' }),
  lang: z.optional(z.enum(LANGUAGES)),
  /** The link the organiser mailed from the enquiry's follow-up: the booking is that enquiry's. */
  enquiry: z.optional(z.string().check(maxText(500))),
  /** A returning exhibitor's link: its stand kept for it is free to it, and the booking is its account's. */
  priority: priorityField,
});
export type StandBookingForm = z.infer<typeof standBookingSchema>;

/** An amount of centimes as a reader reads it: '12 500,00 MAD', 'MAD 12,500.00'. */
export const moneyText = (centimes: number, lang: Language) => numberFormat(lang, 'money').format(centimes / 100);

/** A rate of basis points as a percentage: '20 %', '20%'. */
export const rateText = (basisPoints: number, lang: Language) =>
  numberFormat(lang, 'rate').format(basisPoints / 10_000);

/** Each language's formats made once: an invoice, a list or a mail prints many amounts. */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: Language, kind: 'money' | 'rate'): Intl.NumberFormat {
  const key = `${lang}|${kind}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(
      pick(lang, LOCALES),
      kind === 'money' ? { style: 'currency', currency: 'MAD' } : { style: 'percent', maximumFractionDigits: 2 },
    );
    numberFormats.set(key, f);
  }
  return f;
}

/**
 * When an option taken `now` ends: after `days` whole days at the show's place, at midnight there
 * (an option taken on the 4th for 7 days lasts through the 11th).
 */
export function holdEnd(now: Date, days: number): Date {
  return showInstant(addDays(showDay(now), days + 1), '00:00');
}

/** A calendar day `days` later (earlier when negative): '2024-05-29' + 3 is '2024-06-01'. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The last day ('YYYY-MM-DD', at the show's place) an option ending at `holdUntil` lasts through. */
export const holdLastDay = (holdUntil: Date | string) => showDay(new Date(new Date(holdUntil).getTime() - 60_000));

/** Why a booking ended (`standBookings.endReason`): its option lapsed, the organiser refused it or cancelled it. */
export const END_REASONS = ['expired', 'refused', 'cancelled'] as const;

/** The organiser's refusal of an option or cancellation of a booking: why, in a few words the company reads. */
export const bookingEndSchema = z.object({ reason: z.optional(z.string().check(z.trim(), maxText(500))) });

/** The accountant's export: a period of days (both included), what (invoices or payments, for a CSV), the format. */
export const accountingQuerySchema = z.object({
  from: z.string({ error: 'required' }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date' })),
  to: z.string({ error: 'required' }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date' })),
  what: z.optional(z.enum(['invoices', 'payments'])),
  format: z.optional(z.enum(['csv', 'xlsx'])),
});
