import type { SharedTexts } from './fr';

const ORDINALS = new Intl.PluralRules('en', { type: 'ordinal' });
const SUFFIXES = { one: 'st', two: 'nd', few: 'rd', other: 'th', zero: 'th', many: 'th' } as const;

/** The texts the shared code writes, in English. */
export const en: SharedTexts = {
  /** The locale Intl formats the language's dates and numbers with. */
  locale: 'en-GB',
  firstOfMonth: (text) => text,
  hourSeparator: ':',
  hoursDash: '–',
  dayHoursColon: ':',
  thousandsSeparator: ',',
  ordinal: (n) => `${n}${SUFFIXES[ORDINALS.select(n)]}`,
  datesJoin: 'to',
  dayCount: (days) =>
    ['', 'one day', 'two days', 'three days', 'four days', 'five days', 'six days', 'seven days'][days] ??
    `${days} days`,
  scanNotice:
    'When you have your badge scanned at a stand, the exhibitor receives your name, e-mail, phone, company and position. Your e-badge lists the stands that scanned it; you can ask each of them not to contact you again.',
  standLine: (line, text) => `Line ${line}: ${text}`,
  standLineMessages: {
    columns: '{found} columns instead of 6 (hall, stand, x, y, width, height).',
    columnsKind: '{found} columns instead of 6 to 8 (hall, stand, x, y, width, height, type, label).',
    hallMissing: 'The hall is missing.',
    standNumber: 'Invalid stand number "{value}": letters and digits, separated by - . / or a space.',
    standLong: 'Stand number longer than 20 characters.',
    wholeNumber: '{column}: a whole number of at least {min} expected ("{value}").',
    tooLarge: '{column}: {max} at most.',
    unknownHall: 'Unknown hall: "{hall}". Halls: {halls}.',
    noOutline: '{hall} has no size: fill in its width and depth in the halls.',
    outside: 'Stand {number} goes beyond {hall} ({width} × {height}).',
    duplicate: 'Stand {number} is already on line {other}.',
    taken: 'Stand {number} already exists in {hall}.',
    overlap: 'Stand {number} overlaps stand {other} (line {otherLine}).',
    overlapKept: 'Stand {number} overlaps stand {other}.',
    tooManyLines: 'The file has more than {max} lines.',
    tooLong: 'The file is longer than {max} characters.',
    empty: 'The file holds no stand.',
    featureKind: 'Unknown type "{value}": stand, entrance, aisle, reception, toilets, cafe, first-aid or forum.',
    labelLong: 'Label longer than 60 characters.',
    featureOutside: '{kind}: goes beyond {hall} ({width} × {height}).',
    featureOnStand: '{kind}: overlaps stand {number}.',
    featureOverlap: '{kind}: overlaps "{otherKind}" (line {otherLine}).',
    featureOverlapKept: '{kind}: overlaps "{otherKind}".',
    standOnFeature: 'Stand {number} overlaps "{kind}".',
  },
  featureNames: {
    entrance: 'Entrance',
    aisle: 'Aisle',
    reception: 'Reception',
    toilets: 'Toilets',
    cafe: 'Café',
    'first-aid': 'First aid',
    forum: 'Forum room',
  },
  contentForm: {
    text: 'Text expected.',
    maxChars: '%{value} characters at most.',
    link: 'An http(s)://… address or a path of the site starting with /.',
    website: 'An http(s)://… address expected.',
    positionInteger: 'Position: a whole number.',
    positionMin: 'Position: 0 or more.',
    positionMax: 'Position: 100,000 at most.',
    fileId: 'File: an id expected.',
    active: 'Active: true or false.',
    placement: 'Placement: Haut or Bas.',
    time: 'Time as HH:MM.',
    conferenceKind: 'Type: conference, academy or sponsor.',
    day: 'Day as YYYY-MM-DD.',
    idsMin: 'ids: at least one id.',
    idsMax: 'ids: 500 ids at most.',
    idsOnce: 'ids: each id once.',
  },
};
