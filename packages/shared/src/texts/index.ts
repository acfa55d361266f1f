import type { Language } from '../language';
import { en } from './en';
import { fr, type SharedTexts } from './fr';

export type { SharedTexts } from './fr';

/**
 * Each language's shared texts, in one place: a language added to LANGUAGES is a compile error
 * here until its module (a copy of fr.ts, translated) is imported.
 */
export const SHARED_TEXTS: Record<Language, SharedTexts> = { fr, en };

export const sharedTexts = (lang: Language): SharedTexts => SHARED_TEXTS[lang];
