/** The mails of the exhibitor area's accounts and teams: access, invitations, the sign-in address. */
import { pick, type Language } from '@salon/shared';
import { greeting, printable, render, SHOW, type Mail } from './template-kit';

/**
 * The link to set a password: sent to a new collaborator (its access, or access sent again by
 * its exhibitor), and to an exhibitor or collaborator who forgot theirs.
 */
export function accessMail(
  lang: Language,
  data: { name: string; company: string | null; url: string; reason: 'access' | 'reset'; days: number },
): Mail {
  const access = data.reason === 'access';
  const title = pick(lang, {
    fr: access ? 'Votre espace exposant' : 'Choisissez un nouveau mot de passe',
    en: access ? 'Your exhibitor area' : 'Choose a new password',
  });
  return {
    subject: `${title} — ${pick(lang, SHOW)}`,
    ...render(
      lang,
      title,
      pick(lang, {
        fr: {
          paragraphs: [
            greeting(lang, data.name),
            access
              ? `${printable(data.company) ?? 'Votre exposant'} vous a ouvert l’accès à l’espace exposant : votre badge, vos informations et les badges que vous scannez sur le stand. Choisissez votre mot de passe avec le bouton ci-dessous ; vous serez ensuite connecté(e).`
              : 'Vous avez demandé à choisir un nouveau mot de passe pour l’espace exposant. Utilisez le bouton ci-dessous ; vous serez ensuite connecté(e).',
            `Le lien fonctionne une fois, pendant ${data.days} jours. Si vous n’attendiez pas ce message, ignorez-le.`,
          ],
          button: { label: 'Choisir mon mot de passe', url: data.url },
          footer: ['Ce lien est personnel : ne le partagez pas.'],
        },
        en: {
          paragraphs: [
            greeting(lang, data.name),
            access
              ? `${printable(data.company) ?? 'Your exhibitor'} has given you access to the exhibitor area: your badge, your details and the badges you scan at the stand. Choose your password with the button below; you are then signed in.`
              : 'You asked to choose a new password for the exhibitor area. Use the button below; you are then signed in.',
            `The link works once, for ${data.days} days. If you did not expect this message, ignore it.`,
          ],
          button: { label: 'Choose my password', url: data.url },
          footer: ['This link is personal: do not share it.'],
        },
      }),
    ),
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
  const title = pick(lang, { fr: 'Invitation à un espace exposant', en: 'Invitation to an exhibitor area' });
  const company = printable(data.company);
  return {
    subject: `${title} — ${pick(lang, SHOW)}`,
    ...render(
      lang,
      title,
      pick(lang, {
        fr: {
          paragraphs: [
            'Bonjour,',
            `${company ?? 'Un exposant'} vous invite à rejoindre son équipe dans l’espace exposant : un badge collaborateur sur son stand, et les badges que vous y scannez. Votre compte et vos inscriptions restent les vôtres ; rien ne change si vous n’acceptez pas.`,
            `Le lien fonctionne une fois, pendant ${data.days} jours. Si vous ne connaissez pas cet exposant, ignorez ce message.`,
          ],
          button: { label: 'Voir l’invitation', url: data.url },
          footer: ['Ce lien est personnel : ne le partagez pas.'],
        },
        en: {
          paragraphs: [
            'Hello,',
            `${company ?? 'An exhibitor'} invites you to join its team in the exhibitor area: a collaborator badge on its stand, and the badges you scan there. Your account and your registrations stay yours; nothing changes unless you accept.`,
            `The link works once, for ${data.days} days. If you do not know this exhibitor, ignore this message.`,
          ],
          button: { label: 'See the invitation', url: data.url },
          footer: ['This link is personal: do not share it.'],
        },
      }),
    ),
  };
}

/** To the new address asked for in 'Informations': the change waits for this link. */
export function emailChangeConfirmMail(lang: Language, data: { url: string; days: number }): Mail {
  const title = pick(lang, { fr: 'Confirmez votre nouvelle adresse', en: 'Confirm your new address' });
  return {
    subject: `${title} — ${pick(lang, SHOW)}`,
    ...render(
      lang,
      title,
      pick(lang, {
        fr: {
          paragraphs: [
            'Bonjour,',
            'Cette adresse a été indiquée comme nouvelle adresse de connexion d’un compte de l’espace exposant. Confirmez-la avec le bouton ci-dessous ; d’ici là, le compte garde son adresse actuelle.',
            `Le lien fonctionne une fois, pendant ${data.days} jours. Si vous n’avez rien demandé, ignorez ce message.`,
          ],
          button: { label: 'Confirmer cette adresse', url: data.url },
          footer: ['Ce lien est personnel : ne le partagez pas.'],
        },
        en: {
          paragraphs: [
            'Hello,',
            'This address was given as the new sign-in address of an exhibitor-area account. Confirm it with the button below; until then, the account keeps its current address.',
            `The link works once, for ${data.days} days. If you did not ask for this, ignore this message.`,
          ],
          button: { label: 'Confirm this address', url: data.url },
          footer: ['This link is personal: do not share it.'],
        },
      }),
    ),
  };
}

/**
 * To the account's own address, when its current password was typed wrong too often while
 * changing its sign-in address: every session has ended (a session left open somewhere may be
 * in someone else's hands).
 */
export function passwordTriesNoticeMail(lang: Language, data: { tries: number; minutes: number }): Mail {
  const title = pick(lang, { fr: 'Trop d’essais de votre mot de passe', en: 'Your password was tried too often' });
  return {
    subject: `${title} — ${pick(lang, SHOW)}`,
    ...render(lang, title, {
      paragraphs: pick(lang, {
        fr: [
          'Bonjour,',
          `Votre mot de passe actuel a été saisi ${data.tries} fois de suite pour changer l’adresse de connexion de votre compte de l’espace exposant, la dernière fois à tort. Par précaution, toutes les sessions du compte ont été déconnectées, et l’adresse ne peut plus être changée pendant ${data.minutes} minutes.`,
          'Si ce n’était pas vous, quelqu’un utilise peut-être une session restée ouverte sur l’un de vos appareils : reconnectez-vous, puis choisissez un nouveau mot de passe avec « Mot de passe oublié ? ».',
        ],
        en: [
          'Hello,',
          `Your current password was typed ${data.tries} times in a row to change the sign-in address of your exhibitor-area account, the last time wrongly. To be safe, every session of the account has been signed out, and the address cannot be changed for ${data.minutes} minutes.`,
          'If this was not you, someone may be using a session left open on one of your devices: sign in again, then choose a new password with “Forgot your password?”.',
        ],
      }),
    }),
  };
}

/** To the former address, once the sign-in address has changed: the other sessions have ended. */
export function emailChangedNoticeMail(lang: Language, data: { newEmail: string }): Mail {
  const title = pick(lang, { fr: 'Votre adresse de connexion a changé', en: 'Your sign-in address has changed' });
  return {
    subject: `${title} — ${pick(lang, SHOW)}`,
    ...render(lang, title, {
      paragraphs: pick(lang, {
        fr: [
          'Bonjour,',
          `L’adresse de connexion de votre compte de l’espace exposant est désormais ${data.newEmail}. Toutes les autres sessions du compte ont été déconnectées.`,
          'Si vous n’êtes pas à l’origine de ce changement, prévenez l’organisateur sans attendre.',
        ],
        en: [
          'Hello,',
          `The sign-in address of your exhibitor-area account is now ${data.newEmail}. Every other session of the account has been signed out.`,
          'If you did not make this change, contact the organiser at once.',
        ],
      }),
    }),
  };
}
