import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, SECTOR_CHOICES } from '@salon/shared';
import { eq, sql } from 'drizzle-orm';
import { editions, halls, registrations, sectors } from '../../db/schema';
import { seedReference } from '../../db/seed';
import { call, createExhibitor, createTestApp, createVisitor, type TestContext } from '../../../test/helper';

interface ListBody<T> {
  data: T[];
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } };
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function list<T>(url: string): Promise<ListBody<T>> {
  const res = await call(ctx.app, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListBody<T>>();
}
async function refusal(url: string) {
  const res = await call(ctx.app, 'GET', url);
  expect(res.statusCode, res.body).toBe(400);
  return res.json<{ error: { message: string } }>().error.message;
}

describe('GET events', () => {
  it('lists every edition by start date, with dates as YYYY-MM-DD', async () => {
    const body = await list<Record<string, unknown>>('events');
    expect(body.data.map((e) => e.edition)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(body.data.at(-1)).toEqual({
      id: DEMO_EDITION_ID,
      edition: 6,
      name: '6e édition du Salon',
      year: 2024,
      startsOn: '2024-05-29',
      endsOn: '2024-06-01',
      city: 'Marrakech',
      theme: { fr: 'Construire le Maroc de demain : Horizon 2030', en: "Building tomorrow's Morocco: Horizon 2030" },
      exhibitors: 300,
      visitors: 60000,
      current: true,
    });
    expect(body.data.filter((e) => e.current).map((e) => e.id)).toEqual([DEMO_EDITION_ID]);
    expect(body.data[1]).toMatchObject({ startsOn: '2006-05-17', exhibitors: 200, visitors: 25000 });
    expect(body.meta.pagination.total).toBe(6);
  });

  it('refuses filters', async () => {
    expect(await refusal('events?filters[city]=Marrakech')).toBe('Filtre non autorisé : filters[city].');
  });

  it('gives an edition that is over, without the organiser’s figures, those of its registrations; typed figures come first, and one not over has none', async () => {
    const figures = async () =>
      Object.fromEntries(
        (await list<{ year: number; exhibitors: number | null; visitors: number | null }>('events')).data.map((e) => [
          e.year,
          [e.exhibitors, e.visitors],
        ]),
      );
    // 2024, over on today's clock: two confirmed exhibitors (a pending and a revoked one left out), three visitors.
    const confirmed = [await createExhibitor(ctx.db), await createExhibitor(ctx.db)];
    const pending = await createExhibitor(ctx.db);
    const revoked = await createExhibitor(ctx.db);
    await ctx.db.update(registrations).set({ confirmed: false }).where(eq(registrations.id, pending.registration.id));
    await ctx.db
      .update(registrations)
      .set({ revokedAt: new Date() })
      .where(eq(registrations.id, revoked.registration.id));
    for (let i = 0; i < 3; i++) await createVisitor(ctx.db);
    expect(confirmed).toHaveLength(2);
    expect((await figures())[2024]).toEqual([300, 60000]);
    await ctx.db.update(editions).set({ exhibitors: null, visitors: null }).where(eq(editions.id, DEMO_EDITION_ID));
    expect((await figures())[2024]).toEqual([2, 3]);
    // The same edition, not over yet: no figure to give.
    await ctx.db
      .update(editions)
      .set({ startsOn: '2099-05-29', endsOn: '2099-06-01', year: 2099 })
      .where(eq(editions.id, DEMO_EDITION_ID));
    expect((await figures())[2099]).toEqual([null, null]);
    await ctx.db
      .update(editions)
      .set({ startsOn: '2024-05-29', endsOn: '2024-06-01', year: 2024, exhibitors: 300, visitors: 60000 })
      .where(eq(editions.id, DEMO_EDITION_ID));
  });
});

describe('GET opening-hours', () => {
  it('gives the four show days of the 2024 edition with HH:MM times', async () => {
    const body = await list('opening-hours');
    expect(body.data).toEqual([
      { day: '2024-05-29', opensAt: '09:00', closesAt: '19:00' },
      { day: '2024-05-30', opensAt: '09:00', closesAt: '19:00' },
      { day: '2024-05-31', opensAt: '09:00', closesAt: '19:30' },
      { day: '2024-06-01', opensAt: '09:00', closesAt: '18:00' },
    ]);
  });
});

describe('GET sectors', () => {
  interface SectorView {
    id: number;
    kind: string;
    position: number;
    name: Record<string, string | null>;
    description: Record<string, string | null>;
    nameFr: string;
    nameEn: string;
    descriptionFr: string | null;
    descriptionEn: string | null;
  }

  it('gives the sectors page with descriptions, by position', async () => {
    const body = await list<SectorView>('sectors?filters[kind]=page');
    expect(body.data.length).toBeGreaterThanOrEqual(17);
    expect(body.data.every((s) => s.kind === 'page' && s.descriptionFr && s.descriptionEn)).toBe(true);
    const positions = body.data.map((s) => s.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(Object.keys(body.data[0]!).sort()).toEqual(
      ['description', 'descriptionEn', 'descriptionFr', 'id', 'kind', 'name', 'nameEn', 'nameFr', 'position'].sort(),
    );
    // Each text as the organisers typed it, in every language, beside the original client's two fields.
    const [first] = body.data;
    expect(first!.name).toEqual({ fr: first!.nameFr, en: first!.nameEn });
    expect(first!.description).toEqual({ fr: first!.descriptionFr, en: first!.descriptionEn });
  });

  it('gives the form choices in their order, ending with Autre', async () => {
    const body = await list<SectorView>('sectors?filters[kind][$eq]=choice');
    expect(body.data.map((s) => s.nameFr)).toEqual([...SECTOR_CHOICES]);
  });

  it('names the form choices in English too, an install that had their French names in English included', async () => {
    const english = async () => (await list<SectorView>('sectors?filters[kind][$eq]=choice')).data.map((s) => s.nameEn);
    expect((await english()).slice(0, 2)).toEqual(['Structural work', 'Joinery & closures']);
    expect((await english()).at(-1)).toBe('Other');
    // As earlier versions wrote them: the next start puts the English back.
    await ctx.db
      .update(sectors)
      .set({ name: sql`jsonb_set(${sectors.name}, '{en}', ${sectors.name} -> 'fr')` })
      .where(eq(sectors.kind, 'choice'));
    await seedReference(ctx.db);
    expect((await english()).slice(0, 2)).toEqual(['Structural work', 'Joinery & closures']);
  });

  it('gives both kinds without a filter', async () => {
    const body = await list<SectorView>('sectors');
    expect(new Set(body.data.map((s) => s.kind))).toEqual(new Set(['page', 'choice']));
  });

  it('refuses an unknown kind and an unknown filter', async () => {
    expect(await refusal('sectors?filters[kind]=secret')).toBe(
      'Type de secteur inconnu. Valeurs possibles : page, choice.',
    );
    expect(await refusal('sectors?filters[nameFr]=Formation')).toBe('Filtre non autorisé : filters[nameFr].');
  });
});

describe('GET gates', () => {
  it('lists the halls of the 2024 edition by position, numbered from 1 as the back-office shows them', async () => {
    // A hall of a past edition is not listed.
    await ctx.db.insert(halls).values({ eventId: 5, name: 'Ancien hall', position: -1 });
    const body = await list<{ id: number; name: string; position: number }>('gates');
    expect(body.data.map((g) => g.name)).toEqual(['Hall A', 'Hall B', 'Hall C', 'Hall D', 'Hall E']);
    expect(body.data.map((g) => g.position)).toEqual([1, 2, 3, 4, 5]);
    expect(body.data[0]).toEqual({ id: expect.any(Number) as unknown, name: 'Hall A', position: 1 });
  });
});
