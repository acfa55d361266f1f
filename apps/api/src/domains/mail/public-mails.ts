/** The mails of the public forms: a visitor's badge, an exhibitor enquiry, the newsletter's opt-in. */
import { formatDateTime, pick, SCAN_NOTICE, type Language } from '@salon/shared';
import {
  editionYear,
  ENTRY_RULE,
  greeting,
  oneLine,
  render,
  SHOW,
  whenAndWhere,
  type Mail,
  type ShowFacts,
} from './template-kit';

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
  const showName = pick(lang, SHOW);
  const title = pick(lang, { fr: 'Votre badge', en: 'Your badge' });
  return {
    subject: `${title} — ${showName} ${editionYear(data.show)}`,
    ...render(
      lang,
      title,
      pick(lang, {
        fr: {
          paragraphs: [
            greeting(lang, data.name),
            `Votre inscription au ${showName}, ${when}, est confirmée. Votre badge est joint en PDF : imprimez-le, ou présentez-le sur votre téléphone à l’entrée.`,
            ENTRY_RULE.fr,
            SCAN_NOTICE.fr,
          ],
          button: { label: 'Afficher mon badge', url: data.ebadgeUrl },
          links: [
            ...wallet('Ajouter à Apple Wallet', 'Ajouter à Google Wallet'),
            { label: 'Ajouter à mon agenda', url: data.calendarUrl },
          ],
          footer: [
            'Ce lien est personnel : ne le partagez pas.',
            ...(data.appleWallet ? ['Pour ajouter le badge à Apple Wallet, ouvrez ce message sur votre iPhone.'] : []),
            ...(data.googleWallet
              ? ['Pour ajouter le badge à Google Wallet, ouvrez ce message sur votre téléphone Android.']
              : []),
          ],
        },
        en: {
          paragraphs: [
            greeting(lang, data.name),
            `Your registration for the ${showName}, ${when}, is confirmed. Your badge is attached as a PDF: print it, or show it on your phone at the entrance.`,
            ENTRY_RULE.en,
            SCAN_NOTICE.en,
          ],
          button: { label: 'Show my badge', url: data.ebadgeUrl },
          links: [
            ...wallet('Add to Apple Wallet', 'Add to Google Wallet'),
            { label: 'Add to my calendar', url: data.calendarUrl },
          ],
          footer: [
            'This link is personal: do not share it.',
            ...(data.appleWallet ? ['To add the badge to Apple Wallet, open this message on your iPhone.'] : []),
            ...(data.googleWallet
              ? ['To add the badge to Google Wallet, open this message on your Android phone.']
              : []),
          ],
        },
      }),
    ),
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
  const showName = pick(lang, SHOW);
  const when = whenAndWhere(show, lang);
  return {
    subject: pick(lang, {
      fr: `Votre demande exposant — ${showName} ${editionYear(show)}`,
      en: `Your exhibitor request — ${showName} ${editionYear(show)}`,
    }),
    ...render(lang, pick(lang, { fr: 'Nous avons bien reçu votre demande', en: 'We have received your request' }), {
      paragraphs: [
        greeting(lang, null),
        pick(lang, {
          fr: `Merci de votre intérêt pour le ${showName}, ${when}. Notre équipe vous contactera très prochainement.`,
          en: `Thank you for your interest in exhibiting at the ${showName}, ${when}. Our team will contact you shortly.`,
        }),
      ],
    }),
  };
}

/**
 * To an existing account whose address was typed in the registration form and that gets no
 * badge from it: a staff account, or a visitor whose registration the organiser cancelled. The
 * form answers the same for every known address; the difference is said here, to the owner.
 */
export function registrationNoticeMail(lang: Language, reason: 'staff' | 'cancelled', show: ShowFacts): Mail {
  const showName = pick(lang, SHOW);
  const when = whenAndWhere(show, lang);
  const title = pick(lang, { fr: 'Inscription visiteur', en: 'Visitor registration' });
  return {
    subject: `${title} — ${showName} ${editionYear(show)}`,
    ...render(lang, title, {
      paragraphs: [
        greeting(lang, null),
        ...pick(lang, {
          fr: [
            `Quelqu’un vient d’inscrire cette adresse e-mail comme visiteur du ${showName}, ${when}.`,
            reason === 'staff'
              ? 'Cette adresse est celle d’un compte de l’équipe du salon (organisation ou contrôle des badges), qui ne reçoit pas de badge visiteur par le formulaire public : aucun badge n’a été créé.'
              : 'Votre inscription a été annulée par l’organisateur : aucun badge n’a été envoyé. Pour toute question, utilisez la page Contact.',
            'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
          ],
          en: [
            `Someone has just registered this e-mail address as a visitor of the ${showName}, ${when}.`,
            reason === 'staff'
              ? 'This address belongs to a show staff account (organisation or badge control), which gets no visitor badge from the public form: no badge was made.'
              : 'Your registration was cancelled by the organiser: no badge was sent. For any question, use the Contact page.',
            'If you did not ask for it, ignore this message.',
          ],
        }),
      ],
    }),
  };
}

/** Double opt-in: the address counts once the link is followed. Carries the unsubscribe link. */
export function newsletterConfirmMail(lang: Language, links: { confirmUrl: string; unsubscribeUrl: string }): Mail {
  const showName = pick(lang, SHOW);
  const title = pick(lang, { fr: 'Confirmez votre inscription', en: 'Confirm your subscription' });
  return {
    subject: pick(lang, {
      fr: `Confirmez votre inscription — newsletter du ${showName}`,
      en: `Confirm your subscription — ${showName} newsletter`,
    }),
    ...render(
      lang,
      title,
      pick(lang, {
        fr: {
          paragraphs: [
            'Vous avez demandé à recevoir les actualités du salon et de son forum. Merci de confirmer votre adresse avec le bouton ci-dessous.',
            'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : vous ne recevrez rien d’autre.',
          ],
          button: { label: 'Confirmer mon inscription', url: links.confirmUrl },
          footer: [{ label: 'Se désinscrire', url: links.unsubscribeUrl }],
        },
        en: {
          paragraphs: [
            'You asked to receive the news of the show and its forum. Please confirm your address with the button below.',
            'If you did not ask for it, ignore this message: you will receive nothing else.',
          ],
          button: { label: 'Confirm my subscription', url: links.confirmUrl },
          footer: [{ label: 'Unsubscribe', url: links.unsubscribeUrl }],
        },
      }),
    ),
  };
}
