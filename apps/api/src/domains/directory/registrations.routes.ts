import { getDirectoryFacets, getRegistrations } from '@salon/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { assertQueryKeys } from '../../lib/request-inputs';
import { route } from '../../lib/route';
import { sendJsonText, wholeList } from '../../lib/list-params';
import { ownRegistrations } from './registrations.service';
import { currentUser } from '../../plugins/auth';
import { listDirectory, namesDirectoryFilter, type DirectoryCache } from './directory.service';
import { directoryFacets } from './directory-facets.service';
import { editionNamedByYear, isUpcoming } from '../show/current-edition';

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
    request.headers.authorization === undefined || namesDirectoryFilter(request.query);
  const authOrPublic = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isDirectoryCall(request)) await app.authenticate(request, reply);
  };

  /**
   * The signed-in user's own registrations. A `filters[user]` naming someone else narrows the
   * result to nothing: client filters never widen what the caller may see.
   */
  route(app, getRegistrations, { preHandler: authOrPublic }, async (request, reply) => {
    const { query } = request;
    // The directory's answer is its JSON text, sent as it is. Answers are kept a few seconds, by
    // URL; refused queries are never kept.
    if (isDirectoryCall(request)) {
      return sendJsonText(reply, await directoryCache.load(request.url, () => listDirectory(db, query)));
    }
    assertQueryKeys(query, ['filters', 'populate', 'sort', 'pagination']);
    const user = currentUser(request);
    const data = await ownRegistrations(db, user.id, query.filters);
    return wholeList(data);
  });

  /**
   * How many exhibitors each hall, sector and letter of the directory's pickers holds, for the
   * current edition, the one `event` names (an organiser's preview) or the one of `year` (a
   * /plan-<year> page's sector picker; a year no edition holds is a 404). Kept with the
   * directory's answers, and cleared with them.
   */
  route(app, getDirectoryFacets, {}, async (request, reply) => {
    const seen = await app.editionsSeen(request, reply);
    const event = (await editionNamedByYear(db, request.query.year, seen))?.id ?? request.query.event ?? null;
    if (event !== null && (await isUpcoming(db, event)) && !seen(event)) throw notFound('Édition introuvable.');
    const text = await directoryCache.load(`facets:${event}`, async () =>
      JSON.stringify({ data: await directoryFacets(db, event), meta: {} }),
    );
    return sendJsonText(reply, text);
  });
};
