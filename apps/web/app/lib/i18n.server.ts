import type { TFunction } from 'i18next';
import { inEveryLanguage, type Language, type WebLoadContext } from '@salon/shared';
import { createI18n, languageFromRequest } from './i18n';

/** The translation files, public/assets/i18n/<lang>.json: one for each of LANGUAGES, or the server does not start. */
const files = import.meta.glob<Record<string, unknown>>('../../public/assets/i18n/*.json', {
  eager: true,
  import: 'default',
});
const resources = inEveryLanguage((lang) => {
  const translation = files[`../../public/assets/i18n/${lang}.json`];
  if (!translation)
    throw new Error(`public/assets/i18n/${lang}.json is missing: every language needs its translations`);
  return { translation };
});
// One per language and edition: an edition's facts change a few times a year.
const instances = new Map<string, TFunction>();

/** Translations on the server, for loaders (titles, descriptions) and the document's language. */
export function serverT(request: Request, context: unknown): { lang: Language; t: TFunction } {
  const lang = languageFromRequest(request);
  const show = (context as Partial<WebLoadContext> | undefined)?.show ?? null;
  const key = `${lang}|${JSON.stringify(show)}`;
  let t = instances.get(key);
  if (!t) {
    if (instances.size > 20) instances.clear();
    t = createI18n(lang, resources, show).t;
    instances.set(key, t);
  }
  return { lang, t };
}

export const serverResources = resources;
