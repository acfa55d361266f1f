import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, type ShowEdition } from '@salon/shared';
import { halls } from '../../db/schema';
import { call, createTestApp, createUser, PASSWORD, signSession, type TestContext } from '../../../test/helper';
import { pdfText } from '../badges/badge-pdf.test-support';

/**
 * Each edition's plan and files at its year: /plan-2024 and plan-2024.pdf stay 2024's whichever
 * edition is current; the current one's are at its own year; an unknown year is a 404.
 */

let ctx: TestContext;
let token: string;
let next: ShowEdition;

const NEXT = {
  edition: 7,
  name: '7e édition du Salon',
  startsOn: '2026-06-03',
  endsOn: '2026-06-05',
  city: 'Casablanca',
};

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://salon.example' });
  const organiser = await createUser(ctx.db, { type: 'organiser', password: PASSWORD });
  token = await signSession(organiser.id, organiser.tokenVersion);
  const created = await call(ctx.app, 'POST', 'admin/editions', { token, body: NEXT });
  expect(created.statusCode, created.body).toBe(201);
  next = created.json<ShowEdition>();
  await ctx.db.insert(halls).values([
    { eventId: next.id, name: 'Hall 2026', position: 0, planWidth: 40, planHeight: 20 },
    { eventId: DEMO_EDITION_ID, name: 'Hall 2024', position: 9, planWidth: 40, planHeight: 20 },
  ]);
});
afterAll(() => ctx.close());

// As an organiser: an edition not current yet is theirs and their preview's only (decision 044).
const file = (name: string) =>
  ctx.app.inject({ url: `/assets/files/${name}`, headers: { authorization: `Bearer ${token}` } });
const hallsOf = async (query = '') => {
  const res = await call(ctx.app, 'GET', `floor-plan${query}`, { token });
  return {
    status: res.statusCode,
    halls:
      res.statusCode === 200 ? res.json<{ data: { halls: { name: string }[] } }>().data.halls.map((h) => h.name) : [],
  };
};

describe('each edition’s plan and files at its year', () => {
  it('answers the plan of a year, the current one without a year, and a 404 for a year no edition holds', async () => {
    const current = await hallsOf();
    expect(current.halls).toContain('Hall 2024');
    expect(await hallsOf('?year=2024')).toEqual(current);
    expect(await hallsOf('?year=2026')).toEqual({ status: 200, halls: ['Hall 2026'] });
    for (const bad of ['?year=2099', '?year=abc', '?year=20245', '?year[]=2024']) {
      expect((await hallsOf(bad)).status, bad).toBe(404);
    }
    expect((await hallsOf('?edition=7')).status).toBe(400);
  });

  it('answers the hours and the programme of a year, for an organiser’s preview of it', async () => {
    const days = async (query: string) => {
      const res = await call(ctx.app, 'GET', `opening-hours${query}`, { token });
      return res.statusCode === 200 ? res.json<{ data: { day: string }[] }>().data.map((d) => d.day) : res.statusCode;
    };
    expect(await days('?year=2026')).toEqual(['2026-06-03', '2026-06-04', '2026-06-05']);
    expect(await days('')).toEqual(await days('?year=2024'));
    expect(await days('?year=2099')).toBe(404);
    const talks = async (query: string) => {
      const res = await call(ctx.app, 'GET', `conferences${query}`, { token });
      return res.statusCode === 200 ? res.json<{ data: unknown[] }>().data.length : res.statusCode;
    };
    expect(await talks('?year=2026')).toBe(0);
    expect(await talks('?year=2024')).toBe(await talks(''));
    expect(await talks('?year=1')).toBe(404);
  });

  it('serves each edition’s PDFs at its year and refuses a year no edition holds', async () => {
    for (const name of ['plan-2024.pdf', 'programme-2024.pdf', 'catalogue-2024.pdf', 'plan-2026.pdf']) {
      const res = await file(name);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`inline; filename="${name}"`);
    }
    for (const name of ['plan-2099.pdf', 'plan-20245.pdf', 'plan-abcd.pdf', 'affiche-2024.pdf']) {
      expect((await file(name)).statusCode, name).toBe(404);
    }
    expect(await pdfText((await file('plan-2026.pdf')).rawPayload)).toContain('Hall 2026');
    expect(await pdfText((await file('plan-2024.pdf')).rawPayload)).not.toContain('Hall 2026');
  });

  it('keeps 2024’s plan and files at 2024 once another edition is current, and lists the current one’s in the sitemap', async () => {
    const before = await hallsOf('?year=2024');
    const programme2024 = await pdfText((await file('programme-2024.pdf')).rawPayload);
    expect((await call(ctx.app, 'POST', `admin/editions/${next.id}/make-current`, { token })).statusCode).toBe(200);

    expect(await hallsOf()).toEqual({ status: 200, halls: ['Hall 2026'] });
    expect(await hallsOf('?year=2024')).toEqual(before);
    expect(await pdfText((await file('programme-2024.pdf')).rawPayload)).toBe(programme2024);
    expect(await pdfText((await file('programme-2026.pdf')).rawPayload)).toContain('2026');
    const sitemap = (await ctx.app.inject({ url: '/sitemap.xml' })).body;
    expect(sitemap).toContain('https://salon.example/plan-2026<');
    expect(sitemap).toContain('https://salon.example/programme-2026<');
    expect(sitemap).not.toContain('plan-2024');

    expect((await call(ctx.app, 'POST', `admin/editions/${DEMO_EDITION_ID}/make-current`, { token })).statusCode).toBe(
      200,
    );
  });

  it('refuses a second edition in a year already taken, whose pages would be the first one’s', async () => {
    const res = await call(ctx.app, 'POST', 'admin/editions', {
      token,
      body: { ...NEXT, edition: 8, startsOn: '2026-10-01', endsOn: '2026-10-03' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { details: { errors: unknown[] } } }>().error.details.errors).toEqual([
      { path: ['body', 'year'], message: 'yearTaken' },
    ]);
    const moved = await call(ctx.app, 'PUT', `admin/editions/${next.id}`, {
      token,
      body: { ...NEXT, startsOn: '2024-10-01', endsOn: '2024-10-03' },
    });
    expect(moved.statusCode).toBe(400);
  });
});
