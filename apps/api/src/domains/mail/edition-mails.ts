/** The mails of an edition: its past exhibitors invited back and confirmed, its announcement. */
import { dayText, ordinalText, type Language } from '@salon/shared';
import { mailTexts } from '../../texts/index';
import { editionYear, greeting, printable, render, whenAndWhere, type Mail, type ShowFacts } from './template-kit';

/**
 * 'Inviter les exposants de 2024': to a confirmed exhibitor of a past edition, asked to take part
 * in the current one. The button opens its company's details to check and confirm.
 */
export function participationInvitationMail(
  lang: Language,
  data: {
    company: string | null;
    fromYear: number;
    show: ShowFacts;
    url: string;
    days: number;
    /** Its stand of then, kept for it on /exposer until a day, with its own link there. */
    kept?: { stands: string[]; until: string; url: string } | null;
  },
): Mail {
  const year = editionYear(data.show);
  const m = mailTexts(lang);
  const t = m.participationInvitation;
  const title = t.title(year);
  const kept = data.kept;
  return {
    subject: `${title} — ${m.show} ${year}`,
    ...render(lang, title, {
      paragraphs: [
        m.greeting(null),
        t.exhibited(printable(data.company), m.show, data.fromYear, whenAndWhere(data.show, lang)),
        ...(kept ? [t.kept(kept.stands.join(', '), dayText(kept.until, lang))] : []),
        t.confirm,
        t.link(data.days),
      ],
      button: { label: t.button, url: data.url },
      ...(kept && { links: [{ label: t.keptLink(kept.stands.join(', ')), url: kept.url }] }),
      footer: [m.personalLink],
    }),
  };
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
  const m = mailTexts(lang);
  const t = m.participationConfirmed;
  return {
    subject: `${t.title} — ${m.show} ${editionYear(data.show)}`,
    ...render(lang, t.title, {
      paragraphs: [
        greeting(lang, data.name),
        t.confirmed(m.show, whenAndWhere(data.show, lang)),
        t.place(data.hall, data.booth),
        t.signIn,
      ],
      button: { label: t.button, url: data.signInUrl },
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
  const m = mailTexts(lang);
  const t = m.editionAnnouncement;
  return {
    subject: t.subject(m.show, year),
    ...render(lang, t.title(m.show, year), {
      paragraphs: [
        m.greeting(null),
        t.held(ordinalText(data.edition, lang), m.show, whenAndWhere(data.show, lang)),
        t.free,
      ],
      button: { label: t.button, url: data.siteUrl },
      footer: [t.why, { label: m.unsubscribe, url: data.unsubscribeUrl }],
    }),
  };
}
