import { getEvents, getGates, getOpeningHours, getSectors, type Clock } from '@salon/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { route } from '../../lib/route';
import { parseFilters } from '../../lib/strapi-filters';
import { wholeList } from '../../lib/list-params';
import {
  listCurrentHalls,
  listEditions,
  listOpeningHours,
  listSectors,
  SECTOR_KINDS,
  type SectorKind,
} from './reference.service';

/**
 * Reference data of the information pages: editions (with their figures: the organiser's, or once
 * an edition is over and none were typed, its confirmed exhibitors and registered visitors),
 * opening hours, sectors, halls.
 */
export const referenceRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  route(app, getEvents, {}, async (request, reply) => {
    parseFilters(request.query.filters, []);
    // An edition after the current one is listed to the organisers and their preview only.
    const seen = await app.editionsSeen(request, reply);
    const editions = await listEditions(db, clock());
    const currentYear = editions.find((e) => e.current)?.year ?? Infinity;
    return wholeList(editions.filter((e) => e.current || e.year <= currentYear || seen(e.id)));
  });

  // `?year=2024`: that edition's days (an organiser's preview of it); else the current one's.
  route(app, getOpeningHours, {}, async (request, reply) => {
    const q = request.query;
    parseFilters(q.filters, []);
    return wholeList(await listOpeningHours(db, q.year, await app.editionsSeen(request, reply)));
  });

  route(app, getSectors, {}, async (request) => {
    let kind: SectorKind | undefined;
    for (const f of parseFilters(request.query.filters, ['kind'])) {
      if (f.op !== '$eq') throw badRequest(`Opérateur ${f.op} non pris en charge pour kind.`);
      if (!(SECTOR_KINDS as readonly unknown[]).includes(f.value)) {
        throw badRequest(`Type de secteur inconnu. Valeurs possibles : ${SECTOR_KINDS.join(', ')}.`);
      }
      kind = f.value as SectorKind;
    }
    return wholeList(await listSectors(db, kind));
  });

  route(app, getGates, {}, async (request) => {
    parseFilters(request.query.filters, []);
    return wholeList(await listCurrentHalls(db));
  });
};
