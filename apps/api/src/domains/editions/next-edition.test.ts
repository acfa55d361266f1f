import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, type ShowEdition } from '@salon/shared';
import {
  auditLog,
  bannieres,
  conferences,
  editions,
  galeries,
  halls,
  media,
  openingHours,
  registrations,
  stands,
  temoignages,
} from '../../db/schema';
import { call, createTestApp, createUser, PASSWORD, signSession, type TestContext } from '../../../test/helper';
import { hoursFor, showDays } from '../show/edition-days';

/**
 * 'Préparer l'édition suivante': the next edition from any other, its hours following its dates,
 * its halls and stands carried over when asked, nothing personal copied; and the hours of an
 * edition whose dates move follow them.
 */

let ctx: TestContext;
let token: string;

const NEXT = {
  name: '7e édition du Salon',
  startsOn: '2026-06-02',
  endsOn: '2026-06-06',
  city: 'Casablanca',
  theme: { fr: 'Bâtir durable', en: 'Building to last' },
  halls: true,
};

beforeAll(async () => {
  ctx = await createTestApp();
  const organiser = await createUser(ctx.db, { type: 'organiser', password: PASSWORD });
  token = await signSession(organiser.id, organiser.tokenVersion);
  // The 2024 edition's first hall drawn, with two stands.
  const [hall] = await ctx.db.select().from(halls).where(eq(halls.eventId, DEMO_EDITION_ID)).orderBy(asc(halls.id));
  await ctx.db.update(halls).set({ planWidth: 60, planHeight: 30 }).where(eq(halls.id, hall!.id));
  await ctx.db.insert(stands).values([
    { eventId: DEMO_EDITION_ID, gateId: hall!.id, number: 'A-01', x: 0, y: 0, width: 6, height: 4 },
    { eventId: DEMO_EDITION_ID, gateId: hall!.id, number: 'A-02', x: 6, y: 0, width: 6, height: 4 },
  ]);
});
afterAll(() => ctx.close());

const prepare = (from: number, body: unknown, as: string | null = token) =>
  call(ctx.app, 'POST', `admin/editions/${from}/next`, { token: as ?? undefined, body });
const hoursOf = async (eventId: number) =>
  (
    await ctx.db
      .select({ day: openingHours.day, opensAt: openingHours.opensAt, closesAt: openingHours.closesAt })
      .from(openingHours)
      .where(eq(openingHours.eventId, eventId))
      .orderBy(asc(openingHours.day))
  ).map((h) => `${h.day} ${h.opensAt.slice(0, 5)}-${h.closesAt.slice(0, 5)}`);
const editionCount = async () => (await ctx.db.select({ n: count() }).from(editions))[0]!.n;

