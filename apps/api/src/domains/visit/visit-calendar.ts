import { TZDate } from '@date-fns/tz';
import ical, { type ICalCalendar } from 'ical-generator';
import {
  pickFilled,
  type Language,
  SHOW_TIME_ZONE,
  showInstant,
  showOffsetMinutes,
  type Conference,
} from '@salon/shared';
import type { BadgeOpeningHours } from '../show/show-facts';
import { documentTexts } from '../../texts/index';

interface CalendarContext {
  lang: Language;
  publicUrl: string;
  /** The venue's name and address on one line, or null when the organiser has not given them. */
  venue: string | null;
}

/** '+0100' for 60 minutes east of UTC. */
function offsetText(minutes: number): string {
  const hours = Math.floor(Math.abs(minutes) / 60);
  return `${minutes < 0 ? '-' : '+'}${String(hours).padStart(2, '0')}${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
}

/** An instant as the wall clock of a zone `minutes` east of UTC reads it: '20240529T090000'. */
const wallClock = (instant: Date, minutes: number) =>
  new Date(instant.getTime() + minutes * 60_000).toISOString().slice(0, 19).replace(/[-:]/g, '');

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A change of the show's offset: the instant it happens, and the offsets before and after. */
interface OffsetChange {
  at: Date;
  from: number;
  to: number;
}

/**
 * The show's changes of offset from `start` to `end`, read from the runtime's time zone data: its
 * offset probed day by day, and each day where it differs searched to the minute. Morocco changes
 * twice a year, around Ramadan, never twice in a day.
 */
function offsetChanges(start: number, end: number): OffsetChange[] {
  const changes: OffsetChange[] = [];
  let before = showOffsetMinutes(new Date(start));
  for (let day = start; day < end; day += DAY) {
    const next = Math.min(day + DAY, end);
    const after = showOffsetMinutes(new Date(next));
    if (after === before) continue;
    // The offset is `before` at `low` and not at `high`: halved to the minute.
    let low = day;
    let high = next;
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (showOffsetMinutes(new Date(middle)) === before) low = middle;
      else high = middle;
    }
    changes.push({ at: new Date(high), from: before, to: after });
    before = after;
  }
  return changes;
}

/** A span of years' changes, its first offset and the one it keeps longest (the standard one). */
interface ZoneYears {
  first: number;
  standard: number;
  changes: OffsetChange[];
}

/** Spans already read, by their years ('2023-2025'): a calendar file is asked for often. */
const zoneYears = new Map<string, ZoneYears>();

function zoneOver(firstYear: number, lastYear: number): ZoneYears {
  const span = `${firstYear}-${lastYear}`;
  const known = zoneYears.get(span);
  if (known) return known;
  const start = Date.UTC(firstYear, 0, 1);
  const end = Date.UTC(lastYear + 1, 0, 1);
  const first = showOffsetMinutes(new Date(start));
  const changes = offsetChanges(start, end);
  // How long each offset holds over the span.
  const held = new Map<number, number>();
  let since = start;
  let offset = first;
  for (const change of changes) {
    held.set(offset, (held.get(offset) ?? 0) + change.at.getTime() - since);
    since = change.at.getTime();
    offset = change.to;
  }
  held.set(offset, (held.get(offset) ?? 0) + end - since);
  const standard = [...held].sort((a, b) => b[1] - a[1])[0]![0];
  const found = { first, standard, changes };
  if (zoneYears.size > 50) zoneYears.clear();
  zoneYears.set(span, found);
  return found;
}

/**
 * The show's time zone as RFC 5545 writes it (VTIMEZONE, 3.6.5): its real changes of offset over
 * the years of the file's instants and the year on each side (Marrakech is UTC+1, UTC+0 during
 * Ramadan), each an observance from the instant it starts, as the wall clock read it just before
 * (DTSTART) with the offsets before and after. The offset most of those years keep is STANDARD, the
 * other DAYLIGHT; the first observance covers everything before. Calendars that know
 * Africa/Casablanca apply their own rules; the others (Outlook) read these. Made from the runtime's
 * time zone data rather than a packaged copy: the packaged ones (tzurl's) give Casablanca one
 * fixed offset.
 */
export function showTimezone(instants: Date[]): string {
  const years = (instants.length ? instants : [new Date()]).map((i) => i.getUTCFullYear());
  const { first, standard, changes } = zoneOver(Math.min(...years) - 1, Math.max(...years) + 1);
  const observance = (start: string, from: number, to: number) => {
    const kind = to === standard ? 'STANDARD' : 'DAYLIGHT';
    return [
      `BEGIN:${kind}`,
      `DTSTART:${start}`,
      `TZOFFSETFROM:${offsetText(from)}`,
      `TZOFFSETTO:${offsetText(to)}`,
      `TZNAME:${offsetText(to).slice(0, 3)}`,
      `END:${kind}`,
    ];
  };
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${SHOW_TIME_ZONE}`,
    ...observance('19700101T000000', first, first),
    ...changes.flatMap((c) => observance(wallClock(c.at, c.from), c.from, c.to)),
    'END:VTIMEZONE',
  ].join('\r\n');
}

