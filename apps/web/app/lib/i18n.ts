import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  isLanguage,
  DEFAULT_LANGUAGE,
  editionTexts,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type EditionFacts,
  type Language,
} from '@salon/shared';

/**
 * `?lang=` first (English URLs for hreflang), then the cookie mirrored from localStorage (the
 * visitor's choice), then, on a first visit, the browser's preferred language we have.
 */
export function languageFromRequest(request: Request): Language {
  const param = new URL(request.url).searchParams.get('lang');
  if (isLanguage(param)) return param;
  const cookie = request.headers.get('cookie') ?? '';
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})`).exec(cookie);
  if (isLanguage(match?.[1])) return match[1];
  return browserLanguage(request.headers.get('accept-language') ?? '') ?? DEFAULT_LANGUAGE;
}

/** The first of ours in an Accept-Language header, by its weights ('de, en-GB;q=0.8, fr;q=0.5': en). */
export function browserLanguage(header: string): Language | null {
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.split('-')[0], q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.q > 0 && isLanguage(entry.lang))
    .sort((a, b) => b.q - a.q);
  return (ranked[0]?.lang as Language | undefined) ?? null;
}

/**
 * Translations filled with the current edition: `{{edition}}`, `{{year}}`, `{{dates}}`, `{{city}}`
 * and `{{theme}}` in any text are the edition's, in the text's language (`editionTexts`).
 */
export function createI18n(lang: Language, resources: Resource, show: EditionFacts | null): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources,
    initAsync: false,
    interpolation: { escapeValue: false, defaultVariables: show ? { ...editionTexts(show, lang) } : undefined },
    react: { useSuspense: false },
    // i18next 25 advertises a service in every browser's and test's console otherwise.
    showSupportNotice: false,
  });
  return instance;
}

/** Translations come from /assets/i18n/<lang>.json, as the specification says. */
export async function fetchMessages(lang: Language): Promise<Record<string, unknown>> {
  const res = await fetch(`/assets/i18n/${lang}.json`);
  if (!res.ok) throw new Error(`translations ${lang}: HTTP ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Switches language: loads the file, keeps the choice in localStorage and mirrors it in a cookie. */
export async function switchLanguage(instance: i18n, lang: Language): Promise<void> {
  if (!instance.hasResourceBundle(lang, 'translation')) {
    instance.addResourceBundle(lang, 'translation', await fetchMessages(lang));
  }
  rememberLanguage(lang);
  const show = pageShow();
  if (show) instance.options.interpolation!.defaultVariables = { ...editionTexts(show, lang) };
  await instance.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export function rememberLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private browsing may refuse storage; the cookie still carries the choice.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The edition the server wrote the page for (`<html data-show>`, root.tsx), read in the browser. */
export function pageShow(): EditionFacts | null {
  const text = document.documentElement.dataset.show;
  try {
    return text ? (JSON.parse(text) as EditionFacts) : null;
  } catch {
    return null;
  }
}
