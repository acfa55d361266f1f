/** The mails of an edition: its past exhibitors invited back and confirmed, its announcement. */
import { ordinalText, pick, type Language } from '@salon/shared';
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
  const title = pick(lang, { fr: `Exposez à nouveau en ${year}`, en: `Exhibit again in ${year}` });
  const company = printable(data.company);
  const showName = pick(lang, SHOW);
  const when = whenAndWhere(data.show, lang);
  return {
    subject: `${title} — ${showName} ${year}`,
    ...render(
      lang,
      title,
      pick(lang, {
        fr: {
          paragraphs: [
            'Bonjour,',
            `${company ? `${company} a exposé` : 'Vous avez exposé'} au ${showName} ${data.fromYear}. La prochaine édition se tient ${when}.`,
            'Pour y participer, confirmez avec le bouton ci-dessous : les coordonnées de votre société sont déjà remplies, vérifiez-les. Une fois votre stand confirmé par l’organisateur, vous retrouvez l’espace exposant avec votre compte habituel.',
            `Le lien fonctionne une fois, pendant ${data.days} jours. Si vous ne souhaitez pas exposer, ignorez ce message.`,
          ],
          button: { label: 'Confirmer ma participation', url: data.url },
          footer: ['Ce lien est personnel : ne le partagez pas.'],
        },
        en: {
          paragraphs: [
            'Hello,',
            `${company ? `${company} exhibited` : 'You exhibited'} at the ${showName} ${data.fromYear}. The next edition is held ${when}.`,
            'To take part, confirm with the button below: your company details are already filled in, check them. Once the organiser confirms your stand, you sign in to the exhibitor area with your usual account.',
            `The link works once, for ${data.days} days. If you do not wish to exhibit, ignore this message.`,
          ],
          button: { label: 'Confirm my participation', url: data.url },
          footer: ['This link is personal: do not share it.'],
        },
      }),
    ),
  };
}

/** The hall and stand the organiser assigned; what is not assigned yet is said to come. */
function placeText(lang: Language, hall: string | null, booth: string | null) {
  if (hall && booth) {
    return pick(lang, {
      fr: `Votre emplacement : ${hall}, stand ${booth}.`,
      en: `Your place: ${hall}, stand ${booth}.`,
    });
  }
  if (hall) {
    return pick(lang, {
      fr: `Votre emplacement : ${hall} ; le numéro de votre stand sera indiqué dans l’espace exposant dès son attribution.`,
      en: `Your place: ${hall}; your stand number will be shown in the exhibitor area once assigned.`,
    });
  }
  return pick(lang, {
    fr: 'Votre hall et votre stand seront indiqués dans l’espace exposant dès leur attribution.',
    en: 'Your hall and stand will be shown in the exhibitor area once assigned.',
  });
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
  const when = whenAndWhere(data.show, lang);
  const showName = pick(lang, SHOW);
  const title = pick(lang, { fr: 'Votre participation est confirmée', en: 'Your participation is confirmed' });
  return {
    subject: `${title} — ${showName} ${year}`,
    ...render(
      lang,
      title,
      pick(lang, {
        fr: {
          paragraphs: [
            greeting(lang, data.name),
            `L’organisateur a confirmé votre participation au ${showName}, ${when}.`,
            place,
            'Connectez-vous à l’espace exposant avec votre adresse e-mail et votre mot de passe habituels : vos informations y sont, et vous pouvez reprendre vos collaborateurs de la dernière édition. Mot de passe oublié ? Utilisez le lien de la page de connexion.',
          ],
          button: { label: 'Se connecter', url: data.signInUrl },
        },
        en: {
          paragraphs: [
            greeting(lang, data.name),
            `The organiser has confirmed your participation in the ${showName}, ${when}.`,
            place,
            'Sign in to the exhibitor area with your usual e-mail address and password: your details are there, and you can take your collaborators of last time along. Forgot your password? Use the link on the sign-in page.',
          ],
          button: { label: 'Sign in', url: data.signInUrl },
        },
      }),
    ),
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
  const showName = pick(lang, SHOW);
  const edition = ordinalText(data.edition, lang);
  const when = whenAndWhere(data.show, lang);
  return {
    subject: pick(lang, {
      fr: `Vous êtes invité(e) — ${showName} ${year}`,
      en: `You are invited — ${showName} ${year}`,
    }),
    ...render(
      lang,
      pick(lang, { fr: `Le ${showName} ${year}`, en: `The ${showName} ${year}` }),
      pick(lang, {
        fr: {
          paragraphs: [
            'Bonjour,',
            `La ${edition} édition du ${showName} se tient ${when}, avec son forum.`,
            'L’entrée est gratuite pour les professionnels : demandez votre badge électronique sur le site, et présentez-le sur votre téléphone à l’entrée.',
          ],
          button: { label: 'Demander mon badge', url: data.siteUrl },
          footer: [
            'Vous recevez ce message parce que vous êtes inscrit(e) à la newsletter du salon.',
            { label: 'Se désinscrire', url: data.unsubscribeUrl },
          ],
        },
        en: {
          paragraphs: [
            'Hello,',
            `The ${edition} ${showName} is held ${when}, with its forum.`,
            'Entry is free for professionals: ask for your electronic badge on the site, and show it on your phone at the gate.',
          ],
          button: { label: 'Ask for my badge', url: data.siteUrl },
          footer: [
            'You receive this message because you subscribed to the show’s newsletter.',
            { label: 'Unsubscribe', url: data.unsubscribeUrl },
          ],
        },
      }),
    ),
  };
}
