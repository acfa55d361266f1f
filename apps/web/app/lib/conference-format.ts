import { dayText, hourText } from '@salon/shared';
import type { Conference } from '@salon/shared';
import { localized } from './localized';

export { dayText };

/** '10h00 – 12h00', as the specification writes the programme's times; '10:00 – 12:00' in English. */
export const slotText = (c: Pick<Conference, 'startsAt' | 'endsAt'>, lang: string) =>
  `${hourText(c.startsAt, lang)} – ${hourText(c.endsAt, lang)}`;

export function conferenceTitle(c: Conference, lang: string): string {
  return localized(lang, c.titleFr, c.titleEn);
}

/** The conferences by day, in order. */
export function groupByDay(conferences: Conference[]): [string, Conference[]][] {
  const days = new Map<string, Conference[]>();
  for (const c of conferences) days.set(c.day, [...(days.get(c.day) ?? []), c]);
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b));
}
