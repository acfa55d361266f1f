import { sql } from 'drizzle-orm';
import { DEMO_EDITION_ID, SECTOR_CHOICES } from '@salon/shared';
import type { Db, Tx } from '../client';
import * as t from '../schema';
import { ROLES } from './accounts';
import { CONFERENCES } from './content/conferences';
import { CURRENT_EVENT, HALLS, OPENING_HOURS, PAST_EDITIONS, SPEC_PAST_EDITIONS } from './content/editions';
import { PAGE_SECTORS, SECTOR_CHOICES_EN } from './content/sectors';

export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Instances starting together write this one after the other: one current edition at most.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('salon seed reference'))`);
    await tx
      .insert(t.roles)
      .values([...ROLES])
      .onConflictDoNothing();
    await tx
      .insert(t.editions)
      .values({ ...CURRENT_EVENT })
      .onConflictDoNothing();
    // A new install shows the 2024 edition; later, the current one is the organiser's choice.
    await tx
      .update(t.editions)
      .set({ current: true })
      .where(sql`${t.editions.id} = ${CURRENT_EVENT.id} and not exists (select 1 from ${t.editions} where current)`);
    await seedSpecPastEditions(tx);
    await tx
      .insert(t.halls)
      .values(HALLS.map((name, i) => ({ eventId: DEMO_EDITION_ID, name, position: i + 1 })))
      .onConflictDoNothing();
    await tx
      .insert(t.openingHours)
      .values(OPENING_HOURS.map((h) => ({ eventId: DEMO_EDITION_ID, ...h })))
      .onConflictDoNothing();
    await tx
      .insert(t.sectors)
      .values([
        ...PAGE_SECTORS.map((s, position) => ({ kind: 'page' as const, position, ...s })),
        ...SECTOR_CHOICES.map((name, position) => ({
          kind: 'choice' as const,
          position,
          name: { fr: name, en: SECTOR_CHOICES_EN[name] },
          description: { fr: null, en: null },
        })),
      ])
      .onConflictDoNothing();
    // Earlier versions wrote the French name in both columns: the English one replaces it.
    const english = sql.join(
      SECTOR_CHOICES.map((name) => sql`(${name}, ${SECTOR_CHOICES_EN[name]})`),
      sql`, `,
    );
    await tx.execute(sql`update ${t.sectors} set name = name || jsonb_build_object('en', v.en) from (values ${english}) as v(fr, en)
      where ${t.sectors.kind} = 'choice' and name ->> 'fr' = v.fr and name ->> 'en' = v.fr`);
    await tx
      .insert(t.conferences)
      .values(CONFERENCES.map((c) => ({ eventId: DEMO_EDITION_ID, ...c })))
      .onConflictDoNothing();
    await tx.insert(t.sib).values({ id: 1 }).onConflictDoNothing();
    // Nameless until the organiser fills it in: the pages then print no agency.
    await tx.insert(t.agence).values({ id: 1, name: '' }).onConflictDoNothing();
    // Empty: the pages print no venue, contact or tour the organiser did not set.
    await tx.insert(t.siteSettings).values({ id: 1 }).onConflictDoNothing();
  });
}

/**
 * The specification's editions before 2024, by year and figures, once per install (a run in
 * `seed_runs`): an organiser who deletes one does not see it come back. One whose id or number is
 * already taken (the organiser's own history) is left out.
 */
async function seedSpecPastEditions(tx: Tx): Promise<void> {
  const [run] = await tx.insert(t.seedRuns).values({ name: 'spec past editions' }).onConflictDoNothing().returning();
  if (!run) return;
  const taken = await tx.select({ id: t.editions.id, edition: t.editions.edition }).from(t.editions);
  const missing = SPEC_PAST_EDITIONS.filter((e) => !taken.some((row) => row.id === e.id || row.edition === e.edition));
  if (missing.length) await tx.insert(t.editions).values(missing);
}

/**
 * The demo's history before 2024 (PAST_EDITIONS): the specification's years and figures with
 * invented dates, cities and themes, written into the editions that have no dates yet. Also what
 * the API tests hang past registrations on.
 */
export async function seedPastEditions(db: Db | Tx): Promise<void> {
  await db
    .insert(t.editions)
    .values(PAST_EDITIONS.map((e) => ({ ...e })))
    .onConflictDoUpdate({
      target: t.editions.id,
      set: {
        startsOn: sql`excluded.starts_on`,
        endsOn: sql`excluded.ends_on`,
        city: sql`excluded.city`,
        theme: sql`excluded.theme`,
      },
      setWhere: sql`${t.editions.startsOn} is null and ${t.editions.year} = excluded.year`,
    });
}
