/** The mails of the public forms: a visitor's badge, an exhibitor enquiry, the newsletter's opt-in. */
import { formatDateTime, pick, SCAN_NOTICE, type Language } from '@salon/shared';
import { mailTexts } from '../../texts/index';
import { editionYear, greeting, oneLine, render, whenAndWhere, type Mail, type ShowFacts } from './template-kit';

/**
 * The badge mail: the PDF is attached; the link shows the badge on a phone at the gate, the next
 * one gives the show's days as a calendar file (badgeCalendar). Under the entry rule, what a
 * scan at a stand passes on, as the form and the e-badge page say it (decision 049). `name`
 * is null when the mail answers the public registration form (see greeting).
 */
export function badgeMail(
  lang: Language,
  data: {
    name: string | null;
    show: ShowFacts;
    ebadgeUrl: string;
    calendarUrl: string;
    /** 'Ajouter à Apple Wallet' (the pass, Apple's badge as a picture), when the organiser offers it. */
    appleWallet?: { url: string; image: string } | null;
    /** 'Ajouter à Google Wallet' (the e-badge's Google link, Google's button as a picture), likewise. */
    googleWallet?: { url: string; image: string } | null;
  },
): Mail {
  const wallet = (apple: string, google: string) => [
    ...(data.appleWallet ? [{ label: apple, ...data.appleWallet }] : []),
    ...(data.googleWallet ? [{ label: google, ...data.googleWallet }] : []),
  ];
  const when = whenAndWhere(data.show, lang);
  const m = mailTexts(lang);
  const t = m.badge;
  return {
    subject: `${t.title} — ${m.show} ${editionYear(data.show)}`,
    ...render(lang, t.title, {
      paragraphs: [greeting(lang, data.name), t.confirmed(m.show, when), m.entryRule, pick(lang, SCAN_NOTICE)],
      button: { label: t.button, url: data.ebadgeUrl },
      links: [...wallet(t.appleWallet, t.googleWallet), { label: t.calendar, url: data.calendarUrl }],
      footer: [
        m.personalLink,
        ...(data.appleWallet ? [t.appleHint] : []),
        ...(data.googleWallet ? [t.googleHint] : []),
      ],
    }),
  };
}

export interface EnquiryFacts {
  id: number;
  nom: string;
  email: string;
  telephone: string;
  societe: string | null;
  secteurActivite: string;
  message: string | null;
  createdAt: Date;
}

/** To the organiser (in French): everything the enquiry says. */
export function enquiryOrganiserMail(e: EnquiryFacts): Mail {
  const title = 'Nouvelle demande exposant';
  return {
    subject: `Nouvelle demande exposant — ${oneLine(e.societe || e.nom)}`,
    ...render('fr', title, {
      paragraphs: [
        'Une demande a été envoyée depuis le formulaire « Devenir exposant » du site.',
        [
          `Nom : ${e.nom}`,
          `E-mail : ${e.email}`,
          `Téléphone : ${e.telephone}`,
          `Société : ${e.societe || '—'}`,
          `Secteur d’activité : ${e.secteurActivite}`,
          `Reçue le : ${formatDateTime(e.createdAt)}`,
        ].join('\n'),
        `Message :\n${e.message || '—'}`,
      ],
      footer: [`Demande n° ${e.id}`],
    }),
  };
}

/** To the sender: we have it, and someone will answer. The typed name is not echoed (see greeting). */
export function enquiryAckMail(lang: Language, show: ShowFacts): Mail {
  const m = mailTexts(lang);
  const t = m.enquiryAck;
  return {
    subject: t.subject(m.show, editionYear(show)),
    ...render(lang, t.title, { paragraphs: [greeting(lang, null), t.thanks(m.show, whenAndWhere(show, lang))] }),
  };
}

/**
 * To an existing account whose address was typed in the registration form and that gets no
 * badge from it: a staff account, or a visitor whose registration the organiser cancelled. The
 * form answers the same for every known address; the difference is said here, to the owner.
 */
export function registrationNoticeMail(lang: Language, reason: 'staff' | 'cancelled', show: ShowFacts): Mail {
  const m = mailTexts(lang);
  const t = m.registrationNotice;
  return {
    subject: `${t.title} — ${m.show} ${editionYear(show)}`,
    ...render(lang, t.title, {
      paragraphs: [
        greeting(lang, null),
        t.registered(m.show, whenAndWhere(show, lang)),
        reason === 'staff' ? t.staff : t.cancelled,
        t.notYou,
      ],
    }),
  };
}

/** Double opt-in: the address counts once the link is followed. Carries the unsubscribe link. */
export function newsletterConfirmMail(lang: Language, links: { confirmUrl: string; unsubscribeUrl: string }): Mail {
  const m = mailTexts(lang);
  const t = m.newsletterConfirm;
  return {
    subject: t.subject(m.show),
    ...render(lang, t.title, {
      paragraphs: [t.asked, t.notYou],
      button: { label: t.button, url: links.confirmUrl },
      footer: [{ label: m.unsubscribe, url: links.unsubscribeUrl }],
    }),
  };
}
