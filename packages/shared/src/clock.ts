import { SHOW_TIME_ZONE } from './constants';
import { LOCALES, type Language } from './language';

/** What the app asks the time of: the real time, or APP_NOW's (createClock). */
export type Clock = () => Date;

/**
 * The product's one clock. With `appNow` set (APP_NOW, for demos and tests) time starts there
 * and runs on at the real pace, so durations still make sense.
 */
export function createClock(appNow?: string | Date | null): Clock {
  if (!appNow) return () => new Date();
  const offset = new Date(appNow).getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: SHOW_TIME_ZONE, ...options });
    dateFormats.set(key, f);
  }
  return f;
}

/** '29 mai 2024' in French, '29 May 2024' in English, in the show's time zone. */
export function formatDate(date: Date | string, lang: Language): string {
  const f = formatter(LOCALES[lang], { day: 'numeric', month: 'long', year: 'numeric' });
  return f.format(new Date(date));
}

/** 'HH:MM' in the show's time zone. */
export function formatTime(date: Date | string): string {
  return formatter('fr-FR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(date));
}

/** 'dd/MM/yyyy HH:mm' in the show's time zone, the format of scan dates. */
export function formatDateTime(date: Date | string): string {
  const parts = formatter('fr-FR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(date));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`;
}

/** The calendar day ('YYYY-MM-DD') of an instant in the show's time zone: 'today' at the show. */
export function showDay(date: Date | string): string {
  const parts = formatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(date));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The show's time zone's offset from UTC at an instant, in minutes: 'GMT+01:00' is 60. */
export function showOffsetMinutes(date: Date): number {
  const name = formatter('en-US', { timeZoneName: 'longOffset' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/**
 * The instant of a day and an hour as the show's clocks read them ('2024-05-29', '10:00' is
 * 09:00 UTC, Marrakech being UTC+1 then; UTC+0 during Ramadan). The offset is read at the guess
 * it gives, so an hour next to a change of offset still comes out right.
 */
export function showInstant(day: string, time: string): Date {
  const wall = Date.parse(`${day}T${time.slice(0, 5)}:00Z`);
  const guess = wall - showOffsetMinutes(new Date(wall)) * 60_000;
  return new Date(wall - showOffsetMinutes(new Date(guess)) * 60_000);
}
