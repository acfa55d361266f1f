import { DEFAULT_LANGUAGE, registrationState, type Language } from '@salon/shared';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { answerTexts } from '../../texts/index';
import { currentShow } from './show-facts';

/**
 * Refuses what only an open registration allows (a visitor's registration, an exhibitor's enquiry,
 * a kiosk's badge): before the organiser's opening, after the closing (by default, once the show's
 * last day is over). The message says which, in the form's language.
 */
export async function assertRegistrationOpen(db: Db, now: Date, lang: Language = DEFAULT_LANGUAGE): Promise<void> {
  const state = registrationState((await currentShow(db)).event, now);
  if (state.open) return;
  const reason = state.opensAt ? 'registrationNotOpen' : 'registrationClosed';
  const texts = answerTexts(lang);
  throw badRequest(state.opensAt ? texts.registrationNotOpen : texts.registrationClosed, { reason });
}
