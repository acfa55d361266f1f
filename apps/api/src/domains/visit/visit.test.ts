import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_EDITION_ID,
  exhibitorSlug,
  type Answer,
  type ebadgeSchema,
  type ErrorAnswer,
  type visitListSchema,
} from '@salon/shared';
import { conferences, events, registrations } from '../../db/schema';
import { anonymise } from '../personal-data/erasure.service';
import { call, createTestApp, type TestContext } from '../../../test/helper';
import { createExhibitor, createVisitor } from '../../../test/fixtures';

/** 'Ma visite': what a visitor's list names, its conferences as a calendar, and the list kept with a badge. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://salon.example' });
});
afterAll(() => ctx.close());

const get = (url: string) => call(ctx.app, 'GET', url);
/** A calendar file's events, as an RFC 5545 parser (ical.js) reads them. */
const eventsOf = (text: string) =>
  new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));

async function conference(values: Partial<typeof conferences.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(conferences)
    .values({
      eventId: DEMO_EDITION_ID,
      number: `V-${Math.random().toString(36).slice(2, 8)}`,
      titleFr: 'Le béton bas carbone',
      titleEn: 'Low-carbon concrete',
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
    const [past] = await ctx.db.select({ id: events.id }).from(events).where(eq(events.current, false)).limit(1);
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
      descriptionFr: 'Ciments, liants; avenir.',
    });
    const res = await get(`visit/calendar.ics?conferences=${talk.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ma-visite.ics"');
    const [event] = eventsOf(res.payload);
    // Marrakech is UTC+1 on 29 May 2024: 14:00 there is 13:00 UTC.
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

  it('is an empty calendar for a list without conferences, and refuses exhibitors in its address', async () => {
    const res = await get('visit/calendar.ics');
    expect(res.statusCode).toBe(200);
    expect(eventsOf(res.payload)).toHaveLength(0);
    expect((await get('visit/calendar.ics?exhibitors=1')).statusCode).toBe(400);
  });
});

describe('the list kept with a badge', () => {
  const keep = (token: string, body: unknown) =>
    call(ctx.app, 'PUT', `registrations/ebadge/visit?token=${encodeURIComponent(token)}`, { body });

  it('is kept by the badge’s link and shown with the badge, on any device that opens the link', async () => {
    const { registration } = await createVisitor(ctx.db);
    const before = await get(`registrations/ebadge?token=${registration.badgeKey}`);
    expect(before.json<Answer<typeof ebadgeSchema>>().data.visit).toEqual({ exhibitors: [], conferences: [] });
    const saved = await keep(registration.badgeKey, { exhibitors: [3, 1], conferences: [2] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ data: { exhibitors: [3, 1], conferences: [2] }, meta: {} });
    const after = await get(`registrations/ebadge?token=${registration.badgeKey}`);
    expect(after.json<Answer<typeof ebadgeSchema>>().data.visit).toEqual({ exhibitors: [3, 1], conferences: [2] });
  });

  it('refuses a wrong or revoked badge link, and saves nothing', async () => {
    const { registration } = await createVisitor(ctx.db);
    expect((await keep('00000000-0000-4000-8000-000000000000', { exhibitors: [1], conferences: [] })).statusCode).toBe(
      403,
    );
    await ctx.db.update(registrations).set({ revokedAt: new Date() }).where(eq(registrations.id, registration.id));
    expect((await keep(registration.badgeKey, { exhibitors: [1], conferences: [] })).statusCode).toBe(403);
    const [row] = await ctx.db
      .select({ visit: registrations.visit })
      .from(registrations)
      .where(eq(registrations.id, registration.id));
    expect(row!.visit).toBeNull();
  });

  it('refuses a list over the limit or of anything but ids, under its field, and keeps the list it had', async () => {
    const { registration } = await createVisitor(ctx.db);
    await keep(registration.badgeKey, { exhibitors: [7], conferences: [] });
    for (const body of [
      { exhibitors: Array.from({ length: 101 }, (_, i) => i + 1), conferences: [] },
      { exhibitors: ['1'], conferences: [] },
      { exhibitors: [0], conferences: [] },
      { exhibitors: [], conferences: [], email: 'x@example.com' },
    ]) {
      const res = await keep(registration.badgeKey, body);
      expect(res.statusCode).toBe(400);
    }
    const wrong = await keep(registration.badgeKey, { exhibitors: [1.5], conferences: [] });
    expect(wrong.json<ErrorAnswer>().error.details.errors?.[0]?.path).toEqual(['body', 'exhibitors', '0']);
    const after = await get(`registrations/ebadge?token=${registration.badgeKey}`);
    expect(after.json<Answer<typeof ebadgeSchema>>().data.visit).toEqual({ exhibitors: [7], conferences: [] });
  });

  it('is forgotten when the person is erased', async () => {
    const { user, registration } = await createVisitor(ctx.db);
    await keep(registration.badgeKey, { exhibitors: [1], conferences: [2] });
    await ctx.db.transaction((tx) => anonymise(tx, user.id, new Date()));
    const [row] = await ctx.db
      .select({ visit: registrations.visit })
      .from(registrations)
      .where(eq(registrations.id, registration.id));
    expect(row!.visit).toBeNull();
  });
});
