import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  CONFIRMED_STATUSES,
  SELLER_FIELDS,
  addDays,
  asLanguage,
  dayText,
  pickFilled,
  showDay,
  type Answer,
  type ServiceOrderForm,
  type myServicesSchema,
} from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { textsOf } from '../../db/multilingual';
import { exhibitorServices, invoices, mailOutbox, serviceOrders, standBookings } from '../../db/schema';
import { badRequest, notFound, refusal } from '../../lib/errors';
import { documentTexts } from '../../texts/index';
import { mailTexts } from '../../texts';
import { recordAudit } from '../audit/audit.service';
import { editionYear, greeting, render } from '../mail/template-kit';
import { loadEvent } from '../show/edition';
import { currentEditionId, editionById } from '../show/current-edition';
import { creditNote, invoiceById, issueInvoice, settleStep, uncredited } from './invoicing.service';
import { readTerms } from './offer.service';
import { buyerOf, liveStands } from './pipeline.service';

/**
 * The exhibitor's services (electricity, furniture, internet…): ordered from its area on the
 * company's confirmed booking of the current edition, invoiced at once (an invoice of kind
 * 'services', numbered as the others, mailed with its PDF) and paid as the booking's other
 * invoices, by its reference. A limited stock is decided in the ordering transaction, which holds
 * the services' rows: of two exhibitors ordering the last one at once, on any instance, one gets
 * it. A credit note of the invoice (the organiser's, or the booking's cancellation) gives the
 * quantities back.
 */

/** How many orders a company places in 24 hours at most. */
export const SERVICE_ORDERS_PER_DAY = 20;

