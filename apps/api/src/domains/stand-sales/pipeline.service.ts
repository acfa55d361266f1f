import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  SELLER_FIELDS,
  addDays,
  asLanguage,
  datesText,
  pickFilled,
  rateText,
  showDay,
  type InvoiceLine,
  type InvoiceParty,
} from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { bookingStands, editions, mailOutbox, saleConditions, serviceOrders, standBookings } from '../../db/schema';
import { badRequest, notFound, refusal } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { loadEvent } from '../show/edition';
import { editionById } from '../show/current-edition';
import { documentTexts } from '../../texts/index';
import { bookingClosedMail, bookingConfirmedMail } from './pipeline-mails';
import { exposerUrl } from './hold-mails';
import { bookingInvoices, creditNote, issueInvoice, uncredited, type Invoice } from './invoicing.service';
import { readTerms } from './offer.service';
import { share } from './pricing';
import type { ContractFacts } from './sale-pdfs';

/**
 * The organiser's side of a booking: confirm an option (its contract and its two invoices, the
 * deposit and the balance), refuse it, or cancel a confirmed booking (a credit note for each of
 * its invoices). Each one in a transaction that holds the booking's row: of two organisers
 * confirming one option at once, on any instance, one confirms and the other is told.
 */

type Booking = typeof standBookings.$inferSelect;

async function lockBooking(tx: Tx, id: number | null): Promise<Booking> {
  const [row] = id === null ? [] : await tx.select().from(standBookings).where(eq(standBookings.id, id)).for('update');
  if (!row) throw notFound('Réservation introuvable.');
  return row;
}

/** A booking's stands not released, by number. */
export const liveStands = (tx: Db | Tx, bookingId: number) =>
  tx
    .select()
    .from(bookingStands)
    .where(and(eq(bookingStands.bookingId, bookingId), isNull(bookingStands.releasedAt)))
    .orderBy(asc(bookingStands.number));

export const buyerOf = (b: Booking): InvoiceParty => ({
  name: b.companyName,
  ice: b.ice,
  taxId: b.taxId,
  tradeRegister: b.tradeRegister,
  address: b.address,
  city: b.city,
});

export interface PipelineDeps {
  db: Db;
  now: Date;
  organiserId: number;
  publicUrl: string;
}

/**
 * Confirms an option: the booking becomes 'Contrat signé', the deposit and balance invoices are
 * issued (the deposit its share of the total excluding tax, due after the option's days; the
 * balance the rest, due on the offer's date), and the company gets its contract and both invoices
 * by mail, in its language.
 */
export async function confirmBooking({ db, now, organiserId }: PipelineDeps, id: number | null) {
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id);
    if (booking.status !== 'option')
      throw refusal(409, 'notAnOption', 'Cette réservation n’est plus une option : elle a déjà été traitée.', {
        status: booking.status,
      });
    if (booking.holdUntil <= now)
      throw refusal(409, 'holdLapsed', 'Cette option a dépassé sa date : le stand a été ou va être libéré.');
    const terms = await readTerms(tx, booking.eventId);
    const missing = SELLER_FIELDS.filter((f) => !terms.seller[f]);
    if (missing.length)
      throw badRequest('Complétez l’identité de l’organisateur dans « Offre de vente » avant de confirmer.', {
        code: 'sellerMissing',
        fields: missing,
      });
    const lang = asLanguage(booking.language);
    const t = documentTexts(lang).invoice;
    const stands = await liveStands(tx, booking.id);
    const issuedOn = showDay(now);
    const deposit = share(booking.totalExclTax, terms.depositShare);
    const common = {
      eventId: booking.eventId,
      bookingId: booking.id,
      issuedOn,
      language: lang,
      seller: terms.seller,
      buyer: buyerOf(booking),
      vatRate: booking.vatRate,
      reference: booking.reference,
    };
    const numbers = stands.map((s) => s.number).join(', ');
    const depositLines: InvoiceLine[] = [
      {
        label: t.depositLine(rateText(terms.depositShare, lang), booking.reference, numbers),
        quantity: 1,
        unitPrice: deposit,
        total: deposit,
      },
    ];
    const depositInvoice = await issueInvoice(tx, {
      ...common,
      kind: 'deposit',
      dueOn: addDays(issuedOn, terms.holdDays),
      lines: depositLines,
    });
    const balanceDue =
      terms.balanceDueOn && terms.balanceDueOn > issuedOn ? terms.balanceDueOn : addDays(issuedOn, terms.holdDays);
    const balanceInvoice = await issueInvoice(tx, {
      ...common,
      kind: 'balance',
      dueOn: balanceDue,
      lines: [
        ...stands.map((s) => ({
          label: t.standLine(s.number, s.hall, pickFilled(lang, s.className), s.area, s.corner),
          quantity: 1,
          unitPrice: s.price,
          total: s.price,
        })),
        { label: t.depositDeducted(depositInvoice.label), quantity: 1, unitPrice: -deposit, total: -deposit },
      ],
    });
    await tx.update(standBookings).set({ status: 'signed', confirmedAt: now }).where(eq(standBookings.id, booking.id));
    const event = await loadEvent(tx, editionById(booking.eventId));
    await tx.insert(mailOutbox).values({
      to: booking.email,
      ...bookingConfirmedMail(lang, event, { ...booking, stands: numbers }),
      attachments: [
        { kind: 'contract', bookingId: booking.id },
        { kind: 'invoice', invoiceId: depositInvoice.id },
        { kind: 'invoice', invoiceId: balanceInvoice.id },
      ],
    });
    await recordAudit(tx, {
      userId: organiserId,
      action: 'POST /admin/stand-bookings/:id/confirm',
      resource: 'stand-bookings',
      recordId: booking.id,
      before: { status: booking.status },
      after: { status: 'signed', invoices: [depositInvoice.label, balanceInvoice.label] },
    });
    return { invoices: [depositInvoice, balanceInvoice] };
  });
}

