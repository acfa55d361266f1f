import * as z from 'zod/mini';
import { BOOKING_STATUSES, INVOICE_KINDS, PAYMENT_METHODS } from '../stand-sales';
import { dateTime, item } from './common';

/** What /exposer reads and the hold answers; amounts are centimes, rates basis points. */

const multilingualName = z.record(z.string(), z.string());

export const offerTermsSchema = z.strictObject({
  vatRate: z.number(),
  cornerSurcharge: z.number(),
  minimumArea: z.number(),
  depositShare: z.number(),
  balanceDueOn: z.nullable(z.string()),
  holdDays: z.number(),
  priorityUntil: z.nullable(z.string()),
});

export const standForSaleSchema = z.strictObject({
  number: z.string(),
  hall: z.string(),
  gateId: z.number(),
  classId: z.number(),
  area: z.number(),
  corner: z.boolean(),
  price: z.number(),
  state: z.enum(['free', 'held', 'sold']),
  /** Its rectangle in its hall's units, as the plan draws it. */
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  /** A sold stand's exhibitors as the public plan names them; none for a free or held one. */
  companies: z.array(z.string()),
});

/** `GET stand-offer`: the current edition's offer, when its sale is open. */
export const standOfferSchema = item(
  z.strictObject({
    year: z.number(),
    terms: offerTermsSchema,
    conditions: z.strictObject({ version: z.number(), url: z.string() }),
    /** The halls that have stands for sale, with their outline. */
    halls: z.array(z.strictObject({ id: z.number(), name: z.string(), width: z.number(), height: z.number() })),
    classes: z.array(z.strictObject({ id: z.number(), name: multilingualName, pricePerM2: z.number() })),
    stands: z.array(standForSaleSchema),
  }),
);

const quotedStand = z.strictObject({ number: z.string(), hall: z.string(), area: z.number(), price: z.number() });
const totals = {
  area: z.number(),
  totalExclTax: z.number(),
  vat: z.number(),
  totalInclTax: z.number(),
};

/** `POST stand-offer/quote`: the price of the stands picked, checked as the hold checks them. */
export const standQuoteAnswerSchema = item(z.strictObject({ stands: z.array(quotedStand), ...totals }));

/** `POST stand-bookings`: the hold, its reference and its date. */
export const standHeldSchema = item(
  z.strictObject({ reference: z.string(), holdUntil: dateTime, stands: z.array(quotedStand), ...totals }),
);

/** A company as a booking gives it: its legal identity, its signatory, whom to write to. */
const companyFields = {
  companyName: z.string(),
  ice: z.string(),
  taxId: z.string(),
  tradeRegister: z.string(),
  address: z.string(),
  city: z.string(),
  signatoryName: z.string(),
  signatoryRole: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
};

/** A booking as the back-office lists it. */
export const adminBookingSchema = z.strictObject({
  id: z.number(),
  edition: z.number(),
  reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  endReason: z.nullable(z.string()),
  holdUntil: dateTime,
  ...companyFields,
  language: z.string(),
  conditionsVersion: z.number(),
  stands: z.string(),
  area: z.number(),
  totalExclTax: z.number(),
  vat: z.number(),
  totalInclTax: z.number(),
  /** What it has received, in centimes. */
  paid: z.number(),
  createdAt: dateTime,
});

/** The edition's offer as the back-office edits it, with how its stands stand. */
export const adminSalesOfferSchema = z.strictObject({
  id: z.number(),
  open: z.boolean(),
  ...offerTermsSchema.shape,
  accountOn: z.enum(['deposit', 'paid']),
  seller: z.strictObject({
    name: z.optional(z.string()),
    ice: z.optional(z.string()),
    taxId: z.optional(z.string()),
    tradeRegister: z.optional(z.string()),
    address: z.optional(z.string()),
    city: z.optional(z.string()),
    bank: z.optional(z.string()),
    rib: z.optional(z.string()),
  }),
  conditions: z.nullable(z.strictObject({ version: z.number(), url: z.string(), createdAt: dateTime })),
  counts: z.strictObject({ forSale: z.number(), free: z.number(), held: z.number(), sold: z.number() }),
});

/** A stand class as the back-office lists it, with how many stands are sold as it. */
export const adminStandClassSchema = z.strictObject({
  id: z.number(),
  edition: z.number(),
  name: z.strictObject({ fr: z.string(), en: z.string() }),
  pricePerM2: z.number(),
  position: z.number(),
  stands: z.number(),
});