describe('preparing the next edition', () => {
  it('numbers it after its source, dates it, gives it hours for its days and carries over the halls and stands, nothing else', async () => {
    const res = await prepare(DEMO_EDITION_ID, NEXT);
    expect(res.statusCode, res.body).toBe(201);
    const next = res.json<ShowEdition>();
    expect(next).toEqual({
      id: next.id,
      edition: 7,
      year: 2026,
      name: '7e édition du Salon',
      startsOn: '2026-06-02',
      endsOn: '2026-06-06',
      city: 'Casablanca',
      theme: { fr: 'Bâtir durable', en: 'Building to last' },
      exhibitors: null,
      visitors: null,
      current: false,
      registrationOpensAt: null,
      registrationClosesAt: null,
      hours: [
        { day: '2026-06-02', opens: '09:00', closes: '19:00' },
        { day: '2026-06-03', opens: '09:00', closes: '19:00' },
        { day: '2026-06-04', opens: '09:00', closes: '19:30' },
        { day: '2026-06-05', opens: '09:00', closes: '19:30' },
        { day: '2026-06-06', opens: '09:00', closes: '18:00' },
      ],
      latest: true,
      beforeCurrent: false,
    });
    // Five days after 2024's four: the first days', the third's again, the last day's.
    expect(await hoursOf(next.id)).toEqual([
      '2026-06-02 09:00-19:00',
      '2026-06-03 09:00-19:00',
      '2026-06-04 09:00-19:30',
      '2026-06-05 09:00-19:30',
      '2026-06-06 09:00-18:00',
    ]);
    const hallRows = await ctx.db.select().from(halls).where(eq(halls.eventId, next.id)).orderBy(asc(halls.position));
    const before = await ctx.db
      .select()
      .from(halls)
      .where(eq(halls.eventId, DEMO_EDITION_ID))
      .orderBy(asc(halls.position));
    expect(hallRows.map((h) => [h.name, h.position, h.planWidth, h.planHeight])).toEqual(
      before.map((h) => [h.name, h.position, h.planWidth, h.planHeight]),
    );
    const copied = await ctx.db.select().from(stands).where(eq(stands.eventId, next.id)).orderBy(asc(stands.number));
    expect(copied.map((s) => [s.number, s.x, s.width, s.gateId])).toEqual([
      ['A-01', 0, 6, hallRows[0]!.id],
      ['A-02', 6, 6, hallRows[0]!.id],
    ]);
    const programme = await ctx.db.select().from(conferences).where(eq(conferences.eventId, next.id));
    const people = await ctx.db.select().from(registrations).where(eq(registrations.eventId, next.id));
    expect([programme.length, people.length]).toEqual([0, 0]);
    // 2024 keeps its own, and stays current.
    expect(await hoursOf(DEMO_EDITION_ID)).toHaveLength(4);
    const [current] = await ctx.db.select().from(editions).where(eq(editions.current, true));
    expect(current!.id).toBe(DEMO_EDITION_ID);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'POST /admin/editions/:id/next'));
    expect(audit).toMatchObject({ resource: 'editions', recordId: String(next.id), before: { from: DEMO_EDITION_ID } });
  });

  it('leaves the halls behind when asked, and prepares from the latest edition only, which the back-office marks', async () => {
    const res = await prepare(1, { ...NEXT, startsOn: '2004-03-01', endsOn: '2004-03-02', halls: false });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: { message: string; details: { errors: unknown[] } } }>().error).toMatchObject({
      message: 'Une édition plus récente existe : préparez l’édition suivante depuis la dernière.',
      details: { errors: [{ path: ['body', 'edition'], message: 'notLatestEdition' }] },
    });
    const list = await call(ctx.app, 'GET', `admin/editions?sort=${encodeURIComponent('["edition","DESC"]')}`, {
      token,
    });
    expect(
      list
        .json<(ShowEdition & { latest: boolean })[]>()
        .map((e) => [e.edition, e.latest, e.current])
        .slice(0, 2),
    ).toEqual([
      [7, true, false],
      [6, false, true],
    ]);
    const [last] = await ctx.db.select().from(editions).where(eq(editions.edition, 7));
    const after = await prepare(last!.id, {
      ...NEXT,
      name: '8e édition',
      startsOn: '2028-05-03',
      endsOn: '2028-05-05',
      halls: false,
    });
    expect(after.statusCode, after.body).toBe(201);
    const eighth = after.json<ShowEdition>();
    expect([eighth.edition, eighth.year]).toEqual([8, 2028]);
    expect(await ctx.db.select().from(halls).where(eq(halls.eventId, eighth.id))).toEqual([]);
    expect(await hoursOf(eighth.id)).toEqual([
      '2028-05-03 09:00-19:00',
      '2028-05-04 09:00-19:00',
      '2028-05-05 09:00-18:00',
    ]);
  });

  it('refuses missing and wrong fields, a number or year taken and an unknown edition, and creates nothing', async () => {
    const editionsBefore = await editionCount();
    const errors = async (from: number, body: unknown) => {
      const res = await prepare(from, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ error: { details: { errors: { path: string[]; message: string }[] } } }>().error.details.errors;
    };
    expect(await errors(DEMO_EDITION_ID, { halls: true })).toEqual(
      expect.arrayContaining([
        { path: ['body', 'name'], message: 'required' },
        { path: ['body', 'startsOn'], message: 'required' },
        { path: ['body', 'city'], message: 'required' },
      ]),
    );
    expect(await errors(DEMO_EDITION_ID, { ...NEXT, endsOn: '2026-06-01' })).toEqual([
      { path: ['body', 'endsOn'], message: 'endsBeforeStart' },
    ]);
    expect(await errors(DEMO_EDITION_ID, { ...NEXT, endsOn: '2026-08-01' })).toEqual([
      { path: ['body', 'endsOn'], message: 'editionTooLong' },
    ]);
    expect(await errors(DEMO_EDITION_ID, { ...NEXT, startsOn: '2026-02-30' })).toEqual([
      { path: ['body', 'startsOn'], message: 'isoDay' },
    ]);
    // 2024 is no longer the latest edition (the first test's edition follows it).
    expect(await errors(DEMO_EDITION_ID, { ...NEXT, startsOn: '2030-06-02', endsOn: '2030-06-03' })).toEqual([
      { path: ['body', 'edition'], message: 'notLatestEdition' },
    ]);
    const [eighth] = await ctx.db.select().from(editions).where(eq(editions.edition, 8));
    expect(await errors(eighth!.id, { ...NEXT, startsOn: '2026-09-01', endsOn: '2026-09-02' })).toEqual([
      { path: ['body', 'year'], message: 'yearTaken' },
    ]);
    expect((await prepare(9999, NEXT)).statusCode).toBe(404);
    expect((await prepare(Number.NaN, NEXT)).statusCode).toBe(400);
    expect(await editionCount()).toBe(editionsBefore);
  });

  it('lists, before the next edition is made current, the banners, captions and testimonials that name the current one’s year', async () => {
    const [picture] = await ctx.db
      .insert(media)
      .values({
        name: 'b.svg',
        mime: 'image/svg+xml',
        size: 1,
        path: 'test/b.svg',
        alt: 'Du 29 mai au 1er juin 2024 — Marrakech',
      })
      .returning();
    const [banner] = await ctx.db
      .insert(bannieres)
      .values({ emplacement: 'Haut', fichierDesktopId: picture!.id, fichierMobileId: picture!.id })
      .returning();
    const [caption] = await ctx.db
      .insert(galeries)
      .values([
        { caption: { fr: 'La cérémonie d’ouverture, 2024', en: 'The opening, 2024' } },
        { caption: { fr: 'Le stand 12024 du hall B', en: null } },
      ])
      .returning();
    await ctx.db.insert(temoignages).values({
      author: 'Un exposant',
      role: { fr: null, en: null },
      quote: { fr: 'Quatre jours utiles.', en: 'Four useful days.' },
    });
    const [next] = await ctx.db.select().from(editions).where(eq(editions.edition, 7));
    const res = await call(ctx.app, 'GET', `admin/editions/${next!.id}/outdated-content`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<unknown>()).toEqual({
      year: 2024,
      records: [
        { resource: 'bannieres', id: banner!.id, text: 'Du 29 mai au 1er juin 2024 — Marrakech' },
        { resource: 'galeries', id: caption!.id, text: 'La cérémonie d’ouverture, 2024 / The opening, 2024' },
      ],
    });
    // The current edition's own page has nothing to warn of.
    const own = await call(ctx.app, 'GET', `admin/editions/${DEMO_EDITION_ID}/outdated-content`, { token });
    expect(own.json<unknown>()).toEqual({ year: 2024, records: [] });
    expect((await call(ctx.app, 'GET', 'admin/editions/9999/outdated-content', { token })).statusCode).toBe(404);
  });

  it('is the organisers’ only', async () => {
    const controller = await createUser(ctx.db, { type: 'controller', password: PASSWORD });
    const other = await signSession(controller.id, controller.tokenVersion);
    expect((await prepare(DEMO_EDITION_ID, NEXT, other)).statusCode).toBe(403);
    expect((await prepare(DEMO_EDITION_ID, NEXT, null)).statusCode).toBe(401);
  });
});

