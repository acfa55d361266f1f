import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EVENT_ID } from '@salon/shared';
import type { Db } from '../db/client';
import { events, gates, openingHours, sectors } from '../db/schema';
import { badRequest } from '../lib/errors';
import { assertQueryKeys, parseFilters } from '../lib/query';

const SECTOR_KINDS = ['page', 'choice'] as const;
type SectorKind = (typeof SECTOR_KINDS)[number];

/** PostgreSQL's `time` reads as 'HH:MM:SS'; the product prints 'HH:MM'. */
const hhmm = (time: string) => time.slice(0, 5);

const whole = <T>(data: T[]) => ({
  data,
  meta: { pagination: { page: 1, pageSize: data.length, pageCount: 1, total: data.length } },
});

/** Reference data of the information pages: editions, opening hours, sectors, halls. */
export const referenceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['reference'];

  app.get('/events', { schema: { tags } }, async (request) => {
    const q = request.query as Record<string, unknown>;
    assertQueryKeys(q, ['filters']);
    parseFilters(q.filters, []);
    const rows = await db.select().from(events).orderBy(asc(events.startsOn), asc(events.id));
    return whole(
      rows.map((e) => ({
        id: e.id,
        edition: e.edition,
        name: e.name,
        startsOn: e.startsOn,
        endsOn: e.endsOn,
        city: e.city,
        theme: e.theme,
        exhibitors: e.exhibitors,
        visitors: e.visitors,
      })),
    );
  });

  app.get('/opening-hours', { schema: { tags } }, async (request) => {
    const q = request.query as Record<string, unknown>;
    assertQueryKeys(q, ['filters']);
    parseFilters(q.filters, []);
    const rows = await db
      .select()
      .from(openingHours)
      .where(eq(openingHours.eventId, EVENT_ID))
      .orderBy(openingHours.day);
    return whole(rows.map((h) => ({ day: h.day, opensAt: hhmm(h.opensAt), closesAt: hhmm(h.closesAt) })));
  });

  app.get('/sectors', { schema: { tags } }, async (request) => {
    const q = request.query as Record<string, unknown>;
    assertQueryKeys(q, ['filters']);
    let kind: SectorKind | undefined;
    for (const f of parseFilters(q.filters, ['kind'])) {
      if (f.op !== '$eq') throw badRequest(`Opérateur ${f.op} non pris en charge pour kind.`);
      if (!(SECTOR_KINDS as readonly unknown[]).includes(f.value)) {
        throw badRequest(`Type de secteur inconnu. Valeurs possibles : ${SECTOR_KINDS.join(', ')}.`);
      }
      kind = f.value as SectorKind;
    }
    const rows = await db
      .select()
      .from(sectors)
      .where(kind ? eq(sectors.kind, kind) : undefined)
      .orderBy(asc(sectors.kind), asc(sectors.position), asc(sectors.id));
    return whole(
      rows.map((s) => ({
        id: s.id,
        kind: s.kind,
        position: s.position,
        nameFr: s.nameFr,
        nameEn: s.nameEn,
        descriptionFr: s.descriptionFr,
        descriptionEn: s.descriptionEn,
      })),
    );
  });

  app.get('/gates', { schema: { tags } }, async (request) => {
    const q = request.query as Record<string, unknown>;
    assertQueryKeys(q, ['filters']);
    parseFilters(q.filters, []);
    const rows = await db
      .select({ id: gates.id, name: gates.name, position: gates.position })
      .from(gates)
      .where(eq(gates.eventId, EVENT_ID))
      .orderBy(asc(gates.position), asc(gates.id));
    return whole(rows);
  });
};
