import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, type ShowEdition } from '@salon/shared';
import { editions, users } from '../../db/schema';
import { createJwt } from '../../lib/jwt';
import {
  call,
  createTestApp,
  createUser,
  PASSWORD,
  signSession,
  TEST_JWT_SECRET,
  type TestContext,
} from '../../../test/helper';
import { previewEdition } from './preview';

/**
 * 'Aperçu du site': an organiser previews the public site as it will read for an edition not
 * current yet. The token is the organiser's (signing out ends it), for two hours, for an edition
 * with its dates and city.
 */

let ctx: TestContext;
let token: string;
let organiserId: number;
let next: ShowEdition;
const jwt = createJwt(TEST_JWT_SECRET);

beforeAll(async () => {
  ctx = await createTestApp();
  const organiser = await createUser(ctx.db, { type: 'organiser', password: PASSWORD });
  organiserId = organiser.id;
  token = await signSession(organiser.id, organiser.tokenVersion);
  const created = await call(ctx.app, 'POST', 'admin/editions', {
    token,
    body: { edition: 7, name: '7e édition du Salon', startsOn: '2026-06-03', endsOn: '2026-06-05', city: 'Casablanca' },
  });
  expect(created.statusCode, created.body).toBe(201);
  next = created.json<ShowEdition>();
});
afterAll(() => ctx.close());

const previewLink = (id: number, as: string | null = token) =>
  call(ctx.app, 'GET', `admin/editions/${id}/preview`, { token: as ?? undefined });
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('apercu')!;

describe('an organiser’s preview of an edition', () => {
  it('gives the organiser a link, never stored, whose token shows that edition’s facts and not the current one’s', async () => {
    const res = await previewLink(next.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^\/\?apercu=[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await previewEdition(ctx.db, jwt, new Date(), tokenOf(url))).toMatchObject({
      name: '7e édition du Salon',
      edition: {
        edition: 7,
        year: 2026,
        startsOn: '2026-06-03',
        endsOn: '2026-06-05',
        city: 'Casablanca',
        theme: { fr: null, en: null },
      },
    });
    // The preview changes nothing: 2024 stays current.
    const [current] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.current, true));
    expect(current!.id).toBe(DEMO_EDITION_ID);
  });

  it('ends with the organiser’s session, after two hours, and with a token changed or of another kind', async () => {
    const url = (await previewLink(next.id)).json<{ url: string }>().url;
    const preview = tokenOf(url);
    const later = new Date(Date.now() + 2 * 3600 * 1000 + 1000);
    expect(await previewEdition(ctx.db, jwt, later, preview)).toBeNull();
    const [head, body, signature] = preview.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, prv: DEMO_EDITION_ID })).toString('base64url');
    expect(await previewEdition(ctx.db, jwt, new Date(), `${head}.${forged}.${signature}`)).toBeNull();
    // A sign-in token is no preview.
    expect(await previewEdition(ctx.db, jwt, new Date(), token)).toBeNull();
    // Signing out (the session's version moves on) ends it.
    expect(await previewEdition(ctx.db, jwt, new Date(), preview)).not.toBeNull();
    const [me] = await ctx.db.select().from(users).where(eq(users.id, organiserId));
    await ctx.db
      .update(users)
      .set({ tokenVersion: me!.tokenVersion + 1 })
      .where(eq(users.id, organiserId));
    expect(await previewEdition(ctx.db, jwt, new Date(), preview)).toBeNull();
    token = await signSession(organiserId, me!.tokenVersion + 1);
  });

  it('is refused for an edition without dates, an unknown one, and to anyone but an organiser', async () => {
    const undated = await call(ctx.app, 'POST', 'admin/editions', {
      token,
      body: { edition: 40, name: 'Édition sans dates', year: 1999 },
    });
    expect(undated.statusCode, undated.body).toBe(201);
    expect((await previewLink(undated.json<ShowEdition>().id)).statusCode).toBe(400);
    expect((await previewLink(9999)).statusCode).toBe(404);
    const controller = await createUser(ctx.db, { type: 'controller', password: PASSWORD });
    expect((await previewLink(next.id, await signSession(controller.id, controller.tokenVersion))).statusCode).toBe(
      403,
    );
    expect((await previewLink(next.id, null)).statusCode).toBe(401);
  });
});

describe('an edition not current yet, outside its preview', () => {
  const years = async (headers: Record<string, string> = {}, as?: string) =>
    (await call(ctx.app, 'GET', 'events', { headers, token: as }))
      .json<{ data: ShowEdition[] }>()
      .data.map((e) => e.year);

  it('is hidden from anyone but the organisers and the preview: the editions, its hours, programme, halls, plan and PDFs', async () => {
    const anonymous = await years();
    expect(anonymous).toContain(2024);
    expect(anonymous).not.toContain(2026);
    for (const url of [
      'opening-hours?year=2026',
      'conferences?year=2026',
      'floor-plan?year=2026',
      `directory/facets?event=${next.id}`,
      'directory/facets?year=2026',
      '/assets/files/plan-2026.pdf',
    ]) {
      expect((await call(ctx.app, 'GET', url)).statusCode, url).toBe(404);
      const organisers = await call(ctx.app, 'GET', url, { token });
      expect(organisers.statusCode, `${url} (organiser)`).toBe(200);
      // What only an organiser may read, no shared cache keeps for the next caller.
      expect(String(organisers.headers['cache-control'] ?? ''), url).not.toMatch(/public/);
    }
    expect(await years({}, token)).toContain(2026);
    // The preview's cookie opens it; another edition's preview, or a past one, is no key to it.
    const preview = tokenOf((await previewLink(next.id)).json<{ url: string }>().url);
    const withCookie = { cookie: `apercu=${preview}` };
    expect(await years(withCookie)).toContain(2026);
    expect((await call(ctx.app, 'GET', 'conferences?year=2026', { headers: withCookie })).statusCode).toBe(200);
    // The current edition's and the past ones' stay everyone's.
    expect((await call(ctx.app, 'GET', 'opening-hours?year=2024')).statusCode).toBe(200);
  });
});
