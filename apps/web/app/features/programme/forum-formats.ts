import type { TFunction } from 'i18next';
import { hourText, rangeParts } from '@salon/shared';
import type { Conference } from '../../lib/content/types';

const NUMBER_WORDS: Record<string, string[]> = {
  fr: ['', 'Une', 'Deux', 'Trois', 'Quatre', 'Cinq', 'Six'],
  en: ['', 'A', 'Two', 'Three', 'Four', 'Five', 'Six'],
};

/** '29 mai', '1er juin'; '29 May': a day of the show, whose year the page already says. */
const dayOfShow = (day: string, lang: string) => rangeParts(day, day, lang).end.replace(/ \d{4}$/, '');

/**
 * The forum's formats as the programme holds them, one line each: 'Des conférences thématiques
 * du 29 au 31 mai…', 'Deux sessions sponsors le 1er juin, de 10h00 à 12h00 et de 14h00 à 16h30.'
 * A format the programme has no session of is left out.
 */
export function forumFormats(conferences: Conference[], lang: string, t: TFunction): string[] {
  const of = (kind: Conference['kind']) =>
    conferences.filter((c) => c.kind === kind).sort((a, b) => (a.day + a.startsAt).localeCompare(b.day + b.startsAt));
  const lines: string[] = [];
  const talks = of('conference');
  if (talks.length) {
    const first = talks[0]!.day;
    const last = talks.at(-1)!.day;
    const { start, end } = rangeParts(first, last, lang);
    lines.push(
      first === last
        ? t('pages.forum.formats.conferencesDay', { day: dayOfShow(first, lang) })
        : t('pages.forum.formats.conferences', { from: start, to: end.replace(/ \d{4}$/, '') }),
    );
  }
  for (const kind of ['academy', 'sponsor'] as const) {
    const sessions = of(kind);
    if (!sessions.length) continue;
    const days = [...new Set(sessions.map((s) => s.day))].map((d) => dayOfShow(d, lang));
    const times = sessions.map((s) =>
      t('pages.forum.formats.time', { from: hourText(s.startsAt), to: hourText(s.endsAt) }),
    );
    lines.push(
      t(`pages.forum.formats.${kind}`, {
        count: sessions.length,
        number: NUMBER_WORDS[lang]?.[sessions.length] ?? String(sessions.length),
        days: days.join(t('pages.forum.formats.and')),
        times: [...new Set(times)].join(t('pages.forum.formats.and')),
      }),
    );
  }
  return lines;
}