describe('opening hours', () => {
  it('follow an edition’s new dates, each day keeping the hours of its place in the show', async () => {
    const [seventh] = await ctx.db.select().from(editions).where(eq(editions.edition, 7));
    const res = await call(ctx.app, 'PUT', `admin/editions/${seventh!.id}`, {
      token,
      body: { ...NEXT, edition: 7, startsOn: '2026-06-09', endsOn: '2026-06-11' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await hoursOf(seventh!.id)).toEqual([
      '2026-06-09 09:00-19:00',
      '2026-06-10 09:00-19:00',
      '2026-06-11 09:00-18:00',
    ]);
  });

  it('are read from a pattern: the first days, the day before the last repeated, the last', () => {
    const h = (opensAt: string, closesAt: string) => ({ opensAt, closesAt });
    const pattern = [h('09:00', '19:00'), h('10:00', '19:00'), h('09:00', '19:30'), h('09:00', '18:00')];
    expect(hoursFor(showDays('2025-01-30', '2025-02-02'), pattern).map((d) => `${d.day} ${d.opensAt}`)).toEqual([
      '2025-01-30 09:00',
      '2025-01-31 10:00',
      '2025-02-01 09:00',
      '2025-02-02 09:00',
    ]);
    expect(hoursFor(['2025-01-30'], pattern)).toEqual([{ day: '2025-01-30', ...h('09:00', '19:00') }]);
    expect(hoursFor(['2025-01-30', '2025-01-31'], [])).toEqual([
      { day: '2025-01-30', ...h('09:00', '18:00') },
      { day: '2025-01-31', ...h('09:00', '18:00') },
    ]);
  });
});
