import { asc, count, eq, sql } from 'drizzle-orm';
import { pickFilled, type DirectoryFacets } from '@salon/shared';
import type { Db } from '../../db/client';
import { exhibitorPages, halls, registrations, sectors, users } from '../../db/schema';
import { currentEdition } from '../show/current-edition';
import { companyInitial, initialsOf, listedExhibitorOf } from './directory.service';

const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];

/**
 * How many listed exhibitors of an edition (the current one unless named) each hall, sector of
 * the show's list and letter of the A–Z holds: the directory's pickers show them. Counted by the
 * database over the directory's own scope (listedExhibitorOf), a letter with the filter's own
 * initials (companyInitial, initialsOf) and a sector by sectorCondition's rule, counted for every
 * sector at once, so a count is what its filter then finds.
 */
export async function directoryFacets(db: Db, eventId: number | null): Promise<DirectoryFacets> {
  const edition = sql`coalesce(${eventId}::int, ${currentEdition})`;
  // Each count is a query over the listed exhibitors (joined, so every column is named with its table).
  const [hallRows, hallCounts, choices, sectorCounts, byInitial] = await Promise.all([
    db
      .select({ id: halls.id, name: halls.name })
      .from(halls)
      .where(eq(halls.eventId, edition))
      .orderBy(asc(halls.position), asc(halls.id)),
    db
      .select({ id: registrations.gateId, n: count() })
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.userId))
      .where(listedExhibitorOf(edition))
      .groupBy(registrations.gateId),
    db
      .select({ id: sectors.id, name: sectors.name })
      .from(sectors)
      .where(eq(sectors.kind, 'choice'))
      .orderBy(asc(sectors.position)),
    // A sector counts an exhibitor once, whether its page chose it, its account gives it, or both.
    db
      .select({ id: sql<number>`x.sector_id`, n: sql<number>`count(distinct x.user_id)::int` })
      .from(
        sql`(
        select ${users.id} as user_id, unnest(${exhibitorPages.sectorIds}) as sector_id
          from ${registrations} join ${users} on ${users.id} = ${registrations.userId}
          join ${exhibitorPages} on ${exhibitorPages.userId} = ${users.id}
          where ${listedExhibitorOf(edition)}
        union all
        select ${users.id}, ${sectors.id}
          from ${registrations} join ${users} on ${users.id} = ${registrations.userId}
          join ${sectors} on ${sectors.name} ->> 'fr' = ${users.secteurActivite} and ${sectors.kind} = 'choice'
          where ${listedExhibitorOf(edition)}
      ) as x`,
      )
      .groupBy(sql`x.sector_id`),
    db
      .select({ initial: companyInitial, n: count() })
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.userId))
      .where(listedExhibitorOf(edition))
      .groupBy(companyInitial),
  ]);
  const counted = (rows: { id: number | null; n: number }[]) => new Map(rows.map((r) => [r.id, r.n]));
  const perHall = counted(hallCounts);
  const perSector = counted(sectorCounts);
  return {
    // Every listed exhibitor has a company, so a first letter: the letters' groups are all of them.
    total: byInitial.reduce((sum, r) => sum + r.n, 0),
    halls: hallRows.map((h) => ({ ...h, count: perHall.get(h.id) ?? 0 })),
    sectors: choices.map(({ id, name }) => ({
      id,
      name,
      nameFr: pickFilled('fr', name),
      nameEn: pickFilled('en', name),
      count: perSector.get(id) ?? 0,
    })),
    letters: LETTERS.map((letter) => ({
      letter,
      count: byInitial.filter((r) => initialsOf(letter).includes(r.initial)).reduce((sum, r) => sum + r.n, 0),
    })),
  };
}