/** An invoice or credit note as the back-office lists it (its PDF at `admin/invoices/:id/pdf`). */
export const adminInvoiceSchema = z.strictObject({
  id: z.number(),
  bookingId: z.number(),
  label: z.string(),
  kind: z.enum(INVOICE_KINDS),
  creditOf: z.nullable(z.number()),
  issuedOn: z.string(),
  dueOn: z.string(),
  totalExclTax: z.number(),
  vat: z.number(),
  totalInclTax: z.number(),
});
export const adminInvoicesSchema = z.strictObject({ invoices: z.array(adminInvoiceSchema) });

/** A booking's account after a payment: what it owes (invoices taxes included), its deposit, what it received. */
export const bookingAccountSchema = z.strictObject({
  status: z.enum(BOOKING_STATUSES),
  exhibitorId: z.nullable(z.number()),
  due: z.number(),
  deposit: z.number(),
  paid: z.number(),
});

export const adminPaymentsSchema = z.strictObject({
  payments: z.array(
    z.strictObject({
      id: z.number(),
      amount: z.number(),
      receivedOn: z.string(),
      method: z.enum(PAYMENT_METHODS),
      label: z.string(),
      fromStatement: z.boolean(),
      createdAt: dateTime,
    }),
  ),
});

/** A bank statement matched: each line's outcome, and with `commit` how many were recorded. */
export const statementMatchSchema = z.strictObject({
  lines: z.array(
    z.strictObject({
      line: z.number(),
      date: z.nullable(z.string()),
      label: z.string(),
      amount: z.nullable(z.number()),
      reference: z.nullable(z.string()),
      outcome: z.enum(['matched', 'unmatched', 'duplicate', 'notConfirmed', 'debit', 'invalid']),
      bookingId: z.nullable(z.number()),
    }),
  ),
  matched: z.number(),
  unmatched: z.number(),
  duplicates: z.number(),
  amountMatched: z.number(),
  recorded: z.number(),
});

/** `GET my-bookings`: the signed-in exhibitor's own bookings, with their invoices (their PDFs at `my-invoices/:id/pdf`). */
export const myBookingsSchema = z.strictObject({
  bookings: z.array(
    z.strictObject({
      id: z.number(),
      reference: z.string(),
      status: z.enum(BOOKING_STATUSES),
      stands: z.string(),
      totalInclTax: z.number(),
      paid: z.number(),
      contract: z.boolean(),
      invoices: z.array(
        z.strictObject({
          id: z.number(),
          label: z.string(),
          kind: z.enum(INVOICE_KINDS),
          issuedOn: z.string(),
          dueOn: z.string(),
          totalInclTax: z.number(),
        }),
      ),
    }),
  ),
});

/** `GET stand-offer/enquiry`: what the enquiry said, to fill /exposer's form from the organiser's link. */
export const enquiryPrefillSchema = item(
  z.strictObject({ nom: z.string(), email: z.string(), telephone: z.string(), societe: z.nullable(z.string()) }),
);

/**
 * What a returning exhibitor's link reads: the stands kept for it until a day, and what /exposer's
 * form starts from (its account's details, its last booking's legal identity; '' when unknown).
 */
export const priorityPrefillSchema = item(
  z.strictObject({ stands: z.array(z.string()), until: z.string(), ...companyFields }),
);

const multilingualText = z.strictObject({ fr: z.string(), en: z.string() });

/** A service of the catalogue as the back-office lists it, with how many are ordered. */
export const adminExhibitorServiceSchema = z.strictObject({
  id: z.number(),
  edition: z.number(),
  name: multilingualText,
  unit: multilingualText,
  price: z.number(),
  stock: z.nullable(z.number()),
  orderBy: z.string(),
  supplier: z.string(),
  position: z.number(),
  ordered: z.number(),
});

/**
 * The exhibitor's 'Services' tab: the catalogue of its edition (how many are left when the stock
 * is limited, whether it is still ordered), the booking its orders are invoiced on (none when the
 * company has no confirmed booking), and its orders.
 */
export const myServicesSchema = z.strictObject({
  booking: z.nullable(z.strictObject({ reference: z.string(), stands: z.string() })),
  vatRate: z.number(),
  services: z.array(
    z.strictObject({
      id: z.number(),
      name: multilingualText,
      unit: multilingualText,
      price: z.number(),
      left: z.nullable(z.number()),
      orderBy: z.string(),
      open: z.boolean(),
    }),
  ),
  orders: z.array(
    z.strictObject({
      invoiceId: z.number(),
      label: z.string(),
      issuedOn: z.string(),
      totalInclTax: z.number(),
      cancelled: z.boolean(),
      lines: z.array(z.strictObject({ name: multilingualText, quantity: z.number(), total: z.number() })),
    }),
  ),
});

/** An order taken: its invoice. */
export const serviceOrderedSchema = z.strictObject({
  invoice: z.strictObject({ id: z.number(), label: z.string(), totalInclTax: z.number(), dueOn: z.string() }),
});
