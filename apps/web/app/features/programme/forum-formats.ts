import type { TFunction } from 'i18next';
import { dayMonthText, hourText, rangeParts, type Conference, type Language } from '@salon/shared';

/**
 * The forum's formats as the programme holds them, one line each: 'Des conférences thématiques
 * du 29 au 31 mai…', 'Deux sessions sponsors le 1er juin, de 10h00 à 12h00 et de 14h00 à 16h30.'
 * A format the programme has no session of is left out.
 */
export function forumFormats(conferences: Conference[], lang: Language, t: TFunction): string[] {
  const of = (kind: Conference['kind']) =>
    conferences.filter((c) => c.kind === kind).sort((a, b) => (a.day + a.startsAt).localeCompare(b.day + b.startsAt));
  const lines: string[] = [];
  const talks = of('conference');
  if (talks.length) {
    const first = talks[0]!.day;
    const last = talks.at(-1)!.day;
    lines.push(
      first === last
        ? t('pages.forum.formats.conferencesDay', { day: dayMonthText(first, lang) })
        : t('pages.forum.formats.conferences', {
            from: rangeParts(first, last, lang).start,
            to: dayMonthText(last, lang),
          }),
    );
  }
  for (const kind of ['academy', 'sponsor'] as const) {
    const sessions = of(kind);
    if (!sessions.length) continue;
    const days = [...new Set(sessions.map((s) => s.day))].map((d) => dayMonthText(d, lang));
    const times = sessions.map((s) =>
      t('pages.forum.formats.time', { from: hourText(s.startsAt, lang), to: hourText(s.endsAt, lang) }),
    );
    lines.push(
      t(`pages.forum.formats.${kind}`, {
        count: sessions.length,
        // 'Deux sessions…': the number in words up to six (pages.forum.formats.numbers), in figures beyond.
        number: t(`pages.forum.formats.numbers.${sessions.length}`, { defaultValue: String(sessions.length) }),
        days: days.join(t('pages.forum.formats.and')),
        times: [...new Set(times)].join(t('pages.forum.formats.and')),
      }),
    );
  }
  return lines;
}
