import type { publicSiteSettingsSchema, showEditionSchema } from './contracts/content';
import * as z from 'zod/mini';
import { isRealDay } from './day-format';
import { maxText, optionalMultilingual, requiredText } from './schemas';

/**
 * What the organiser publishes about the show, edited in the back-office and checked by the API
 * with the same rules: the venue, the public contacts, the virtual tour, and the past editions.
 * Errors are message keys, as in the other back-office forms.
 */

/** The teams the public pages give a contact for ('speakers': 'Intervenir lors du Forum'). */
export const CONTACT_KEYS = ['general', 'exhibitors', 'sales', 'press', 'speakers'] as const;
export type ContactKey = (typeof CONTACT_KEYS)[number];

/**
 * An e-mail address the organiser types (here and in the back-office's content forms). The domain
 * is checked whole first (the lookahead): a dot is then looked for once, not at every split.
 */
export const EMAIL_PATTERN = /^[^\s@]+@(?=[^\s@]+$)[^\s@]+\.[^\s@]+$/;
/** Digits, spaces and + ( ) . - as people write them, with 6 to 20 digits. */
const PHONE = /^\+?[\d\s().-]+$/;
const phoneDigits = (v: string) => v.replace(/\D/g, '').length;

/**
 * An address on the web, of one of these schemes, with a host name (its origin goes into the CSP).
 * No space or control character: `new URL` drops tabs and line breaks, which would then travel
 * in the text as typed (a vCard's line, a header).
 */
