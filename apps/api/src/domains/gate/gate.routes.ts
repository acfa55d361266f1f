import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkinBatchSchema, checkinResultsSchema, gateRosterSchema, type Clock } from '@salon/shared';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { assertQueryKeys, parseFormBody } from '../../lib/request-inputs';
import { AUDIENCES, currentUser, only } from '../../plugins/auth';
import type { BadgeSigner } from '../badges/badge-token';
import { loadRoster, recordCheckins } from './gate.service';

/**
 * The gate devices: the roster they keep to decide offline (`GET gate/roster`, whole or since a
 * cursor) and the check-ins they send back (`POST checkins`, idempotent by the device's ids).
 * Controllers and organisers only.
 */
export const gateRoutes: FastifyPluginAsyncZod<{ db: Db; signer: BadgeSigner; clock: Clock }> = async (
  app,
  { db, signer, clock },
) => {
  const tags = ['gate'];
  // The gates are the controllers' and the organisers'.
  const gateStaff = only(app, AUDIENCES.gateStaff);

  app.get(
    '/gate/roster',
    { schema: { tags, response: { 200: gateRosterSchema } }, ...gateStaff },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      assertQueryKeys(query, ['since']);
      const { since } = query;
      if (since !== undefined && (typeof since !== 'string' || Number.isNaN(Date.parse(since)))) {
        throw badRequest('Paramètre since attendu : une date ISO 8601.');
      }
      reply.header('cache-control', 'private, no-store');
      return { data: await loadRoster(db, signer, clock(), since), meta: {} };
    },
  );

  app.post(
    '/checkins',
    { schema: { tags, response: { 200: checkinResultsSchema } }, ...gateStaff },
    async (request) => {
      const user = currentUser(request);
      const batch = parseFormBody(checkinBatchSchema, request.body);
      return {
        data: await recordCheckins(db, (badge) => signer.verify(badge), user, batch.checkins, clock()),
        meta: {},
      };
    },
  );
};
