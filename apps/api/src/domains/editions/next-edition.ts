import { asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import { addDays, type nextEditionSchema } from '@salon/shared';
import type { Tx } from '../../db/client';
import {
  editions,
  exhibitorServices,
  halls,
  planFeatures,
  saleConditions,
  salesOffers,
  standClasses,
  stands,
} from '../../db/schema';
import { multilingualValue } from '../../db/multilingual';
import { badRequest, notFound } from '../../lib/errors';
import { readHours, setHoursToDates } from '../show/edition-days';

export type NextEdition = z.output<typeof nextEditionSchema>;

/**
 * 'Préparer l'édition suivante': the edition after `sourceId` (its number plus one, in the year it
 * starts), with the organiser's name, dates, city and theme. Its opening hours follow its dates
 * after the source's days; its halls, their outlines and their stands are the source's when asked,
 * with what they were sold as (decision 053). Its sale starts closed from the source's terms,
 * classes, conditions of sale and services, their days moved as the show moved. The programme starts empty and nothing personal is copied: registrations, scans, badges and
 * invitations belong to an edition. Sectors, partners, banners and the pages' texts are the
 * site's, not an edition's: they stay as they are. Answers the new edition's id.
 */
export async function prepareNextEdition(
  tx: Tx,
  sourceId: number,
  form: NextEdition,
  check: (values: { edition: number; year: number }) => Promise<void>,
): Promise<number> {
  // Editions have no serial: the next id after the last, one creation at a time.
  await tx.execute(sql`lock table ${editions} in share row exclusive mode`);
  const [source] = await tx
    .select({ edition: editions.edition, startsOn: editions.startsOn })
    .from(editions)
    .where(eq(editions.id, sourceId));
  if (!source) throw notFound('Édition introuvable.');
  // The next edition takes the number after this one's: from an edition whose next number is taken
  // (2017's, when 2024 exists), it would be refused as taken.
  const [later] = await tx
    .select({ id: editions.id })
    .from(editions)
    .where(eq(editions.edition, source.edition + 1))
    .limit(1);
  if (later) {
    throw badRequest('Une édition plus récente existe : préparez l’édition suivante depuis la dernière.', {
      errors: [{ path: ['body', 'edition'], message: 'notLatestEdition' }],
    });
  }
  const edition = source.edition + 1;
  const year = Number(form.startsOn.slice(0, 4));
  await check({ edition, year });
  const [last] = await tx.select({ id: sql<number>`coalesce(max(${editions.id}), 0)::int` }).from(editions);
  const id = (last?.id ?? 0) + 1;
  await tx.insert(editions).values({
    id,
    edition,
    year,
    name: form.name,
    startsOn: form.startsOn,
    endsOn: form.endsOn,
    city: form.city,
    theme: multilingualValue(form.theme),
  });
  await setHoursToDates(tx, id, form, await readHours(tx, sourceId));
  if (form.halls) await copyHalls(tx, sourceId, id);
  const moved = source.startsOn ? daysBetween(source.startsOn, form.startsOn) : 0;
  await copySale(tx, sourceId, id, moved);
  return id;
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

/**
 * The source's sale for edition `to`, ready to open: its terms (closed, no stands kept for
 * returning exhibitors yet, the balance's day moved by `days`), its stand classes and what each
 * copied stand is sold as, its conditions of sale in force (version 1 of the new edition), and its
 * services, their last day moved by `days`. Nothing sold is copied.
 */
async function copySale(tx: Tx, from: number, to: number, days: number): Promise<void> {
  const classes = await tx
    .select()
    .from(standClasses)
    .where(eq(standClasses.eventId, from))
    .orderBy(asc(standClasses.id));
  if (classes.length) {
    await tx
      .insert(standClasses)
      .values(classes.map(({ id: _id, eventId: _eventId, ...c }) => ({ ...c, eventId: to })));
    // Each copied stand sold as the class of the same name, with its area and corner.
    await tx.execute(sql`update ${stands} s set class_id = nc.id, area = old.area, corner = old.corner
      from ${stands} old
      join ${standClasses} oc on oc.id = old.class_id
      join ${standClasses} nc on nc.event_id = ${to} and (nc.name ->> 'fr') = (oc.name ->> 'fr')
      where s.event_id = ${to} and old.event_id = ${from} and lower(old.number) = lower(s.number)`);
  }
  const [offer] = await tx.select().from(salesOffers).where(eq(salesOffers.eventId, from));
  if (offer) {
    const { eventId: _eventId, updatedAt: _updatedAt, ...terms } = offer;
    await tx.insert(salesOffers).values({
      ...terms,
      eventId: to,
      open: false,
      priorityUntil: null,
      balanceDueOn: terms.balanceDueOn && addDays(terms.balanceDueOn, days),
    });
  }
  const [conditions] = await tx
    .select()
    .from(saleConditions)
    .where(eq(saleConditions.eventId, from))
    .orderBy(desc(saleConditions.version))
    .limit(1);
  if (conditions) await tx.insert(saleConditions).values({ eventId: to, version: 1, mediaId: conditions.mediaId });
  const services = await tx
    .select()
    .from(exhibitorServices)
    .where(eq(exhibitorServices.eventId, from))
    .orderBy(asc(exhibitorServices.id));
  if (services.length)
    await tx.insert(exhibitorServices).values(
      services.map(({ id: _id, eventId: _eventId, orderBy, ...s }) => ({
        ...s,
        eventId: to,
        orderBy: addDays(orderBy, days),
      })),
    );
}

/** The source's halls (names, order, outlines) and the stands and features drawn in them, for edition `to`. */
async function copyHalls(tx: Tx, from: number, to: number): Promise<void> {
  const hallRows = await tx.select().from(halls).where(eq(halls.eventId, from)).orderBy(asc(halls.id));
  for (const hall of hallRows) {
    const [copy] = await tx
      .insert(halls)
      .values({
        eventId: to,
        name: hall.name,
        position: hall.position,
        planWidth: hall.planWidth,
        planHeight: hall.planHeight,
      })
      .returning({ id: halls.id });
    await tx.execute(sql`insert into ${stands} (event_id, gate_id, number, x, y, width, height)
      select ${to}, ${copy!.id}, number, x, y, width, height from ${stands} where gate_id = ${hall.id}`);
    await tx.execute(sql`insert into ${planFeatures} (event_id, gate_id, kind, label, x, y, width, height)
      select ${to}, ${copy!.id}, kind, label, x, y, width, height from ${planFeatures} where gate_id = ${hall.id}
      order by id`);
  }
}
