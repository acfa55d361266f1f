import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getGateRoster, postCheckins, type Clock } from '@salon/shared';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import type { BadgeSigner } from '../badges/badge-token';
import { loadRoster, recordCheckins } from './gate.service';

/**
 * The gate devices: the roster they keep to decide offline (`GET gate/roster`, whole or since a
 * cursor) and the check-ins they send back (`POST checkins`, idempotent by the device's ids).
 * Controllers and organisers only (the calls' audience).
 */
export const gateRoutes: FastifyPluginAsyncZod<{ db: Db; signer: BadgeSigner; clock: Clock }> = async (
  app,
  { db, signer, clock },
) => {
  route(app, getGateRoster, {}, async (request, reply) => {
    const { since } = request.query;
    if (since !== undefined && (typeof since !== 'string' || Number.isNaN(Date.parse(since)))) {
      throw badRequest('Paramètre since attendu : une date ISO 8601.');
    }
    reply.header('cache-control', 'private, no-store');
    return { data: await loadRoster(db, signer, clock(), since), meta: {} };
  });

  route(app, postCheckins, {}, async (request) => ({
    data: await recordCheckins(
      db,
      (badge) => signer.verify(badge),
      currentUser(request),
      request.body.checkins,
      clock(),
    ),
    meta: {},
  }));
};
