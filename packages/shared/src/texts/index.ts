import { en } from './en';
import { fr, type SharedTexts } from './fr';

export type { SharedTexts } from './fr';

/**
 * Each language's shared texts, and so the site's languages (LANGUAGES is this object's keys, in
 * its order: French, the show's, first). A language is added here, with its module (a copy of
 * fr.ts, translated); the compiler then lists the other texts it lacks: the API's, and the
 * back-office's pack of react-admin texts.
 */
export const SHARED_TEXTS = { fr, en } satisfies Record<string, SharedTexts>;

export const sharedTexts = (lang: keyof typeof SHARED_TEXTS): SharedTexts => SHARED_TEXTS[lang];
