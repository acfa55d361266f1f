import { and, asc, eq, sql } from 'drizzle-orm';
import type { DirectoryFacets } from '@salon/shared';
import type { Db } from '../../db/client';
import { exhibitorProfiles, gates, registrations, sectors, users } from '../../db/schema';
import { currentEdition } from '../show/current-edition';
import { listedExhibitorOf } from './directory.service';

const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];

/** The letter of the A–Z a company is filed under: its first letter, accents aside ('É' is 'e'). */
const initialOf = (company: string) => company.trim().normalize('NFD').charAt(0).toLowerCase();

/**
 * How many listed exhibitors of an edition (the current one unless named) each hall, sector of
 * the show's list and letter of the A–Z holds: the directory's pickers show them. The rule for a
 * sector is the directory filter's (sectorCondition): chosen on the page, or the account's own.
 */
export async function directoryFacets(db: Db, eventId: number | null): Promise<DirectoryFacets> {
  const edition = sql`coalesce(${eventId}::int, ${currentEdition})`;
  const [listed, halls, choices] = await Promise.all([
    db
      .select({
        company: users.company,
        sector: users.secteurActivite,
        gateId: registrations.gateId,
        sectorIds: exhibitorProfiles.sectorIds,
      })
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.userId))
      .leftJoin(exhibitorProfiles, eq(exhibitorProfiles.userId, users.id))
      .where(listedExhibitorOf(edition)),
    db
      .select({ id: gates.id, name: gates.name })
      .from(gates)
      .where(eq(gates.eventId, edition))
      .orderBy(asc(gates.position), asc(gates.id)),
    db
      .select({ id: sectors.id, nameFr: sectors.nameFr, nameEn: sectors.nameEn })
      .from(sectors)
      .where(and(eq(sectors.kind, 'choice')))
      .orderBy(asc(sectors.position)),
  ]);
  const count = (test: (row: (typeof listed)[number]) => boolean) => listed.filter(test).length;
  return {
    total: listed.length,
    halls: halls.map((h) => ({ ...h, count: count((r) => r.gateId === h.id) })),
    sectors: choices.map((s) => ({
      ...s,
      count: count((r) => (r.sectorIds ?? []).includes(s.id) || r.sector === s.nameFr),
    })),
    letters: LETTERS.map((letter) => ({ letter, count: count((r) => initialOf(r.company ?? '') === letter) })),
  };
}
