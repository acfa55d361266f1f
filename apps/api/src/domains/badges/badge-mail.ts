import { and, count, eq, gt, sql } from 'drizzle-orm';
import { asLanguage, langParam, type Language } from '@salon/shared';
import type { Tx } from '../../db/client';
import { mailOutbox, registrations, users } from '../../db/schema';
import { LINK_TTL } from '../../lib/links';
import type { MailLinks } from '../mail/links';
import type { CappedMailKind } from '../mail/recipient-caps';
import { badgeMail } from '../mail/public-mails';
import { applePassUrl, googleSaveLink } from './wallet/wallet.routes';
import { currentShow } from '../show/show-facts';

/** The badge's mail and links: what the registration, the e-badge page and the back-office send. */

/**
 * A second registration mails the badge again, but a registration's badge is mailed at most
 * twice in this window: anyone can type anyone's address.
 */
export const BADGE_MAIL_WINDOW_MS = 10 * 60_000;

/** The e-badge page's address for a registration, in the holder's language: what the badge mail links to. */
export function ebadgeUrl(ctx: MailLinks, badgeKey: string, lang: Language): string {
  return `${ctx.publicUrl}/ebadge?token=${badgeKey}${langParam(lang, '&')}`;
}

/** The badge's visit as a calendar file ('Ajouter à mon agenda'), in the holder's language. */
export function badgeCalendarUrl(ctx: MailLinks, badgeKey: string, lang: Language): string {
  return `${ctx.publicUrl}/backend/api/registrations/ebadge/calendar.ics?token=${badgeKey}&lang=${lang}`;
}

/** 'Ajouter à Apple Wallet' in a badge mail: the pass by the mail's key, and Apple's badge as a picture. */
export function mailedApplePass(ctx: MailLinks, badgeKey: string, lang: Language) {
  if (!ctx.appleWallet) return null;
  return {
    url: `${ctx.publicUrl}${applePassUrl(badgeKey)}`,
    image: `${ctx.publicUrl}/backend/api/wallet/apple-badge.png?lang=${lang}`,
  };
}

/** 'Ajouter à Google Wallet' in a badge mail: the e-badge's Google link by the mail's key, and Google's button as a picture. */
export function mailedGooglePass(ctx: MailLinks, badgeKey: string, lang: Language) {
  if (!ctx.googleWallet) return null;
  return {
    url: `${ctx.publicUrl}${googleSaveLink(badgeKey)}`,
    image: `${ctx.publicUrl}/backend/api/wallet/google-badge.png?lang=${lang}`,
  };
}

/**
 * Short-lived addresses that download the badge (a navigation cannot send a bearer): its PDF and,
 * when the organiser offers them, its Apple Wallet pass and its Google Wallet link, under one
 * signed token.
 */
export function badgeDownloads(ctx: MailLinks, registrationId: number) {
  const token = ctx.links.sign('badge_download', registrationId, LINK_TTL.badgeDownload, ctx.now());
  return {
    url: `/backend/api/registrations/downloadEbadgeFull/${registrationId}?token=${token}`,
    appleWalletUrl: ctx.appleWallet
      ? `/backend/api/registrations/downloadWalletPass/${registrationId}?token=${token}`
      : null,
    googleWalletUrl: ctx.googleWallet
      ? `/backend/api/registrations/googleWalletPass/${registrationId}?token=${token}`
      : null,
  };
}

/** A short-lived address that downloads the badge PDF. */
export const badgeDownloadUrl = (ctx: MailLinks, registrationId: number) => badgeDownloads(ctx, registrationId).url;

/**
 * Queues the badge mail of a registration, PDF attached when it is sent. `fromPublicForm`: the
 * registration form asked for it, so the mail is counted in that form's daily cap and does not
 * greet by name (the name was typed by whoever filled the form).
 */
export async function queueBadgeMail(
  tx: Tx,
  ctx: MailLinks,
  registrationId: number,
  { fromPublicForm = false } = {},
): Promise<void> {
  const [row] = await tx
    .select({
      name: users.name,
      email: users.email,
      language: users.language,
      badgeKey: registrations.badgeKey,
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(eq(registrations.id, registrationId));
  if (!row) throw new Error(`registration ${registrationId} not found`);
  const lang = asLanguage(row.language);
  const { event: show } = await currentShow(tx);
  const mail = badgeMail(lang, {
    name: fromPublicForm ? null : row.name,
    show,
    ebadgeUrl: ebadgeUrl(ctx, row.badgeKey, lang),
    calendarUrl: badgeCalendarUrl(ctx, row.badgeKey, lang),
    appleWallet: mailedApplePass(ctx, row.badgeKey, lang),
    googleWallet: mailedGooglePass(ctx, row.badgeKey, lang),
  });
  await tx.insert(mailOutbox).values({
    to: row.email,
    ...mail,
    attachments: [{ kind: 'badge', registrationId }],
    kind: fromPublicForm ? ('registration' satisfies CappedMailKind) : null,
  });
}

/** Whether this registration's badge was mailed twice a moment ago (no mail bombing). */
export async function badgeMailedRecently(tx: Tx, registrationId: number): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(mailOutbox)
    .where(
      and(
        // The database's clock, the one that stamped the rows.
        gt(mailOutbox.createdAt, sql`now() - ${`${BADGE_MAIL_WINDOW_MS} milliseconds`}::interval`),
        sql`${mailOutbox.attachments} @> ${JSON.stringify([{ kind: 'badge', registrationId }])}::jsonb`,
      ),
    );
  return (row?.n ?? 0) >= 2;
}
