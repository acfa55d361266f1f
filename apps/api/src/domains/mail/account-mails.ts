/** The mails of the exhibitor area's accounts and teams: access, invitations, the sign-in address. */
import type { Language } from '@salon/shared';
import { mailTexts } from '../../texts/index';
import { greeting, printable, render, type Mail } from './template-kit';

/**
 * The link to set a password: sent to a new collaborator (its access, or access sent again by
 * its exhibitor), and to an exhibitor or collaborator who forgot theirs.
 */
export function accessMail(
  lang: Language,
  data: { name: string; company: string | null; url: string; reason: 'access' | 'reset'; days: number },
): Mail {
  const m = mailTexts(lang);
  const t = m.access;
  const access = data.reason === 'access';
  const title = access ? t.accessTitle : t.resetTitle;
  return {
    subject: `${title} — ${m.show}`,
    ...render(lang, title, {
      paragraphs: [greeting(lang, data.name), access ? t.access(printable(data.company)) : t.reset, t.link(data.days)],
      button: { label: t.button, url: data.url },
      footer: [m.personalLink],
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
  const m = mailTexts(lang);
  const t = m.collaboratorInvitation;
  return {
    subject: `${t.title} — ${m.show}`,
    ...render(lang, t.title, {
      paragraphs: [m.greeting(null), t.invites(printable(data.company)), t.link(data.days)],
      button: { label: t.button, url: data.url },
      footer: [m.personalLink],
    }),
  };
}

/** To the new address asked for in 'Informations': the change waits for this link. */
export function emailChangeConfirmMail(lang: Language, data: { url: string; days: number }): Mail {
  const m = mailTexts(lang);
  const t = m.emailChangeConfirm;
  return {
    subject: `${t.title} — ${m.show}`,
    ...render(lang, t.title, {
      paragraphs: [m.greeting(null), t.given, t.link(data.days)],
      button: { label: t.button, url: data.url },
      footer: [m.personalLink],
    }),
  };
}

/**
 * To the account's own address, when its current password was typed wrong too often while
 * changing its sign-in address: every session has ended (a session left open somewhere may be
 * in someone else's hands).
 */
export function passwordTriesNoticeMail(lang: Language, data: { tries: number; minutes: number }): Mail {
  const m = mailTexts(lang);
  const t = m.passwordTries;
  return {
    subject: `${t.title} — ${m.show}`,
    ...render(lang, t.title, { paragraphs: [m.greeting(null), t.tried(data.tries, data.minutes), t.notYou] }),
  };
}

/** To the former address, once the sign-in address has changed: the other sessions have ended. */
export function emailChangedNoticeMail(lang: Language, data: { newEmail: string }): Mail {
  const m = mailTexts(lang);
  const t = m.emailChanged;
  return {
    subject: `${t.title} — ${m.show}`,
    ...render(lang, t.title, { paragraphs: [m.greeting(null), t.changed(data.newEmail), t.notYou] }),
  };
}
