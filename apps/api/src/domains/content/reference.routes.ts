import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { showDay } from '@salon/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { events, gates, openingHours, registrations, sectors } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { badRequest } from '../../lib/errors';
import { assertQueryKeys, parseFilters } from '../../lib/query';
import { wholeList } from '../../lib/query-params';
import { currentEdition, editionOfQuery } from '../show/current-edition';
import { editionColumns } from '../show/edition';

const SECTOR_KINDS = ['page', 'choice'] as const;
type SectorKind = (typeof SECTOR_KINDS)[number];

/** PostgreSQL's `time` reads as 'HH:MM:SS'; the product prints 'HH:MM'. */
const hhmm = (time: string) => time.slice(0, 5);

/**
 * Reference data of the information pages: editions (with their figures: the organiser's, or once
 * an edition is over and none were typed, its confirmed exhibitors and registered visitors),
 * opening hours, sectors, halls.
 */
export const referenceRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  const tags = ['reference'];

  app.get('/events', { schema: { tags } }, async (request) => {
    const q = request.query as Record<string, unknown>;
    assertQueryKeys(q, ['filters']);
    parseFilters(q.filters, []);
    // An edition over, whose figures the organiser left empty, shows those of its registrations.
    // ("events"."id" written out: drizzle leaves a one-table query's columns bare, and a bare "id"
    // in the subquery would be the registration's.)
    const over = sql`${events.endsOn} < ${showDay(clock())}::date`;
    const counted = (figure: typeof events.exhibitors | typeof events.visitors, who: SQL) =>
      sql<number | null>`coalesce(${figure}, case when ${over} then nullif((select count(*)::int from ${registrations} r
        where r.event_id = "events"."id" and r.conference_id is null and r.revoked_at is null and ${who}), 0) end)`;
    const rows = await db
      .select({
        ...editionColumns,
        exhibitors: counted(events.exhibitors, sql`r.type = 'exhibitor' and r.confirmed`),
        visitors: counted(events.visitors, sql`r.type = 'visitor'`),
        current: events.current,
      })
      .from(events)
      .orderBy(asc(events.year), asc(events.startsOn), asc(events.id));
    return wholeList(rows);
  });

  // `?year=2024`: that edition's days (an organiser's preview of it); else the current one's.
  app.get('/opening-hours', { schema: { tags } }, async (request) => {
    const q = request.query as Record<string, unknown>;
    assertQueryKeys(q, ['filters', 'year']);
    parseFilters(q.filters, []);
    const rows = await db
      .select()
      .from(openingHours)
      .where(eq(openingHours.eventId, await editionOfQuery(db, q.year)))
      .orderBy(openingHours.day);
    return wholeList(rows.map((h) => ({ day: h.day, opensAt: hhmm(h.opensAt), closesAt: hhmm(h.closesAt) })));
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
    return wholeList(rows);
  });

  app.get('/gates', { schema: { tags } }, async (request) => {
    const q = request.query as Record<string, unknown>;
    assertQueryKeys(q, ['filters']);
    parseFilters(q.filters, []);
    const rows = await db
      .select({ id: gates.id, name: gates.name, position: gates.position })
      .from(gates)
      .where(eq(gates.eventId, currentEdition))
      .orderBy(asc(gates.position), asc(gates.id));
    return wholeList(rows);
  });
};
