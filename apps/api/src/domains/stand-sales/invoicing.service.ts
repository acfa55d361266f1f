import { asc, eq, sql } from 'drizzle-orm';
import type { BookingStatus, InvoiceKind, InvoiceLine, InvoiceParty, Seller } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { invoiceCounters, invoices, payments, standBookings } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { share } from './pricing';

/**
 * Invoices and credit notes: numbered in their series and year without a gap, whoever issues
 * them on whichever instance (the counter's row is locked until the issuing transaction ends, and
 * a rolled back transaction gives its number back), and never changed afterwards (a trigger
 * refuses it): a correction or a cancellation is a credit note of the same lines, negated.
 */

export type Invoice = typeof invoices.$inferSelect;

/** 'F2025-00001' for an invoice, 'AV2025-00001' for a credit note. */
export const invoiceLabel = (series: string, year: number, number: number) =>
  `${series}${year}-${String(number).padStart(5, '0')}`;

const seriesOf = (kind: InvoiceKind) => (kind === 'credit' ? 'AV' : 'F');

/** The next number of a series and year, taken in the caller's transaction. */
export async function nextNumber(tx: Tx, series: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  return row!.last;
}

export interface NewInvoice {
  eventId: number;
  bookingId: number;
  kind: InvoiceKind;
  creditOf?: number;
  issuedOn: string;
  dueOn: string;
  language: string;
  seller: Seller;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  vatRate: number;
  reference: string;
}

/** Issues an invoice (its totals from its lines: the VAT on its total excluding tax) and answers it. */
export async function issueInvoice(tx: Tx, invoice: NewInvoice): Promise<Invoice> {
  const series = seriesOf(invoice.kind);
  const year = Number(invoice.issuedOn.slice(0, 4));
  const number = await nextNumber(tx, series, year);
  const totalExclTax = invoice.lines.reduce((sum, l) => sum + l.total, 0);
  const vat = Math.sign(totalExclTax) * share(Math.abs(totalExclTax), invoice.vatRate);
  const [row] = await tx
    .insert(invoices)
    .values({ ...invoice, series, year, number, label: invoiceLabel(series, year, number), totalExclTax, vat })
    .returning();
  return row!;
}

/** The credit note that cancels `invoice` whole, issued on `issuedOn`. */
export function creditNote(tx: Tx, invoice: Invoice, issuedOn: string): Promise<Invoice> {
  return issueInvoice(tx, {
    eventId: invoice.eventId,
    bookingId: invoice.bookingId,
    kind: 'credit',
    creditOf: invoice.id,
    issuedOn,
    dueOn: issuedOn,
    language: invoice.language,
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines: invoice.lines.map((l) => ({ ...l, unitPrice: -l.unitPrice, total: -l.total })),
    vatRate: invoice.vatRate,
    reference: invoice.reference,
  });
}

/** A booking's invoices and credit notes, in the order they were issued. */
export const bookingInvoices = (db: Db | Tx, bookingId: number) =>
  db.select().from(invoices).where(eq(invoices.bookingId, bookingId)).orderBy(asc(invoices.id));

/** The booking's invoices that no credit note cancels yet. */
export async function uncredited(tx: Db | Tx, bookingId: number): Promise<Invoice[]> {
  const all = await bookingInvoices(tx, bookingId);
  const credited = new Set(all.flatMap((i) => (i.creditOf ? [i.creditOf] : [])));
  return all.filter((i) => i.kind !== 'credit' && !credited.has(i.id));
}

export async function invoiceById(db: Db | Tx, id: number | null): Promise<Invoice> {
  const [row] = id === null ? [] : await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw notFound('Facture introuvable.');
  return row;
}

/** What a booking owes (its invoices no credit note cancels, taxes included), its deposit, and what it received. */
export async function bookingAccount(tx: Db | Tx, bookingId: number) {
  const open = await uncredited(tx, bookingId);
  const due = open.reduce((sum, i) => sum + i.totalExclTax + i.vat, 0);
  const depositInvoice = open.find((i) => i.kind === 'deposit');
  const deposit = depositInvoice ? depositInvoice.totalExclTax + depositInvoice.vat : 0;
  const [row] = await tx
    .select({ paid: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(eq(payments.bookingId, bookingId));
  return { due, deposit, paid: row?.paid ?? 0, open };
}

/** The step a confirmed booking's account puts it at: 'Soldé' once all is in, 'Acompte reçu' once its deposit is. */
const paymentStep = (account: { due: number; deposit: number; paid: number }) =>
  account.paid >= account.due ? 'paid' : account.paid >= account.deposit ? 'deposit' : 'signed';

/**
 * Puts a confirmed booking (its row held by the caller) at the step its account says, after a
 * payment, an order or a credit note; answers that step and the account.
 */
export async function settleStep(tx: Tx, booking: { id: number; status: BookingStatus }) {
  const account = await bookingAccount(tx, booking.id);
  const status = paymentStep(account);
  if (status !== booking.status) await tx.update(standBookings).set({ status }).where(eq(standBookings.id, booking.id));
  return { status, account };
}
