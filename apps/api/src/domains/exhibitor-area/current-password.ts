import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { asLanguage } from '@salon/shared';
import type { Db } from '../../db/client';
import { mailOutbox, users } from '../../db/schema';
import { badRequest, tooManyRequests } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { currentUser } from '../../plugins/auth';
import { passwordTriesNoticeMail } from '../mail/account-mails';

/**
 * How often an account may type its current password in 'Informations' (a new sign-in address
 * asks for it) within CURRENT_PASSWORD_MINUTES. Every try counts, right or wrong, as at the
 * sign-in: counting before the check is what stops a burst of tries sent at once.
 */
export const CURRENT_PASSWORD_TRIES = 5;
export const CURRENT_PASSWORD_MINUTES = 15;

/** Checks the current password typed for a new sign-in address; throws the refusal. */
export type CurrentPasswordCheck = (password: string) => Promise<void>;

/**
 * The current-password check of the signed-in account, behind a per-account counter kept where
 * the API's rate limits are (Redis when REDIS_URL is set, so every instance counts together).
 * Past CURRENT_PASSWORD_TRIES the answer is a 429, even for the right password, until the
 * window ends. A wrong password on the last try ends every session of the account (a stolen
 * session stops there) and tells the account's own address.
 */
export function currentPasswordChecks(app: FastifyInstance, db: Db, onQueued: () => void) {
  const countTry = app.createRateLimit({
    max: CURRENT_PASSWORD_TRIES,
    timeWindow: `${CURRENT_PASSWORD_MINUTES} minutes`,
    keyGenerator: (request) => `current-password:${currentUser(request).id}`,
  });
  return (request: FastifyRequest, reply: FastifyReply): CurrentPasswordCheck =>
    async (password) => {
      const user = currentUser(request);
      const count = await countTry(request);
      if (!count.isAllowed && count.isExceeded) {
        throw tooManyRequests(reply, count.ttlInSeconds);
      }
      const [account] = await db
        .select({ passwordHash: users.passwordHash, language: users.language })
        .from(users)
        .where(eq(users.id, user.id));
      if (await verifyPassword(account?.passwordHash ?? '', password)) return;
      if (!count.isAllowed && count.remaining === 0) {
        // The last try of the window, and a wrong one: whoever holds this session is not sure of
        // the password. Counted once per window, whatever the number of instances.
        request.log.warn({ userId: user.id }, 'current password tried too often: the account’s sessions end');
        const lang = asLanguage(account?.language);
        await db.transaction(async (tx) => {
          await tx
            .update(users)
            .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
            .where(eq(users.id, user.id));
          await tx.insert(mailOutbox).values({
            to: user.email,
            ...passwordTriesNoticeMail(lang, { tries: CURRENT_PASSWORD_TRIES, minutes: CURRENT_PASSWORD_MINUTES }),
          });
        });
        onQueued();
      }
      throw badRequest('Données invalides.', {
        errors: [{ path: ['body', 'currentPassword'], message: 'wrongPassword' }],
      });
    };
}
