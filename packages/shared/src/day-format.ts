import { formatDate } from './clock';
import { SHOW_TIME_ZONE } from './constants';
import { LOCALES, type Language } from './language';
import { sharedTexts } from './texts/index';

// Calendar days ('YYYY-MM-DD') are read at noon UTC, so that no time zone moves them.
const noon = (day: string) => new Date(`${day.slice(0, 10)}T12:00:00Z`);
/** A day of the calendar as YYYY-MM-DD (not 2026-02-30, which Date.parse rolls over to March). */
export const isRealDay = (v: string) => {
  const time = Date.parse(`${v}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(v);
};

/** A date as the language prints it: French writes the first day of a month '1er'. */
const firstOfMonth = (text: string, lang: Language) => sharedTexts(lang).firstOfMonth(text);

/** '29 mai 2024', '1er juin 2024'; '29 May 2024' in English. */
export function dayText(day: string, lang: Language): string {
  return firstOfMonth(formatDate(noon(day), lang), lang);
}

// Making a formatter costs far more than using one: each is made once.
const formatters = new Map<string, Intl.DateTimeFormat>();
function partial(day: string, lang: Language, options: Intl.DateTimeFormatOptions): string {
  const key = `${LOCALES[lang]}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALES[lang], { timeZone: SHOW_TIME_ZONE, ...options });
    formatters.set(key, f);
  }
  return firstOfMonth(f.format(noon(day)), lang);
}

/** '29 mai', '1er juin'; '29 May': a day whose year the page already says. */
export function dayMonthText(day: string, lang: Language): string {
  return partial(day, lang, { day: 'numeric', month: 'long' });
}

/** 'Mercredi' / 'Wednesday'. */
export function weekdayText(day: string, lang: Language): string {
  const text = partial(day, lang, { weekday: 'long' });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The two ends of a stay, the start shortened when it shares the end's year or month:
 * ['19', '22 novembre 2003'], ['29 mai', '1er juin 2024'].
 */
export function rangeParts(start: string, end: string, lang: Language): { start: string; end: string } {
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  const sameMonth = sameYear && start.slice(0, 7) === end.slice(0, 7);
  const startText = sameMonth
    ? partial(start, lang, { day: 'numeric' })
    : sameYear
      ? partial(start, lang, { day: 'numeric', month: 'long' })
      : dayText(start, lang);
  return { start: startText, end: dayText(end, lang) };
}

/** '09:00' → '9h00', as the specification writes times; '9:00' in English. */
export function hourText(hhmm: string, lang: Language): string {
  const [h = '0', m = '00'] = hhmm.split(':');
  return `${Number(h)}${sharedTexts(lang).hourSeparator}${m.padStart(2, '0')}`;
}

/** '9h00-19h00'; '9:00–19:00' in English. */
export function hoursText(opensAt: string, closesAt: string, lang: Language): string {
  return `${hourText(opensAt, lang)}${sharedTexts(lang).hoursDash}${hourText(closesAt, lang)}`;
}

/** A day's opening hours on one line: '29 mai 2024 : 9h00-19h00', '29 May 2024: 9:00–19:00'. */
export function dayHoursText(day: string, opensAt: string, closesAt: string, lang: Language): string {
  return `${dayText(day, lang)}${sharedTexts(lang).dayHoursColon} ${hoursText(opensAt, closesAt, lang)}`;
}

/** '25 000' in French, '25,000' in English (plain spaces: the figures stay searchable as written). */
export function numberText(value: number, lang: Language): string {
  return Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, sharedTexts(lang).thousandsSeparator);
}

/** '1re', '2e' in French; '1st', '2nd', '3rd', '4th' in English. */
export function ordinalText(n: number, lang: Language): string {
  return sharedTexts(lang).ordinal(n);
}
