import ical from 'ical-generator';
import { showInstant, type Conference } from '@salon/shared';

const TEXTS = {
  fr: { calendar: 'Ma visite', room: 'Salle du forum' },
  en: { calendar: 'My visit', room: 'Forum room' },
} as const;

/**
 * 'Ma visite''s conferences as an iCalendar file (RFC 5545, by ical-generator): one event per
 * talk, its times the instants the show's clocks give (Africa/Casablanca, written in UTC so that
 * every calendar reads them alike), the forum room at the venue, and a link to its page. An event's
 * UID is the conference's, so importing the file again updates rather than doubles it.
 */
export function visitCalendar(
  talks: Conference[],
  { lang, publicUrl, venue }: { lang: 'fr' | 'en'; publicUrl: string; venue: string | null },
): string {
  const text = TEXTS[lang];
  const host = new URL(publicUrl).host;
  const calendar = ical({
    name: text.calendar,
    prodId: { company: host, product: 'ma-visite', language: lang.toUpperCase() },
  });
  for (const talk of talks) {
    const title = lang === 'en' ? talk.titleEn || talk.titleFr : talk.titleFr;
    const description = lang === 'en' ? (talk.descriptionEn ?? talk.descriptionFr) : talk.descriptionFr;
    calendar.createEvent({
      id: `conference-${talk.id}@${host}`,
      start: showInstant(talk.day, talk.startsAt),
      end: showInstant(talk.day, talk.endsAt),
      summary: `${talk.number} — ${title}`,
      description: description ?? undefined,
      location: [text.room, venue].filter(Boolean).join(', '),
      url: new URL(`/conference/${talk.id}`, publicUrl).href,
    });
  }
  return calendar.toString();
}
