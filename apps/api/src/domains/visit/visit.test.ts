import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_EDITION_ID,
  exhibitorSlug,
  type Answer,
  type ebadgeSchema,
  type ErrorAnswer,
  type visitListSchema,
  VISIT_COOKIE,
} from '@salon/shared';
import { conferences, editions, registrations } from '../../db/schema';
import { anonymise } from '../personal-data/erasure.service';
import { eventsOf } from '../../../test/calendar';
import { call, createTestApp, type TestContext } from '../../../test/helper';
import { createExhibitor, createVisitor } from '../../../test/fixtures';

/** 'Ma visite': what a visitor's list names, its conferences as a calendar, and the list kept with a badge. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://salon.example' });
});
afterAll(() => ctx.close());

const get = (url: string) => call(ctx.app, 'GET', url);

async function conference(values: Partial<typeof conferences.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(conferences)
    .values({
      eventId: DEMO_EDITION_ID,
      number: `V-${Math.random().toString(36).slice(2, 8)}`,
      title: { fr: 'Le béton bas carbone', en: 'Low-carbon concrete' },
      theme: {},
      description: {},
      day: '2024-05-30',
      startsAt: '10:00',
      endsAt: '11:30',
      ...values,
    })
    .returning();
  return row!;
}

describe('what a visitor’s list names', () => {
  it('gives the listed exhibitors and the edition’s conferences in the list’s order, and nothing more of them', async () => {
    const first = await createExhibitor(ctx.db, { company: 'Béton Atlas', booth: 'B-14' });
    const second = await createExhibitor(ctx.db, { company: 'Acier du Sud', booth: 'C-02' });
    const talk = await conference();
    const res = await get(`visit?exhibitors=${second.user.id},${first.user.id}&conferences=${talk.id}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<Answer<typeof visitListSchema>>();
    expect(data.exhibitors).toEqual([
      {
        id: second.user.id,
        slug: exhibitorSlug('Acier du Sud', second.user.id),
        company: 'Acier du Sud',
        gate: { id: expect.any(Number) as unknown, name: expect.any(String) as unknown },
        booth: 'C-02',
      },
      {
        id: first.user.id,
        slug: exhibitorSlug('Béton Atlas', first.user.id),
        company: 'Béton Atlas',
        gate: expect.any(Object) as unknown,
        booth: 'B-14',
      },
    ]);
    expect(data.conferences).toEqual([
      expect.objectContaining({
        id: talk.id,
        titleFr: 'Le béton bas carbone',
        startsAt: '10:00',
        endsAt: '11:30',
      }) as unknown,
    ]);
    expect(JSON.stringify(data)).not.toMatch(/email|phone|telephone|password/i);
  });

  it('leaves out a visitor, an unlisted exhibitor, an unknown id and another edition’s conference', async () => {
    const visitor = await createVisitor(ctx.db);
    const hidden = await createExhibitor(ctx.db, { company: 'Pas encore confirmé' });
    await ctx.db.update(registrations).set({ confirmed: false }).where(eq(registrations.userId, hidden.user.id));
    const [past] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.current, false)).limit(1);
    const old = await conference({ eventId: past!.id });
    const res = await get(`visit?exhibitors=${visitor.user.id},${hidden.user.id},999999&conferences=${old.id},999999`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Answer<typeof visitListSchema>>().data).toEqual({ exhibitors: [], conferences: [] });
  });

  it('refuses ids that are not a comma-separated list, too many ids and other parameters', async () => {
    for (const query of [
      'exhibitors=1;2',
      'exhibitors=abc',
      'conferences=-1',
      `exhibitors=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
      'email=a@b.c',
    ]) {
      const res = await get(`visit?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<ErrorAnswer>().error.message).toMatch(/paramètre/i);
    }
  });
});

describe('the conferences of a list as a calendar', () => {
  it('is an iCalendar file whose events are the talks at Marrakech’s hour, in the language asked for', async () => {
    const talk = await conference({
      day: '2024-05-29',
      startsAt: '14:00',
      endsAt: '15:15',
      description: { fr: 'Ciments, liants; avenir.' },
    });
    const res = await get(`visit/calendar.ics?conferences=${talk.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ma-visite.ics"');
    const [event] = eventsOf(res.payload);
    // Marrakech is UTC+1 on 29 May 2024: 14:00 there is 13:00 UTC, written as 14:00 in its zone.
    expect(event!.startDate.zone?.tzid).toBe('Africa/Casablanca');
    expect(event!.startDate.toString()).toBe('2024-05-29T14:00:00');
    expect(event!.startDate.toJSDate().toISOString()).toBe('2024-05-29T13:00:00.000Z');
    expect(event!.endDate.toJSDate().toISOString()).toBe('2024-05-29T14:15:00.000Z');
    expect(event!.summary).toBe(`${talk.number} — Le béton bas carbone`);
    expect(event!.description).toBe('Ciments, liants; avenir.');
    expect(event!.location).toMatch(/^Salle du forum/);
    expect(event!.uid).toBe(`conference-${talk.id}@salon.example`);
    expect(event!.component.getFirstPropertyValue('url')).toBe(`https://salon.example/conference/${talk.id}`);

    const english = await get(`visit/calendar.ics?conferences=${talk.id}&lang=en`);
    expect(english.headers['content-disposition']).toBe('attachment; filename="my-visit.ics"');
    const [inEnglish] = eventsOf(english.payload);
    expect(inEnglish!.summary).toBe(`${talk.number} — Low-carbon concrete`);
    expect(inEnglish!.location).toMatch(/^Forum room/);
  });

  it('reads the hour of a day of Ramadan, when Marrakech is on UTC, as that day’s hour', async () => {
    // Morocco sets its clocks to UTC during Ramadan: on 20 March 2024, 10:00 there is 10:00 UTC.
    const talk = await conference({ day: '2024-03-20', startsAt: '10:00', endsAt: '11:00' });
    const res = await get(`visit/calendar.ics?conferences=${talk.id}`);
    const [event] = eventsOf(res.payload);
    expect(event!.startDate.toJSDate().toISOString()).toBe('2024-03-20T10:00:00.000Z');
  });

  it('reads each talk at its own hour when Marrakech changes its offset between them', async () => {
    // Morocco went from UTC+1 to UTC on 10 March 2024 at 03:00, for Ramadan.
    const before = await conference({ day: '2024-03-09', startsAt: '10:00', endsAt: '11:00' });
    const after = await conference({ day: '2024-03-11', startsAt: '10:00', endsAt: '11:00' });
    const res = await get(`visit/calendar.ics?conferences=${before.id},${after.id}`);
    // The file's zone holds that change, as an observance from the wall clock's 03:00 that night.
    expect(res.payload).toContain(
      'BEGIN:DAYLIGHT\r\nDTSTART:20240310T030000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0000\r\n',
    );
    const starts = eventsOf(res.payload).map((e) => e.startDate.toJSDate().toISOString());
    expect(starts).toEqual(['2024-03-09T09:00:00.000Z', '2024-03-11T10:00:00.000Z']);
  });

  it('is an empty calendar for a list without conferences, and refuses exhibitors in its address', async () => {
    const res = await get('visit/calendar.ics');
    expect(res.statusCode).toBe(200);
    expect(eventsOf(res.payload)).toHaveLength(0);
    expect((await get('visit/calendar.ics?exhibitors=1')).statusCode).toBe(400);
  });
});

/** Posts to `visit` as a browser does: a form (or JSON from the script) with the device's cookie. */
function post(
  body: Record<string, string | number>,
  {
    cookie = '',
    json = false,
    headers = {},
  }: { cookie?: string; json?: boolean; headers?: Record<string, string> } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/backend/api/visit',
    headers: {
      'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
      ...(json && { accept: 'application/json' }),
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    cookies: cookie ? { [VISIT_COOKIE]: cookie } : {},
    payload: json
      ? JSON.stringify(body)
      : new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString(),
  });
}
const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === VISIT_COOKIE);