/** A calendar whose events carry the show's time zone (each event's `timezone`). */
function showCalendar(name: string, product: string, { lang, publicUrl }: CalendarContext) {
  return ical({ name, prodId: { company: new URL(publicUrl).host, product, language: lang.toUpperCase() } });
}

/**
 * The file, with the show's VTIMEZONE for these instants ahead of its events. Written here rather
 * than as ical-generator's calendar zone: with one, it writes DTSTAMP in that zone without its
 * 'Z', where RFC 5545 (3.8.7.2) wants UTC.
 */
const withTimezone = (calendar: ICalCalendar, instants: Date[]) =>
  calendar.toString().replace(/\r\n(BEGIN:VEVENT|END:VCALENDAR)/, `\r\n${showTimezone(instants)}\r\n$1`);

/** A day and an hour of the show's clock, for ical-generator to write with the show's TZID. */
const showTime = (day: string, time: string) => new TZDate(showInstant(day, time), SHOW_TIME_ZONE);

/** The talks as events: the conference's UID, so that importing the file again updates them. */
function addTalks(calendar: ICalCalendar, talks: Conference[], { lang, publicUrl, venue }: CalendarContext) {
  const host = new URL(publicUrl).host;
  for (const talk of talks) {
    const title = pickFilled(lang, talk.title);
    const description = pickFilled(lang, talk.description) || null;
    calendar.createEvent({
      id: `conference-${talk.id}@${host}`,
      timezone: SHOW_TIME_ZONE,
      start: showTime(talk.day, talk.startsAt),
      end: showTime(talk.day, talk.endsAt),
      summary: `${talk.number} — ${title}`,
      description: description ?? undefined,
      location: [documentTexts(lang).calendar.room, venue].filter(Boolean).join(', '),
      url: new URL(`/conference/${talk.id}`, publicUrl).href,
    });
  }
}

const talkInstants = (talks: Conference[]) =>
  talks.flatMap((t) => [showInstant(t.day, t.startsAt), showInstant(t.day, t.endsAt)]);

/**
 * 'Ma visite''s conferences as an iCalendar file (RFC 5545, by ical-generator): one event per
 * talk, at the show's hours in its time zone, the forum room at the venue, and a link to its page.
 */
export function visitCalendar(talks: Conference[], context: CalendarContext): string {
  const calendar = showCalendar(documentTexts(context.lang).calendar.visit, 'ma-visite', context);
  addTalks(calendar, talks, context);
  return withTimezone(calendar, talkInstants(talks));
}

/**
 * A badge's visit as an iCalendar file: one event per show day, from opening to closing at the
 * venue, named after the show and its edition; then the forum conferences the holder signed up
 * to, each its own event. A day's UID is the edition's and the holder's registration's, so that
 * importing the file again (hours changed) updates the days instead of doubling them.
 */
export function badgeCalendar(
  show: { title: string; registrationId: number; days: BadgeOpeningHours[]; talks: Conference[] },
  context: CalendarContext,
): string {
  const { host } = new URL(context.publicUrl);
  const instants = [
    ...show.days.flatMap((d) => [showInstant(d.day, d.opens), showInstant(d.day, d.closes)]),
    ...talkInstants(show.talks),
  ];
  const calendar = showCalendar(documentTexts(context.lang).calendar.badge, 'badge', context);
  for (const { day, opens, closes } of show.days) {
    calendar.createEvent({
      id: `show-${day}-${show.registrationId}@${host}`,
      timezone: SHOW_TIME_ZONE,
      start: showTime(day, opens),
      end: showTime(day, closes),
      summary: show.title,
      location: context.venue ?? undefined,
      url: context.publicUrl,
    });
  }
  addTalks(calendar, show.talks, context);
  return withTimezone(calendar, instants);
}
