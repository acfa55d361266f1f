/**
 * Text helpers for the PDFs. Their fonts (fonts.ts, decision 042) draw Latin, Cyrillic, Greek,
 * Arabic and Tifinagh, and what none has is drawn transliterated: nothing typed is replaced here.
 */

/** Invisible characters that only break a line or a word where a PDF has no use for it. */
const DROPPED = new Set(['\u00ad', '\u200b', '\u2060', '\ufeff']);
/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): a name typed
 * with one could show its letters in another order than typed (a 'Trojan source' badge). The
 * marks (LRM, RLM, ALM), which only act as a letter of their direction, stay.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * A string as the PDFs print it: composed (NFC: 'e' and a combining accent become 'é'), every
 * kind of space a plain one (narrow no-break space from Intl, tabs...), control characters out.
 * Joiners and direction marks stay: Arabic shaping and the bidirectional algorithm read them.
 */
export function pdfText(value: string | null | undefined): string {
  if (!value) return '';
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  let out = '';
  for (const ch of value.normalize('NFC')) {
    if (ch === '\n') out += ch;
    else if (DROPPED.has(ch) || BIDI_CONTROLS.test(ch)) continue;
    else if (/\s/u.test(ch)) out += ' ';
    else if (/\p{Cc}/u.test(ch)) continue;
    else out += ch;
  }
  return out;
}

/** What pdfkit needs to measure text. */
export interface Measurer {
  widthOfString(text: string): number;
}

/** The text cut to fit `width`, with an ellipsis when it was too long. */
export function ellipsize(doc: Measurer, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${chars.slice(0, mid).join('').trimEnd()}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '…' : `${chars.slice(0, lo).join('').trimEnd()}…`;
}

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
const WEEKDAYS = ['Dimanche', 'Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi'];

/** A calendar day 'YYYY-MM-DD' (a date column): no time zone can shift it. */
function parts(day: string): { y: number; m: number; d: number; weekday: number } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m, d, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay() };
}
const dayOfMonth = (d: number) => (d === 1 ? '1er' : String(d));

/** 'Mercredi 29 mai', 'Samedi 1er juin': a day of the show where its year is said elsewhere. */
export function formatWeekday(day: string): string {
  const p = parts(day);
  return `${WEEKDAYS[p.weekday]} ${dayOfMonth(p.d)} ${MONTHS[p.m - 1]}`;
}

/** 'Mercredi 29 mai 2024', 'Samedi 1er juin 2024'. */
export function formatLongDay(day: string): string {
  return `${formatWeekday(day)} ${parts(day).y}`;
}

/** '29 mai – 1er juin 2024'; '3 – 6 juin 2024' within a month; both years when they differ. */
export function formatDayRange(from: string, to: string): string {
  const a = parts(from);
  const b = parts(to);
  const end = `${dayOfMonth(b.d)} ${MONTHS[b.m - 1]} ${b.y}`;
  if (from === to) return end;
  if (a.y !== b.y) return `${dayOfMonth(a.d)} ${MONTHS[a.m - 1]} ${a.y} – ${end}`;
  if (a.m !== b.m) return `${dayOfMonth(a.d)} ${MONTHS[a.m - 1]} – ${end}`;
  return `${dayOfMonth(a.d)} – ${end}`;
}

/** A time column 'HH:MM[:SS]' as the specification writes it: '10h00'. */
export function formatHour(time: string): string {
  const [h = '0', m = '0'] = time.split(':');
  return `${Number(h)}h${m.padStart(2, '0')}`;
}
