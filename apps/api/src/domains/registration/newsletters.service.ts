import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  asLanguage,
  langParam,
  normalizeEmail,
  type Language,
  type NewsletterForm,
} from '@salon/shared';
import type { Db } from '../../db/client';
import { mailOutbox, newsletters } from '../../db/schema';
import { LINK_TTL } from '../../lib/links';
import { mayMail } from '../mail/recipient-caps';
import { newsletterConfirmMail } from '../mail/public-mails';
import { unsubscribeHeaders } from '../mail/template-kit';
import { type MailLinks } from '../mail/links';

/** The site's unsubscribe page, in the subscriber's language: it unsubscribes once opened in a browser. */
export const unsubscribePage = (publicUrl: string, token: string, lang: Language) =>
  `${publicUrl}/newsletter?action=unsubscribe&token=${encodeURIComponent(token)}${langParam(lang, '&')}`;

/**
 * The links every newsletter mail carries: the page, and RFC 8058's one-click POST, whose address
 * a GET (a mail client without one-click, a person) finds redirected to the page.
 */
export function unsubscribeLinks(ctx: MailLinks, id: number, lang: Language) {
  const token = ctx.links.sign('newsletter_unsubscribe', id, null, ctx.now());
  return {
    pageUrl: unsubscribePage(ctx.publicUrl, token, lang),
    oneClickUrl: `${ctx.publicUrl}/backend/api/newsletters/unsubscribe?token=${token}${langParam(lang, '&')}`,
  };
}

/**
 * A subscription (double opt-in): the address is stored unconfirmed and gets a mail whose link
 * confirms it; one that unsubscribed may come back. The answer is the same whatever the address
 * (new, waiting for its confirmation, already confirmed): it tells nobody who subscribed. What
 * differs is the mail: a waiting address gets its confirmation link again, a confirmed one
 * nothing; at most a couple of confirmation mails a day per address.
 */
export async function subscribe(db: Db, ctx: MailLinks, form: NewsletterForm): Promise<void> {
  const lang = form.lang ?? DEFAULT_LANGUAGE;
  const email = normalizeEmail(form.email);
  await db.transaction(async (tx) => {
    // First: it locks the address, so the same address sent twice at once is decided once.
    const mayMailNow = await mayMail(tx, email, 'newsletterConfirm');
    const [existing] = await tx
      .select()
      .from(newsletters)
      .where(sql`lower(${newsletters.email}) = ${email}`);
    if (existing?.confirmedAt && !existing.unsubscribedAt) return;
    const [row] = !existing
      ? await tx.insert(newsletters).values({ email, language: lang }).onConflictDoNothing().returning()
      : existing.unsubscribedAt
        ? await tx
            .update(newsletters)
            .set({ unsubscribedAt: null, confirmedAt: null, language: lang })
            .where(eq(newsletters.id, existing.id))
            .returning()
        : [existing];
    if (!row || !mayMailNow) return;
    const confirmToken = ctx.links.sign('newsletter_confirm', row.id, LINK_TTL.newsletterConfirm, ctx.now());
    const mailLang = asLanguage(row.language);
    const unsubscribe = unsubscribeLinks(ctx, row.id, mailLang);
    await tx.insert(mailOutbox).values({
      to: row.email,
      kind: 'newsletterConfirm',
      ...newsletterConfirmMail(mailLang, {
        confirmUrl: `${ctx.publicUrl}/newsletter?action=confirm&token=${confirmToken}${langParam(mailLang, '&')}`,
        unsubscribeUrl: unsubscribe.pageUrl,
      }),
      headers: unsubscribeHeaders(unsubscribe.oneClickUrl, unsubscribe.pageUrl),
    });
  });
}

/** Follows the confirmation link: false when the link is not valid (or the address left). */
export async function confirmSubscription(db: Db, ctx: MailLinks, token: string): Promise<boolean> {
  const id = ctx.links.verify(token, 'newsletter_confirm', ctx.now());
  if (id === null) return false;
  const rows = await db
    .update(newsletters)
    .set({ confirmedAt: sql`coalesce(${newsletters.confirmedAt}, ${ctx.now().toISOString()}::timestamptz)` })
    .where(and(eq(newsletters.id, id), isNull(newsletters.unsubscribedAt)))
    .returning({ id: newsletters.id });
  return rows.length > 0;
}

/** One-click unsubscription: false when the link is not valid. Doing it twice is fine. */
export async function unsubscribe(db: Db, ctx: MailLinks, token: string): Promise<boolean> {
  const id = ctx.links.verify(token, 'newsletter_unsubscribe', ctx.now());
  if (id === null) return false;
  const rows = await db
    .update(newsletters)
    .set({ unsubscribedAt: sql`coalesce(${newsletters.unsubscribedAt}, ${ctx.now().toISOString()}::timestamptz)` })
    .where(eq(newsletters.id, id))
    .returning({ id: newsletters.id });
  return rows.length > 0;
}
