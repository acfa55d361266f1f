import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { asLanguage, langParam } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { collaboratorInvitations, emailChanges, mailOutbox, tokens, users } from '../../db/schema';
import { badRequest, isUniqueViolation } from '../../lib/errors';
import { hashLinkSecret, LINK_PLACEHOLDER } from '../../lib/link-secrets';
import { accountMailCapReached, accountMayMail, mailCapReached, mayMail } from '../mail/recipient-caps';
import { emailChangeConfirmMail, emailChangedNoticeMail } from '../mail/account-mails';
import { issueRowLink } from '../mail/row-link';
import { type MailLinks } from '../mail/links';

/** How long the link that confirms a new sign-in address works. */
export const EMAIL_CHANGE_DAYS = 2;
export const INVALID_EMAIL_CHANGE_LINK =
  'Ce lien n’est plus valide. Demandez à nouveau le changement d’adresse depuis « Informations ».';
export const EMAIL_IN_USE =
  'Cette adresse est déjà celle d’un autre compte : elle ne peut pas devenir votre adresse de connexion. Contactez l’organisateur.';

/**
 * Mails the new address a link that makes it the account's sign-in address; the mail worker
 * issues its secret when it sends the mail (issueEmailChangeLink). A new request closes the
 * person's earlier ones. Refused (mailCapReached, accountMailCapReached) past the daily caps of
 * the address and of the account: the caller's transaction then saves nothing.
 */
export async function requestEmailChange(
  tx: Tx,
  ctx: MailLinks,
  user: { id: number; language: string },
  email: string,
) {
  if (!(await mayMail(tx, email, 'emailChange'))) throw mailCapReached();
  if (!(await accountMayMail(tx, user.id, 'emailChange'))) throw accountMailCapReached();
  const now = ctx.now();
  await tx
    .update(emailChanges)
    .set({ usedAt: now })
    .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt)));
  const [change] = await tx
    .insert(emailChanges)
    .values({ userId: user.id, email, expiresAt: new Date(now.getTime() + EMAIL_CHANGE_DAYS * 86_400_000) })
    .returning({ id: emailChanges.id });
  if (!change) throw new Error('email change not created');
  const lang = asLanguage(user.language);
  const url = `${ctx.publicUrl}/confirmer-email?token=${LINK_PLACEHOLDER}${langParam(lang, '&')}`;
  await tx.insert(mailOutbox).values({
    to: email,
    kind: 'emailChange',
    ...emailChangeConfirmMail(lang, { url, days: EMAIL_CHANGE_DAYS }),
    link: { kind: 'emailChange', id: change.id },
  });
}

/**
 * The confirmation link's secret, for the mail worker about to send it: only its hash is stored,
 * and a new one replaces the last. None once the change was used or replaced by a newer one.
 */
export const issueEmailChangeLink = (db: Db, id: number) =>
  issueRowLink(db, emailChanges, id, isNull(emailChanges.usedAt));

/**
 * The link of requestEmailChange, sent back by the confirmation page (a POST: opening the page
 * changes nothing). The address changes, every session of the account ends (the caller signs
 * the page in again) and the former address is told. Only the new mailbox's owner learns here
 * that another account holds the address.
 */
export async function confirmEmailChange(db: Db, ctx: MailLinks, secret: string) {
  const now = ctx.now();
  try {
    return await db.transaction(async (tx) => {
      const [change] = await tx
        .update(emailChanges)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailChanges.tokenHash, hashLinkSecret(secret)),
            isNull(emailChanges.usedAt),
            gt(emailChanges.expiresAt, now),
          ),
        )
        .returning();
      if (!change) throw badRequest(INVALID_EMAIL_CHANGE_LINK, { code: 'invalidLink' });
      const [before] = await tx
        .select({ email: users.email, language: users.language })
        .from(users)
        .where(eq(users.id, change.userId));
      const [updated] = await tx
        .update(users)
        .set({ email: change.email, username: change.email, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(
          and(
            eq(users.id, change.userId),
            isNull(users.deletedAt),
            eq(users.blocked, false),
            inArray(users.type, ['exhibitor', 'collaborator']),
          ),
        )
        .returning();
      if (!updated || !before) throw badRequest(INVALID_EMAIL_CHANGE_LINK, { code: 'invalidLink' });
      await closeFormerAddressLinks(tx, updated.id, now);
      const lang = asLanguage(before.language);
      await tx
        .insert(mailOutbox)
        .values({ to: before.email, ...emailChangedNoticeMail(lang, { newEmail: change.email }) });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(EMAIL_IN_USE, { code: 'emailInUse' });
    throw error;
  }
}

/**
 * Once an account's sign-in address changes (confirmed by its owner or corrected by an
 * organiser), the links mailed to the former address would open the account to whoever reads
 * that mailbox now: its set-password links, open invitations and pending address changes end.
 * The caller bumps `tokenVersion` with the address.
 */
export async function closeFormerAddressLinks(tx: Tx, userId: number, now: Date) {
  await tx
    .update(tokens)
    .set({ usedAt: now })
    .where(and(eq(tokens.userId, userId), eq(tokens.purpose, 'set_password'), isNull(tokens.usedAt)));
  await tx
    .update(emailChanges)
    .set({ usedAt: now })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
  await tx
    .update(collaboratorInvitations)
    .set({ endedAt: now })
    .where(
      and(
        eq(collaboratorInvitations.userId, userId),
        isNull(collaboratorInvitations.acceptedAt),
        isNull(collaboratorInvitations.endedAt),
      ),
    );
}
