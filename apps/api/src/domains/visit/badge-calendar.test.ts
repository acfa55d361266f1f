import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { conferences, openingHours, registrations } from '../../db/schema';
import { eventsOf } from '../../../test/calendar';
import { call, createTestApp, withoutRequestId, type TestContext } from '../../../test/helper';
import { createOrganiser, createVisitor, signSession } from '../../../test/fixtures';

/** 'Ajouter à mon agenda': a badge's visit as a calendar file, by the key of its mail. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://salon.example' });
});
afterAll(() => ctx.close());

const calendarOf = (key: string, lang = '') =>
  call(ctx.app, 'GET', `registrations/ebadge/calendar.ics?token=${key}${lang && `&lang=${lang}`}`);

async function signUp(userId: number, values: Partial<typeof conferences.$inferInsert> = {}) {
  const [talk] = await ctx.db
    .insert(conferences)
    .values({
      eventId: DEMO_EDITION_ID,
      number: `B-${Math.random().toString(36).slice(2, 8)}`,
      title: { fr: 'Chantiers propres', en: 'Clean building sites' },
      theme: {},
      description: {},
      day: '2024-05-31',
      startsAt: '15:00',
      endsAt: '16:00',
      ...values,
    })
    .returning();
  await ctx.db
    .insert(registrations)
    .values({ eventId: DEMO_EDITION_ID, userId, type: 'visitor', conferenceId: talk!.id, confirmed: true });
  return talk!;
}

describe('a badge’s visit as a calendar', () => {
  it('holds the show’s four days at their hours in Marrakech’s zone, then the conferences the holder signed up to', async () => {
    const { user, registration } = await createVisitor(ctx.db);
    const talk = await signUp(user.id);
    // Someone else's sign-up stays out of this badge's file.
    await signUp((await createVisitor(ctx.db)).user.id, { title: { fr: 'Pas pour moi', en: 'Not for me' } });
    const res = await calendarOf(registration.badgeKey);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="mon-salon.ics"');
    expect(res.headers['cache-control']).toBe('private, no-store');

    const events = eventsOf(res.payload);
    expect(events.map((e) => e.summary)).toEqual([
      ...Array<string>(4).fill('Salon International du Bâtiment — 6e édition'),
      `${talk.number} — Chantiers propres`,
    ]);
    const [first, , third, last, signedUp] = events;
    // Written at the show's own hour, in its zone: 09:00 in Marrakech (UTC+1 in May 2024) is 08:00 UTC.
    expect(first!.startDate.zone?.tzid).toBe('Africa/Casablanca');
    expect(first!.startDate.toString()).toBe('2024-05-29T09:00:00');
    expect(first!.startDate.toJSDate().toISOString()).toBe('2024-05-29T08:00:00.000Z');
    expect(first!.endDate.toJSDate().toISOString()).toBe('2024-05-29T18:00:00.000Z');
    expect(third!.endDate.toJSDate().toISOString()).toBe('2024-05-31T18:30:00.000Z');
    expect(last!.endDate.toJSDate().toISOString()).toBe('2024-06-01T17:00:00.000Z');
    expect(first!.uid).toBe(`show-2024-05-29-${registration.id}@salon.example`);
    expect(signedUp!.startDate.toJSDate().toISOString()).toBe('2024-05-31T14:00:00.000Z');
    expect(signedUp!.uid).toBe(`conference-${talk.id}@salon.example`);
    // DTSTAMP in UTC, as RFC 5545 asks.
    expect(res.payload).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
  });

  it('speaks the language asked for, else the holder’s', async () => {
    const { registration } = await createVisitor(ctx.db, { language: 'en' });
    const own = await calendarOf(registration.badgeKey);
    expect(own.headers['content-disposition']).toBe('attachment; filename="my-show.ics"');
    expect(eventsOf(own.payload)[0]!.summary).toBe('Salon International du Bâtiment — 6th edition');
    const french = await calendarOf(registration.badgeKey, 'fr');
    expect(eventsOf(french.payload)[0]!.summary).toBe('Salon International du Bâtiment — 6e édition');
  });

  it('describes Marrakech’s real changes of offset around the show’s year, so that a calendar reading only the file puts Ramadan’s hours at UTC', async () => {
    const { registration } = await createVisitor(ctx.db);
    const res = await calendarOf(registration.badgeKey);
    expect(res.statusCode).toBe(200);
    const [component] = new ICAL.Component(ICAL.parse(res.payload) as unknown[]).getAllSubcomponents('vtimezone');
    const zone = new ICAL.Timezone(component!);
    const at = (day: string, time: string) => {
      const wall = ICAL.Time.fromDateTimeString(`${day}T${time}:00`);
      wall.zone = zone;
      return wall.toJSDate().toISOString();
    };
    // The show's day, UTC+1: 09:00 is 08:00 UTC.
    expect(at('2024-05-30', '09:00')).toBe('2024-05-30T08:00:00.000Z');
    // Ramadan 2025, the next year, UTC+0: 10:00 is 10:00 UTC; back to UTC+1 after it.
    expect(at('2025-03-10', '10:00')).toBe('2025-03-10T10:00:00.000Z');
    expect(at('2025-05-10', '10:00')).toBe('2025-05-10T09:00:00.000Z');
    // Ramadan 2024 and 2023 too, the show's year and the one before.
    expect(at('2024-03-20', '10:00')).toBe('2024-03-20T10:00:00.000Z');
    expect(at('2023-04-01', '10:00')).toBe('2023-04-01T10:00:00.000Z');
    // Each change is an observance from the wall clock's time just before it, the year's own
    // offset (UTC+1) the standard one: into Ramadan 2025 on 23 February at 03:00.
    expect(res.payload).toContain(
      'BEGIN:DAYLIGHT\r\nDTSTART:20250223T030000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0000\r\nTZNAME:+00\r\nEND:DAYLIGHT',
    );
    expect(res.payload).toContain(
      'BEGIN:STANDARD\r\nDTSTART:20250406T020000\r\nTZOFFSETFROM:+0000\r\nTZOFFSETTO:+0100\r\nTZNAME:+01\r\nEND:STANDARD',
    );
    expect(component!.getAllSubcomponents('daylight')).toHaveLength(3);
    expect(component!.getAllSubcomponents('standard')).toHaveLength(4);
  });

  it('is a 404 for a key that opens no live badge, and a 400 without a key', async () => {
    const { registration } = await createVisitor(ctx.db);
    await ctx.db.update(registrations).set({ revokedAt: new Date() }).where(eq(registrations.id, registration.id));
    for (const key of [registration.badgeKey, '00000000-0000-4000-8000-000000000000', 'pas-une-cle']) {
      const res = await calendarOf(key);
      expect(res.statusCode).toBe(404);
      expect(withoutRequestId(res)).toEqual({
        error: { status: 404, name: 'NotFoundError', message: 'Badge introuvable.', details: {} },
      });
    }
    expect((await call(ctx.app, 'GET', 'registrations/ebadge/calendar.ics')).statusCode).toBe(400);
  });

  it('puts each day of an edition held during Ramadan at its true instant, Marrakech being on UTC then', async () => {
    // Morocco is on UTC+0 during Ramadan (mid-February to late March 2026): 09:00 there is 09:00 UTC.
    const staff = await createOrganiser(ctx.db);
    const token = await signSession(staff.id, staff.tokenVersion);
    const prepared = await call(ctx.app, 'POST', `admin/editions/${DEMO_EDITION_ID}/next`, {
      token,
      body: { name: '7e édition', startsOn: '2026-03-01', endsOn: '2026-03-03', city: 'Marrakech', halls: false },
    });
    expect(prepared.statusCode, prepared.body).toBe(201);
    const edition = prepared.json<{ id: number }>().id;
    expect((await call(ctx.app, 'POST', `admin/editions/${edition}/make-current`, { token })).statusCode).toBe(200);
    const { user } = await createVisitor(ctx.db);
    const [badge] = await ctx.db
      .insert(registrations)
      .values({ eventId: edition, userId: user.id, type: 'visitor', confirmed: true })
      .returning();
    const hours = await ctx.db.select().from(openingHours).where(eq(openingHours.eventId, edition));
    const first = hours.find((h) => h.day === '2026-03-01')!;

    const res = await calendarOf(badge!.badgeKey);
    expect(res.statusCode, res.body).toBe(200);
    const [day] = eventsOf(res.payload);
    expect(day!.startDate.toString()).toBe(`2026-03-01T${first.opensAt.slice(0, 5)}:00`);
    expect(day!.startDate.toJSDate().toISOString()).toBe(`2026-03-01T${first.opensAt.slice(0, 5)}:00.000Z`);
    expect(day!.endDate.toJSDate().toISOString()).toBe(`2026-03-01T${first.closesAt.slice(0, 5)}:00.000Z`);
    // The zone the file describes says so too, for a calendar that reads it rather than its own data.
    expect(res.payload).toContain('TZOFFSETTO:+0000');
  });
});
