import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { exhibitorPages, halls, registrations, sectors } from '../../db/schema';
import { call, createTestApp, type TestContext } from '../../../test/helper';
import { createExhibitor } from '../../../test/fixtures';

/** The directory's pickers: a hall, a sector of the show's list, a letter of the A–Z, and their counts. */

let ctx: TestContext;
let hallA: { id: number; name: string };
let hallB: { id: number; name: string };
let sectorA: { id: number; name: { fr?: string } };
let sectorB: { id: number; name: { fr?: string } };
const tag = `Zq${Date.now().toString(36)}`;

beforeAll(async () => {
  ctx = await createTestApp();
  const hallRows = await ctx.db.select().from(halls).where(eq(halls.eventId, DEMO_EDITION_ID)).limit(2);
  const choices = await ctx.db.select().from(sectors).where(eq(sectors.kind, 'choice')).limit(2);
  [hallA, hallB] = [hallRows[0]!, hallRows[1]!];
  [sectorA, sectorB] = [choices[0]!, choices[1]!];
  // Four exhibitors of this file, named with its tag so that a company search keeps them apart.
  const one = await createExhibitor(ctx.db, { company: `Éco ${tag} Bâti`, secteurActivite: sectorA!.name.fr! });
  const two = await createExhibitor(ctx.db, { company: `Eau ${tag} Services`, secteurActivite: 'Autre' });
  await ctx.db.insert(exhibitorPages).values({ userId: two.user.id, sectorIds: [sectorB!.id, sectorA!.id] });
  await createExhibitor(ctx.db, { company: `Acier ${tag}`, secteurActivite: sectorB!.name.fr! });
  const four = await createExhibitor(ctx.db, { company: `Zinc ${tag}`, secteurActivite: null });
  for (const [exhibitor, hall] of [
    [one, hallA],
    [two, hallB],
    [four, hallB],
  ] as const) {
    await ctx.db.update(registrations).set({ gateId: hall.id }).where(eq(registrations.id, exhibitor.registration.id));
  }
});
afterAll(() => ctx.close());

const BASE = 'registrations?filters[type]=exhibitor&filters[user][company][$containsi]=';
async function companies(filters: string): Promise<string[]> {
  const res = await call(ctx.app, 'GET', `${BASE}${tag}${filters}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { user: { company: string } }[] }>().data.map((e) => e.user.company);
}

describe('the directory’s pickers', () => {
  it('a hall lists that hall’s exhibitors only', async () => {
    expect(await companies(`&filters[gate][id]=${hallB!.id}`)).toEqual([`Eau ${tag} Services`, `Zinc ${tag}`]);
    expect(await companies(`&filters[gate][id][$eq]=${hallA!.id}`)).toContain(`Éco ${tag} Bâti`);
  });

  it('a sector lists the exhibitors that chose it on their page or whose account gives it', async () => {
    expect(await companies(`&filters[sectors][id]=${sectorA!.id}`)).toEqual([`Eau ${tag} Services`, `Éco ${tag} Bâti`]);
    expect(await companies(`&filters[sectors][id]=${sectorB!.id}`)).toEqual([`Acier ${tag}`, `Eau ${tag} Services`]);
    expect(await companies('&filters[sectors][id]=999999')).toEqual([]);
  });

  it('a letter lists the companies filed under it, accents aside, and narrows the other filters', async () => {
    expect(await companies('&filters[user][company][$startsWithi]=e')).toEqual([
      `Eau ${tag} Services`,
      `Éco ${tag} Bâti`,
    ]);
    expect(await companies('&filters[user][company][$startsWithi]=Z')).toEqual([`Zinc ${tag}`]);
    expect(
      await companies(
        `&filters[user][company][$startsWithi]=e&filters[gate][id]=${hallA!.id}&filters[sectors][id]=${sectorA!.id}`,
      ),
    ).toEqual([`Éco ${tag} Bâti`]);
  });

  it('refuses a letter that is not one of A to Z, and a hall or sector that is not an id', async () => {
    for (const filters of [
      '&filters[user][company][$startsWithi]=1',
      '&filters[user][company][$startsWithi]=ab',
      '&filters[gate][id]=hall',
      '&filters[gate][id][$ne]=1',
      '&filters[sectors][id][$in][0]=1',
    ]) {
      const res = await call(ctx.app, 'GET', `${BASE}${tag}${filters}`);
      expect(res.statusCode, filters).toBe(400);
    }
  });

  it('count each hall, sector and letter as the filters find them', async () => {
    const res = await call(ctx.app, 'GET', 'directory/facets');
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{
      data: {
        total: number;
        halls: { id: number; count: number }[];
        sectors: { id: number; count: number }[];
        letters: { letter: string; count: number }[];
      };
    }>();
    const all = async (filters: string) =>
      (await call(ctx.app, 'GET', `registrations?filters[type]=exhibitor${filters}`)).json<{
        meta: { pagination: { total: number } };
      }>().meta.pagination.total;
    expect(data.total).toBe(await all(''));
    for (const hall of data.halls) expect(hall.count).toBe(await all(`&filters[gate][id]=${hall.id}`));
    for (const sector of data.sectors) expect(sector.count).toBe(await all(`&filters[sectors][id]=${sector.id}`));
    for (const { letter, count } of data.letters) {
      expect(count, letter).toBe(await all(`&filters[user][company][$startsWithi]=${letter}`));
    }
    expect(data.letters.map((l) => l.letter).join('')).toBe('abcdefghijklmnopqrstuvwxyz');
    expect((await call(ctx.app, 'GET', 'directory/facets?event=abc')).statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', 'directory/facets?other=1')).statusCode).toBe(400);
  });

  it('count the exhibitors of the edition a year names, for the sector picker of that year’s plan', async () => {
    const sectorsOf = async (query: string) =>
      (await call(ctx.app, 'GET', `directory/facets${query}`)).json<{
        data: { total: number; sectors: { id: number; count: number }[] };
      }>().data;
    const current = await sectorsOf('');
    expect(await sectorsOf('?year=2024')).toEqual(current);
    expect(current.sectors.find((s) => s.id === sectorA.id)!.count).toBeGreaterThan(0);
    // 2017's edition, one of the past editions, had no exhibitor on this site.
    const past = await sectorsOf('?year=2017');
    expect(past.total).toBe(0);
    expect(past.sectors.map((s) => s.count)).toEqual(current.sectors.map(() => 0));
    expect((await call(ctx.app, 'GET', 'directory/facets?year=1999')).statusCode).toBe(404);
  });
});
