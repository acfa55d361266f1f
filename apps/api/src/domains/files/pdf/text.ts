/**
 * Text helpers for the PDFs. They use pdfkit's built-in Helvetica, whose encoding is WinAnsi
 * (Windows-1252): Latin-1 plus a few typographic signs. Anything else would come out as
 * garbage, so it is replaced before it reaches pdfkit.
 */

/** Characters above U+00FF that WinAnsi has (curly quotes, dashes, ellipsis, euro, œ...). */
const WIN_ANSI_EXTRA = new Set(
  [
    0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014, 0x2018, 0x2019,
    0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
  ].map((c) => String.fromCodePoint(c)),
);

const REPLACEMENTS: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '—',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2027': '·',
  '\u2192': '->',
  '\u2190': '<-',
  '\u00ad': '',
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\u2060': '',
  '\ufeff': '',
};

const encodable = (ch: string): boolean => {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
};

/** Makes any string printable with Helvetica: unknown letters lose their accents, or become '?'. */
export function pdfText(value: string | null | undefined): string {
  if (!value) return '';
  let out = '';
  for (const ch of value.normalize('NFC')) {
    if (encodable(ch)) out += ch;
    else if (ch in REPLACEMENTS) out += REPLACEMENTS[ch];
    else if (ch === '\n') out += '\n';
    // Every kind of space (narrow no-break space from Intl, tabs...) becomes a plain one.
    else if (/\s/u.test(ch)) out += ' ';
    else if (/\p{Cc}|\p{Cf}/u.test(ch)) continue;
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base && [...base].every(encodable) ? base : '?';
    }
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
