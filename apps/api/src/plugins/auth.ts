import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { KIOSK_TOKEN_HEADER, RENEWED_TOKEN_HEADER, USER_TYPES, type AudienceName, type Clock } from '@salon/shared';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Caller } from '../lib/caller';
import { forbidden, unauthorized } from '../lib/errors';
import { RENEW_AFTER_SECONDS, type Jwt } from '../lib/jwt';
import { areaRegistrationId } from '../domains/auth/area-account';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (AUDIENCES, or the kiosk's): shown in the API description, read by the access matrix. */
    audience?: AudienceName;
  }
  interface FastifyRequest {
    /** The signed-in caller (app.authenticate), or null. */
    user: Caller | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a live sign-in token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Each route's declared audience by `METHOD /url` (none: anyone may call it). */
    audiences: () => Map<string, AudienceName>;
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
      id: users.id,
      type: users.type,
      exhibitorId: users.exhibitorId,
      email: users.email,
      blocked: users.blocked,
      tokenVersion: users.tokenVersion,
      inArea: sql<boolean>`${areaRegistrationId(sql`"users"."id"`, { revoked: true })} is not null`,
    })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .prepare('session_user');
  app.decorateRequest('user', null);
  // Read when asked, not when the route is added: a scope (the back-office's) may declare its
  // routes' audience in its own onRoute hook, which runs after this one.
  const routes: { method: string | string[]; url: string; config?: { audience?: AudienceName } }[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  app.decorate('audiences', () => {
    const declared = new Map<string, AudienceName>();
    for (const route of routes) {
      const audience = route.config?.audience;
      if (audience) for (const method of [route.method].flat()) declared.set(`${method} ${route.url}`, audience);
    }
    return declared;
  });
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw unauthorized();
    const now = clock();
    const claims = await jwt.verify(token, now);
    if (!claims) throw unauthorized('Session expirée ou invalide.');
    // The version check makes logout, a password change or a deletion end every session at once.
    const [row] = await sessionUser.execute({ id: claims.userId });
    if (!row || row.blocked || row.tokenVersion !== claims.version) {
      throw unauthorized('Session expirée ou invalide.');
    }
    if ((row.type === 'exhibitor' || row.type === 'collaborator') && !row.inArea) {
      throw unauthorized('Session expirée ou invalide.');
    }
    request.user = { id: row.id, type: row.type, exhibitorId: row.exhibitorId, email: row.email };
    if (now.getTime() / 1000 - claims.issuedAt > RENEW_AFTER_SECONDS) {
      reply.header(RENEWED_TOKEN_HEADER, await jwt.sign(row.id, row.tokenVersion, now, claims.authTime));
    }
  });
}

/** The signed-in caller of a route behind app.authenticate. */
export function currentUser(request: FastifyRequest): Caller {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Who may call a route, by account type, and what the others are told (a 403). */
export interface Audience {
  name: string;
  types: readonly Caller['type'][];
  refusal: string;
}

export const AUDIENCES = {
  signedIn: { name: 'signedIn', types: USER_TYPES, refusal: '' },
  gateStaff: {
    name: 'gateStaff',
    types: ['controller', 'organiser'],
    refusal: 'Réservé aux contrôleurs et aux organisateurs.',
  },
  exhibitorsAndTeams: {
    name: 'exhibitorsAndTeams',
    types: ['exhibitor', 'collaborator'],
    refusal: 'Réservé aux exposants et à leurs collaborateurs.',
  },
  exhibitors: { name: 'exhibitors', types: ['exhibitor'], refusal: 'Réservé aux exposants.' },
  organisers: { name: 'organisers', types: ['organiser'], refusal: 'Réservé aux organisateurs.' },
} as const satisfies Partial<Record<AudienceName, Audience>>;

/**
 * Every audience a route may declare (packages/shared `AudienceName`): an account type's
 * (AUDIENCES), the kiosks' (a kiosk token, kiosk/kiosk.routes.ts), or the exhibitor directory's
 * (anyone, or a signed-in caller's own list: directory/registrations.routes.ts). A route that
 * declares none is open to anyone.
 */
export type { AudienceName };

/**
 * The audiences as the API description's security schemes, one per audience: a route's
 * requirement names its audience (app.ts). Sessions send `Authorization: Bearer`, kiosks their
 * own header.
 */
export function audienceSchemes() {
  const session = (description: string) => ({ type: 'http' as const, scheme: 'bearer', description });
  const kiosk = { type: 'apiKey' as const, in: 'header' as const, name: KIOSK_TOKEN_HEADER };
  return {
    ...Object.fromEntries(
      Object.values(AUDIENCES).map((a) => [a.name, session(a.refusal || 'Toute session ouverte.')]),
    ),
    kiosks: { ...kiosk, description: 'Une borne activée.' },
    kiosksAndGateStaff: { ...kiosk, description: 'Une borne activée, ou une session de contrôleur ou d’organisateur.' },
    anyoneOrSignedIn: session('Sans session : l’annuaire ; avec : les inscriptions de la personne.'),
  };
}

/**
 * A route's audience, declared in its options beside it: `{ schema, ...only(app, AUDIENCES.x) }`
 * (with the route's own `config`, if it has one, as the third argument). A request without a live
 * sign-in is a 401, another account type a 403 saying who may.
 */
export function only(app: FastifyInstance, audience: (typeof AUDIENCES)[keyof typeof AUDIENCES], config = {}) {
  return {
    preHandler: [app.authenticate, async (request: FastifyRequest) => assertAudience(request, audience)],
    config: { ...config, audience: audience.name },
  };
}

/** The audience's 403 unless the signed-in user is one of its account types. */
export function assertAudience(request: FastifyRequest, audience: Audience): void {
  if (!audience.types.includes(currentUser(request).type)) throw forbidden(audience.refusal);
}
