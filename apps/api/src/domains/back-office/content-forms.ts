import * as z from 'zod/mini';
import { EMAIL_PATTERN, hallOutlineFields, inEveryLanguage, isRealDay, maxText, multilingual } from '@salon/shared';

/** The rules of the content forms (the web app's back-office repeats them in content/fields.tsx). */

const text = (max: number) =>
  z
    .string({ error: (issue) => (issue.input == null ? 'required' : 'Texte attendu.') })
    .check(z.trim(), maxText(max, `${max} caractères au plus.`));
const requiredText = (max: number) => text(max).check(z.minLength(1, { error: 'required' }));
/** Optional text: absent stays absent (a change leaves it as it was), empty means none (null). */
const optionalText = (max: number, rule?: { test: RegExp; error: string }) =>
  z.pipe(
    z.optional(z.nullable(rule ? text(max).check(z.refine((v) => !v || rule.test.test(v), rule.error)) : text(max))),
    z.transform((v: string | null | undefined) => (v === undefined ? undefined : v || null)),
  );
/**
 * A banner's or partner's link: an address on the web, or a path of this site. Each pattern reads
 * a text once: no two repeats next to each other can take the same characters.
 */
const LINK = {
  test: /^(https?:\/\/[^\s/][^\s]*|\/[^\s/][^\s]*|\/)$/i,
  error: 'Adresse http(s)://… ou chemin du site commençant par /.',
};
const WEBSITE = { test: /^https?:\/\/[^\s/][^\s]*$/i, error: 'Adresse http(s)://… attendue.' };
const EMAIL = { test: EMAIL_PATTERN, error: 'email' };

/** A place in a list; none (null: an emptied field) puts a new record at the end and leaves a record where it is. */
const position = z.pipe(
  z.optional(
    z.nullable(
      z
        .int({ error: 'Position : un nombre entier.' })
        .check(z.gte(0, { error: 'Position : 0 ou plus.' }), z.lte(100_000, { error: 'Position : 100 000 au plus.' })),
    ),
  ),
  z.transform((v: number | null | undefined) => v ?? undefined),
);
const mediaId = z
  .int({ error: 'Fichier : identifiant attendu.' })
  .check(z.positive({ error: 'Fichier : identifiant attendu.' }));
const optionalMedia = z.optional(z.nullable(mediaId));
const actif = z.boolean({ error: 'Actif : true ou false.' });

export const bannerSchema = z.object({
  actif: z.optional(actif),
  emplacement: z.enum(['Haut', 'Bas'], { error: 'Emplacement : Haut ou Bas.' }),
  lien: optionalText(500, LINK),
  fichierDesktopId: z.int({ error: 'required' }).check(z.positive({ error: 'required' })),
  fichierMobileId: optionalMedia,
});

export const partnerSchema = z.object({
  name: requiredText(200),
  url: optionalText(500, LINK),
  actif: z.optional(actif),
  position: position,
  logoId: optionalMedia,
});

export const gallerySchema = z.object({
  position: position,
  imageId: z.int({ error: 'required' }).check(z.positive({ error: 'required' })),
  caption: z.optional(multilingual(optionalText(300))),
});

/** A text required in each language: the value missing, or one of its languages, is 'required'. */
const requiredInEachLanguage = (max: number) =>
  z.strictObject(
    inEveryLanguage(() => requiredText(max)),
    {
      error: (issue) => (issue.input === undefined ? 'required' : undefined),
    },
  );

export const testimonialSchema = z.object({
  position: position,
  author: requiredText(200),
  role: z.optional(multilingual(optionalText(200))),
  quote: requiredInEachLanguage(2000),
  photoId: optionalMedia,
});
/** A change of a testimonial: what it gives, a language of the quote alone too. */
export const testimonialChangeSchema = z.partial(
  z.extend(testimonialSchema, { quote: multilingual(requiredText(2000)) }),
);

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string({ error: 'required' }).check(z.trim(), z.regex(HHMM, { error: 'Heure au format HH:MM.' }));
export const conferenceSchema = z.object({
  number: requiredText(20),
  kind: z.optional(z.enum(['conference', 'academy', 'sponsor'], { error: 'Type : conference, academy ou sponsor.' })),
  titleFr: requiredText(300),
  titleEn: requiredText(300),
  themeFr: optionalText(200),
  themeEn: optionalText(200),
  descriptionFr: optionalText(5000),
  descriptionEn: optionalText(5000),
  day: z.string({ error: 'required' }).check(z.refine(isRealDay, { error: 'Jour au format AAAA-MM-JJ.' })),
  startsAt: time,
  endsAt: time,
});

/** A hall: its name, its place in the lists, and its outline on the floor plan (both sides or none). */
export const gateSchema = z.object({ name: requiredText(100), position: position, ...hallOutlineFields });

export const sibSchema = z.object({
  logoSponsorOfficielId: optionalMedia,
  logoPaysInviteHonneurId: optionalMedia,
  mediaFullBackgroundId: optionalMedia,
  planPdfId: optionalMedia,
  programmePdfId: optionalMedia,
  cataloguePdfId: optionalMedia,
});

export const agenceSchema = z.object({
  name: requiredText(200),
  email: optionalText(320, EMAIL),
  website: optionalText(500, WEBSITE),
  logoId: optionalMedia,
  logoFooterId: optionalMedia,
  imageId: optionalMedia,
});

export const reorderSchema = z.object({
  ids: z.array(mediaId).check(
    z.minLength(1, { error: 'ids : au moins un identifiant.' }),
    z.maxLength(500, { error: 'ids : 500 identifiants au plus.' }),
    z.refine((ids) => new Set(ids).size === ids.length, 'ids : chaque identifiant une seule fois.'),
  ),
});
