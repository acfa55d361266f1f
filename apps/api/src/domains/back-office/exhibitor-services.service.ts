import { SHOW_TIME_ZONE, exhibitorServiceSchema } from '@salon/shared';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Db, Tx } from '../../db/client';
import { textsOf } from '../../db/multilingual';
import { bookingStands, exhibitorServices, serviceOrders, standBookings } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { parseFormBody } from '../../lib/request-inputs';
import { xlsxWorkbook, type XlsxColumn } from '../../lib/xlsx-writer';
import { orderedOf } from '../stand-sales/services.service';
import { editionOfForm, nextPosition, resourceRecords } from './record-resource.service';

/**
 * The services exhibitors order for their stands, edition by edition ('Services exposants'), and
 * what each one's supplier needs: the live orders of a service, company by company, with their
 * stands and contact.
 */

const orderedInAll = sql<number>`(select coalesce(sum(o.quantity), 0)::int from service_orders o
  where o.service_id = "exhibitor_services"."id" and o.cancelled_at is null)`;

/** No two services of an edition share a French name, case aside. */
async function checkName(tx: Tx, name: string, edition: number, id: number | null) {
  const [taken] = await tx
    .select({ id: exhibitorServices.id })
    .from(exhibitorServices)
    .where(
      and(
        eq(exhibitorServices.eventId, edition),
        sql`lower(${exhibitorServices.name} ->> 'fr') = lower(${name})`,
        id === null ? undefined : ne(exhibitorServices.id, id),
      ),
    );
  if (taken)
    throw badRequest('Données invalides.', {
      errors: [{ path: ['body', 'name', 'fr'], message: 'Un service porte déjà ce nom.' }],
    });
}

/** A stock below what is already ordered would sell what is not there. */
async function checkStock(tx: Tx, id: number, stock: number | null | undefined) {
  if (stock === null || stock === undefined) return;
  const ordered = (await orderedOf(tx, [id])).get(id) ?? 0;
  if (stock < ordered)
    throw badRequest('Données invalides.', {
      errors: [{ path: ['body', 'stock'], message: `${ordered} déjà commandé(s) : le stock ne peut être inférieur.` }],
    });
}

export const exhibitorServiceRecords = resourceRecords({
  table: exhibitorServices,
  id: exhibitorServices.id,
  edition: exhibitorServices.eventId,
  sortable: {
    id: exhibitorServices.id,
    position: exhibitorServices.position,
    price: exhibitorServices.price,
    orderBy: exhibitorServices.orderBy,
  },
  defaultSort: [asc(exhibitorServices.position), asc(exhibitorServices.id)],
  filters: {},
  query: (dbOrTx) =>
    dbOrTx
      .select({
        id: exhibitorServices.id,
        edition: exhibitorServices.eventId,
        name: exhibitorServices.name,
        unit: exhibitorServices.unit,
        price: exhibitorServices.price,
        stock: exhibitorServices.stock,
        orderBy: exhibitorServices.orderBy,
        supplier: exhibitorServices.supplier,
        position: exhibitorServices.position,
        ordered: orderedInAll,
      })
      .from(exhibitorServices)
      .$dynamic(),
  present: (_, rows) => rows.map((r) => ({ ...r, name: textsOf(r.name), unit: textsOf(r.unit) })),
  async create(tx, body) {
    const form = parseFormBody(exhibitorServiceSchema, body);
    const edition = await editionOfForm(tx, body);
    await checkName(tx, form.name.fr, edition, null);
    const position =
      form.position ??
      (await nextPosition(tx, exhibitorServices.position, exhibitorServices, eq(exhibitorServices.eventId, edition)));
    const [row] = await tx
      .insert(exhibitorServices)
      .values({ ...form, supplier: form.supplier ?? '', eventId: edition, position })
      .returning({ id: exhibitorServices.id });
    return row!.id;
  },
  async update(tx, id, body, before) {
    const form = parseFormBody(z.partial(exhibitorServiceSchema), body);
    if (form.name) await checkName(tx, form.name.fr, before.edition, id);
    await checkStock(tx, id, form.stock);
    if (Object.values(form).some((v) => v !== undefined))
      await tx.update(exhibitorServices).set(form).where(eq(exhibitorServices.id, id));
  },
  // An ordered service stays: its orders and invoices name it.
  async remove(tx, id) {
    const [used] = await tx.select({ n: count() }).from(serviceOrders).where(eq(serviceOrders.serviceId, id));
    if (used && used.n > 0)
      throw badRequest(`Ce service a été commandé ${used.n} fois : changez sa date limite plutôt que de le supprimer.`);
    await tx.delete(exhibitorServices).where(eq(exhibitorServices.id, id));
  },
});

const SUPPLIER_COLUMNS: XlsxColumn[] = [
  { header: 'Société', width: 32 },
  { header: 'Stands', width: 14 },
  { header: 'Halls', width: 12 },
  { header: 'Quantité', width: 10 },
  { header: 'Unité', width: 10 },
  { header: 'Contact', width: 24 },
  { header: 'Téléphone', width: 18 },
  { header: 'Email', width: 30 },
  { header: 'Commandé le', width: 12 },
  { header: 'Référence', width: 16 },
];

/**
 * What a service's supplier delivers: its live orders, one line per company and order, with the
 * stands (and their halls) it goes to and whom to call. Names as typed, in any script.
 */
export async function supplierXlsx(db: Db, service: typeof exhibitorServices.$inferSelect): Promise<Buffer> {
  const rows = await db
    .select({
      company: standBookings.companyName,
      stands: sql<string>`(select string_agg(${bookingStands.number}, ', ' order by ${bookingStands.number})
        from ${bookingStands} where ${bookingStands.bookingId} = "stand_bookings"."id" and ${bookingStands.releasedAt} is null)`,
      halls: sql<string>`(select string_agg(distinct ${bookingStands.hall}, ', ')
        from ${bookingStands} where ${bookingStands.bookingId} = "stand_bookings"."id" and ${bookingStands.releasedAt} is null)`,
      quantity: serviceOrders.quantity,
      contact: standBookings.contactName,
      phone: standBookings.phone,
      email: standBookings.email,
      orderedOn: sql<string>`to_char(${serviceOrders.createdAt} at time zone ${SHOW_TIME_ZONE}, 'YYYY-MM-DD')`,
      reference: standBookings.reference,
    })
    .from(serviceOrders)
    .innerJoin(standBookings, eq(standBookings.id, serviceOrders.bookingId))
    .where(and(eq(serviceOrders.serviceId, service.id), isNull(serviceOrders.cancelledAt)))
    .orderBy(asc(standBookings.companyName), asc(serviceOrders.id));
  const unit = service.unit.fr ?? '';
  return xlsxWorkbook([
    {
      // A sheet's name is 31 characters at most, without : \\ / ? * [ ].
      name: (service.name.fr ?? 'Service').replace(/[:\\/?*[\]]/g, ' ').slice(0, 31),
      columns: SUPPLIER_COLUMNS,
      rows: rows.map((r) => [
        r.company,
        r.stands ?? '',
        r.halls ?? '',
        r.quantity,
        unit,
        r.contact,
        r.phone,
        r.email,
        r.orderedOn,
        r.reference,
      ]),
    },
  ]);
}