export function isWebUrl(value: string, schemes: readonly string[]): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(value)) return false;
  try {
    const url = new URL(value);
    return schemes.includes(url.protocol) && /^[a-z0-9.-]+$/i.test(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** An optional address on the web of these schemes (`error` when it is not one), kept as `new URL` writes it. */
export const optionalWebUrl = (max: number, schemes: readonly string[], error: string) =>
  z.pipe(
    optionalField(max, { test: (v) => isWebUrl(v, schemes), error }),
    z.transform((v: string | null | undefined) => (v ? new URL(v).href : v)),
  );

/** Optional text, trimmed: absent leaves the value as it is, empty (or null) means none. */
export function optionalField(max: number, rule?: { test: (value: string) => boolean; error: string }) {
  const text = z.string({ error: 'text' }).check(
    z.trim(),
    maxText(max, 'tooLong'),
    z.refine((v) => v === '' || !rule || rule.test(v), { error: rule?.error ?? 'text' }),
  );
  return z.pipe(
    z.optional(z.nullable(text)),
    z.transform((v: string | null | undefined) => (v === undefined ? undefined : v || null)),
  );
}

/** An optional e-mail address ('email' when it is not one). */
export const optionalEmail = () => optionalField(320, { test: (v) => EMAIL_PATTERN.test(v), error: 'email' });
const email = optionalEmail;
/** An optional phone number as people write it ('phoneFormat' when it is not one). */
export const optionalPhone = () =>
  optionalField(40, {
    test: (v) => PHONE.test(v) && phoneDigits(v) >= 6 && phoneDigits(v) <= 20,
    error: 'phoneFormat',
  });
const phone = optionalPhone;

/**
 * The site's settings (one record). The map link is any http(s) address (the page embeds a map
 * made from the address); the tour is any https address, which the page frames and the
 * Content-Security-Policy allows (frame-src gets its origin).
 */
export const siteSettingsSchema = z.object({
  venueName: optionalField(200),
  /** Several lines: street, postcode and city... */
  venueAddress: optionalField(500),
  mapUrl: optionalWebUrl(1000, ['https:', 'http:'], 'webUrl'),
  generalEmail: email(),
  generalPhone: phone(),
  exhibitorsEmail: email(),
  exhibitorsPhone: phone(),
  salesEmail: email(),
  salesPhone: phone(),
  pressEmail: email(),
  pressPhone: phone(),
  speakersEmail: email(),
  speakersPhone: phone(),
  virtualTourUrl: optionalWebUrl(1000, ['https:'], 'httpsUrl'),
  /** On: an exhibitor's change of its page is public once the organiser publishes it. Absent: as it is. */
  moderateExhibitorPages: z.optional(z.boolean({ error: 'boolean' })),
});
export type SiteSettingsForm = z.input<typeof siteSettingsSchema>;
export type SiteSettingsChange = z.infer<typeof siteSettingsSchema>;

/** The settings as the public pages read them (`GET site-settings`: publicSiteSettingsSchema). */
export type PublicSiteSettings = z.output<typeof publicSiteSettingsSchema>['data'];

/** The origin of a URL the settings accepted, for the CSP's frame-src; null for anything else. */
export function frameOrigin(url: string | null | undefined): string | null {
  if (!url || !isWebUrl(url, ['https:'])) return null;
  return new URL(url).origin;
}

const count = z.pipe(
  z.optional(
    z.nullable(z.int({ error: 'count' }).check(z.gte(0, { error: 'count' }), z.lte(10_000_000, { error: 'count' }))),
  ),
  z.transform((v: number | null | undefined) => v ?? null),
);

/** An edition lasts a month at most (its opening hours are a row a day). */
const MAX_EDITION_DAYS = 31;
const withinAMonth = (start: string, end: string) =>
  Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`) < MAX_EDITION_DAYS * 86_400_000;

/** A moment (ISO 8601, as the back-office's date-and-time field sends it), or none. */
const optionalMoment = z.pipe(
  z.optional(
    z.nullable(
      z.string({ error: 'isoMoment' }).check(z.refine((v) => v === '' || !Number.isNaN(Date.parse(v)), 'isoMoment')),
    ),
  ),
  z.transform((v: string | null | undefined) => (v ? new Date(v).toISOString() : null)),
);

/** A day, or none: empty (or null) means none. */
const optionalDay = z.pipe(
  z.optional(z.nullable(z.string({ error: 'isoDay' }).check(z.refine((v) => v === '' || isRealDay(v), 'isoDay')))),
  z.transform((v: string | null | undefined) => v || null),
);

/** A time of day, 'HH:MM' (00:00 to 23:59). */
export const isTimeOfDay = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);
const timeOfDay = z.string({ error: 'timeOfDay' }).check(z.refine(isTimeOfDay, 'timeOfDay'));

/**
 * A show day's opening hours as the back-office edits them: its day, when it opens and closes
 * ('HH:MM'), closing after opening ('closesBeforeOpening' on its closing time).
 */
export const dayHoursSchema = z
  .object({
    day: z.string({ error: 'isoDay' }).check(z.refine(isRealDay, 'isoDay')),
    opens: timeOfDay,
    closes: timeOfDay,
  })
  .check(
    z.refine((h) => !isTimeOfDay(h.opens) || !isTimeOfDay(h.closes) || h.closes > h.opens, {
      error: 'closesBeforeOpening',
      path: ['closes'],
    }),
  );
export type DayHours = z.output<typeof dayHoursSchema>;

/**
 * One edition of the show (the history page). A past edition may be known by its year only (the
 * specification gives 2003 to 2017 so): its dates, both or neither, fall in its year. The current
 * edition keeps its number, dates and city, and has them.
 */
export const editionSchema = z.pipe(
  z
    .object({
      edition: z.int({ error: 'editionNumber' }).check(z.gte(1, 'editionNumber'), z.lte(99, 'editionNumber')),
      name: requiredText(200),
      /** Left out, the start's year. */
      year: z.optional(z.nullable(z.int({ error: 'year' }).check(z.gte(1990, 'year'), z.lte(2200, 'year')))),
      startsOn: optionalDay,
      endsOn: optionalDay,
      city: optionalField(100),
      theme: optionalMultilingual(optionalField(300)),
      exhibitors: count,
      visitors: count,
      /** When the registration opens and closes (empty: from the start; until the show is over). */
      registrationOpensAt: optionalMoment,
      registrationClosesAt: optionalMoment,
      /**
       * The opening hours, a row per show day (absent: as they are). The API takes them when the
       * dates stay as they were, and then they name exactly the edition's days ('hoursNotShowDays').
       */
      hours: z.optional(z.array(dayHoursSchema).check(z.maxLength(MAX_EDITION_DAYS, 'editionTooLong'))),
    })
    .check(
      z.refine((e) => e.startsOn !== null || e.endsOn === null, { error: 'bothDates', path: ['startsOn'] }),
      z.refine((e) => e.endsOn !== null || e.startsOn === null, { error: 'bothDates', path: ['endsOn'] }),
      z.refine((e) => e.startsOn !== null || e.endsOn !== null || typeof e.year === 'number', {
        error: 'year',
        path: ['year'],
      }),
      z.refine((e) => !e.startsOn || typeof e.year !== 'number' || Number(e.startsOn.slice(0, 4)) === e.year, {
        error: 'dateOutsideYear',
        path: ['startsOn'],
      }),
      z.refine((e) => !e.startsOn || !e.endsOn || e.endsOn >= e.startsOn, {
        error: 'endsBeforeStart',
        path: ['endsOn'],
      }),
      z.refine(
        (e) => !e.registrationOpensAt || !e.registrationClosesAt || e.registrationClosesAt > e.registrationOpensAt,
        {
          error: 'closesBeforeOpening',
          path: ['registrationClosesAt'],
        },
      ),
      z.refine((e) => !e.startsOn || !e.endsOn || e.endsOn < e.startsOn || withinAMonth(e.startsOn, e.endsOn), {
        error: 'editionTooLong',
        path: ['endsOn'],
      }),
    ),
  z.transform((e) => ({ ...e, year: e.year ?? Number((e.startsOn ?? e.endsOn)!.slice(0, 4)) })),
);
export type EditionForm = z.input<typeof editionSchema>;

/** One edition as the API gives it (`GET events`: showEditionSchema, and the back-office's list). */
export type ShowEdition = z.output<typeof showEditionSchema>;

/** One edition as the back-office edits it: its registration window too (ISO 8601, or null). */
export interface AdminEdition extends ShowEdition {
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  /** Its opening hours, day by day in order ('HH:MM'); none for an edition without dates. */
  hours: DayHours[];
}

/** A day the form must have, as YYYY-MM-DD. */
const requiredDay = z.string({ error: 'required' }).check(
  z.refine((v) => v !== '', 'required'),
  z.refine((v) => v === '' || isRealDay(v), 'isoDay'),
);

/**
 * 'Préparer l'édition suivante': the next edition's name, dates, city and theme, and whether the
 * halls and their stands carry over (the number is the edition's plus one, the year its start's;
 * opening hours follow the new dates; the programme starts empty; nothing personal is copied).
 */
export const nextEditionSchema = z
  .object({
    name: requiredText(200),
    startsOn: requiredDay,
    endsOn: requiredDay,
    city: requiredText(100),
    theme: optionalMultilingual(optionalField(300)),
    halls: z.boolean({ error: 'text' }),
  })
  .check(
    z.refine((e) => !isRealDay(e.startsOn) || !isRealDay(e.endsOn) || e.endsOn >= e.startsOn, {
      error: 'endsBeforeStart',
      path: ['endsOn'],
    }),
    z.refine(
      (e) =>
        !isRealDay(e.startsOn) || !isRealDay(e.endsOn) || e.endsOn < e.startsOn || withinAMonth(e.startsOn, e.endsOn),
      { error: 'editionTooLong', path: ['endsOn'] },
    ),
  );
export type NextEditionForm = z.input<typeof nextEditionSchema>;
