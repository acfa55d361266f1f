import { and, eq, isNull, sql } from 'drizzle-orm';
import { normalizeEmail, type Language, type NewsletterForm } from '@salon/shared';
import type { Db } from '../db/client';
import { mailOutbox, newsletters } from '../db/schema';
import { badRequest } from '../lib/errors';
import { LINK_TTL } from '../lib/links';
import { newsletterConfirmMail, unsubscribeHeaders } from './mail/templates';
import type { MailLinks } from './visitors.service';

export const NEWSLETTER_MESSAGES = {
  already: {
    fr: 'Cette adresse e-mail est déjà inscrite à la newsletter.',
    en: 'This e-mail address is already subscribed to the newsletter.',
  },
  pending: {
    fr: 'Cette adresse e-mail est déjà inscrite : confirmez-la avec le lien reçu par e-mail.',
    en: 'This e-mail address is already subscribed: confirm it with the link you received by e-mail.',
  },
} satisfies Record<string, Record<Language, string>>;

/** The links every newsletter mail carries: the page, and RFC 8058's one-click POST. */
function unsubscribeLinks(ctx: MailLinks, id: number) {
  const token = ctx.links.sign('newsletter_unsubscribe', id, null, ctx.now());
  return {
    pageUrl: `${ctx.publicUrl}/newsletter?action=unsubscribe&token=${token}`,
    oneClickUrl: `${ctx.publicUrl}/backend/api/newsletters/unsubscribe?token=${token}`,
  };
}

/**
 * A subscription (double opt-in): the address is stored unconfirmed and gets a mail whose link
 * confirms it. An address already there is a 400; one that unsubscribed may come back.
 */
export async function subscribe(db: Db, ctx: MailLinks, form: NewsletterForm) {
  const lang: Language = form.lang ?? 'fr';
  const email = normalizeEmail(form.email);
  const outcome = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(newsletters)
      .where(sql`lower(${newsletters.email}) = ${email}`);
    if (existing && !existing.unsubscribedAt) return existing.confirmedAt ? 'already' : 'pending';
    const [row] = existing
      ? await tx
          .update(newsletters)
          .set({ unsubscribedAt: null, confirmedAt: null, language: lang })
          .where(eq(newsletters.id, existing.id))
          .returning()
      : await tx.insert(newsletters).values({ email, language: lang }).onConflictDoNothing().returning();
    // Sent twice at once: the other request stored it.
    if (!row) return 'pending';
    const confirmToken = ctx.links.sign('newsletter_confirm', row.id, LINK_TTL.newsletterConfirm, ctx.now());
    const unsubscribe = unsubscribeLinks(ctx, row.id);
    await tx.insert(mailOutbox).values({
      to: row.email,
      ...newsletterConfirmMail(lang, {
        confirmUrl: `${ctx.publicUrl}/newsletter?action=confirm&token=${confirmToken}`,
        unsubscribeUrl: unsubscribe.pageUrl,
      }),
      headers: unsubscribeHeaders(unsubscribe.oneClickUrl, unsubscribe.pageUrl),
    });
    return 'subscribed';
  });
  if (outcome !== 'subscribed') throw badRequest(NEWSLETTER_MESSAGES[outcome][lang]);
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
