import { and, eq, isNull, sql } from 'drizzle-orm';
import { normalizeEmail, type Clock, type LoginBody } from '@salon/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { Jwt } from '../../lib/jwt';
import { verifyPassword } from '../../lib/passwords';
import { INVALID_ACCESS_LINK, setPasswordWithLink } from './access.service';
import { findAreaRegistration, loadUserView } from './area-account';

/** Strapi's wording; the sign-in screen shows its own alert for any 400. */
const INVALID_LOGIN = 'Invalid identifier or password';

/** The account's session version (signed into every token it holds; plugins/auth.ts checks it). */
export async function sessionVersion(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ version: users.tokenVersion }).from(users).where(eq(users.id, userId));
  return row?.version ?? -1;
}

export function createAuthService(deps: { db: Db; jwt: Jwt; clock: Clock }) {
  const { db, jwt, clock } = deps;

  /** The live account with this e-mail and password, or null. */
  async function checkCredentials(body: LoginBody) {
    const [user] = await db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${normalizeEmail(body.identifier)}`, isNull(users.deletedAt)));
    const valid = await verifyPassword(user?.passwordHash ?? '', body.password);
    return user && valid && !user.blocked ? user : null;
  }

  return {
    /**
     * A controller's or organiser's e-mail and password, for the screens only they may open (the
     * gates, enabling a kiosk); anyone else is refused as a wrong password is.
     */
    async checkStaff(body: LoginBody, types: readonly ('controller' | 'organiser')[]) {
      const user = await checkCredentials(body);
      if (!user || !types.includes(user.type as 'controller' | 'organiser')) throw badRequest(INVALID_LOGIN);
      return user;
    },

    /**
     * The sign-ins of staff screens, each with a session of its own: the gates
     * (`login-controleur`, controllers only) and the back-office (`/admin`, organisers only).
     */
    async loginStaff(body: LoginBody, type: 'controller' | 'organiser') {
      const user = await this.checkStaff(body, [type]);
      return {
        jwt: await jwt.sign(user.id, user.tokenVersion, clock()),
        user: { id: user.id, name: user.name, email: user.email, type: user.type },
      };
    },

    /**
     * Sign-in to the exhibitor area. Visitors, controllers and organisers have valid accounts
     * but no exhibitor or collaborator registration for the current edition: they are refused with the
     * same answer as a wrong password, so the screen cannot tell the cases apart.
     */
    async login(body: LoginBody) {
      const user = await checkCredentials(body);
      if (!user) throw badRequest(INVALID_LOGIN);
      const area = await findAreaRegistration(db, user.id);
      if (!area) throw badRequest(INVALID_LOGIN);
      return { jwt: await jwt.sign(user.id, user.tokenVersion, clock()), user: await loadUserView(db, user.id) };
    },

    /**
     * The set-password page: the link's holder gets the password and is signed in, as by a
     * login. A link that is unknown, used or expired, or whose holder may no longer enter the
     * exhibitor area, is refused.
     */
    async setPassword(secret: string, password: string) {
      const user = await setPasswordWithLink(db, clock(), secret, password);
      if (!user || !(await findAreaRegistration(db, user.id))) throw badRequest(INVALID_ACCESS_LINK);
      return { jwt: await jwt.sign(user.id, user.tokenVersion, clock()), user: await loadUserView(db, user.id) };
    },

    /** Ends every session of the user: the token version no longer matches. */
    async logout(userId: number) {
      await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, userId));
    },
  };
}
