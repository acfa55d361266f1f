import { SITE_PAGES, dayText, holdLastDay, moneyText, pickFilled, type Language } from '@salon/shared';
import { mailTexts } from '../../texts';
import { editionYear, greeting, oneLine, render, type Mail, type ShowFacts } from '../mail/template-kit';

/** The mails of a hold: its confirmation to the company, the organisers' notice, its expiry. */

/** Where a company chooses its stands again: /exposer on the public site. */
export const exposerUrl = (publicUrl: string) => new URL(SITE_PAGES.exposer.path, publicUrl).href;

export interface HeldBooking {
  reference: string;
  holdUntil: Date;
  contactName: string;
  companyName: string;
  email: string;
  phone: string;
  ice: string;
  totalExclTax: number;
  vat: number;
  conditionsVersion: number;
  stands: { number: string; hall: string; className: Partial<Record<Language, string>>; area: number; price: number }[];
}

const numbers = (b: { stands: { number: string }[] }) => b.stands.map((s) => s.number).join(', ');

export function holdMail(
  lang: Language,
  show: ShowFacts,
  b: HeldBooking,
  links: { choose: string; conditions: string },
): Mail {
  const m = mailTexts(lang);
  const t = m.standHold;
  const money = (c: number) => moneyText(c, lang);
  return {
    subject: t.subject(m.show, editionYear(show), numbers(b)),
    ...render(lang, t.title, {
      paragraphs: [
        greeting(lang, b.contactName),
        t.held(numbers(b), b.stands.length, dayText(holdLastDay(b.holdUntil), lang)),
        [
          t.summary,
          ...b.stands.map((s) =>
            t.stand(s.number, s.hall, pickFilled(lang, s.className) ?? '', s.area, money(s.price)),
          ),
        ].join('\n'),
        t.totals(money(b.totalExclTax), money(b.vat), money(b.totalExclTax + b.vat)),
        t.reference(b.reference),
        t.conditions(b.conditionsVersion),
        t.expiry,
      ],
      links: [{ label: t.conditionsLink, url: links.conditions }],
    }),
  };
}

/** To the organisers, in French: who holds what, until when. */
export function holdOrganiserMail(b: HeldBooking): Mail {
  const title = 'Nouvelle option sur un stand';
  return {
    subject: `Option ${b.reference} — ${oneLine(b.companyName)} — stand ${numbers(b)}`,
    ...render('fr', title, {
      paragraphs: [
        `${b.companyName} (ICE ${b.ice}) a posé une option sur ${b.stands.length > 1 ? 'les stands' : 'le stand'} ${numbers(b)} jusqu’au ${dayText(holdLastDay(b.holdUntil), 'fr')} inclus.`,
        [`Contact : ${b.contactName}`, `E-mail : ${b.email}`, `Téléphone : ${b.phone}`].join('\n'),
        `Total HT : ${moneyText(b.totalExclTax, 'fr')} — TVA : ${moneyText(b.vat, 'fr')}`,
        'Confirmez-la ou refusez-la dans le back-office, rubrique « Réservations de stands ».',
      ],
      footer: [`Réservation ${b.reference}`],
    }),
  };
}

export function holdExpiredMail(
  lang: Language,
  show: ShowFacts,
  b: { reference: string; contactName: string; stands: { number: string }[] },
  chooseUrl: string,
): Mail {
  const m = mailTexts(lang);
  const t = m.standHoldExpired;
  return {
    subject: t.subject(m.show, editionYear(show), numbers(b)),
    ...render(lang, t.title, {
      paragraphs: [greeting(lang, b.contactName), t.expired(numbers(b), b.reference), t.again],
      button: { label: t.button, url: chooseUrl },
    }),
  };
}

/** From the enquiry's follow-up: the link to choose and hold a stand, the enquiry's details already filled in. */
export function standLinkMail(lang: Language, show: ShowFacts, name: string, url: string): Mail {
  const m = mailTexts(lang);
  const t = m.standLink;
  return {
    subject: t.subject(m.show, editionYear(show)),
    ...render(lang, t.title, {
      paragraphs: [greeting(lang, name), t.text, m.personalLink],
      button: { label: m.standHoldExpired.button, url },
    }),
  };
}