describe('a bookmark button', () => {
  it('adds to the device’s list with a form, keeps it a year in a cookie scripts cannot read, and goes back to the page', async () => {
    const res = await post(
      { op: 'add', kind: 'exhibitors', id: 12, back: '/annuaire?sector=3#e12' },
      { cookie: 'e4_c7' },
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/annuaire?sector=3#e12');
    expect(cookieOf(res)).toMatchObject({
      value: 'e4.12_c7',
      path: '/',
      maxAge: 31_536_000,
      httpOnly: true,
      sameSite: 'Lax',
    });
  });

  it('takes out with the script, which gets the list back', async () => {
    const res = await post({ op: 'remove', kind: 'conferences', id: 7 }, { cookie: 'e4_c7.9', json: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { exhibitors: [4], conferences: [9] }, meta: {} });
    expect(cookieOf(res)?.value).toBe('e4_c9');
  });

  it('empties the list', async () => {
    const res = await post({ op: 'clear' }, { cookie: 'e4_c7' });
    expect(res.headers.location).toBe('/ma-visite');
    expect(cookieOf(res)?.value).toBe('');
  });

  it('goes back to this site only', async () => {
    for (const back of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/.//evil.example/x',
      '/x/..//evil.example',
    ]) {
      const res = await post({ op: 'add', kind: 'exhibitors', id: 1, back });
      expect(res.headers.location, back).toBe('/ma-visite');
    }
  });

  it('refuses a post from another site, which could otherwise empty a visitor’s list, and one that says nothing of where it comes from', async () => {
    const crossSite = await post({ op: 'clear' }, { cookie: 'e4', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    expect(cookieOf(crossSite)).toBeUndefined();
    const otherOrigin = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/visit',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'op=clear',
    });
    expect(otherOrigin.statusCode).toBe(403);
    // Neither the browser's word nor the script's XSRF pair: refused as any unsafe request is.
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/visit',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'op=clear',
    });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json<ErrorAnswer>().error.message).toBe('Jeton XSRF manquant ou invalide.');
  });

  it('refuses an unknown kind, an id that is no id, and an unknown operation, under their field', async () => {
    for (const body of [
      { op: 'drop' },
      { op: 'add', kind: 'visitors', id: 1 },
      { op: 'add', kind: 'exhibitors', id: 'abc' },
      { op: 'add', kind: 'exhibitors', id: 1.5 },
      { op: 'add', kind: 'exhibitors', id: 0 },
    ] as Record<string, string | number>[]) {
      const res = await post(body, { cookie: 'e4' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(cookieOf(res)).toBeUndefined();
    }
  });
});

