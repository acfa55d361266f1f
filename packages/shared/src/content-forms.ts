import * as z from 'zod/mini';
import { hallOutlineFields } from './floor-plan';
import { inEveryLanguage, type Texts } from './language';
import { sharedTexts, type SharedTexts } from './texts/index';
import { isRealDay } from './day-format';
import { maxText, multilingual, optionalMultilingual, requiredMultilingualValue } from './schemas';
import { EMAIL_PATTERN } from './site-settings';

/**
 * The rules of the back-office's content forms (banners, partners, gallery, testimonials,
 * conferences, halls, the show's and the agency's records), checked in the browser and by the
 * API with the same schemas. Their messages are keys of CONTENT_FORM_MESSAGES (`contentForm.…`,
 * a value after a colon: `contentForm.maxChars:300`): the back-office shows them in its language,
 * the API answers them in French (contentFormText).
 */

const KEY = 'contentForm';
/** A message key of CONTENT_FORM_MESSAGES, with the value its text names. */
const message = (name: keyof SharedTexts['contentForm'], value?: number) =>
  `${KEY}.${name}${value === undefined ? '' : `:${value}`}`;

/** The content forms' messages in each language (packages/shared texts/, `contentForm`). */
export const CONTENT_FORM_MESSAGES: Texts<SharedTexts['contentForm']> = inEveryLanguage(
  (lang) => sharedTexts(lang).contentForm,
);

/** A content form's message key read apart: its key (`contentForm.maxChars`) and value (300), or null for another message. */
export function contentFormKey(text: string): { key: string; value?: number } | null {
  const m = /^contentForm\.(\w+)(?::(\d+))?$/.exec(text);
  if (!m || !(m[1]! in CONTENT_FORM_MESSAGES.fr)) return null;
  return { key: `${KEY}.${m[1]}`, ...(m[2] === undefined ? {} : { value: Number(m[2]) }) };
}

/** A content form's message in French (the API's answers); any other message as it is. */
export function contentFormText(text: string): string {
  const read = contentFormKey(text);
  if (!read) return text;
  const template = CONTENT_FORM_MESSAGES.fr[read.key.slice(KEY.length + 1) as keyof SharedTexts['contentForm']];
  return template.replace('%{value}', String(read.value));
}

const text = (max: number) =>
  z
    .string({ error: (issue) => (issue.input == null ? 'required' : message('text')) })
    .check(z.trim(), maxText(max, message('maxChars', max)));
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
const LINK = { test: /^(https?:\/\/[^\s/][^\s]*|\/[^\s/][^\s]*|\/)$/i, error: message('link') };
const WEBSITE = { test: /^https?:\/\/[^\s/][^\s]*$/i, error: message('website') };
const EMAIL = { test: EMAIL_PATTERN, error: 'email' };

/** A place in a list; none (null: an emptied field) puts a new record at the end and leaves a record where it is. */
const position = z.pipe(
  z.optional(
    z.nullable(
      z
        .int({ error: message('positionInteger') })
        .check(z.gte(0, { error: message('positionMin') }), z.lte(100_000, { error: message('positionMax') })),
    ),
  ),
  z.transform((v: number | null | undefined) => v ?? undefined),
);
const mediaId = z.int({ error: message('fileId') }).check(z.positive({ error: message('fileId') }));
const optionalMedia = z.optional(z.nullable(mediaId));
const actif = z.boolean({ error: message('active') });

export const bannerSchema = z.object({
  actif: z.optional(actif),
  emplacement: z.enum(['Haut', 'Bas'], { error: message('placement') }),
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
  caption: optionalMultilingual(optionalText(300)),
});

export const testimonialSchema = z.object({
  position: position,
  author: requiredText(200),
  role: optionalMultilingual(optionalText(200)),
  quote: requiredMultilingualValue(requiredText(2000)),
  photoId: optionalMedia,
});
/** A change of a testimonial: what it gives, a language of the quote alone too. */
export const testimonialChangeSchema = z.partial(
  z.extend(testimonialSchema, { quote: multilingual(requiredText(2000)) }),
);

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string({ error: 'required' }).check(z.trim(), z.regex(HHMM, { error: message('time') }));
export const conferenceFormSchema = z.object({
  number: requiredText(20),
  kind: z.optional(z.enum(['conference', 'academy', 'sponsor'], { error: message('conferenceKind') })),
  title: requiredMultilingualValue(requiredText(300)),
  theme: optionalMultilingual(optionalText(200)),
  description: optionalMultilingual(optionalText(5000)),
  day: z.string({ error: 'required' }).check(z.refine(isRealDay, { error: message('day') })),
  startsAt: time,
  endsAt: time,
});
/** A change of a conference: what it gives, a language of the title alone too. */
export const conferenceChangeSchema = z.partial(
  z.extend(conferenceFormSchema, { title: multilingual(requiredText(300)) }),
);

/** A hall: its name, its place in the lists, and its outline on the floor plan (both sides or none). */
export const hallSchema = z.object({ name: requiredText(100), position: position, ...hallOutlineFields });

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
    z.minLength(1, { error: message('idsMin') }),
    z.maxLength(500, { error: message('idsMax') }),
    z.refine((ids) => new Set(ids).size === ids.length, message('idsOnce')),
  ),
});
