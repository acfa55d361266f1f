import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { showDay, pickFilled } from '@salon/shared';
import type { Db } from '../../db/client';
import { editions, halls, openingHours, registrations, sectors } from '../../db/schema';
import { currentEdition, editionOfQuery, type EditionsSeen } from '../show/current-edition';
import { editionColumns } from '../show/edition';

/** The reference data of the information pages: editions, opening hours, sectors, halls. */

export const SECTOR_KINDS = ['page', 'choice'] as const;
export type SectorKind = (typeof SECTOR_KINDS)[number];

/** PostgreSQL's `time` reads as 'HH:MM:SS'; the product prints 'HH:MM'. */
const hhmm = (time: string) => time.slice(0, 5);

/**
 * The editions with their figures: the organiser's, or once an edition is over (by `now`) and none
 * were typed, its confirmed exhibitors and registered visitors.
 */
export function listEditions(db: Db, now: Date) {
  // An edition over, whose figures the organiser left empty, shows those of its registrations.
  // ("events"."id" written out: drizzle leaves a one-table query's columns bare, and a bare "id"
  // in the subquery would be the registration's.)
  const over = sql`${editions.endsOn} < ${showDay(now)}::date`;
  const counted = (figure: typeof editions.exhibitors | typeof editions.visitors, who: SQL) =>
    sql<number | null>`coalesce(${figure}, case when ${over} then nullif((select count(*)::int from ${registrations} r
      where r.event_id = "events"."id" and r.conference_id is null and r.revoked_at is null and ${who}), 0) end)`;
  return db
    .select({
      ...editionColumns,
      exhibitors: counted(editions.exhibitors, sql`r.type = 'exhibitor' and r.confirmed`),
      visitors: counted(editions.visitors, sql`r.type = 'visitor'`),
      current: editions.current,
    })
    .from(editions)
    .orderBy(asc(editions.year), asc(editions.startsOn), asc(editions.id));
}

/** The opening hours of the edition of `year` (an organiser's preview of it), else the current one's. */
export async function listOpeningHours(db: Db, year: unknown, seen: EditionsSeen) {
  const rows = await db
    .select()
    .from(openingHours)
    .where(eq(openingHours.eventId, await editionOfQuery(db, year, seen)))
    .orderBy(openingHours.day);
  return rows.map((h) => ({ day: h.day, opensAt: hhmm(h.opensAt), closesAt: hhmm(h.closesAt) }));
}

/** The sectors, of one kind or all. */
export async function listSectors(db: Db, kind: SectorKind | undefined) {
  const rows = await db
    .select()
    .from(sectors)
    .where(kind ? eq(sectors.kind, kind) : undefined)
    .orderBy(asc(sectors.kind), asc(sectors.position), asc(sectors.id));
  return rows.map((s) => ({
    id: s.id,
    kind: s.kind,
    position: s.position,
    name: s.name,
    description: s.description,
    // And as the specification's site reads them: one field per language.
    nameFr: pickFilled('fr', s.name),
    nameEn: pickFilled('en', s.name),
    descriptionFr: s.description.fr ?? null,
    descriptionEn: s.description.en ?? null,
  }));
}

/** The current edition's halls, in their order. */
export function listCurrentHalls(db: Db) {
  return db
    .select({ id: halls.id, name: halls.name, position: halls.position })
    .from(halls)
    .where(eq(halls.eventId, currentEdition))
    .orderBy(asc(halls.position), asc(halls.id));
}
