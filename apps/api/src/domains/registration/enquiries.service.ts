import { DEFAULT_LANGUAGE, type ExhibitorEnquiryForm } from '@salon/shared';
import type { Db } from '../../db/client';
import { demandesExposants, mailOutbox } from '../../db/schema';
import { mayMail } from '../mail/recipient-caps';
import { enquiryAckMail, enquiryOrganiserMail } from '../mail/public-mails';
import { loadEvent } from '../show/edition';

/** What the enquiry stores when no sector was chosen, as the specification has it. */
export const NO_SECTOR = 'non rempli';

/**
 * The home page's exhibitor enquiry: stored as an enquiry (no user account), with, in the same
 * transaction, a mail to the organiser and an acknowledgement to the typed address, at most one
 * a day per address (anyone can type anyone's address). The answer is the same either way.
 */
export async function submitEnquiry(db: Db, form: ExhibitorEnquiryForm, organiserEmail: string) {
  const lang = form.lang ?? DEFAULT_LANGUAGE;
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
    await tx.insert(mailOutbox).values({ to: organiserEmail, ...enquiryOrganiserMail(enquiry) });
    if (await mayMail(tx, enquiry.email, 'enquiryAck')) {
      await tx.insert(mailOutbox).values({ to: enquiry.email, kind: 'enquiryAck', ...enquiryAckMail(lang, event) });
    }
    return { id: enquiry.id };
  });
}
