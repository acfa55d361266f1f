import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { type PlanHallLayout } from '@salon/shared';
import { queryRows, type Db, type Tx } from '../../db/client';
import { exhibitorPages, planFeatures, registrations, sectors, users } from '../../db/schema';
import { exhibitorOf, listedExhibitorOf } from '../directory/directory.service';
import { currentEdition } from '../show/current-edition';

/** What a stand number and an exhibitor's `booth` are matched on: the text, case aside. */
const standKey = (text: unknown) => sql`lower(${text})`;

/**
 * The exhibitors of `edition` on the stand `number`, over `registrations` joined to `users`: the
 * back-office's, confirmed or not (the public plan counts those the directory lists).
 */
export const onStand = (number: SQL, edition: SQLWrapper): SQL =>
  and(exhibitorOf(edition), sql`${standKey(registrations.booth)} = ${standKey(number)}`)!;

/** A feature of a hall as the plan and its checks read it: its hall, kind, label and rectangle. */
export const planFeatureColumns = {
  gateId: planFeatures.gateId,
  kind: planFeatures.kind,
  label: planFeatures.label,
  x: planFeatures.x,
  y: planFeatures.y,
  width: planFeatures.width,
  height: planFeatures.height,
};

/** Stand numbers in the order visitors count them: 'B-2' before 'B-10'. */
const byNumber = new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });

/**
 * The floor plan of an edition (the current one unless named): every hall that has an outline, in the site's order, with its
 * stands and its features. A stand is held by the exhibitors the directory lists whose stand number is its own
 * (case aside); nothing else of theirs leaves the server.
 */
export async function readFloorPlan(db: Db | Tx, edition: SQLWrapper = currentEdition): Promise<PlanHallLayout[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    plan_width: number;
    plan_height: number;
    number: string | null;
    x: number;
    y: number;
    width: number;
    height: number;
    companies: string[] | null;
    holders: number[] | null;
    sectors: number[] | null;
  }>(
    db,
    // The exhibitors are read once, grouped by stand, rather than once for every stand.
    sql`with held as (
        select ${standKey(registrations.booth)} as stand,
               array_agg(${users.company} order by lower(${users.company})) as companies,
               array_agg(${users.id} order by lower(${users.company})) as holders
          from ${registrations} join ${users} on ${users.id} = ${registrations.userId}
         where ${listedExhibitorOf(edition)} and ${registrations.booth} is not null
         group by 1),
      -- The show's sectors of the stand's exhibitors, as the directory's sector filter reads them.
      sectors_held as (
        select ${standKey(registrations.booth)} as stand, array_agg(distinct sec.id order by sec.id) as sectors
          from ${registrations} join ${users} on ${users.id} = ${registrations.userId}
          join ${sectors} sec on sec.kind = 'choice' and (sec.name ->> 'fr' = ${users.secteurActivite}
            or exists (select 1 from ${exhibitorPages} p where p.user_id = ${users.id} and sec.id = any(p.sector_ids)))
         where ${listedExhibitorOf(edition)} and ${registrations.booth} is not null
         group by 1)
      select g.id, g.name, g.plan_width, g.plan_height, s.number, s.x, s.y, s.width, s.height, held.companies,
             held.holders, sectors_held.sectors
        from gates g left join stands s on s.gate_id = g.id
        left join held on held.stand = ${standKey(sql`s.number`)}
        left join sectors_held on sectors_held.stand = ${standKey(sql`s.number`)}
       where g.event_id = ${edition} and g.plan_width is not null and g.plan_height is not null
       order by g.position, g.id`,
  );
  const halls = new Map<number, PlanHallLayout>();
  for (const r of rows) {
    let hall = halls.get(r.id);
    if (!hall) {
      hall = { id: r.id, name: r.name, width: r.plan_width, height: r.plan_height, stands: [], features: [] };
      halls.set(r.id, hall);
    }
    if (r.number === null) continue;
    hall.stands.push({
      number: r.number,
      x: r.x,
      y: r.y,
      width: r.width,
      height: r.height,
      companies: r.companies ?? [],
      holders: r.holders ?? [],
      sectors: r.sectors ?? [],
    });
  }
  for (const hall of halls.values()) hall.stands.sort((a, b) => byNumber.compare(a.number, b.number));
  // Entrances, aisles, services and the forum’s room, in the order they were made.
  const features = await db
    .select(planFeatureColumns)
    .from(planFeatures)
    .where(eq(planFeatures.eventId, edition))
    .orderBy(asc(planFeatures.id));
  for (const { gateId, ...feature } of features) halls.get(gateId)?.features.push(feature);
  return [...halls.values()];
}
