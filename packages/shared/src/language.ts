import { SHARED_TEXTS } from './texts/index';

/**
 * The site's languages, and how code chooses among them: those the shared texts are written in
 * (texts/index.ts), French first. Every text written in code is a `Texts` (one entry per
 * language) or a language's module typed against French's, so that adding a language makes the
 * compiler list each text that lacks it instead of letting it fall back to French unseen.
 */
export type Language = keyof typeof SHARED_TEXTS;
export const LANGUAGES = Object.keys(SHARED_TEXTS) as [Language, ...Language[]];
/** The show's language: the site's when nothing says otherwise, and the one links leave unsaid. */
export const DEFAULT_LANGUAGE: Language = 'fr';

/** One value per language: a text, or anything else that differs by language. */
export type Texts<T = string> = Record<Language, T>;

/** The value of the language asked for (`texts` lacking a language is a type error). */
export const pick = <T extends Texts<unknown>>(lang: Language, texts: T): T[Language] => texts[lang];

/**
 * A text the organisers type in each language (a sector's name, a talk's title), as its
 * multilingual value `{ "fr": …, "en": … }` holds it (a language possibly missing): the language
 * asked for, else the first language, in LANGUAGES's order, where it was filled in; '' when none.
 */
export const pickFilled = (lang: Language, texts: Partial<Texts<string | null | undefined>>): string =>
  texts[lang] || LANGUAGES.map((l) => texts[l]).find(Boolean) || '';

/** A value made for each language, in LANGUAGES's order. */
export const inEveryLanguage = <T>(make: (lang: Language) => T): Texts<T> =>
  Object.fromEntries(LANGUAGES.map((lang) => [lang, make(lang)])) as Texts<T>;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** A language read from outside (a saved preference, a query, a library's current one); French when none of ours. */
export const asLanguage = (value: unknown): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

/** The locale Intl formats a language's dates and numbers with. */
export const LOCALES: Texts = inEveryLanguage((lang) => SHARED_TEXTS[lang].locale);

/**
 * The `lang` parameter of a link to the site, after `?` or `&`: none for French, which the site
 * shows when the address says nothing.
 */
export const langParam = (lang: Language, separator: '?' | '&'): string =>
  lang === DEFAULT_LANGUAGE ? '' : `${separator}lang=${lang}`;
