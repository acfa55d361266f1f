import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { type Db, type Tx } from '../../db/client';
import { halls, media, registrations, saleConditions, salesOffers, standClasses, stands, users } from '../../db/schema';
import { mediaUrl } from '../media/media-view';
import { onStand } from '../floor-plan/floor-plan.service';
import { standPrice } from './pricing';

/**
 * An edition's offer as /exposer reads it: the terms, the classes, the conditions of sale in
 * force, and each stand for sale (one with a class and an area) with its price and whether it is
 * free, held or sold. A stand is sold when an exhibitor of the edition has it (as the plan says)
 * or its booking is past the hold; held while its booking is an option not yet past its date.
 */

export type StandState = 'free' | 'held' | 'sold';

export const offerTerms = {
  open: salesOffers.open,
  vatRate: salesOffers.vatRate,
  cornerSurcharge: salesOffers.cornerSurcharge,
  minimumArea: salesOffers.minimumArea,
  depositShare: salesOffers.depositShare,
  balanceDueOn: salesOffers.balanceDueOn,
  holdDays: salesOffers.holdDays,
};

export type OfferTerms = Omit<typeof salesOffers.$inferSelect, 'eventId' | 'updatedAt'>;

/** The offer's terms, or the defaults when the organiser has saved none yet (not open). */
export async function readTerms(db: Db | Tx, edition: number): Promise<OfferTerms> {
  const [row] = await db.select(offerTerms).from(salesOffers).where(eq(salesOffers.eventId, edition));
  return (
    row ?? {
      open: false,
      vatRate: 2000,
      cornerSurcharge: 0,
      minimumArea: 9,
      depositShare: 5000,
      balanceDueOn: null,
      holdDays: 7,
    }
  );
}

/** The conditions of sale in force: the edition's highest version, with its PDF's address. */
export async function conditionsInForce(db: Db | Tx, edition: number) {
  const [row] = await db
    .select({
      id: saleConditions.id,
      version: saleConditions.version,
      path: media.path,
      createdAt: saleConditions.createdAt,
    })
    .from(saleConditions)
    .innerJoin(media, eq(media.id, saleConditions.mediaId))
    .where(eq(saleConditions.eventId, edition))
    .orderBy(desc(saleConditions.version))
    .limit(1);
  return row ? { id: row.id, version: row.version, url: mediaUrl(row), createdAt: row.createdAt } : null;
}

export const classColumns = { id: standClasses.id, name: standClasses.name, pricePerM2: standClasses.pricePerM2 };

export const readClasses = (db: Db | Tx, edition: number) =>
  db
    .select(classColumns)
    .from(standClasses)
    .where(eq(standClasses.eventId, edition))
    .orderBy(asc(standClasses.position), asc(standClasses.id));

/** Whether a live booking has the stand: held (an option before its date), or sold (past the option). */
const bookingState = (now: Date) => sql<StandState | null>`(
  select case when b.status = 'option' then case when b.hold_until > ${now} then 'held' end else 'sold' end
    from booking_stands bs join stand_bookings b on b.id = bs.booking_id
   where bs.event_id = ${stands.eventId} and lower(bs.number) = lower(${stands.number}) and bs.released_at is null
   limit 1)`;

/** The stands for sale of the edition, with their hall, class, price and state, in the plan's order. */
export async function standsForSale(db: Db | Tx, edition: number, now: Date, where?: SQL) {
  const terms = await readTerms(db, edition);
  const rows = await db
    .select({
      number: stands.number,
      hall: halls.name,
      gateId: stands.gateId,
      x: stands.x,
      y: stands.y,
      width: stands.width,
      height: stands.height,
      classId: stands.classId,
      area: stands.area,
      corner: stands.corner,
      pricePerM2: standClasses.pricePerM2,
      className: standClasses.name,
      sold: sql<boolean>`exists (select 1 from ${registrations} join ${users} on ${users.id} = ${registrations.userId}
        where ${onStand(sql`${stands.number}`, stands.eventId)})`,
      booked: bookingState(now),
    })
    .from(stands)
    .innerJoin(halls, eq(halls.id, stands.gateId))
    .innerJoin(standClasses, eq(standClasses.id, stands.classId))
    .where(and(eq(stands.eventId, edition), isNotNull(stands.area), where))
    .orderBy(asc(halls.position), asc(stands.number));
  return rows.map(({ sold, booked, ...s }) => ({
    ...s,
    area: s.area!,
    classId: s.classId!,
    price: standPrice({ area: s.area!, pricePerM2: s.pricePerM2, corner: s.corner }, terms),
    state: sold ? 'sold' : (booked ?? 'free'),
  }));
}

/** How many of the edition's stands are for sale, held and sold: the back-office's summary. */
export async function offerCounts(db: Db | Tx, edition: number, now: Date) {
  const list = await standsForSale(db, edition, now);
  const count = (state: StandState) => list.filter((s) => s.state === state).length;
  return { forSale: list.length, free: count('free'), held: count('held'), sold: count('sold') };
}
