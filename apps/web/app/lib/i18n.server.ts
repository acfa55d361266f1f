import type { TFunction } from 'i18next';
import type { Language, WebLoadContext } from '@salon/shared';
import en from '../../public/assets/i18n/en.json';
import fr from '../../public/assets/i18n/fr.json';
import { createI18n, languageFromRequest } from './i18n';

const resources = { fr: { translation: fr }, en: { translation: en } };
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
