import type { Language } from '@salon/shared';
import { en } from './en';
import { fr, type ApiTexts } from './fr';

export type { ApiTexts } from './fr';

/**
 * Each language's API texts, in one place: a language added to LANGUAGES is a compile error here
 * until its module (a copy of fr.ts, translated) is imported.
 */
export const API_TEXTS: Record<Language, ApiTexts> = { fr, en };

export const mailTexts = (lang: Language): ApiTexts['mail'] => API_TEXTS[lang].mail;
export const documentTexts = (lang: Language): ApiTexts['documents'] => API_TEXTS[lang].documents;
export const answerTexts = (lang: Language): ApiTexts['answers'] => API_TEXTS[lang].answers;
