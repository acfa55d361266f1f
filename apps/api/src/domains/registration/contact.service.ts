import { formatDateTime, type ContactForm } from '@salon/shared';
import type { Db } from '../../db/client';
import { contactMessages, mailOutbox } from '../../db/schema';
import { oneLine } from '../mail/template-kit';

type ContactRow = typeof contactMessages.$inferSelect;

export function contactMail(row: ContactRow) {
  return {
    subject: `Nouveau message de contact — ${oneLine(row.name)}`,
    text: [
      'Un message a été envoyé depuis le formulaire de contact du site.',
      '',
      `Nom : ${row.name}`,
      `E-mail : ${row.email}`,
      `Téléphone : ${row.phone}`,
      `Société : ${row.company ?? '—'}`,
      `Reçu le : ${formatDateTime(row.createdAt)}`,
      '',
      'Message :',
      row.message,
      '',
      `(message n° ${row.id})`,
    ].join('\n'),
  };
}

/**
 * Stores a contact message and, in the same transaction, queues its mail to the organiser:
 * the outbox worker sends it, so a message is never lost because the mail server was down.
 */
export async function submitContact(db: Db, form: ContactForm, organiserEmail: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: form.name,
        email: form.email,
        phone: form.phone,
        company: form.company || null,
        message: form.message,
      })
      .returning();
    const message = row!;
    await tx.insert(mailOutbox).values({ to: organiserEmail, ...contactMail(message) });
    return { id: message.id };
  });
}
