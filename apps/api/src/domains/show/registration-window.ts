import { DEFAULT_LANGUAGE, pick, registrationState, type Language, type Texts } from '@salon/shared';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { currentShow } from './show-facts';

const CLOSED: Texts = {
  fr: 'Les inscriptions en ligne à cette édition sont closes.',
  en: 'Online registration for this edition is closed.',
};
const NOT_YET: Texts = {
  fr: 'Les inscriptions en ligne à cette édition ne sont pas encore ouvertes.',
  en: 'Online registration for this edition is not open yet.',
};

/**
 * Refuses what only an open registration allows (a visitor's registration, an exhibitor's enquiry,
 * a kiosk's badge): before the organiser's opening, after the closing (by default, once the show's
 * last day is over). The message says which, in the form's language.
 */
export async function assertRegistrationOpen(db: Db, now: Date, lang: Language = DEFAULT_LANGUAGE): Promise<void> {
  const state = registrationState((await currentShow(db)).event, now);
  if (state.open) return;
  const reason = state.opensAt ? 'registrationNotOpen' : 'registrationClosed';
  throw badRequest(pick(lang, state.opensAt ? NOT_YET : CLOSED), { reason });
}
