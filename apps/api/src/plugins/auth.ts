import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { RENEWED_TOKEN_HEADER } from '@salon/shared';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Clock } from '../lib/clock';
import { forbidden, unauthorized } from '../lib/errors';
import { RENEW_AFTER_SECONDS, type Jwt } from '../lib/jwt';
import { areaRegistrationId } from '../domains/auth/area-account';

export type SessionUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a live sign-in token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function registerAuth(app: FastifyInstance, deps: { db: Db; jwt: Jwt; clock: Clock }): void {
  const { db, jwt, clock } = deps;
  // Built once: drizzle would otherwise write this select of every column again at each signed-in
  // request (a fifth of the API thread's time on `GET users/me`, by the profile).
  // With it, whether an exhibitor or collaborator still has what opens the exhibitor area this
  // edition (areaRegistrationId): after an edition switch, a session of one without a registration
  // for the new edition ends as a sign-in would be refused, in the same round trip.
  const sessionUser = db
    .select({
      user: users,
      inArea: sql<boolean>`${areaRegistrationId(sql`"users"."id"`, { revoked: true })} is not null`,
    })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .prepare('session_user');
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw unauthorized();
    const now = clock();
    const claims = await jwt.verify(token, now);
    if (!claims) throw unauthorized('Session expirée ou invalide.');
    // The version check makes logout, a password change or a deletion end every session at once.
    const [row] = await sessionUser.execute({ id: claims.userId });
    const user = row?.user;
    if (!user || user.blocked || user.tokenVersion !== claims.version) {
      throw unauthorized('Session expirée ou invalide.');
    }
    if ((user.type === 'exhibitor' || user.type === 'collaborator') && !row.inArea) {
      throw unauthorized('Session expirée ou invalide.');
    }
    request.user = user;
    if (now.getTime() / 1000 - claims.issuedAt > RENEW_AFTER_SECONDS) {
      reply.header(RENEWED_TOKEN_HEADER, await jwt.sign(user.id, user.tokenVersion, now, claims.authTime));
    }
  });
}

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Who may call a route, by account type, and what the others are told (a 403). */
export interface Audience {
  types: readonly SessionUser['type'][];
  refusal: string;
}

export const AUDIENCES = {
  gateStaff: { types: ['controller', 'organiser'], refusal: 'Réservé aux contrôleurs et aux organisateurs.' },
  exhibitorsAndTeams: {
    types: ['exhibitor', 'collaborator'],
    refusal: 'Réservé aux exposants et à leurs collaborateurs.',
  },
  exhibitors: { types: ['exhibitor'], refusal: 'Réservé aux exposants.' },
} satisfies Record<string, Audience>;

/**
 * A route's audience, declared in its options beside it: `{ schema, ...only(app, AUDIENCES.x) }`.
 * A request without a live sign-in is a 401, another account type a 403 saying who may.
 */
export function only(app: FastifyInstance, audience: Audience) {
  return { preHandler: [app.authenticate, async (request: FastifyRequest) => assertAudience(request, audience)] };
}

/** The audience's 403 unless the signed-in user is one of its account types. */
export function assertAudience(request: FastifyRequest, audience: Audience): void {
  if (!audience.types.includes(currentUser(request).type)) throw forbidden(audience.refusal);
}
