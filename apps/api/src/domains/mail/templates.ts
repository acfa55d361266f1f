import { datesText, formatDateTime, looksLikeLink, ordinalText, type Language } from '@salon/shared';

/**
 * The site's e-mails: a subject, a plain-text part and an HTML part built with tables and inline
 * styles, the way common mail clients render them. French, or English for people who used the
 * site in English. Whatever a person typed is escaped before it goes into the HTML.
 */
export interface Mail {
  subject: string;
  text: string;
  html: string;
}

export interface ShowFacts {
  name: string;
  startsOn: string;
  endsOn: string;
  city: string;
}

const SHOW = { fr: 'Salon International du Bâtiment', en: 'International Building Exhibition' } as const;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A header must stay on one line, whatever was typed in a name field. */
export const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

/** The edition's year, in the subject of a mail about it ('Votre badge — Salon International du Bâtiment 2024'). */
const editionYear = (show: ShowFacts) => show.startsOn.slice(0, 4);

/** 'du 29 mai au 1er juin 2024 à Marrakech' / 'from 29 May to 1 June 2024 in Marrakech'. */
export function whenAndWhere(show: ShowFacts, lang: Language): string {
  const dates = datesText(show.startsOn, show.endsOn, lang);
  return lang === 'en' ? `from ${dates} in ${show.city}` : `du ${dates} à ${show.city}`;
}

interface Block {
  /** Paragraphs, as plain text (escaped for the HTML part). */
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Small print under the message (plain text). */
  footer?: string[];
}

