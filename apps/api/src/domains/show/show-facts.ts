import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { openingHours } from '../../db/schema';
import { TtlCache } from '../../lib/ttl-cache';
import { currentEdition } from './current-edition';
import { loadEvent, type EventInfo } from './edition';

/** One opening day: the calendar day and its hours as the database gives them. */
export interface BadgeOpeningHours {
  /** 'YYYY-MM-DD'. */
  day: string;
  /** 'HH:MM' or 'HH:MM:SS'. */
  opens: string;
  closes: string;
}

export interface CurrentShow {
  event: EventInfo;
  hours: BadgeOpeningHours[];
}

/**
 * The show's dates, city and opening hours as badges and badge mails print them. They change a
 * few times a year and are printed by the thousand, so they are read once a minute. (The PDF
 * files read them fresh: their fingerprints must see every change at once.)
 */
const cache = new TtlCache<CurrentShow>(60_000, 1);

export async function currentShow(db: Db | Tx): Promise<CurrentShow> {
  const cached = cache.get('show');
  if (cached) return cached;
  const [event, hours] = await Promise.all([
    loadEvent(db),
    db
      .select({ day: openingHours.day, opens: openingHours.opensAt, closes: openingHours.closesAt })
      .from(openingHours)
      .where(eq(openingHours.eventId, currentEdition))
      .orderBy(asc(openingHours.day)),
  ]);
  const show = { event, hours };
  cache.set('show', show);
  return show;
}

/** Forgets the show read last: the next call reads it again (the test suite opens a new database per file). */
export function forgetCurrentShow(): void {
  cache.clear();
}
