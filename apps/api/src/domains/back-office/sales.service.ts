import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { BOOKING_STATUSES, type SalesOfferForm } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { bookingStands, editions, media, payments, saleConditions, salesOffers, standBookings } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { editionFilterId, parseListQuery, readPage, searchFilter } from '../../lib/admin-list';
import { recordAudit } from '../audit/audit.service';
import { currentEdition, editionById } from '../show/current-edition';
import { conditionsInForce, offerCounts, readTerms } from '../stand-sales/offer.service';

/**
 * The back-office's side of stands sold online: an edition's terms and its conditions of sale,
 * and the bookings the companies made on /exposer.
 */

async function editionExists(db: Db | Tx, id: number | null) {
  if (id === null) throw notFound('Édition introuvable.');
  const [row] = await db.select({ id: editions.id }).from(editions).where(eq(editions.id, id));
  if (!row) throw notFound('Édition introuvable.');
}

/** The offer of edition `id` as its form shows it, with its conditions in force and its stands' counts. */
export async function readOffer(db: Db | Tx, id: number | null, now: Date) {
  await editionExists(db, id);
  const [terms, conditions, counts] = await Promise.all([
    readTerms(db, id!),
    conditionsInForce(db, id!),
    offerCounts(db, id!, now),
  ]);
  const shown = conditions && { version: conditions.version, url: conditions.url, createdAt: conditions.createdAt };
  return { id: id!, ...terms, conditions: shown, counts };
}

export async function saveOffer(db: Db, now: Date, organiserId: number, id: number | null, form: SalesOfferForm) {
  return db.transaction(async (tx) => {
    const before = await readOffer(tx, id, now);
    if (form.open && !before.conditions)
      throw badRequest('Données invalides.', {
        errors: [{ path: ['body', 'open'], message: 'noConditions' }],
      });
    await tx
      .insert(salesOffers)
      .values({ eventId: id!, ...form })
      .onConflictDoUpdate({ target: salesOffers.eventId, set: form });
    const after = await readOffer(tx, id, now);
    await recordAudit(tx, {
      userId: organiserId,
      action: 'PUT /admin/sales-offers/:id',
      resource: 'sales-offers',
      recordId: id,
      before,
      after,
    });
    return after;
  });
}

/** A new version of the conditions of sale: the next number, a PDF of the media library. */
export async function addConditions(db: Db, now: Date, organiserId: number, id: number | null, mediaId: number) {
  return db.transaction(async (tx) => {
    await editionExists(tx, id);
    const [file] = await tx.select({ mime: media.mime }).from(media).where(eq(media.id, mediaId));
    if (file?.mime !== 'application/pdf')
      throw badRequest('Données invalides.', { errors: [{ path: ['body', 'mediaId'], message: 'pdfOnly' }] });
    // One version at a time per edition: two organisers uploading at once get 1 and 2, not 1 twice.
    await tx.execute(sql`select pg_advisory_xact_lock(${CONDITIONS_LOCK}, ${id!})`);
    const [last] = await tx
      .select({ version: sql<number>`coalesce(max(${saleConditions.version}), 0)::int` })
      .from(saleConditions)
      .where(eq(saleConditions.eventId, id!));
    const version = (last?.version ?? 0) + 1;
    await tx.insert(saleConditions).values({ eventId: id!, version, mediaId });
    await recordAudit(tx, {
      userId: organiserId,
      action: 'POST /admin/sales-offers/:id/conditions',
      resource: 'sales-offers',
      recordId: id,
      before: { version: last?.version || null },
      after: { version, mediaId },
    });
    return readOffer(tx, id, now);
  });
}

const CONDITIONS_LOCK = 0x63677673; // 'cgvs'

const standsOf = sql<string>`(select string_agg(${bookingStands.number}, ', ' order by ${bookingStands.number})
  from ${bookingStands} where ${bookingStands.bookingId} = "stand_bookings"."id")`;
const areaOf = sql<number>`(select coalesce(sum(${bookingStands.area}), 0)::int
  from ${bookingStands} where ${bookingStands.bookingId} = "stand_bookings"."id")`;

const bookingColumns = {
  id: standBookings.id,
  edition: standBookings.eventId,
  reference: standBookings.reference,
  status: standBookings.status,
  endReason: standBookings.endReason,
  holdUntil: standBookings.holdUntil,
  companyName: standBookings.companyName,
  ice: standBookings.ice,
  taxId: standBookings.taxId,
  tradeRegister: standBookings.tradeRegister,
  address: standBookings.address,
  city: standBookings.city,
  signatoryName: standBookings.signatoryName,
  signatoryRole: standBookings.signatoryRole,
  contactName: standBookings.contactName,
  email: standBookings.email,
  phone: standBookings.phone,
  language: standBookings.language,
  conditionsVersion: saleConditions.version,
  stands: standsOf,
  area: areaOf,
  totalExclTax: standBookings.totalExclTax,
  vat: standBookings.vat,
  totalInclTax: sql<number>`(${standBookings.totalExclTax} + ${standBookings.vat})::int`,
  paid: sql<number>`(select coalesce(sum(${payments.amount}), 0)::int from ${payments} where ${payments.bookingId} = "stand_bookings"."id")`,
  createdAt: standBookings.createdAt,
};

/** The bookings of an edition (the current one, or the `edition` filter's), newest first. */
export async function listBookings(db: Db, query: Record<string, unknown>) {
  let edition: SQL = currentEdition;
  const list = parseListQuery(query, {
    sortable: { id: standBookings.id, createdAt: standBookings.createdAt, holdUntil: standBookings.holdUntil },
    defaultSort: [desc(standBookings.id)],
    filters: {
      q: searchFilter(standBookings.companyName, standBookings.reference, standBookings.email, standBookings.ice),
      status: (value) => {
        const status = BOOKING_STATUSES.find((s) => s === value);
        if (!status) throw badRequest(`Filtre status : ${BOOKING_STATUSES.join(', ')}.`);
        return eq(standBookings.status, status);
      },
      edition: (value) => {
        edition = editionById(editionFilterId(value, 'edition'));
        return sql`true`;
      },
    },
  });
  const { rows, total } = await readPage(
    list,
    db
      .select(bookingColumns)
      .from(standBookings)
      .innerJoin(saleConditions, eq(saleConditions.id, standBookings.conditionsId))
      .$dynamic(),
    db.select({ n: count() }).from(standBookings).$dynamic(),
    eq(standBookings.eventId, edition),
  );
  return { list, rows, total };
}

export async function getBooking(db: Db | Tx, id: number | null) {
  const [row] =
    id === null
      ? []
      : await db
          .select(bookingColumns)
          .from(standBookings)
          .innerJoin(saleConditions, eq(saleConditions.id, standBookings.conditionsId))
          .where(eq(standBookings.id, id));
  if (!row) throw notFound('Réservation introuvable.');
  return row;
}