function render(lang: Language, title: string, block: Block): { text: string; html: string } {
  const show = SHOW[lang];
  const text = [
    ...block.paragraphs.flatMap((p) => [p, '']),
    ...(block.button ? [`${block.button.label} : ${block.button.url}`, ''] : []),
    '—',
    show,
    ...(block.footer ?? []),
  ].join('\n');
  const paragraph = (p: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1d2430">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  const button = block.button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="background:#d9730d;border-radius:6px"><a href="${escapeHtml(block.button.url)}" style="display:inline-block;padding:12px 20px;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">${escapeHtml(block.button.label)}</a></td></tr></table>`
    : '';
  const footer = (block.footer ?? [])
    .map((f) => `<p style="margin:0 0 8px;font-size:13px;color:#5a6472">${escapeHtml(f)}</p>`)
    .join('');
  const html = `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fa"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="background:#12355b;color:#ffffff;padding:20px 24px;font-size:18px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(show)}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;color:#12355b">${escapeHtml(title)}</h1>
${block.paragraphs.map(paragraph).join('\n')}
${button}
${footer}
</td></tr></table>
</td></tr></table>
</body></html>`;
  return { text, html };
}

const ENTRY_RULE = {
  fr: 'L’entrée est gratuite sur présentation de ce badge, d’une invitation ou d’une carte de visite.',
  en: 'Entry is free with this badge, an invitation or a business card.',
} as const;

/**
 * Someone's text that a mail may print (a name, a company), or null when a mail client would
 * show it as a link: the forms refuse such text ('noLink'), and this keeps out what was saved
 * before they did.
 */
const printable = (text: string | null) => (text && !looksLikeLink(text) ? text : null);

/**
 * The greeting. A name typed in a public form is not echoed ("Bonjour," alone): anyone can type
 * anyone's address, and the name would be their text in a mail from the show.
 */
const greeting = (lang: Language, typed: string | null) => {
  const name = printable(typed);
  return lang === 'en' ? (name ? `Hello ${name},` : 'Hello,') : name ? `Bonjour ${name},` : 'Bonjour,';
};

/**
 * The badge mail: the PDF is attached; the link shows the badge on a phone at the gate. `name`
 * is null when the mail answers the public registration form (see greeting).
 */
export function badgeMail(lang: Language, data: { name: string | null; show: ShowFacts; ebadgeUrl: string }): Mail {
  const when = whenAndWhere(data.show, lang);
  if (lang === 'en') {
    const title = 'Your badge';
    return {
      subject: `Your badge — ${SHOW.en} ${editionYear(data.show)}`,
      ...render(lang, title, {
        paragraphs: [
          greeting(lang, data.name),
          `Your registration for the ${SHOW.en}, ${when}, is confirmed. Your badge is attached as a PDF: print it, or show it on your phone at the entrance.`,
          ENTRY_RULE.en,
        ],
        button: { label: 'Show my badge', url: data.ebadgeUrl },
        footer: ['This link is personal: do not share it.'],
      }),
    };
  }
  const title = 'Votre badge';
  return {
    subject: `Votre badge — ${SHOW.fr} ${editionYear(data.show)}`,
    ...render(lang, title, {
      paragraphs: [
        greeting(lang, data.name),
        `Votre inscription au ${SHOW.fr}, ${when}, est confirmée. Votre badge est joint en PDF : imprimez-le, ou présentez-le sur votre téléphone à l’entrée.`,
        ENTRY_RULE.fr,
      ],
      button: { label: 'Afficher mon badge', url: data.ebadgeUrl },
      footer: ['Ce lien est personnel : ne le partagez pas.'],
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
  if (lang === 'en') {
    const title = 'We have received your request';
    return {
      subject: `Your exhibitor request — ${SHOW.en} ${editionYear(show)}`,
      ...render(lang, title, {
        paragraphs: [
          greeting(lang, null),
          `Thank you for your interest in exhibiting at the ${SHOW.en}, ${whenAndWhere(show, lang)}. Our team will contact you shortly.`,
        ],
      }),
    };
  }
  const title = 'Nous avons bien reçu votre demande';
  return {
    subject: `Votre demande exposant — ${SHOW.fr} ${editionYear(show)}`,
    ...render(lang, title, {
      paragraphs: [
        greeting(lang, null),
        `Merci de votre intérêt pour le ${SHOW.fr}, ${whenAndWhere(show, lang)}. Notre équipe vous contactera très prochainement.`,
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
  if (lang === 'en') {
    const title = 'Visitor registration';
    return {
      subject: `${title} — ${SHOW.en} ${editionYear(show)}`,
      ...render(lang, title, {
        paragraphs: [
          greeting(lang, null),
          `Someone has just registered this e-mail address as a visitor of the ${SHOW.en}, ${whenAndWhere(show, lang)}.`,
          reason === 'staff'
            ? 'This address belongs to a show staff account (organisation or badge control), which gets no visitor badge from the public form: no badge was made.'
            : 'Your registration was cancelled by the organiser: no badge was sent. For any question, use the Contact page.',
          'If you did not ask for it, ignore this message.',
        ],
      }),
    };
  }
  const title = 'Inscription visiteur';
  return {
    subject: `${title} — ${SHOW.fr} ${editionYear(show)}`,
    ...render(lang, title, {
      paragraphs: [
        greeting(lang, null),
        `Quelqu’un vient d’inscrire cette adresse e-mail comme visiteur du ${SHOW.fr}, ${whenAndWhere(show, lang)}.`,
        reason === 'staff'
          ? 'Cette adresse est celle d’un compte de l’équipe du salon (organisation ou contrôle des badges), qui ne reçoit pas de badge visiteur par le formulaire public : aucun badge n’a été créé.'
          : 'Votre inscription a été annulée par l’organisateur : aucun badge n’a été envoyé. Pour toute question, utilisez la page Contact.',
        'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
      ],
    }),
  };
}

/** Double opt-in: the address counts once the link is followed. Carries the unsubscribe link. */
export function newsletterConfirmMail(lang: Language, links: { confirmUrl: string; unsubscribeUrl: string }): Mail {
  if (lang === 'en') {
    const title = 'Confirm your subscription';
    return {
      subject: `Confirm your subscription — ${SHOW.en} newsletter`,
      ...render(lang, title, {
        paragraphs: [
          'You asked to receive the news of the show and its forum. Please confirm your address with the button below.',
          'If you did not ask for it, ignore this message: you will receive nothing else.',
        ],
        button: { label: 'Confirm my subscription', url: links.confirmUrl },
        footer: [`Unsubscribe: ${links.unsubscribeUrl}`],
      }),
    };
  }
  const title = 'Confirmez votre inscription';
  return {
    subject: `Confirmez votre inscription — newsletter du ${SHOW.fr}`,
    ...render(lang, title, {
      paragraphs: [
        'Vous avez demandé à recevoir les actualités du salon et de son forum. Merci de confirmer votre adresse avec le bouton ci-dessous.',
        'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : vous ne recevrez rien d’autre.',
      ],
      button: { label: 'Confirmer mon inscription', url: links.confirmUrl },
      footer: [`Se désinscrire : ${links.unsubscribeUrl}`],
    }),
  };
}

/** RFC 8058 one-click unsubscribe, for every newsletter mail. */
export const unsubscribeHeaders = (oneClickUrl: string, pageUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${oneClickUrl}>, <${pageUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * The link to set a password: sent to a new collaborator (its access, or access sent again by
 * its exhibitor), and to an exhibitor or collaborator who forgot theirs.
 */
export function accessMail(
  lang: Language,
  data: { name: string; company: string | null; url: string; reason: 'access' | 'reset'; days: number },
): Mail {
  if (lang === 'en') {
    const title = data.reason === 'access' ? 'Your exhibitor area' : 'Choose a new password';
    return {
      subject: `${title} — ${SHOW.en}`,
      ...render(lang, title, {
        paragraphs: [
          greeting(lang, data.name),
          data.reason === 'access'
            ? `${printable(data.company) ?? 'Your exhibitor'} has given you access to the exhibitor area: your badge, your details and the badges you scan at the stand. Choose your password with the button below; you are then signed in.`
            : 'You asked to choose a new password for the exhibitor area. Use the button below; you are then signed in.',
          `The link works once, for ${data.days} days. If you did not expect this message, ignore it.`,
        ],
        button: { label: 'Choose my password', url: data.url },
        footer: ['This link is personal: do not share it.'],
      }),
    };
  }
  const title = data.reason === 'access' ? 'Votre espace exposant' : 'Choisissez un nouveau mot de passe';
  return {
    subject: `${title} — ${SHOW.fr}`,
    ...render(lang, title, {
      paragraphs: [
        greeting(lang, data.name),
        data.reason === 'access'
          ? `${printable(data.company) ?? 'Votre exposant'} vous a ouvert l’accès à l’espace exposant : votre badge, vos informations et les badges que vous scannez sur le stand. Choisissez votre mot de passe avec le bouton ci-dessous ; vous serez ensuite connecté(e).`
          : 'Vous avez demandé à choisir un nouveau mot de passe pour l’espace exposant. Utilisez le bouton ci-dessous ; vous serez ensuite connecté(e).',
        `Le lien fonctionne une fois, pendant ${data.days} jours. Si vous n’attendiez pas ce message, ignorez-le.`,
      ],
      button: { label: 'Choisir mon mot de passe', url: data.url },
      footer: ['Ce lien est personnel : ne le partagez pas.'],
    }),
  };
}

/**
 * To a person who already has an account and whom an exhibitor added as a collaborator: nothing
 * changes for them unless they accept on the page the button opens.
 */
export function collaboratorInvitationMail(
  lang: Language,
  data: { company: string | null; url: string; days: number },
): Mail {
  if (lang === 'en') {
    const title = 'Invitation to an exhibitor area';
    const company = printable(data.company) ?? 'An exhibitor';
    return {
      subject: `${title} — ${SHOW.en}`,
      ...render(lang, title, {
        paragraphs: [
          'Hello,',
          `${company} invites you to join its team in the exhibitor area: a collaborator badge on its stand, and the badges you scan there. Your account and your registrations stay yours; nothing changes unless you accept.`,
          `The link works once, for ${data.days} days. If you do not know this exhibitor, ignore this message.`,
        ],
        button: { label: 'See the invitation', url: data.url },
        footer: ['This link is personal: do not share it.'],
      }),
    };
  }
  const title = 'Invitation à un espace exposant';
  const company = printable(data.company) ?? 'Un exposant';
  return {
    subject: `${title} — ${SHOW.fr}`,
    ...render(lang, title, {
      paragraphs: [
        'Bonjour,',
        `${company} vous invite à rejoindre son équipe dans l’espace exposant : un badge collaborateur sur son stand, et les badges que vous y scannez. Votre compte et vos inscriptions restent les vôtres ; rien ne change si vous n’acceptez pas.`,
        `Le lien fonctionne une fois, pendant ${data.days} jours. Si vous ne connaissez pas cet exposant, ignorez ce message.`,
      ],
      button: { label: 'Voir l’invitation', url: data.url },
      footer: ['Ce lien est personnel : ne le partagez pas.'],
    }),
  };
}

/** To the new address asked for in 'Informations': the change waits for this link. */
export function emailChangeConfirmMail(lang: Language, data: { url: string; days: number }): Mail {
  if (lang === 'en') {
    const title = 'Confirm your new address';
    return {
      subject: `${title} — ${SHOW.en}`,
      ...render(lang, title, {
        paragraphs: [
          'Hello,',
          'This address was given as the new sign-in address of an exhibitor-area account. Confirm it with the button below; until then, the account keeps its current address.',
          `The link works once, for ${data.days} days. If you did not ask for this, ignore this message.`,
        ],
        button: { label: 'Confirm this address', url: data.url },
        footer: ['This link is personal: do not share it.'],
      }),
    };
  }
  const title = 'Confirmez votre nouvelle adresse';
  return {
    subject: `${title} — ${SHOW.fr}`,
    ...render(lang, title, {
      paragraphs: [
        'Bonjour,',
        'Cette adresse a été indiquée comme nouvelle adresse de connexion d’un compte de l’espace exposant. Confirmez-la avec le bouton ci-dessous ; d’ici là, le compte garde son adresse actuelle.',
        `Le lien fonctionne une fois, pendant ${data.days} jours. Si vous n’avez rien demandé, ignorez ce message.`,
      ],
      button: { label: 'Confirmer cette adresse', url: data.url },
      footer: ['Ce lien est personnel : ne le partagez pas.'],
    }),
  };
}

/**
 * To the account's own address, when its current password was typed wrong too often while
 * changing its sign-in address: every session has ended (a session left open somewhere may be
 * in someone else's hands).
 */
export function passwordTriesNoticeMail(lang: Language, data: { tries: number; minutes: number }): Mail {
  if (lang === 'en') {
    const title = 'Your password was tried too often';
    return {
      subject: `${title} — ${SHOW.en}`,
      ...render(lang, title, {
        paragraphs: [
          'Hello,',
          `Your current password was typed ${data.tries} times in a row to change the sign-in address of your exhibitor-area account, the last time wrongly. To be safe, every session of the account has been signed out, and the address cannot be changed for ${data.minutes} minutes.`,
          'If this was not you, someone may be using a session left open on one of your devices: sign in again, then choose a new password with “Forgot your password?”.',
        ],
      }),
    };
  }
  const title = 'Trop d’essais de votre mot de passe';
  return {
    subject: `${title} — ${SHOW.fr}`,
    ...render(lang, title, {
      paragraphs: [
        'Bonjour,',
        `Votre mot de passe actuel a été saisi ${data.tries} fois de suite pour changer l’adresse de connexion de votre compte de l’espace exposant, la dernière fois à tort. Par précaution, toutes les sessions du compte ont été déconnectées, et l’adresse ne peut plus être changée pendant ${data.minutes} minutes.`,
        'Si ce n’était pas vous, quelqu’un utilise peut-être une session restée ouverte sur l’un de vos appareils : reconnectez-vous, puis choisissez un nouveau mot de passe avec « Mot de passe oublié ? ».',
      ],
    }),
  };
}

/** To the former address, once the sign-in address has changed: the other sessions have ended. */
export function emailChangedNoticeMail(lang: Language, data: { newEmail: string }): Mail {
  if (lang === 'en') {
    const title = 'Your sign-in address has changed';
    return {
      subject: `${title} — ${SHOW.en}`,
      ...render(lang, title, {
        paragraphs: [
          'Hello,',
          `The sign-in address of your exhibitor-area account is now ${data.newEmail}. Every other session of the account has been signed out.`,
          'If you did not make this change, contact the organiser at once.',
        ],
      }),
    };
  }
  const title = 'Votre adresse de connexion a changé';
  return {
    subject: `${title} — ${SHOW.fr}`,
    ...render(lang, title, {
      paragraphs: [
        'Bonjour,',
        `L’adresse de connexion de votre compte de l’espace exposant est désormais ${data.newEmail}. Toutes les autres sessions du compte ont été déconnectées.`,
        'Si vous n’êtes pas à l’origine de ce changement, prévenez l’organisateur sans attendre.',
      ],
    }),
  };
}

/**
 * 'Inviter les exposants de 2024': to a confirmed exhibitor of a past edition, asked to take part
 * in the current one. The button opens its company's details to check and confirm.
 */
export function participationInvitationMail(
  lang: Language,
  data: { company: string | null; fromYear: number; show: ShowFacts; url: string; days: number },
): Mail {
  const year = editionYear(data.show);
  if (lang === 'en') {
    const title = `Exhibit again in ${year}`;
    const company = printable(data.company);
    return {
      subject: `${title} — ${SHOW.en} ${year}`,
      ...render(lang, title, {
        paragraphs: [
          'Hello,',
          `${company ? `${company} exhibited` : 'You exhibited'} at the ${SHOW.en} ${data.fromYear}. The next edition is held ${whenAndWhere(data.show, lang)}.`,
          'To take part, confirm with the button below: your company details are already filled in, check them. Once the organiser confirms your stand, you sign in to the exhibitor area with your usual account.',
          `The link works once, for ${data.days} days. If you do not wish to exhibit, ignore this message.`,
        ],
        button: { label: 'Confirm my participation', url: data.url },
        footer: ['This link is personal: do not share it.'],
      }),
    };
  }
  const title = `Exposez à nouveau en ${year}`;
  const company = printable(data.company);
  return {
    subject: `${title} — ${SHOW.fr} ${year}`,
    ...render(lang, title, {
      paragraphs: [
        'Bonjour,',
        `${company ? `${company} a exposé` : 'Vous avez exposé'} au ${SHOW.fr} ${data.fromYear}. La prochaine édition se tient ${whenAndWhere(data.show, lang)}.`,
        'Pour y participer, confirmez avec le bouton ci-dessous : les coordonnées de votre société sont déjà remplies, vérifiez-les. Une fois votre stand confirmé par l’organisateur, vous retrouvez l’espace exposant avec votre compte habituel.',
        `Le lien fonctionne une fois, pendant ${data.days} jours. Si vous ne souhaitez pas exposer, ignorez ce message.`,
      ],
      button: { label: 'Confirmer ma participation', url: data.url },
      footer: ['Ce lien est personnel : ne le partagez pas.'],
    }),
  };
}

/**
 * To a returning exhibitor the organiser has just confirmed for the current edition: it signs in
 * with the account it has (the address and password of last time), so no link is sent.
 */
export function participationConfirmedMail(
  lang: Language,
  data: { name: string; show: ShowFacts; signInUrl: string },
): Mail {
  const year = editionYear(data.show);
  if (lang === 'en') {
    const title = 'Your participation is confirmed';
    return {
      subject: `${title} — ${SHOW.en} ${year}`,
      ...render(lang, title, {
        paragraphs: [
          greeting(lang, data.name),
          `The organiser has confirmed your participation in the ${SHOW.en}, ${whenAndWhere(data.show, lang)}.`,
          'Sign in to the exhibitor area with your usual e-mail address and password: your details are there, and you can take your collaborators of last time along. Forgot your password? Use the link on the sign-in page.',
        ],
        button: { label: 'Sign in', url: data.signInUrl },
      }),
    };
  }
  const title = 'Votre participation est confirmée';
  return {
    subject: `${title} — ${SHOW.fr} ${year}`,
    ...render(lang, title, {
      paragraphs: [
        greeting(lang, data.name),
        `L’organisateur a confirmé votre participation au ${SHOW.fr}, ${whenAndWhere(data.show, lang)}.`,
        'Connectez-vous à l’espace exposant avec votre adresse e-mail et votre mot de passe habituels : vos informations y sont, et vous pouvez reprendre vos collaborateurs de la dernière édition. Mot de passe oublié ? Utilisez le lien de la page de connexion.',
      ],
      button: { label: 'Se connecter', url: data.signInUrl },
    }),
  };
}

/**
 * The new edition's invitation to the newsletter's confirmed subscribers: its dates and place, and
 * the way to the free badge. Carries the unsubscribe link, as every newsletter mail.
 */
export function editionAnnouncementMail(
  lang: Language,
  data: { edition: number; show: ShowFacts; siteUrl: string; unsubscribeUrl: string },
): Mail {
  const year = editionYear(data.show);
  if (lang === 'en') {
    const title = `The ${SHOW.en} ${year}`;
    return {
      subject: `You are invited — ${SHOW.en} ${year}`,
      ...render(lang, title, {
        paragraphs: [
          'Hello,',
          `The ${ordinalText(data.edition, 'en')} ${SHOW.en} is held ${whenAndWhere(data.show, lang)}, with its forum.`,
          'Entry is free for professionals: ask for your electronic badge on the site, and show it on your phone at the gate.',
        ],
        button: { label: 'Ask for my badge', url: data.siteUrl },
        footer: [
          'You receive this message because you subscribed to the show’s newsletter.',
          `Unsubscribe: ${data.unsubscribeUrl}`,
        ],
      }),
    };
  }
  const title = `Le ${SHOW.fr} ${year}`;
  return {
    subject: `Vous êtes invité(e) — ${SHOW.fr} ${year}`,
    ...render(lang, title, {
      paragraphs: [
        'Bonjour,',
        `La ${ordinalText(data.edition, 'fr')} édition du ${SHOW.fr} se tient ${whenAndWhere(data.show, lang)}, avec son forum.`,
        'L’entrée est gratuite pour les professionnels : demandez votre badge électronique sur le site, et présentez-le sur votre téléphone à l’entrée.',
      ],
      button: { label: 'Demander mon badge', url: data.siteUrl },
      footer: [
        'Vous recevez ce message parce que vous êtes inscrit(e) à la newsletter du salon.',
        `Se désinscrire : ${data.unsubscribeUrl}`,
      ],
    }),
  };
}
