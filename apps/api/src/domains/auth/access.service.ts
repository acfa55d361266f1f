import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { asLanguage, langParam, normalizeEmail } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { mailOutbox, tokens, users } from '../../db/schema';
import { hashLinkSecret, LINK_PLACEHOLDER, newLinkSecret, type IssuedLink } from '../../lib/link-secrets';
import { hashPassword } from '../../lib/passwords';
import { MAIL_CAPS, mayMail, type CappedMailKind } from '../mail/recipient-caps';
import { accessMail } from '../mail/account-mails';
import { findAreaRegistration } from './area-account';
import { type MailLinks } from '../mail/links';

/** How long an access or reset link works. */
export const ACCESS_LINK_DAYS = 7;
export const INVALID_ACCESS_LINK =
  'Ce lien n’est plus valide. Demandez un nouveau lien depuis « Mot de passe oublié ? ».';

/** 'Mot de passe oublié ?' mails one address receives in an hour at most. */
export const RESET_MAILS_PER_HOUR = MAIL_CAPS.passwordReset;

/** The outbox's `kind` of the reset mails, counted per address for RESET_MAILS_PER_HOUR. */
const RESET_KIND = 'passwordReset' satisfies CappedMailKind;

/**
 * Queues the mail with a single-use link to `definir-mot-de-passe`, valid ACCESS_LINK_DAYS from
 * when it leaves. The row holds LINK_PLACEHOLDER: the worker issues the link at send time.
 */
export async function queueAccessMail(
  tx: Tx,
  ctx: MailLinks,
  userId: number,
  reason: 'access' | 'reset',
): Promise<void> {
  const [person] = await tx
    .select({ name: users.name, email: users.email, company: users.company, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) throw new Error(`user ${userId} not found`);
  const lang = asLanguage(person.language);
  const url = `${ctx.publicUrl}/definir-mot-de-passe?token=${LINK_PLACEHOLDER}${langParam(lang, '&')}`;
  const mail = accessMail(lang, { name: person.name, company: person.company, url, reason, days: ACCESS_LINK_DAYS });
  await tx.insert(mailOutbox).values({
    to: person.email,
    ...mail,
    kind: reason === 'reset' ? RESET_KIND : 'access',
    link: { kind: 'setPassword', id: userId },
  });
}

/**
 * A new set-password link for the person, for the worker about to send them `mail`: only its
 * hash is stored, and its ACCESS_LINK_DAYS count from now, on the database's clock. None when
 * the person is gone or the mail's address is no longer theirs (a link sent to a former address
 * would open the account to whoever reads that mailbox). The person's row is locked meanwhile,
 * so an address confirmed at the same time closes the link (confirmEmailChange).
 */
export async function issueSetPasswordLink(
  db: Db,
  userId: number,
  mail: { to: string; kind: string | null },
): Promise<IssuedLink | null> {
  const { secret, hash } = newLinkSecret();
  const id = await db.transaction(async (tx) => {
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.id, userId), isNull(users.deletedAt), sql`lower(${users.email}) = ${normalizeEmail(mail.to)}`),
      )
      .for('share');
    if (!holder) return null;
    const [token] = await tx
      .insert(tokens)
      .values({
        userId,
        purpose: 'set_password',
        tokenHash: hash,
        expiresAt: sql`now() + ${ACCESS_LINK_DAYS} * interval '1 day'`,
      })
      .returning({ id: tokens.id });
    return token!.id;
  });
  if (id === null) return null;
  return {
    secret,
    drop: async () => {
      await db.delete(tokens).where(eq(tokens.id, id));
    },
    // Access sent again replaces the earlier links once it has left; a reset never does.
    sent: mail.kind === 'access' ? () => closeEarlierLinks(db, userId, id) : undefined,
  };
}

/**
 * After an access mail left: its link replaces the person's earlier unused ones (the exhibitor
 * or the organiser sent access again, e.g. because a mail went astray). A reset link, which
 * anyone can ask for by typing the address, never closes another one.
 */
async function closeEarlierLinks(db: Db, userId: number, keptId: number): Promise<void> {
  await db
    .update(tokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(tokens.userId, userId), eq(tokens.purpose, 'set_password'), isNull(tokens.usedAt), lt(tokens.id, keptId)),
    );
}

/**
 * 'Mot de passe oublié ?': a reset link for an active exhibitor or collaborator who may enter the
 * exhibitor area, at most RESET_MAILS_PER_HOUR an hour per address (counted in the outbox, so
 * every instance sees the same count); nothing for any other address. Whether a mail was queued
 * is for the caller's logs only: the answer to the form must not depend on it.
 */
export async function requestPasswordReset(db: Db, ctx: MailLinks, email: string): Promise<boolean> {
  const address = normalizeEmail(email);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${address}`,
        isNull(users.deletedAt),
        eq(users.blocked, false),
        inArray(users.type, ['exhibitor', 'collaborator']),
      ),
    );
  if (!user || !(await findAreaRegistration(db, user.id))) return false;
  return db.transaction(async (tx) => {
    if (!(await mayMail(tx, address, RESET_KIND))) return false;
    await queueAccessMail(tx, ctx, user.id, 'reset');
    return true;
  });
}

/**
 * Sets the password of the link's holder and uses the link up, and the person's other links.
 * Every earlier sign-in of the person ends (the token version moves on). Null when the link is unknown, used or expired.
 */
export async function setPasswordWithLink(db: Db, now: Date, secret: string, password: string) {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [token] = await tx
      .update(tokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(tokens.tokenHash, hashLinkSecret(secret)),
          eq(tokens.purpose, 'set_password'),
          isNull(tokens.usedAt),
          gt(tokens.expiresAt, now),
        ),
      )
      .returning({ userId: tokens.userId });
    if (!token) return null;
    // One link used: the person's other links (a reset asked twice, an access sent again) close.
    await tx
      .update(tokens)
      .set({ usedAt: now })
      .where(and(eq(tokens.userId, token.userId), eq(tokens.purpose, 'set_password'), isNull(tokens.usedAt)));
    const [user] = await tx
      .update(users)
      .set({ passwordHash, confirmed: true, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(and(eq(users.id, token.userId), isNull(users.deletedAt), eq(users.blocked, false)))
      .returning();
    return user ?? null;
  });
}