/** How many of each service live orders took, by service id. */
export async function orderedOf(db: Db | Tx, serviceIds: number[]): Promise<Map<number, number>> {
  if (!serviceIds.length) return new Map();
  const rows = await db
    .select({ id: serviceOrders.serviceId, n: sql<number>`sum(${serviceOrders.quantity})::int` })
    .from(serviceOrders)
    .where(and(inArray(serviceOrders.serviceId, serviceIds), isNull(serviceOrders.cancelledAt)))
    .groupBy(serviceOrders.serviceId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The exhibitor's confirmed booking of the current edition its services are invoiced on (its first), or none. */
async function bookingOf(db: Db | Tx, exhibitorId: number, lock: boolean) {
  const edition = await currentEditionId(db);
  const query = db
    .select()
    .from(standBookings)
    .where(
      and(
        eq(standBookings.exhibitorId, exhibitorId),
        eq(standBookings.eventId, edition),
        inArray(standBookings.status, [...CONFIRMED_STATUSES]),
      ),
    )
    .orderBy(asc(standBookings.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return { edition, booking: row ?? null };
}

/** 'A-01, A-07': the booking's stands, as its mails and the tab name them. */
const standsOf = async (db: Db | Tx, bookingId: number) =>
  (await liveStands(db, bookingId)).map((s) => s.number).join(', ');

const catalogue = (db: Db | Tx, edition: number) =>
  db
    .select()
    .from(exhibitorServices)
    .where(eq(exhibitorServices.eventId, edition))
    .orderBy(asc(exhibitorServices.position), asc(exhibitorServices.id));

type MyOrder = Answer<typeof myServicesSchema>['orders'][number];

/** The 'Services' tab: the current edition's catalogue, the booking orders go on, the exhibitor's orders. */
export async function myServices(db: Db, exhibitorId: number, now: Date) {
  const { edition, booking } = await bookingOf(db, exhibitorId, false);
  const services = await catalogue(db, edition);
  const ordered = await orderedOf(
    db,
    services.map((s) => s.id),
  );
  const today = showDay(now);
  const mine = await db
    .select({ order: serviceOrders, name: exhibitorServices.name, invoice: invoices })
    .from(serviceOrders)
    .innerJoin(exhibitorServices, eq(exhibitorServices.id, serviceOrders.serviceId))
    .innerJoin(invoices, eq(invoices.id, serviceOrders.invoiceId))
    .innerJoin(standBookings, eq(standBookings.id, serviceOrders.bookingId))
    .where(and(eq(standBookings.exhibitorId, exhibitorId), eq(serviceOrders.eventId, edition)))
    .orderBy(asc(serviceOrders.invoiceId), asc(serviceOrders.id));
  // One order per invoice, its lines in the order they were taken.
  const orders = new Map<number, MyOrder>();
  for (const { order, name, invoice } of mine) {
    let shown = orders.get(invoice.id);
    if (!shown) {
      shown = {
        invoiceId: invoice.id,
        label: invoice.label,
        issuedOn: invoice.issuedOn,
        totalInclTax: invoice.totalExclTax + invoice.vat,
        cancelled: order.cancelledAt !== null,
        lines: [],
      };
      orders.set(invoice.id, shown);
    }
    shown.lines.push({ name: textsOf(name), quantity: order.quantity, total: order.quantity * order.unitPrice });
  }
  return {
    booking: booking && { reference: booking.reference, stands: await standsOf(db, booking.id) },
    vatRate: (await readTerms(db, edition)).vatRate,
    services: services.map((s) => ({
      id: s.id,
      name: textsOf(s.name),
      unit: textsOf(s.unit),
      price: s.price,
      left: s.stock === null ? null : Math.max(0, s.stock - (ordered.get(s.id) ?? 0)),
      orderBy: s.orderBy,
      open: s.orderBy >= today,
    })),
    orders: [...orders.values()].reverse(),
  };
}

export interface ServiceDeps {
  db: Db;
  now: Date;
  userId: number;
}

/**
 * An exhibitor's order: checked (each service of its edition, still ordered, in stock), then
 * invoiced on its booking and mailed to the company in its language, in one transaction.
 */
export async function orderServices({ db, now, userId }: ServiceDeps, form: ServiceOrderForm) {
  return db.transaction(async (tx) => {
    const { booking } = await bookingOf(tx, userId, true);
    if (!booking)
      throw refusal(
        409,
        'noBooking',
        'Les services se commandent sur une réservation de stand confirmée : votre société n’en a pas pour cette édition.',
      );
    // The same order again (its form's key): its invoice, nothing taken twice.
    if (form.key) {
      const [again] = await tx
        .select({ invoice: invoices })
        .from(serviceOrders)
        .innerJoin(invoices, eq(invoices.id, serviceOrders.invoiceId))
        .where(and(eq(serviceOrders.bookingId, booking.id), eq(serviceOrders.orderKey, form.key)))
        .limit(1);
      if (again) return { invoice: invoiceAnswer(again.invoice) };
    }
    // Each order is an invoice, never deleted: a company's script does not issue them by the hundred.
    const [lastDay] = await tx
      .select({ n: sql<number>`count(distinct ${serviceOrders.invoiceId})::int` })
      .from(serviceOrders)
      .where(
        and(
          eq(serviceOrders.bookingId, booking.id),
          sql`${serviceOrders.createdAt} > ${new Date(now.getTime() - 86_400_000)}`,
        ),
      );
    if ((lastDay?.n ?? 0) >= SERVICE_ORDERS_PER_DAY)
      throw refusal(
        429,
        'tooManyOrders',
        `${SERVICE_ORDERS_PER_DAY} commandes en 24 heures au plus : réessayez demain ou écrivez à l’organisateur.`,
      );
    const ids = form.lines.map((l) => l.service);
    // The services' rows in the order of their ids: two orders wait for each other, never in a circle.
    const rows = await tx
      .select()
      .from(exhibitorServices)
      .where(and(inArray(exhibitorServices.id, ids), eq(exhibitorServices.eventId, booking.eventId)))
      .orderBy(asc(exhibitorServices.id))
      .for('update');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const unknown = form.lines.flatMap((l, i) => (byId.has(l.service) ? [] : [i]));
    if (unknown.length)
      throw badRequest('Données invalides.', {
        errors: unknown.map((i) => ({ path: ['body', 'lines', i, 'service'], message: 'unknownService' })),
      });
    const today = showDay(now);
    const lang = asLanguage(booking.language);
    const closed = rows.filter((r) => r.orderBy < today);
    if (closed.length)
      throw refusal(
        409,
        'orderClosed',
        `Les commandes sont closes pour : ${closed.map((r) => pickFilled('fr', r.name)).join(', ')}.`,
        { services: closed.map((r) => r.id) },
      );
    const ordered = await orderedOf(tx, ids);
    const short = form.lines.flatMap((l) => {
      const s = byId.get(l.service)!;
      const left = s.stock === null ? Infinity : s.stock - (ordered.get(s.id) ?? 0);
      return l.quantity > left ? [{ id: s.id, name: pickFilled('fr', s.name), left: Math.max(0, left) }] : [];
    });
    if (short.length)
      throw refusal(
        409,
        'outOfStock',
        `Stock insuffisant : ${short.map((s) => `${s.name} (${s.left} restant${s.left > 1 ? 's' : ''})`).join(', ')}.`,
        { services: short.map(({ id, left }) => ({ id, left })) },
      );
    const terms = await readTerms(tx, booking.eventId);
    if (SELLER_FIELDS.some((f) => !terms.seller[f]))
      throw refusal(409, 'sellerMissing', 'L’organisateur n’a pas encore complété son identité : réessayez plus tard.');
    const t = documentTexts(lang).invoice;
    const invoice = await issueInvoice(tx, {
      eventId: booking.eventId,
      bookingId: booking.id,
      kind: 'services',
      issuedOn: today,
      dueOn: addDays(today, terms.holdDays),
      language: lang,
      seller: terms.seller,
      buyer: buyerOf(booking),
      lines: form.lines.map((l) => {
        const s = byId.get(l.service)!;
        return {
          label: t.serviceLine(pickFilled(lang, s.name), pickFilled(lang, s.unit)),
          quantity: l.quantity,
          unitPrice: s.price,
          total: l.quantity * s.price,
        };
      }),
      vatRate: terms.vatRate,
      reference: booking.reference,
    });
    await tx.insert(serviceOrders).values(
      form.lines.map((l) => ({
        eventId: booking.eventId,
        bookingId: booking.id,
        invoiceId: invoice.id,
        serviceId: l.service,
        quantity: l.quantity,
        unitPrice: byId.get(l.service)!.price,
        orderedBy: userId,
        orderKey: form.key ?? null,
      })),
    );
    // A paid booking owes again until this invoice is in.
    const { status } = await settleStep(tx, booking);
    const m = mailTexts(lang);
    const event = await loadEvent(tx, editionById(booking.eventId));
    await tx.insert(mailOutbox).values({
      to: booking.email,
      subject: m.servicesOrdered.subject(m.show, editionYear(event), invoice.label),
      ...render(lang, m.servicesOrdered.title, {
        paragraphs: [
          greeting(lang, booking.contactName),
          m.servicesOrdered.ordered(await standsOf(tx, booking.id), invoice.label, dayText(invoice.dueOn, lang)),
          m.standConfirmed.pay(booking.reference),
        ],
      }),
      attachments: [{ kind: 'invoice', invoiceId: invoice.id }],
    });
    await recordAudit(tx, {
      userId,
      action: 'POST /my-services/orders',
      resource: 'stand-bookings',
      recordId: booking.id,
      before: { status: booking.status },
      after: { status, invoice: invoice.label, lines: form.lines },
    });
    return { invoice: invoiceAnswer(invoice) };
  });
}

const invoiceAnswer = (invoice: typeof invoices.$inferSelect) => ({
  id: invoice.id,
  label: invoice.label,
  totalInclTax: invoice.totalExclTax + invoice.vat,
  dueOn: invoice.dueOn,
});

/**
 * The organiser cancels an order of services: a credit note of its invoice (once), its rows
 * cancelled, their quantities back in stock, the booking's step read again.
 */
export async function creditServiceInvoice({ db, now, userId }: ServiceDeps, id: number | null) {
  return db.transaction(async (tx) => {
    const invoice = await invoiceById(tx, id);
    if (invoice.kind !== 'services')
      throw refusal(
        409,
        'notServices',
        'Seule une facture de services s’annule seule ; une réservation s’annule avec toutes ses factures.',
      );
    const [booking] = await tx
      .select()
      .from(standBookings)
      .where(eq(standBookings.id, invoice.bookingId))
      .for('update');
    if (!(await uncredited(tx, invoice.bookingId)).some((i) => i.id === invoice.id))
      throw refusal(409, 'alreadyCredited', 'Un avoir annule déjà cette facture.');
    const credit = await creditNote(tx, invoice, showDay(now));
    await tx
      .update(serviceOrders)
      .set({ cancelledAt: now })
      .where(and(eq(serviceOrders.invoiceId, invoice.id), isNull(serviceOrders.cancelledAt)));
    const status = (CONFIRMED_STATUSES as readonly string[]).includes(booking!.status)
      ? (await settleStep(tx, booking!)).status
      : booking!.status;
    await tx.insert(mailOutbox).values({
      to: booking!.email,
      ...creditMail(asLanguage(invoice.language), invoice.label, credit.label, booking!.contactName),
      attachments: [{ kind: 'invoice', invoiceId: credit.id }],
    });
    await recordAudit(tx, {
      userId,
      action: 'POST /admin/invoices/:id/credit',
      resource: 'stand-bookings',
      recordId: booking!.id,
      before: { status: booking!.status },
      after: { status, credit: credit.label, of: invoice.label },
    });
    return { invoices: [credit] };
  });
}

function creditMail(lang: ReturnType<typeof asLanguage>, label: string, creditLabel: string, name: string) {
  const t = mailTexts(lang).servicesCredited;
  return {
    subject: t.subject(label),
    ...render(lang, t.title, { paragraphs: [greeting(lang, name), t.credited(label, creditLabel)] }),
  };
}

/** A service by id, for its export (a 404 when there is none). */
export async function serviceById(db: Db, id: number | null) {
  const [row] = id === null ? [] : await db.select().from(exhibitorServices).where(eq(exhibitorServices.id, id));
  if (!row) throw notFound('Service introuvable.');
  return row;
}
