import { formatDate } from '@salon/shared';
import { localized, type Conference } from '../content/types';

/** '10:00' → '10h00', as the specification writes the programme's times. */
export const hourText = (hhmm: string) => hhmm.slice(0, 5).replace(':', 'h');

/** '10h00 – 12h00' */
export const slotText = (c: Pick<Conference, 'startsAt' | 'endsAt'>) =>
  `${hourText(c.startsAt)} – ${hourText(c.endsAt)}`;

/** '29 mai 2024' / '29 May 2024' (the day is a calendar date: read it at noon so no zone moves it). */
export const dayText = (day: string, lang: string) => formatDate(`${day}T12:00:00Z`, lang);

export function conferenceTitle(c: Conference, lang: string): string {
  return localized(lang, c.titleFr, c.titleEn);
}

/** The conferences by day, in order. */
export function groupByDay(conferences: Conference[]): [string, Conference[]][] {
  const days = new Map<string, Conference[]>();
  for (const c of conferences) days.set(c.day, [...(days.get(c.day) ?? []), c]);
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b));
}
