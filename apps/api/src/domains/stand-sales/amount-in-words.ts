import type { Language } from '@salon/shared';

/**
 * An invoice's total in words, as Moroccan invoices close ('Arrêtée la présente facture à la
 * somme de …'): dirhams, then centimes when there are some. French in its traditional spelling
 * (hyphens under a hundred, 'et' in 21 to 71, 'quatre-vingts' and 'deux cents' plural only at the
 * end of a number, 'mille' never plural); English as British invoices write it.
 */

const FR_UNITS = [
  'zéro',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
];
const FR_TENS = ['', 'dix', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante'];

/** 0 to 99; `last`: nothing follows (quatre-vingts takes its s only then). */
function frUnder100(n: number, last: boolean): string {
  if (n <= 16) return FR_UNITS[n]!;
  if (n < 20) return `dix-${FR_UNITS[n - 10]!}`;
  if (n < 70) {
    const tens = FR_TENS[Math.floor(n / 10)]!;
    const unit = n % 10;
    if (unit === 0) return tens;
    return unit === 1 ? `${tens} et un` : `${tens}-${FR_UNITS[unit]!}`;
  }
  if (n < 80) return n === 71 ? 'soixante et onze' : `soixante-${frUnder100(n - 60, last)}`;
  if (n === 80) return last ? 'quatre-vingts' : 'quatre-vingt';
  return `quatre-vingt-${frUnder100(n - 80, last)}`;
}

/** 0 to 999. */
function frUnder1000(n: number, last: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (!hundreds) return frUnder100(rest, last);
  const head = hundreds === 1 ? 'cent' : `${FR_UNITS[hundreds]!} cent${rest === 0 && last ? 's' : ''}`;
  return rest ? `${head} ${frUnder100(rest, last)}` : head;
}

export function frenchNumber(n: number): string {
  if (n === 0) return 'zéro';
  const parts: string[] = [];
  const billions = Math.floor(n / 1e9);
  const millions = Math.floor((n % 1e9) / 1e6);
  const thousands = Math.floor((n % 1e6) / 1e3);
  const rest = n % 1e3;
  if (billions) parts.push(`${frUnder1000(billions, true)} milliard${billions > 1 ? 's' : ''}`);
  if (millions) parts.push(`${frUnder1000(millions, true)} million${millions > 1 ? 's' : ''}`);
  // 'mille' is never plural, and what comes before it is not the end of the number.
  if (thousands) parts.push(thousands === 1 ? 'mille' : `${frUnder1000(thousands, false)} mille`);
  if (rest) parts.push(frUnder1000(rest, true));
  return parts.join(' ');
}

const EN_UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function enUnder1000(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const tail =
    rest < 20 ? EN_UNITS[rest]! : `${EN_TENS[Math.floor(rest / 10)]!}${rest % 10 ? `-${EN_UNITS[rest % 10]!}` : ''}`;
  if (!hundreds) return tail;
  return rest ? `${EN_UNITS[hundreds]!} hundred and ${tail}` : `${EN_UNITS[hundreds]!} hundred`;
}

export function englishNumber(n: number): string {
  if (n === 0) return 'zero';
  const scales: [number, string][] = [
    [1e9, 'billion'],
    [1e6, 'million'],
    [1e3, 'thousand'],
  ];
  const parts: string[] = [];
  let rest = n;
  for (const [size, name] of scales) {
    const count = Math.floor(rest / size);
    if (count) parts.push(`${enUnder1000(count)} ${name}`);
    rest %= size;
  }
  if (rest) parts.push(rest < 100 && parts.length ? `and ${enUnder1000(rest)}` : enUnder1000(rest));
  return parts.join(' ');
}

/** '133 056,45 MAD' in words: 'cent trente-trois mille cinquante-six dirhams et quarante-cinq centimes'. */
export function amountInWords(centimes: number, lang: Language): string {
  const sign = centimes < 0 ? (lang === 'fr' ? 'moins ' : 'minus ') : '';
  const abs = Math.abs(centimes);
  const dirhams = Math.floor(abs / 100);
  const cents = abs % 100;
  if (lang === 'fr') {
    const main = `${frenchNumber(dirhams)} dirham${dirhams > 1 ? 's' : ''}`;
    return `${sign}${cents ? `${main} et ${frenchNumber(cents)} centime${cents > 1 ? 's' : ''}` : main}`;
  }
  const main = `${englishNumber(dirhams)} dirham${dirhams === 1 ? '' : 's'}`;
  return `${sign}${cents ? `${main} and ${englishNumber(cents)} centime${cents === 1 ? '' : 's'}` : main}`;
}
