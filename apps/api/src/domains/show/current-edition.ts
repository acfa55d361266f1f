import { and, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { RegistrationType } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { editions, registrations } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';

/**
 * The current edition: the one row of `events` whose `current` is set, which the organiser changes
 * in the back-office ('Rendre courante'). Every query that means "this show" (registrations,
 * halls, hours, the programme, scans, the gates) names it with this expression, so that a switch
 * reaches every instance with the next query, whatever each one keeps in memory.
 */
export const currentEdition: SQL<number> = sql<number>`(select "id" from "events" where "current")`;

/** An edition named by its id, where a query takes `currentEdition` otherwise. */
export const editionById = (id: number): SQL<number> => sql<number>`${id}::int`;

/**
 * A registration of this show: the current edition's (or `edition`'s), the person's own badge (not
 * a conference's), of `types` when given, and live (never revoked) unless `revoked` lets revoked
 * ones in. Every query that means "their registration for the show" says it with this.
 */
export function showRegistration(
  options: { types?: readonly RegistrationType[]; revoked?: boolean; edition?: SQLWrapper } = {},
): SQL {
  return and(
    eq(registrations.eventId, options.edition ?? currentEdition),
    isNull(registrations.conferenceId),
    options.types ? inArray(registrations.type, [...options.types]) : undefined,
    options.revoked ? undefined : isNull(registrations.revokedAt),
  )!;
}

/** The cache bus's topic of a switch: what an instance keeps of the current edition is forgotten. */
export const EDITION_TOPIC = 'edition';

/** The current edition's id, for what is decided outside SQL (a badge's claims, a filter). */
export async function currentEditionId(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ id: editions.id })
    .from(editions)
    .where(sql`${editions.current}`);
  if (!row) throw new Error('no edition is current: make one current in the back-office (Éditions)');
  return row.id;
}

/**
 * The edition held in `year`, the one with dates if two share it (no two may: the back-office
 * refuses a year taken, for `/plan-<year>` names one edition). Null: none.
 */
export async function editionOfYear(
  db: Db | Tx,
  year: number,
): Promise<{ id: number; current: boolean; upcoming: boolean } | null> {
  if (!Number.isInteger(year)) return null;
  const [row] = await db
    .select({ id: editions.id, current: editions.current, upcoming: upcoming.as('upcoming') })
    .from(editions)
    .where(sql`${editions.year} = ${year}`)
    .orderBy(sql`${editions.startsOn} is null`, sql`${editions.id} desc`)
    .limit(1);
  return row ?? null;
}

/**
 * An edition not current yet: prepared after the current one ('Préparer l'édition suivante'),
 * seen only by the organisers and their preview until it is made current (decision 044).
 */
export const upcoming: SQL<boolean> = sql<boolean>`(not ${editions.current} and ${editions.year} > (select "year" from "events" where "current"))`;

/** Whether the edition `id` is not current yet (upcoming). */
export async function isUpcoming(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ upcoming }).from(editions).where(eq(editions.id, id));
  return row?.upcoming === true;
}

/** Which upcoming editions a caller may see (the request's `app.editionsSeen`); by default none. */
export type EditionsSeen = (editionId: number) => boolean;

/**
 * The edition a public read names with `?year=2024` (a 404 when no edition holds that year, or
 * when it is upcoming and `seen` does not let it in), else the current one: each edition's plan,
 * hours and programme stay readable at its year.
 */
export async function editionOfQuery(db: Db | Tx, year: unknown, seen: EditionsSeen): Promise<SQLWrapper> {
  const found = await editionNamedByYear(db, year, seen);
  return found ? editionById(found.id) : currentEdition;
}

/** The edition a `?year=2024` names (null: no year given); a year no edition (seen) holds is a 404. */
export async function editionNamedByYear(
  db: Db | Tx,
  year: unknown,
  seen: EditionsSeen = () => false,
): Promise<{ id: number; current: boolean } | null> {
  if (year === undefined) return null;
  const found = typeof year === 'string' && /^\d{4}$/.test(year) ? await editionOfYear(db, Number(year)) : null;
  if (!found || (found.upcoming && !seen(found.id))) throw notFound('Édition introuvable.');
  return found;
}

/**
 * Makes an edition the current one, alone: the lock puts two switches at once one after the other,
 * so that exactly one edition is current when both have ended. Answers the edition current until
 * then, as read under the lock (null: none was).
 */
export async function makeCurrent(tx: Tx, id: number): Promise<number | null> {
  await tx.execute(sql`lock table ${editions} in share row exclusive mode`);
  const [before] = await tx
    .select({ id: editions.id })
    .from(editions)
    .where(sql`${editions.current}`);
  const [row] = await tx
    .select({ startsOn: editions.startsOn, city: editions.city })
    .from(editions)
    .where(sql`${editions.id} = ${id}`);
  if (!row) throw notFound('Édition introuvable.');
  // Badges, hours and the programme hang on the current edition's dates and city.
  const missing = [...(row.startsOn === null ? ['startsOn', 'endsOn'] : []), ...(row.city === null ? ['city'] : [])];
  if (missing.length) {
    throw badRequest('Cette édition n’a pas encore ses dates et sa ville : ajoutez-les avant de la rendre courante.', {
      errors: missing.map((field) => ({ path: ['body', field], message: 'editionNotDated' })),
    });
  }
  await tx
    .update(editions)
    .set({ current: false })
    .where(sql`${editions.current} and ${editions.id} <> ${id}`);
  await tx
    .update(editions)
    .set({ current: true })
    .where(sql`${editions.id} = ${id}`);
  return before?.id ?? null;
}
