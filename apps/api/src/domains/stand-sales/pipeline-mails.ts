import type { Language } from '@salon/shared';
import { mailTexts } from '../../texts';
import { editionYear, greeting, render, type Mail, type ShowFacts } from '../mail/template-kit';

/** The mails of the organiser's decisions on a booking, in the company's language. */

interface BookingFacts {
  reference: string;
  contactName: string;
  /** Its stands' numbers, 'A-01, A-07'. */
  stands: string;
}

/** Confirmed: the contract and both invoices are attached (built when the mail is sent). */
export function bookingConfirmedMail(lang: Language, show: ShowFacts, b: BookingFacts): Mail {
  const m = mailTexts(lang);
  const t = m.standConfirmed;
  return {
    subject: t.subject(m.show, editionYear(show), b.reference),
    ...render(lang, t.title, {
      paragraphs: [greeting(lang, b.contactName), t.confirmed(b.stands), t.pay(b.reference)],
    }),
  };
}

/** Refused (an option) or cancelled (a confirmed booking, its credit notes attached), with the organiser's reason. */
export function bookingClosedMail(
  lang: Language,
  show: ShowFacts,
  how: 'refused' | 'cancelled',
  b: BookingFacts,
  reason: string | null,
  chooseUrl: string,
): Mail {
  const m = mailTexts(lang);
  if (how === 'refused') {
    const t = m.standRefused;
    return {
      subject: t.subject(m.show, editionYear(show), b.stands),
      ...render(lang, t.title, {
        paragraphs: [
          greeting(lang, b.contactName),
          t.refused(b.stands, b.reference),
          ...(reason ? [t.reason(reason)] : []),
          t.again,
        ],
        button: { label: m.standHoldExpired.button, url: chooseUrl },
      }),
    };
  }
  const t = m.standCancelled;
  return {
    subject: t.subject(m.show, editionYear(show), b.reference),
    ...render(lang, t.title, {
      paragraphs: [
        greeting(lang, b.contactName),
        t.cancelled(b.stands, b.reference),
        ...(reason ? [t.reason(reason)] : []),
      ],
    }),
  };
}
