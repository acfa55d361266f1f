import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { nextEditionSchema } from '@salon/shared';
import type { Tx } from '../../db/client';
import { editions, halls, planFeatures, stands } from '../../db/schema';
import { multilingualValue } from '../../db/multilingual';
import { badRequest, notFound } from '../../lib/errors';
import { readHours, setHoursToDates } from '../show/edition-days';

export type NextEdition = z.output<typeof nextEditionSchema>;

/**
 * 'Préparer l'édition suivante': the edition after `sourceId` (its number plus one, in the year it
 * starts), with the organiser's name, dates, city and theme. Its opening hours follow its dates
 * after the source's days; its halls, their outlines and their stands are the source's when asked.
 * The programme starts empty and nothing personal is copied: registrations, scans, badges and
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
  const [source] = await tx.select({ edition: editions.edition }).from(editions).where(eq(editions.id, sourceId));
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
  return id;
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