describe('the list kept with a badge', () => {
  it('is kept by the badge’s link and shown with the badge, then taken onto another device', async () => {
    const { registration } = await createVisitor(ctx.db);
    const before = await get(`registrations/ebadge?token=${registration.badgeKey}`);
    expect(before.json<Answer<typeof ebadgeSchema>>().data.visit).toEqual({ exhibitors: [], conferences: [] });
    const kept = await post(
      { op: 'keep', token: registration.badgeKey, back: '/ebadge?token=x' },
      { cookie: 'e3.1_c2' },
    );
    expect(kept.statusCode).toBe(303);
    const after = await get(`registrations/ebadge?token=${registration.badgeKey}`);
    expect(after.json<Answer<typeof ebadgeSchema>>().data.visit).toEqual({ exhibitors: [3, 1], conferences: [2] });

    const taken = await post({ op: 'take', token: registration.badgeKey }, { cookie: 'e8', json: true });
    expect(taken.json()).toEqual({ data: { exhibitors: [8, 3, 1], conferences: [2] }, meta: {} });
    expect(cookieOf(taken)?.value).toBe('e8.3.1_c2');
  });

  it('refuses a wrong or revoked badge link, and saves nothing', async () => {
    const { registration } = await createVisitor(ctx.db);
    const wrong = await post({ op: 'keep', token: '00000000-0000-4000-8000-000000000000' }, { cookie: 'e1' });
    expect(wrong.statusCode).toBe(403);
    await ctx.db.update(registrations).set({ revokedAt: new Date() }).where(eq(registrations.id, registration.id));
    expect((await post({ op: 'keep', token: registration.badgeKey }, { cookie: 'e1' })).statusCode).toBe(403);
    expect((await post({ op: 'take', token: registration.badgeKey }, { cookie: 'e1' })).statusCode).toBe(403);
    const [row] = await ctx.db
      .select({ visit: registrations.visit })
      .from(registrations)
      .where(eq(registrations.id, registration.id));
    expect(row!.visit).toBeNull();
  });

  it('is forgotten when the person is erased', async () => {
    const { user, registration } = await createVisitor(ctx.db);
    await post({ op: 'keep', token: registration.badgeKey }, { cookie: 'e1_c2' });
    await ctx.db.transaction((tx) => anonymise(tx, user.id, new Date()));
    const [row] = await ctx.db
      .select({ visit: registrations.visit })
      .from(registrations)
      .where(eq(registrations.id, registration.id));
    expect(row!.visit).toBeNull();
  });
});
