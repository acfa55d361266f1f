/**
 * What every mail template shares: the layout (render), the show's name, the greeting, the checks
 * on typed text and the newsletter's unsubscribe headers. The templates, by who receives them:
 * public-mails.ts (the public forms' visitors, enquirers and subscribers), account-mails.ts (the
 * exhibitor area's accounts and their teams), edition-mails.ts (an edition's exhibitors and
 * subscribers).
 */
import { datesText, inEveryLanguage, looksLikeLink, type Language, type Texts } from '@salon/shared';
import { mailTexts } from '../../texts/index';

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

/** The show's name in each language. */
export const SHOW: Texts = inEveryLanguage((lang) => mailTexts(lang).show);

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A header must stay on one line, whatever was typed in a name field. */
export const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

/** The edition's year, in the subject of a mail about it ('Votre badge — Salon International du Bâtiment 2024'). */
export const editionYear = (show: ShowFacts) => show.startsOn.slice(0, 4);

/** 'du 29 mai au 1er juin 2024 à Marrakech' / 'from 29 May to 1 June 2024 in Marrakech'. */
export function whenAndWhere(show: ShowFacts, lang: Language): string {
  return mailTexts(lang).whenAndWhere(datesText(show.startsOn, show.endsOn, lang), show.city);
}

interface Block {
  /** Paragraphs, as plain text (escaped for the HTML part). */
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Further addresses under the button, each a plain link, or an image link when `image` is its picture's address. */
  links?: { label: string; url: string; image?: string }[];
  /**
   * Small print under the message: plain text, or a link shown by its label (a long address,
   * such as the unsubscribe link, would widen the mail on a phone); the text part prints its address.
   */
  footer?: (string | { label: string; url: string })[];
}

export function render(lang: Language, title: string, block: Block): { text: string; html: string } {
  const { show, colon } = mailTexts(lang);
  const text = [
    ...block.paragraphs.flatMap((p) => [p, '']),
    ...(block.button ? [`${block.button.label}${colon}${block.button.url}`, ''] : []),
    ...(block.links ?? []).flatMap((l) => [`${l.label}${colon}${l.url}`, '']),
    '—',
    show,
    ...(block.footer ?? []).map((f) => (typeof f === 'string' ? f : `${f.label}${colon}${f.url}`)),
  ].join('\n');
  const paragraph = (p: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1d2430">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  const button = block.button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="background:#d9730d;border-radius:6px"><a href="${escapeHtml(block.button.url)}" style="display:inline-block;padding:12px 20px;color:#ffffff;font-weight:bold;text-decoration:none;font-size:16px">${escapeHtml(block.button.label)}</a></td></tr></table>`
    : '';
  const links = (block.links ?? [])
    .map((l) => {
      const shown = l.image
        ? `<img src="${escapeHtml(l.image)}" alt="${escapeHtml(l.label)}" height="48" style="display:block;height:48px;border:0">`
        : escapeHtml(l.label);
      return `<p style="margin:0 0 16px;font-size:16px"><a href="${escapeHtml(l.url)}" style="color:#12355b">${shown}</a></p>`;
    })
    .join('');
  const footer = (block.footer ?? [])
    .map(
      (f) =>
        `<p style="margin:0 0 8px;font-size:13px;color:#5a6472">${typeof f === 'string' ? escapeHtml(f) : `<a href="${escapeHtml(f.url)}" style="color:#5a6472">${escapeHtml(f.label)}</a>`}</p>`,
    )
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
${links}
${footer}
</td></tr></table>
</td></tr></table>
</body></html>`;
  return { text, html };
}

export const ENTRY_RULE: Texts = inEveryLanguage((lang) => mailTexts(lang).entryRule);

/**
 * Someone's text that a mail may print (a name, a company), or null when a mail client would
 * show it as a link: the forms refuse such text ('noLink'), and this keeps out what was saved
 * before they did.
 */
export const printable = (text: string | null) => (text && !looksLikeLink(text) ? text : null);

/**
 * The greeting. A name typed in a public form is not echoed ("Bonjour," alone): anyone can type
 * anyone's address, and the name would be their text in a mail from the show.
 */
export const greeting = (lang: Language, typed: string | null) => mailTexts(lang).greeting(printable(typed));

/** RFC 8058 one-click unsubscribe, for every newsletter mail. */
export const unsubscribeHeaders = (oneClickUrl: string, pageUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${oneClickUrl}>, <${pageUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
