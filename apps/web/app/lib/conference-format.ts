import { dayText, hourText, pickFilled, type Conference, type Language } from '@salon/shared';

export { dayText };

/** '10h00 – 12h00', as the specification writes the programme's times; '10:00 – 12:00' in English. */
export const slotText = (c: Pick<Conference, 'startsAt' | 'endsAt'>, lang: Language) =>
  `${hourText(c.startsAt, lang)} – ${hourText(c.endsAt, lang)}`;

export function conferenceTitle(c: Conference, lang: Language): string {
  return pickFilled(lang, c.title);
}

/** The conferences by day, in order. */
export function groupByDay(conferences: Conference[]): [string, Conference[]][] {
  const days = new Map<string, Conference[]>();
  for (const c of conferences) days.set(c.day, [...(days.get(c.day) ?? []), c]);
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b));
}
