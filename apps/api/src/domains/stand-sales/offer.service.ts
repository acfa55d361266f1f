import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client';
import {
  editions,
  halls,
  media,
  registrations,
  saleConditions,
  salesOffers,
  standClasses,
  stands,
  users,
} from '../../db/schema';
import { mediaUrl } from '../media/media-view';
import { onStand } from '../floor-plan/floor-plan.service';
import { showDay, type Seller } from '@salon/shared';
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
  priorityUntil: salesOffers.priorityUntil,
  accountOn: salesOffers.accountOn,
  seller: salesOffers.seller,
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
      priorityUntil: null,
      accountOn: 'deposit',
      seller: {},
    }
  );
}

/**
 * What a hold reads first, in one query: the offer's terms (null: none saved), the conditions in
 * force (null: none yet), the edition's facts its mails print, and the next booking's id (taken,
 * so that the reference it is part of is written with the booking).
 */
export async function saleInForce(db: Db | Tx, edition: number) {
  const [row] = await queryRows<{
    open: boolean;
    vat_rate: number;
    corner_surcharge: number;
    minimum_area: number;
    deposit_share: number;
    balance_due_on: string | null;
    hold_days: number;
    priority_until: string | null;
    account_on: 'deposit' | 'paid';
    seller: Seller;
    conditions_id: number | null;
    version: number | null;
    path: string | null;
    name: string;
    starts_on: string | null;
    ends_on: string | null;
    city: string | null;
    next_id: number;
  }>(
    db,
    sql`select o.open, o.vat_rate, o.corner_surcharge, o.minimum_area, o.deposit_share, o.balance_due_on::text,
               o.hold_days, o.priority_until::text, o.account_on, o.seller, c.id as conditions_id, c.version, m.path, e.name, e.starts_on::text, e.ends_on::text,
               e.city, nextval(pg_get_serial_sequence('stand_bookings', 'id'))::int as next_id
          from ${salesOffers} o
          join ${editions} e on e.id = o.event_id
          left join lateral (select id, version, media_id from ${saleConditions} where event_id = o.event_id
                              order by version desc limit 1) c on true
          left join ${media} m on m.id = c.media_id
         where o.event_id = ${edition}`,
  );
  if (!row) return null;
  const terms: OfferTerms = {
    open: row.open,
    vatRate: row.vat_rate,
    cornerSurcharge: row.corner_surcharge,
    minimumArea: row.minimum_area,
    depositShare: row.deposit_share,
    balanceDueOn: row.balance_due_on,
    holdDays: row.hold_days,
    priorityUntil: row.priority_until,
    accountOn: row.account_on,
    seller: row.seller,
  };
  const conditions =
    row.conditions_id === null
      ? null
      : { id: row.conditions_id, version: row.version!, url: mediaUrl({ path: row.path! }) };
  // A database check (events_current_dated): an edition on sale is current, with its dates and city.
  const show = { name: row.name, startsOn: row.starts_on ?? '', endsOn: row.ends_on ?? '', city: row.city ?? '' };
  return { terms, conditions, show, nextId: row.next_id };
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

/**
 * Whether a live booking has the stand: held (an option before its date), sold (past the option),
 * or 'lapsed' (an option past its date that the expiry has not ended yet: the stand is free).
 */
const bookingState = (now: Date) => sql<StandState | 'lapsed' | null>`(
  select case when b.status = 'option' then case when b.hold_until > ${now} then 'held' else 'lapsed' end else 'sold' end
    from booking_stands bs join stand_bookings b on b.id = bs.booking_id
   where bs.event_id = "stands"."event_id" and lower(bs.number) = lower("stands"."number") and bs.released_at is null
   limit 1)`;

/**
 * Whether the stand of a `stands` row is kept for an exhibitor invited to its edition from an
 * earlier one (confirmed there, never revoked, on a stand of this number) whose user id
 * `i.user_id` meets `invited`. The rule of both the plan's states and a returning exhibitor's own
 * stands (priority.service.ts).
 */
export const keptFor = (invited: SQL) => sql<boolean>`exists (
  select 1 from participation_invitations i
    join registrations r on r.user_id = i.user_id and r.event_id = i.from_event_id
   where i.event_id = "stands"."event_id" and r.type = 'exhibitor' and r.confirmed and r.revoked_at is null
     and lower(r.booth) = lower("stands"."number") and ${invited})`;

/** Whether the offer's priority for returning exhibitors still lasts on the day of `now`. */
export const priorityLasts = (terms: Pick<OfferTerms, 'priorityUntil'>, now: Date) =>
  terms.priorityUntil !== null && terms.priorityUntil >= showDay(now);

/**
 * The stands for sale of the edition, with their hall, class, price and state, in the plan's
 * order. While the offer's priority lasts, a stand kept for a returning exhibitor is held for
 * anyone else; `exhibitor` (the returning exhibitor's own link) sees its own stand free.
 */
export async function standsForSale(
  db: Db | Tx,
  edition: number,
  now: Date,
  where?: SQL,
  known?: Pick<OfferTerms, 'vatRate' | 'cornerSurcharge' | 'priorityUntil'>,
  exhibitor: number | null = null,
) {
  const terms = known ?? (await readTerms(db, edition));
  // Kept for another than the returning exhibitor whose link this is (anyone's, without one).
  const kept = priorityLasts(terms, now)
    ? keptFor(exhibitor === null ? sql`true` : sql`i.user_id <> ${exhibitor}`)
    : sql<boolean>`false`;
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
      kept,
    })
    .from(stands)
    .innerJoin(halls, eq(halls.id, stands.gateId))
    .innerJoin(standClasses, eq(standClasses.id, stands.classId))
    .where(and(eq(stands.eventId, edition), isNotNull(stands.area), where))
    .orderBy(asc(halls.position), asc(stands.number));
  const stateOf = (sold: boolean, booked: StandState | 'lapsed' | null, kept: boolean): StandState =>
    sold ? 'sold' : booked === 'held' || booked === 'sold' ? booked : kept ? 'held' : 'free';
  return rows.map(({ sold, booked, kept, ...s }) => ({
    ...s,
    area: s.area!,
    classId: s.classId!,
    price: standPrice({ area: s.area!, pricePerM2: s.pricePerM2, corner: s.corner }, terms),
    state: stateOf(sold, booked, kept),
    /** An option past its date still holds it in the database: the expiry ends it before a new hold. */
    lapsed: !sold && booked === 'lapsed',
    /** Held only as a returning exhibitor's stand kept for it (free to that exhibitor's link). */
    kept: !sold && booked !== 'held' && booked !== 'sold' && kept,
  }));
}

/** How many of the edition's stands are for sale, held and sold: the back-office's summary. */
export async function offerCounts(db: Db | Tx, edition: number, now: Date) {
  const list = await standsForSale(db, edition, now);
  const count = (state: StandState) => list.filter((s) => s.state === state).length;
  return { forSale: list.length, free: count('free'), held: count('held'), sold: count('sold') };
}
