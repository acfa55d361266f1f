import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REGISTRATION_TYPES, type RegistrationType } from '@salon/shared';
import type { Db } from '../../db/client';
import { events, gates, registrations } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { assertQueryKeys, intValue, parseFilters } from '../../lib/query';
import { currentUser } from '../../plugins/auth';
import { listDirectory, namesDirectoryFilter, type DirectoryCache } from './directory.service';
import { sendJsonText, wholeList } from '../../lib/query-params';

const ALLOWED_FILTERS = ['event.id', 'user.id', 'type'] as const;

export const registrationsRoutes: FastifyPluginAsyncZod<{ db: Db; directoryCache: DirectoryCache }> = async (
  app,
  { db, directoryCache },
) => {
  /**
   * Without an Authorization header, `GET registrations` is the public exhibitor directory (it
   * then needs `filters[type]=exhibitor`, else 401): see domains/directory/directory.service.ts. A
   * signed-in client's directory call (the web app sends its bearer token on every call) is
   * told apart by `filters[user][company]`, a filter the signed-in mode does not accept.
   */
  const isDirectoryCall = (request: FastifyRequest) =>
    request.headers.authorization === undefined || namesDirectoryFilter(request.query as Record<string, unknown>);
  const authOrPublic = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isDirectoryCall(request)) await app.authenticate(request, reply);
  };

  /**
   * The signed-in user's own registrations. A `filters[user]` naming someone else narrows the
   * result to nothing: client filters never widen what the caller may see.
   */
  const listOptions = {
    schema: { tags: ['registrations'] },
    preHandler: authOrPublic,
    config: { audience: 'anyoneOrSignedIn' as const },
  };
  app.get('/registrations', listOptions, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    // The directory's answer is its JSON text, sent as it is. Answers are kept a few seconds, by
    // URL; refused queries are never kept.
    if (isDirectoryCall(request)) {
      return sendJsonText(reply, await directoryCache.load(request.url, () => listDirectory(db, query)));
    }
    assertQueryKeys(query, ['filters', 'populate', 'sort', 'pagination']);
    const user = currentUser(request);
    const where: SQL[] = [eq(registrations.userId, user.id)];
    for (const f of parseFilters(query.filters, ALLOWED_FILTERS)) {
      const values = f.op === '$in' ? [f.value].flat() : [f.value];
      if (f.op !== '$eq' && f.op !== '$in') throw badRequest(`Opérateur ${f.op} non pris en charge pour ${f.path}.`);
      switch (f.path) {
        case 'event.id':
          where.push(
            inArray(
              registrations.eventId,
              values.map((v) => intValue(v, f.path)),
            ),
          );
          break;
        case 'user.id':
          where.push(
            inArray(
              registrations.userId,
              values.map((v) => intValue(v, f.path)),
            ),
          );
          break;
        case 'type': {
          const types = values.map(String);
          if (!types.every((t): t is RegistrationType => (REGISTRATION_TYPES as readonly string[]).includes(t))) {
            throw badRequest(`Type d’inscription inconnu. Valeurs possibles : ${REGISTRATION_TYPES.join(', ')}.`);
          }
          where.push(inArray(registrations.type, types));
          break;
        }
      }
    }
    const rows = await db
      .select({ r: registrations, gate: gates, event: events })
      .from(registrations)
      .innerJoin(events, eq(events.id, registrations.eventId))
      .leftJoin(gates, eq(gates.id, registrations.gateId))
      .where(and(...where))
      .orderBy(registrations.id);
    const data = rows.map(({ r, gate, event }) => ({
      id: r.id,
      type: r.type,
      confirmed: r.confirmed,
      booth: r.booth,
      revoked: r.revokedAt !== null,
      event: { id: event.id, name: event.name, current: event.current },
      user: { id: r.userId },
      conference: r.conferenceId ? { id: r.conferenceId } : null,
      gate: gate ? { id: gate.id, name: gate.name } : null,
      createdAt: r.createdAt,
    }));
    return wholeList(data);
  });
};