/** Ends a booking: its stands free again, 'Annulé' with why, a mail to the company; a confirmed one's invoices credited. */
async function endBooking(
  { db, now, organiserId, publicUrl }: PipelineDeps,
  id: number | null,
  how: 'refused' | 'cancelled',
  reason: string | undefined,
) {
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id);
    if (how === 'refused' && booking.status !== 'option')
      throw refusal(409, 'notAnOption', 'Cette réservation n’est plus une option : annulez-la plutôt.', {
        status: booking.status,
      });
    if (how === 'cancelled' && (booking.status === 'option' || booking.status === 'cancelled'))
      throw refusal(409, 'notConfirmed', 'Seule une réservation confirmée s’annule ; une option se refuse.', {
        status: booking.status,
      });
    const stands = await liveStands(tx, booking.id);
    await tx
      .update(bookingStands)
      .set({ releasedAt: now })
      .where(and(eq(bookingStands.bookingId, booking.id), isNull(bookingStands.releasedAt)));
    await tx.update(standBookings).set({ status: 'cancelled', endReason: how }).where(eq(standBookings.id, booking.id));
    // Its services' quantities go back in stock with their credit notes.
    await tx
      .update(serviceOrders)
      .set({ cancelledAt: now })
      .where(and(eq(serviceOrders.bookingId, booking.id), isNull(serviceOrders.cancelledAt)));
    const credits: Invoice[] = [];
    for (const invoice of await uncredited(tx, booking.id)) credits.push(await creditNote(tx, invoice, showDay(now)));
    const lang = asLanguage(booking.language);
    const event = await loadEvent(tx, editionById(booking.eventId));
    const numbers = stands.map((s) => s.number).join(', ');
    await tx.insert(mailOutbox).values({
      to: booking.email,
      ...bookingClosedMail(lang, event, how, { ...booking, stands: numbers }, reason ?? null, exposerUrl(publicUrl)),
      attachments: credits.map((c) => ({ kind: 'invoice', invoiceId: c.id })),
    });
    await recordAudit(tx, {
      userId: organiserId,
      action: `POST /admin/stand-bookings/:id/${how === 'refused' ? 'refuse' : 'cancel'}`,
      resource: 'stand-bookings',
      recordId: booking.id,
      before: { status: booking.status },
      after: { status: 'cancelled', endReason: how, reason: reason ?? null, credits: credits.map((c) => c.label) },
    });
    return { invoices: credits };
  });
}

export const refuseBooking = (deps: PipelineDeps, id: number | null, reason?: string) =>
  endBooking(deps, id, 'refused', reason);
export const cancelBooking = (deps: PipelineDeps, id: number | null, reason?: string) =>
  endBooking(deps, id, 'cancelled', reason);

/** What the contract of a confirmed booking prints, from the booking and its two invoices as issued. */
export async function contractFacts(db: Db | Tx, bookingId: number | null): Promise<ContractFacts> {
  const [row] =
    bookingId === null
      ? []
      : await db
          .select({ booking: standBookings, version: saleConditions.version, name: editions.name })
          .from(standBookings)
          .innerJoin(saleConditions, eq(saleConditions.id, standBookings.conditionsId))
          .innerJoin(editions, eq(editions.id, standBookings.eventId))
          .where(eq(standBookings.id, bookingId));
  if (!row) throw notFound('Réservation introuvable.');
  const { booking } = row;
  const invoices = await bookingInvoices(db, booking.id);
  const depositInvoice = invoices.find((i) => i.kind === 'deposit');
  const balanceInvoice = invoices.find((i) => i.kind === 'balance');
  if (!booking.confirmedAt || !depositInvoice || !balanceInvoice)
    throw refusal(409, 'notConfirmed', 'Cette réservation n’a pas de contrat : elle n’a pas été confirmée.');
  const lang = asLanguage(booking.language);
  const t = documentTexts(lang).invoice;
  const stands = await db
    .select()
    .from(bookingStands)
    .where(eq(bookingStands.bookingId, booking.id))
    .orderBy(asc(bookingStands.number));
  const event = await loadEvent(db, editionById(booking.eventId));
  return {
    reference: booking.reference,
    language: lang,
    createdAt: booking.createdAt,
    buyer: buyerOf(booking),
    signatory: { name: booking.signatoryName, role: booking.signatoryRole },
    seller: depositInvoice.seller,
    show: { name: row.name, when: datesText(event.startsOn, event.endsOn, lang) },
    stands: stands.map((s) => t.standLine(s.number, s.hall, pickFilled(lang, s.className), s.area, s.corner)),
    totalExclTax: booking.totalExclTax,
    vat: booking.vat,
    vatRate: booking.vatRate,
    deposit: depositInvoice.totalExclTax + depositInvoice.vat,
    depositDueOn: depositInvoice.dueOn,
    balanceDueOn: balanceInvoice.dueOn,
    conditions: { version: row.version, acceptedOn: showDay(booking.createdAt) },
    confirmedAt: booking.confirmedAt,
  };
}
