import type { TFunction } from 'i18next';
import type { Language } from '@salon/shared';
import en from '../../public/assets/i18n/en.json';
import fr from '../../public/assets/i18n/fr.json';
import { createI18n, languageFromRequest } from './i18n';

const resources = { fr: { translation: fr }, en: { translation: en } };
const instances = new Map<Language, TFunction>();

/** Translations on the server, for loaders (titles, descriptions) and the document's language. */
export function serverT(request: Request): { lang: Language; t: TFunction } {
  const lang = languageFromRequest(request);
  let t = instances.get(lang);
  if (!t) {
    t = createI18n(lang, resources).t;
    instances.set(lang, t);
  }
  return { lang, t };
}

export const serverResources = resources;
