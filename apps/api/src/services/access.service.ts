import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { normalizeEmail, type Language } from '@salon/shared';
import type { Db, Tx } from '../db/client';
import { mailOutbox, tokens, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { accessMail } from './mail/templates';
import { findAreaRegistration } from './users.service';
import type { MailLinks } from './visitors.service';

/** How long an access or reset link works. */
export const ACCESS_LINK_DAYS = 7;
export const INVALID_ACCESS_LINK =
  'Ce lien n’est plus valide. Demandez un nouveau lien depuis « Mot de passe oublié ? ».';

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * Queues the mail with a single-use link to `definir-mot-de-passe`, valid ACCESS_LINK_DAYS. Only
 * the link's hash is stored; a new link closes the person's earlier unused ones.
 */
export async function queueAccessMail(
  tx: Tx,
  ctx: MailLinks,
  userId: number,
  reason: 'access' | 'reset',
): Promise<void> {
  const now = ctx.now();
  const [person] = await tx
    .select({ name: users.name, email: users.email, company: users.company, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) throw new Error(`user ${userId} not found`);
  await tx
    .update(tokens)
    .set({ usedAt: now })
    .where(and(eq(tokens.userId, userId), eq(tokens.purpose, 'set_password'), isNull(tokens.usedAt)));
  const secret = randomBytes(32).toString('base64url');
  await tx.insert(tokens).values({
    userId,
    purpose: 'set_password',
    tokenHash: sha256(secret),
    expiresAt: new Date(now.getTime() + ACCESS_LINK_DAYS * 86_400_000),
  });
  const lang: Language = person.language === 'en' ? 'en' : 'fr';
  const url = `${ctx.publicUrl}/definir-mot-de-passe?token=${secret}${lang === 'en' ? '&lang=en' : ''}`;
  const mail = accessMail(lang, { name: person.name, company: person.company, url, reason, days: ACCESS_LINK_DAYS });
  await tx.insert(mailOutbox).values({ to: person.email, ...mail });
}

/**
 * 'Mot de passe oublié ?': a reset link for an active exhibitor or collaborator who may enter the
 * exhibitor area; nothing for any other address. The caller answers the same either way.
 */
export async function requestPasswordReset(db: Db, ctx: MailLinks, email: string): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${normalizeEmail(email)}`,
        isNull(users.deletedAt),
        eq(users.blocked, false),
        inArray(users.type, ['exhibitor', 'collaborator']),
      ),
    );
  if (!user || !(await findAreaRegistration(db, user.id))) return false;
  await db.transaction((tx) => queueAccessMail(tx, ctx, user.id, 'reset'));
  return true;
}

/**
 * Sets the password of the link's holder and uses the link up. Every earlier sign-in of the
 * person ends (the token version moves on). Null when the link is unknown, used or expired.
 */
export async function setPasswordWithLink(db: Db, now: Date, secret: string, password: string) {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [token] = await tx
      .update(tokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(tokens.tokenHash, sha256(secret)),
          eq(tokens.purpose, 'set_password'),
          isNull(tokens.usedAt),
          gt(tokens.expiresAt, now),
        ),
      )
      .returning({ userId: tokens.userId });
    if (!token) return null;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, confirmed: true, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(and(eq(users.id, token.userId), isNull(users.deletedAt), eq(users.blocked, false)))
      .returning();
    return user ?? null;
  });
}
