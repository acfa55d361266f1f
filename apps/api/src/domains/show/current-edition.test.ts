import { showDays } from './edition-days';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, type PublicSiteSettings, type ShowEdition } from '@salon/shared';
import { auditLog, editions, halls, registrations } from '../../db/schema';
import {
  call,
  createExhibitor,
  createTestApp,
  createUser,
  login,
  PASSWORD,
  signSession,
  type TestContext,
} from '../../../test/helper';
import type { Exhibitor } from '../../../test/fixtures';

/**
 * The current edition is one setting: 'Rendre courante' in the back-office. What the site shows,
 * lists and admits follows it at once; a call that names an edition (the specification's
 * `filters[event][id]=7`) still answers for that edition.
 */

let ctx: TestContext;
let token: string;
let exhibitor2024: Exhibitor;

const NEXT = {
  edition: 7,
  name: '7e édition du Salon',
  year: 2025,
  startsOn: '2025-05-28',
  endsOn: '2025-05-31',
  city: 'Rabat',
  theme: { fr: 'Bâtir durable', en: null },
  exhibitors: null,
  visitors: null,
};

beforeAll(async () => {
  ctx = await createTestApp();
  const organiser = await createUser(ctx.db, { type: 'organiser', password: PASSWORD });
  token = await signSession(organiser.id, organiser.tokenVersion);
  exhibitor2024 = await createExhibitor(ctx.db, { company: 'Béton 2024' });
});
afterAll(() => ctx.close());

const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, as: string | undefined = token) =>
  call(ctx.app, method, `admin/${url}`, { token: as, body });

async function createEdition(fields: Partial<typeof NEXT> = {}): Promise<ShowEdition> {
  const res = await admin('POST', 'editions', { ...NEXT, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ShowEdition>();
}

const currentIds = async () =>
  (await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.current, true))).map((e) => e.id);

async function publicEditions(): Promise<ShowEdition[]> {
  const res = await call(ctx.app, 'GET', 'events');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ShowEdition[] }>().data;
}

/** The public directory's companies, with the specification's filters (and its event 7 when asked). */
async function directory(eventId?: number): Promise<string[]> {
  const event = eventId === undefined ? '' : `filters[event][id]=${eventId}&`;
  const res = await call(
    ctx.app,
    'GET',
    `registrations?${event}filters[type]=exhibitor&filters[confirmed]=true&filters[user][company][$notNull]=true&filters[conference][id][$null]=true&populate[gate]=true&populate[user][populate][0]=avatar`,
    { xsrf: false },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { user: { company: string } }[] }>().data.map((r) => r.user.company);
}

