import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { openingHours } from '../../db/schema';

interface Hours {
  opensAt: string;
  closesAt: string;
}

/** A show day's hours when nothing says otherwise. */
const DEFAULT_HOURS: Hours = { opensAt: '09:00', closesAt: '18:00' };
const DAY_MS = 86_400_000;

/** Every day from the first to the last, as YYYY-MM-DD. */
export function showDays(startsOn: string, endsOn: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${startsOn}T00:00:00Z`); t <= Date.parse(`${endsOn}T00:00:00Z`); t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The hours of `days` after a pattern of days in order (an edition's, before its dates moved or
 * the one it follows): the first days take the pattern's first ones, the last day its last one
 * (a show's last day often closes early), the days between the day before its last.
 */
export function hoursFor(days: string[], pattern: Hours[]): ({ day: string } & Hours)[] {
  const hours = pattern.length ? pattern : [DEFAULT_HOURS];
  return days.map((day, i) => {
    const last = i === days.length - 1 && days.length > 1;
    const from = last ? hours.length - 1 : Math.min(i, Math.max(hours.length - 2, 0));
    const { opensAt, closesAt } = hours[from]!;
    return { day, opensAt, closesAt };
  });
}

/** An edition's opening hours, day by day in order. */
export async function readHours(tx: Tx, eventId: number): Promise<Hours[]> {
  return tx
    .select({ opensAt: openingHours.opensAt, closesAt: openingHours.closesAt })
    .from(openingHours)
    .where(eq(openingHours.eventId, eventId))
    .orderBy(asc(openingHours.day));
}

/** Gives the edition one row of hours for each of its days, after `pattern` (see hoursFor). */
export async function setHoursToDates(
  tx: Tx,
  eventId: number,
  dates: { startsOn: string; endsOn: string },
  pattern: Hours[],
): Promise<void> {
  await tx.delete(openingHours).where(eq(openingHours.eventId, eventId));
  const rows = hoursFor(showDays(dates.startsOn, dates.endsOn), pattern);
  await tx.insert(openingHours).values(rows.map((h) => ({ eventId, ...h })));
}

/** PostgreSQL's `time` reads as 'HH:MM:SS'; the back-office edits 'HH:MM'. */
const hhmm = (time: string) => time.slice(0, 5);

/** The opening hours of editions, by edition id, day by day in order ('HH:MM'). */
export async function hoursByEdition(
  dbOrTx: Db | Tx,
  eventIds: number[],
): Promise<Map<number, { day: string; opens: string; closes: string }[]>> {
  const byEdition = new Map(eventIds.map((id) => [id, [] as { day: string; opens: string; closes: string }[]]));
  if (!eventIds.length) return byEdition;
  const rows = await dbOrTx
    .select()
    .from(openingHours)
    .where(inArray(openingHours.eventId, eventIds))
    .orderBy(asc(openingHours.eventId), asc(openingHours.day));
  for (const row of rows) {
    byEdition.get(row.eventId)?.push({ day: row.day, opens: hhmm(row.opensAt), closes: hhmm(row.closesAt) });
  }
  return byEdition;
}

/**
 * The organiser's hours for the edition's days (each day once, as the caller checked): only the
 * rows whose hours differ are written, so that saving the form unchanged changes nothing (and
 * marks no Wallet pass changed).
 */
export async function writeHours(
  tx: Tx,
  eventId: number,
  hours: { day: string; opens: string; closes: string }[],
): Promise<void> {
  const rows = await tx.select().from(openingHours).where(eq(openingHours.eventId, eventId));
  for (const { day, opens, closes } of hours) {
    const row = rows.find((r) => r.day === day);
    if (!row) await tx.insert(openingHours).values({ eventId, day, opensAt: opens, closesAt: closes });
    else if (hhmm(row.opensAt) !== opens || hhmm(row.closesAt) !== closes) {
      await tx.update(openingHours).set({ opensAt: opens, closesAt: closes }).where(eq(openingHours.id, row.id));
    }
  }
}
