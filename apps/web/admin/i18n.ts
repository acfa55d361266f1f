import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import { useLocaleState, useTranslate, type TranslateFunction, type TranslationMessages } from 'react-admin';
import {
  CONTENT_FORM_MESSAGES,
  DEFAULT_LANGUAGE,
  asLanguage,
  inEveryLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
  type Texts,
} from '@salon/shared';

/**
 * The back-office's own texts, one file per language in i18n/ (`fr.json` is the reference, every
 * other file has its keys): the shell's, each part's (`resources.<name>.name`, `resources.<name>.fields.<field>`,
 * `admin.<part>.…`), and the keys the shared zod schemas and the API answer with.
 */
const FILES = import.meta.glob<Record<string, unknown>>('./i18n/*.json', { eager: true, import: 'default' });
export const adminTexts: Texts<Record<string, unknown>> = inEveryLanguage((lang) => {
  const texts = FILES[`./i18n/${lang}.json`];
  if (!texts) throw new Error(`The back-office has no texts in ${lang}: apps/web/admin/i18n/${lang}.json is missing.`);
  return texts;
});

/** React-admin's own texts in each language: its ra-language-* pack. */
const REACT_ADMIN_PACKS: Texts<TranslationMessages> = { fr: frenchMessages, en: englishMessages };

/** Texts with their apostrophes curly, as the back-office writes its French ("Le formulaire n’est pas valide."). */
function curlyApostrophes(messages: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, value]) => [
      key,
      typeof value === 'string'
        ? value.replace(/(?<=\p{L})'(?=\p{L})/gu, '’')
        : value && typeof value === 'object'
          ? curlyApostrophes(value as Record<string, unknown>)
          : value,
    ]),
  );
}
const withoutFinalStop = (text: string) => text.replace(/\.$/, '');
const notFound = (text: string) => ({ ra: { message: { not_found: withoutFinalStop(text) } } });
/**
 * React-admin's texts in a language; in French, with curly apostrophes (French typography, not
 * other languages'). The not-found page adds its own full stop after `ra.message.not_found`, which
 * ends with one already ("…un mauvais lien.."): taken off here.
 */
function reactAdminMessages(lang: Language): Record<string, unknown> {
  const pack = REACT_ADMIN_PACKS[lang];
  const fixed = merge(pack, notFound(pack.ra.message.not_found));
  return lang === 'fr' ? curlyApostrophes(fixed) : fixed;
}

/** A language named in `locale`'s words, capitalised as a value that stands alone ('Français', 'Anglais'). */
export function languageNameIn(locale: string, lang: string): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(lang) ?? lang;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** A language as the back-office's language menu names it, in that language, capitalised ("Français"). */
export const languageName = (lang: Language): string => languageNameIn(lang, lang);

/**
 * The label of a field's value in one language ('Légende (anglais)', 'Caption (French)'): the
 * field's text, whose `%{language}` is that language named in the back-office's own (`locale`).
 */
export const inLanguageLabel = (translate: TranslateFunction, locale: string, key: string, lang: Language): string =>
  translate(key, { language: new Intl.DisplayNames([locale], { type: 'language' }).of(lang) ?? lang });

export function useInLanguageLabel(): (key: string, lang: Language) => string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (key, lang) => inLanguageLabel(translate, locale, key, lang);
}

function merge(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const current = out[key];
    out[key] =
      value && typeof value === 'object' && current && typeof current === 'object'
        ? merge(current as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

/** The language the visitor chose on the public site, kept in localStorage; French otherwise. */
function initialLanguage(): Language {
  try {
    return asLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/**
 * The content forms' messages (`contentForm.…`), kept with their schemas in packages/shared: the
 * API answers them in French, the back-office shows them in its language.
 */
const sharedTexts = (lang: Language) => ({ contentForm: CONTENT_FORM_MESSAGES[lang] });

export function createI18nProvider() {
  const catalogue = inEveryLanguage((lang) =>
    merge(merge(reactAdminMessages(lang), sharedTexts(lang)), adminTexts[lang]),
  );
  return polyglotI18nProvider(
    (locale) => catalogue[asLanguage(locale)] as TranslationMessages,
    initialLanguage(),
    LANGUAGES.map((locale) => ({ locale, name: languageName(locale) })),
    // A key no part translates shows as its last word rather than a crash or a blank.
    { allowMissing: true },
  );
}
