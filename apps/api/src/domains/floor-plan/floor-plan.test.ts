import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, type PlanHallLayout } from '@salon/shared';
import { exhibitorPages, halls, planFeatures, registrations, sectors, stands, users } from '../../db/schema';
import { createExhibitor } from '../../../test/fixtures';
import { call, createTestApp, type TestContext } from '../../../test/helper';

/** The public floor plan behind plan-2024: halls with a size, their stands, who holds each one. */

let ctx: TestContext;
beforeAll(async () => {
  // Each test draws its own hall: the plan is read anew, not kept.
  ctx = await createTestApp({ DIRECTORY_CACHE_SECONDS: '0' });
});
afterAll(() => ctx.close());

const plan = async (query = '') => {
  const res = await call(ctx.app, 'GET', `floor-plan${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { halls: PlanHallLayout[] } }>().data.halls;
};

describe('The public floor plan', () => {
  it('draws the halls that have a size, their stands in number order, each with its companies and nothing else', async () => {
    const [hall] = await ctx.db
      .insert(halls)
      .values({ eventId: DEMO_EDITION_ID, name: 'Hall Public', position: 50, planWidth: 40, planHeight: 20 })
      .returning();
    await ctx.db.insert(halls).values({ eventId: DEMO_EDITION_ID, name: 'Hall sans plan', position: 51 });
    const stand = (number: string, x: number) => ({
      eventId: DEMO_EDITION_ID,
      gateId: hall!.id,
      number,
      x,
      y: 0,
      width: 4,
      height: 3,
    });
    await ctx.db.insert(stands).values([stand('P-10', 12), stand('P-2', 4), stand('P-1', 0)]);
    const held = await createExhibitor(ctx.db, { company: 'Zellige Public', booth: 'p-2' });
    const cohost = await createExhibitor(ctx.db, { company: 'Atlas Public', booth: 'P-2' });
    // Neither an unconfirmed exhibitor, nor an erased one, nor one whose badge was revoked shows:
    // the plan holds whom the directory lists.
    const pending = await createExhibitor(ctx.db, { company: 'En Attente SARL', booth: 'P-10' });
    await ctx.db.update(registrations).set({ confirmed: false }).where(eq(registrations.id, pending.registration.id));
    const erased = await createExhibitor(ctx.db, { company: 'Effacée SA', booth: 'P-1' });
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, erased.user.id));
    const revoked = await createExhibitor(ctx.db, { company: 'Révoquée SARL', booth: 'P-10' });
    await ctx.db
      .update(registrations)
      .set({ revokedAt: new Date() })
      .where(eq(registrations.id, revoked.registration.id));

    const planHalls = await plan();
    expect(planHalls.map((h) => h.name)).not.toContain('Hall sans plan');
    const drawn = planHalls.find((h) => h.id === hall!.id);
    expect(drawn).toEqual({
      id: hall!.id,
      name: 'Hall Public',
      width: 40,
      height: 20,
      stands: [
        { number: 'P-1', x: 0, y: 0, width: 4, height: 3, companies: [], holders: [], sectors: [] },
        {
          number: 'P-2',
          x: 4,
          y: 0,
          width: 4,
          height: 3,
          companies: [cohost.user.company, held.user.company],
          holders: [cohost.user.id, held.user.id],
          sectors: [],
        },
        { number: 'P-10', x: 12, y: 0, width: 4, height: 3, companies: [], holders: [], sectors: [] },
      ],
      features: [],
    });
  });

  it('draws each hall’s features, its entrances, aisles, services and forum room, and nothing else of them', async () => {
    const [hall] = await ctx.db
      .insert(halls)
      .values({ eventId: DEMO_EDITION_ID, name: 'Hall Services', position: 52, planWidth: 30, planHeight: 20 })
      .returning();
    const feature = { eventId: DEMO_EDITION_ID, gateId: hall!.id, x: 0, y: 8, width: 30, height: 4 };
    await ctx.db.insert(planFeatures).values([
      { ...feature, kind: 'aisle' },
      { ...feature, kind: 'forum', label: 'Salle du forum', x: 10, y: 12, width: 10, height: 8 },
    ]);
    // The 2024 plan by its year: the current edition's answer is still kept from the test above.
    expect((await plan('?year=2024')).find((h) => h.id === hall!.id)).toEqual({
      id: hall!.id,
      name: 'Hall Services',
      width: 30,
      height: 20,
      stands: [],
      features: [
        { kind: 'aisle', label: null, x: 0, y: 8, width: 30, height: 4 },
        { kind: 'forum', label: 'Salle du forum', x: 10, y: 12, width: 10, height: 8 },
      ],
    });
  });

  it('gives each stand the show’s sectors of its exhibitors: chosen on their page or given by their account', async () => {
    const [hall] = await ctx.db
      .insert(halls)
      .values({ eventId: DEMO_EDITION_ID, name: 'Hall Secteurs', position: 52, planWidth: 40, planHeight: 20 })
      .returning();
    const choices = await ctx.db.select().from(sectors).where(eq(sectors.kind, 'choice')).orderBy(sectors.id).limit(3);
    const [first, second, third] = choices;
    await ctx.db.insert(stands).values([
      { eventId: DEMO_EDITION_ID, gateId: hall!.id, number: 'S-1', x: 0, y: 0, width: 4, height: 3 },
      { eventId: DEMO_EDITION_ID, gateId: hall!.id, number: 'S-2', x: 5, y: 0, width: 4, height: 3 },
    ]);
    const chosen = await createExhibitor(ctx.db, {
      company: 'Secteurs Choisis',
      booth: 'S-1',
      secteurActivite: first!.name.fr,
    });
    await ctx.db.insert(exhibitorPages).values({ userId: chosen.user.id, sectorIds: [third!.id, second!.id] });
    await createExhibitor(ctx.db, { company: 'Sans Secteur', booth: 'S-2', secteurActivite: 'Autre chose' });
    const drawn = (await plan()).find((h) => h.id === hall!.id)!;
    expect(drawn.stands.map((s) => [s.number, s.sectors])).toEqual([
      ['S-1', [first!.id, second!.id, third!.id].sort((a, b) => a - b)],
      ['S-2', []],
    ]);
  });

  it('refuses a query it does not know', async () => {
    expect((await call(ctx.app, 'GET', 'floor-plan?populate=*')).statusCode).toBe(400);
  });
});
