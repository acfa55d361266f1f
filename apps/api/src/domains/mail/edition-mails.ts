/** The mails of an edition: its past exhibitors invited back and confirmed, its announcement. */
import { ordinalText, type Language } from '@salon/shared';
import {
  editionYear,
  greeting,
  printable,
  render,
  SHOW,
  whenAndWhere,
  type Mail,
  type ShowFacts,
} from './template-kit';

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

/** The hall and stand the organiser assigned; what is not assigned yet is said to come. */
function placeText(lang: Language, hall: string | null, booth: string | null) {
  if (lang === 'en') {
    if (hall && booth) return `Your place: ${hall}, stand ${booth}.`;
    if (hall) return `Your place: ${hall}; your stand number will be shown in the exhibitor area once assigned.`;
    return 'Your hall and stand will be shown in the exhibitor area once assigned.';
  }
  if (hall && booth) return `Votre emplacement : ${hall}, stand ${booth}.`;
  if (hall)
    return `Votre emplacement : ${hall} ; le numéro de votre stand sera indiqué dans l’espace exposant dès son attribution.`;
  return 'Votre hall et votre stand seront indiqués dans l’espace exposant dès leur attribution.';
}

/**
 * To a returning exhibitor the organiser has just confirmed for the current edition: it signs in
 * with the account it has (the address and password of last time), so no link is sent. It names
 * the hall and stand the organiser assigned.
 */
export function participationConfirmedMail(
  lang: Language,
  data: { name: string; show: ShowFacts; signInUrl: string; hall: string | null; booth: string | null },
): Mail {
  const year = editionYear(data.show);
  const place = placeText(lang, data.hall, data.booth);
  if (lang === 'en') {
    const title = 'Your participation is confirmed';
    return {
      subject: `${title} — ${SHOW.en} ${year}`,
      ...render(lang, title, {
        paragraphs: [
          greeting(lang, data.name),
          `The organiser has confirmed your participation in the ${SHOW.en}, ${whenAndWhere(data.show, lang)}.`,
          place,
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
        place,
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
          { label: 'Unsubscribe', url: data.unsubscribeUrl },
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
        { label: 'Se désinscrire', url: data.unsubscribeUrl },
      ],
    }),
  };
}