describe('the current edition', () => {
  it('is the 2024 edition on a new install, and the public list of editions says which one it is', async () => {
    expect(await currentIds()).toEqual([DEMO_EDITION_ID]);
    const listed = await publicEditions();
    expect(listed.filter((e) => e.current).map((e) => e.id)).toEqual([DEMO_EDITION_ID]);
    expect(Object.keys(listed[0]!).sort()).toEqual(
      [
        'city',
        'current',
        'edition',
        'endsOn',
        'exhibitors',
        'id',
        'name',
        'startsOn',
        'theme',
        'visitors',
        'year',
      ].sort(),
    );
  });

  it('changes with "Rendre courante": the site, the directory, the area and the gates follow, the calls naming edition 7 still answer for 2024, and the change is audited', async () => {
    const next = await createEdition();
    const [hall] = await ctx.db.insert(halls).values({ eventId: next.id, name: 'Hall 2025', position: 0 }).returning();
    const exhibitor2025 = await createExhibitor(ctx.db, { company: 'Acier 2025' });
    await ctx.db
      .update(registrations)
      .set({ eventId: next.id, gateId: hall!.id })
      .where(eq(registrations.id, exhibitor2025.registration.id));
    expect(await directory()).toEqual(['Béton 2024']);
    const jwt = await login(ctx.app, exhibitor2024.user.email);
    const before = await call(ctx.app, 'GET', 'users/me', { token: jwt });
    expect(before.json<{ data: { numero_stand: unknown } }>().data.numero_stand).toBe('A-01');

    const res = await admin('POST', `editions/${next.id}/make-current`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ShowEdition>()).toEqual({
      ...NEXT,
      id: next.id,
      current: true,
      latest: true,
      beforeCurrent: false,
      registrationOpensAt: null,
      registrationClosesAt: null,
      hours: showDays(NEXT.startsOn, NEXT.endsOn).map((day) => ({ day, opens: '09:00', closes: '18:00' })),
    });
    expect(await currentIds()).toEqual([next.id]);
    expect((await publicEditions()).filter((e) => e.current).map((e) => e.id)).toEqual([next.id]);

    // The directory without an edition lists the current one's; the specification's call, 2024's.
    expect(await directory()).toEqual(['Acier 2025']);
    expect(await directory(DEMO_EDITION_ID)).toEqual(['Béton 2024']);
    expect(await directory(next.id)).toEqual(['Acier 2025']);
    expect(await directory(999)).toEqual([]);

    // The venue's city is the current edition's, read again at once (the settings are cached).
    const settings = await call(ctx.app, 'GET', 'site-settings');
    expect(settings.json<{ data: PublicSiteSettings }>().data.venue.city).toBe('Rabat');

    // A 2024 exhibitor is no longer one of this show: its sign-in is refused as the specification
    // says, and a session opened before ends with the switch (its next call is a 401), so it can
    // neither scan this edition's visitors nor read what the area shows.
    const signIn = await call(ctx.app, 'POST', 'auth/local', {
      body: { identifier: exhibitor2024.user.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', 'users/me', { token: jwt })).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', 'scans', { token: jwt })).statusCode).toBe(401);
    const own = await call(ctx.app, 'GET', `registrations?filters[event][id]=${DEMO_EDITION_ID}`, { token: jwt });
    expect(own.statusCode).toBe(401);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'editions'), eq(auditLog.action, 'POST /admin/editions/:id/make-current')));
    expect(entry).toMatchObject({
      recordId: String(next.id),
      before: { current: DEMO_EDITION_ID },
      after: { current: next.id },
    });

    // And back: 2024 is current again, for the tests after this one; asked by a client that sets
    // the JSON header on every request, its empty body is none.
    const back = await call(ctx.app, 'POST', `admin/editions/${DEMO_EDITION_ID}/make-current`, {
      token,
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await currentIds()).toEqual([DEMO_EDITION_ID]);
    expect(await directory()).toEqual(['Béton 2024']);
  });

  it('stays one edition when two are made current at once', async () => {
    const first = await createEdition({ edition: 8, year: 2026, startsOn: '2026-05-27', endsOn: '2026-05-30' });
    const second = await createEdition({ edition: 9, year: 2027, startsOn: '2027-05-26', endsOn: '2027-05-29' });
    const answers = await Promise.all(
      [first, second, first].map((e) => admin('POST', `editions/${e.id}/make-current`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const current = await currentIds();
    expect(current).toHaveLength(1);
    expect([first.id, second.id]).toContain(current[0]);
    expect((await admin('POST', `editions/${DEMO_EDITION_ID}/make-current`)).statusCode).toBe(200);
  });

  it('refuses an edition that does not exist, a malformed id, and anyone but an organiser, and changes nothing', async () => {
    const other = await createEdition({ edition: 10, year: 2028, startsOn: '2028-05-24', endsOn: '2028-05-27' });
    const missing = await admin('POST', 'editions/9999/make-current');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ error: { message: string } }>().error.message).toBe('Édition introuvable.');
    expect((await admin('POST', 'editions/abc/make-current')).statusCode).toBe(400);
    expect((await admin('POST', `editions/${other.id}%2F/make-current`)).statusCode).toBe(400);
    const exhibitorToken = await login(ctx.app, exhibitor2024.user.email);
    expect((await admin('POST', `editions/${other.id}/make-current`, undefined, exhibitorToken)).statusCode).toBe(403);
    expect((await admin('POST', `editions/${other.id}/make-current`, undefined, '')).statusCode).toBe(401);
    expect(await currentIds()).toEqual([DEMO_EDITION_ID]);
  });

  it('cannot be deleted, whichever edition it is; the one current before can, once nothing hangs on it', async () => {
    const next = await createEdition({ edition: 11, year: 2029, startsOn: '2029-05-23', endsOn: '2029-05-26' });
    expect((await admin('POST', `editions/${next.id}/make-current`)).statusCode).toBe(200);
    const refused = await admin('DELETE', `editions/${next.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'L’édition en cours ne peut pas être supprimée.',
    );
    // 2024 has registrations: it stays, for another reason.
    expect((await admin('DELETE', `editions/${DEMO_EDITION_ID}`)).statusCode).toBe(400);
    expect((await admin('POST', `editions/${DEMO_EDITION_ID}/make-current`)).statusCode).toBe(200);
    expect((await admin('DELETE', `editions/${next.id}`)).statusCode).toBe(200);
    expect(await currentIds()).toEqual([DEMO_EDITION_ID]);
  });
});
