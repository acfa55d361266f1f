import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { halls, stands } from '../../db/schema';
import { call, createTestApp, createUser, PASSWORD, signSession, type TestContext } from '../../../test/helper';

/**
 * The next edition set up before it is current: its halls, its stands, its
 * layout file and its programme, each under the 'Édition' filter, while the current edition's
 * lists and checks stay the current edition's.
 */

let ctx: TestContext;
let token: string;
let next: number;
let hall2024: { id: number; name: string };

interface Row {
  id: number;
  edition: number;
}
type Refusal = { error: { message: string; details: { errors?: { path: string[]; message: string }[] } } };

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(ctx.app, method, `admin/${url}`, { token, body });
const list = async <T>(resource: string, filter: object = {}) => {
  const res = await admin('GET', `${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T[]>();
};
const fieldErrors = async (method: 'POST' | 'PUT', url: string, body: unknown) => {
  const res = await admin(method, url, body);
  expect(res.statusCode, res.body).toBe(400);
  return res.json<Refusal>().error.details.errors?.map((e) => `${e.path.at(-1)}: ${e.message}`);
};

beforeAll(async () => {
  ctx = await createTestApp();
  const organiser = await createUser(ctx.db, { type: 'organiser', password: PASSWORD });
  token = await signSession(organiser.id, organiser.tokenVersion);
  const [hall] = await ctx.db.select().from(halls).where(eq(halls.eventId, DEMO_EDITION_ID)).orderBy(asc(halls.id));
  hall2024 = hall!;
  await ctx.db.update(halls).set({ planWidth: 60, planHeight: 30 }).where(eq(halls.id, hall!.id));
  await ctx.db
    .insert(stands)
    .values({ eventId: DEMO_EDITION_ID, gateId: hall!.id, number: 'A-01', x: 0, y: 0, width: 6, height: 4 });
  // 2026 prepared from 2024 with its halls, and not made current.
  const res = await admin('POST', `editions/${DEMO_EDITION_ID}/next`, {
    name: '7e édition',
    startsOn: '2026-06-02',
    endsOn: '2026-06-05',
    city: 'Marrakech',
    halls: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  next = res.json<{ id: number }>().id;
});
afterAll(() => ctx.close());

describe('the next edition’s halls', () => {
  it('are listed under its filter, and the current edition’s list keeps its own', async () => {
    const current = await list<Row & { name: string }>('gates');
    expect(current.map((h) => h.edition)).toEqual(current.map(() => DEMO_EDITION_ID));
    const carried = await list<Row & { name: string }>('gates', { edition: next });
    expect(carried.map((h) => h.name)).toEqual(current.map((h) => h.name));
    expect(carried.every((h) => h.edition === next && !current.some((c) => c.id === h.id))).toBe(true);
  });

  it('take a hall added to that edition, whose name only its own halls may not repeat', async () => {
    const added = await admin('POST', 'gates', { name: 'Hall Extension', edition: next });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Hall Extension', edition: next, exhibitors: 0, stands: 0 });
    expect((await list<{ name: string }>('gates')).map((h) => h.name)).not.toContain('Hall Extension');
    expect(await fieldErrors('POST', 'gates', { name: 'hall extension', edition: next })).toEqual([
      'name: Un hall porte déjà ce nom.',
    ]);
    // 2024's own name is free in 2026 only once: the carried-over hall already holds it.
    expect(await fieldErrors('POST', 'gates', { name: hall2024.name, edition: next })).toEqual([
      'name: Un hall porte déjà ce nom.',
    ]);
    expect((await admin('POST', 'gates', { name: 'Hall Extension' })).statusCode).toBe(201);
  });

  it('refuse an edition that does not exist, on its field, and nothing is made', async () => {
    const before = (await ctx.db.select().from(halls)).length;
    expect(await fieldErrors('POST', 'gates', { name: 'Hall Fantôme', edition: 999_999 })).toEqual([
      'edition: Édition introuvable.',
    ]);
    expect(await fieldErrors('POST', 'gates', { name: 'Hall Fantôme', edition: 'deux' })).toEqual([
      'edition: Édition introuvable.',
    ]);
    expect((await ctx.db.select().from(halls)).length).toBe(before);
    expect((await admin('GET', `gates?filter=${encodeURIComponent('{"edition":"x"}')}`)).statusCode).toBe(400);
  });
});

describe('the next edition’s stands', () => {
  it('belong to their hall’s edition, repeat a number of another edition, and list under its filter', async () => {
    const [hall] = await list<Row & { name: string }>('gates', { edition: next, q: hall2024.name });
    const stand = await admin('POST', 'stands', { gateId: hall!.id, number: 'B-07', x: 20, y: 0, width: 6, height: 4 });
    expect(stand.statusCode, stand.body).toBe(201);
    expect(stand.json()).toMatchObject({ edition: next, gateId: hall!.id, number: 'B-07', exhibitor: null });
    expect((await list<{ number: string }>('stands')).map((s) => s.number)).toEqual(['A-01']);
    expect((await list<{ number: string }>('stands', { edition: next })).map((s) => s.number).sort()).toEqual([
      'A-01',
      'B-07',
    ]);
    // A-01 is 2024's and 2026's, each in its own edition; twice in 2026 it is refused.
    expect(
      await fieldErrors('POST', 'stands', { gateId: hall!.id, number: 'a-01', x: 40, y: 10, width: 2, height: 2 }),
    ).toEqual([`number: Le stand a-01 existe déjà dans le ${hall2024.name}.`]);
  });

  it('do not move into a hall of another edition', async () => {
    const [stand] = await list<Row & { number: string }>('stands', { edition: next, q: 'B-07' });
    expect(await fieldErrors('PUT', `stands/${stand!.id}`, { gateId: hall2024.id })).toEqual([
      expect.stringMatching(/^gateId: /),
    ]);
    const [kept] = await ctx.db.select().from(stands).where(eq(stands.id, stand!.id));
    expect(kept!.eventId).toBe(next);
  });

  it('are laid out from a file for that edition alone, the current layout untouched', async () => {
    const csv = ['hall;stand;x;y;largeur;profondeur', `${hall2024.name};C-01;0;0;10;5`].join('\r\n');
    const preview = await admin('POST', 'stands/import', { csv, edition: next });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ stands: 1, errors: [], imported: false });
    const done = await admin('POST', 'stands/import', { csv, edition: next, commit: true });
    expect(done.json()).toMatchObject({ imported: true });
    expect((await list<{ number: string }>('stands', { edition: next })).map((s) => s.number)).toEqual(['C-01']);
    expect((await list<{ number: string }>('stands')).map((s) => s.number)).toEqual(['A-01']);
    // The next edition's plan, as its preview and /plan-2026 will draw it.
    const plan = await call(ctx.app, 'GET', 'floor-plan?year=2026', { token });
    expect(plan.json<{ data: { halls: { stands: { number: string }[] }[] } }>().data.halls[0]!.stands).toEqual([
      expect.objectContaining({ number: 'C-01' }),
    ]);
  });
});

describe('the next edition’s programme', () => {
  it('takes a conference on one of its days, refused on the current edition’s days', async () => {
    const talk = {
      number: 'C1',
      title: { fr: 'Bâtir en 2026', en: 'Building in 2026' },
      day: '2026-06-03',
      startsAt: '10:00',
      endsAt: '11:00',
      edition: next,
    };
    const made = await admin('POST', 'conferences', talk);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ number: 'C1', edition: next, registrations: 0 });
    expect(await fieldErrors('POST', 'conferences', { ...talk, number: 'C2', day: '2024-05-30' })).toEqual([
      'day: Un jour du salon : du 02/06/2026 au 05/06/2026.',
    ]);
    const titles = async (filter?: { edition: number }) =>
      (await list<{ title: { fr: string } }>('conferences', filter)).map((c) => c.title.fr);
    expect(await titles()).not.toContain('Bâtir en 2026');
    expect(await titles({ edition: next })).toEqual(['Bâtir en 2026']);
    // Its public programme, at /programme-2026 once current and in the preview before.
    const programme = await call(ctx.app, 'GET', 'conferences?year=2026', { token });
    expect(programme.statusCode, programme.body).toBe(200);
    expect(programme.body).toContain('Bâtir en 2026');
  });
});
