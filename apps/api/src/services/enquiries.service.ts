import type { ExhibitorEnquiryForm, Language } from '@salon/shared';
import type { Db } from '../db/client';
import { demandesExposants, mailOutbox } from '../db/schema';
import { enquiryAckMail, enquiryOrganiserMail } from './mail/templates';
import { loadEvent } from './pdf/data';

/** What the enquiry stores when no sector was chosen, as the specification has it. */
export const NO_SECTOR = 'non rempli';

/**
 * The home page's exhibitor enquiry: stored as an enquiry (no user account), with, in the same
 * transaction, a mail to the organiser and an acknowledgement to the sender.
 */
export async function submitEnquiry(db: Db, form: ExhibitorEnquiryForm, organiserEmail: string) {
  const lang: Language = form.lang ?? 'fr';
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(demandesExposants)
      .values({
        nom: form.nom,
        email: form.email,
        telephone: form.telephone,
        societe: form.societe || null,
        secteurActivite: form.secteur_activite || NO_SECTOR,
        message: form.message || null,
        language: lang,
      })
      .returning();
    const enquiry = row!;
    const event = await loadEvent(tx);
    await tx.insert(mailOutbox).values([
      { to: organiserEmail, ...enquiryOrganiserMail(enquiry) },
      { to: enquiry.email, ...enquiryAckMail(lang, enquiry, event) },
    ]);
    return { id: enquiry.id };
  });
}
