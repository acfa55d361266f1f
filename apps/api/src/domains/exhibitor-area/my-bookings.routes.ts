import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getMyBookings,
  getMyContract,
  getMyInvoicePdf,
  getMyServices,
  postMyServiceOrder,
  type Clock,
} from '@salon/shared';
import type { Db } from '../../db/client';
import { bookingStands, invoices, payments, standBookings } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { idParam } from '../../lib/request-inputs';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import { contractPdf, invoicePdf, sendPdf } from '../stand-sales/sale-attachments';
import { myServices, orderServices } from '../stand-sales/services.service';

/**
 * The exhibitor's own stands bought online: each booking its account came from, with its step,
 * what it received, its contract and its invoices as PDFs; and the services it orders for them.
 * Its collaborators see none of it (the calls are the exhibitors'), and another company's booking
 * or invoice is a 404.
 */
export const myBookingsRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; onQueued: () => void }> = async (
  app,
  { db, clock, onQueued },
) => {
  route(app, getMyBookings, {}, async (request) => {
    const me = currentUser(request).id;
    const rows = await db
      .select({
        id: standBookings.id,
        reference: standBookings.reference,
        status: standBookings.status,
        confirmedAt: standBookings.confirmedAt,
        // What it owes: its invoices net of their credit notes once it has any, else its stands' price.
        totalInclTax: sql<number>`coalesce((select sum(${invoices.totalExclTax} + ${invoices.vat}) from ${invoices}
          where ${invoices.bookingId} = "stand_bookings"."id"), ${standBookings.totalExclTax} + ${standBookings.vat})::int`,
        stands: sql<string>`(select string_agg(${bookingStands.number}, ', ' order by ${bookingStands.number})
          from ${bookingStands} where ${bookingStands.bookingId} = "stand_bookings"."id")`,
        paid: sql<number>`(select coalesce(sum(${payments.amount}), 0)::int from ${payments}
          where ${payments.bookingId} = "stand_bookings"."id")`,
      })
      .from(standBookings)
      .where(eq(standBookings.exhibitorId, me))
      .orderBy(asc(standBookings.id));
    const issued = rows.length
      ? await db
          .select()
          .from(invoices)
          .where(
            sql`${invoices.bookingId} in (select id from ${standBookings} where ${standBookings.exhibitorId} = ${me})`,
          )
          .orderBy(asc(invoices.id))
      : [];
    return {
      bookings: rows.map(({ confirmedAt, ...b }) => ({
        ...b,
        contract: confirmedAt !== null,
        invoices: issued
          .filter((i) => i.bookingId === b.id)
          .map((i) => ({
            id: i.id,
            label: i.label,
            kind: i.kind,
            issuedOn: i.issuedOn,
            dueOn: i.dueOn,
            totalInclTax: i.totalExclTax + i.vat,
          })),
      })),
    };
  });

  /** The booking of `id` when it is the caller's, else a 404 (whose it is is not said). */
  async function own(id: number | null, me: number) {
    const [row] =
      id === null
        ? []
        : await db
            .select({ id: standBookings.id, exhibitorId: standBookings.exhibitorId })
            .from(standBookings)
            .where(eq(standBookings.id, id));
    if (!row || row.exhibitorId !== me) throw notFound('Réservation introuvable.');
    return row.id;
  }

  route(app, getMyContract, {}, async (request, reply) => {
    const id = await own(idParam(request.params.id), currentUser(request).id);
    return sendPdf(reply, await contractPdf(db, id));
  });

  route(app, getMyInvoicePdf, {}, async (request, reply) => {
    const id = idParam(request.params.id);
    const [invoice] =
      id === null ? [] : await db.select({ bookingId: invoices.bookingId }).from(invoices).where(eq(invoices.id, id));
    if (!invoice) throw notFound('Facture introuvable.');
    await own(invoice.bookingId, currentUser(request).id).catch(() => {
      throw notFound('Facture introuvable.');
    });
    return sendPdf(reply, await invoicePdf(db, id));
  });

  route(app, getMyServices, {}, async (request) => myServices(db, currentUser(request).id, clock()));

  route(app, postMyServiceOrder, {}, async (request, reply) => {
    const ordered = await orderServices({ db, now: clock(), userId: currentUser(request).id }, request.body);
    onQueued();
    return reply.status(201).send(ordered);
  });
};
