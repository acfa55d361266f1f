import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, type AdminEdition } from '@salon/shared';
import { auditLog, openingHours } from '../../db/schema';
import {
  call,
  createExhibitor,
  createTestApp,
  createUser,
  PASSWORD,
  signSession,
  type TestContext,
} from '../../../test/helper';

/**
 * On show day the organiser changes an edition's opening hours in the back-office: the public
 * pages and the e-badge print them at once. Hours that do not name the show's days, or that
 * close before they open, are refused under their field; saving them unchanged changes nothing.
 */

let ctx: TestContext;
let token: string;
let edition: AdminEdition;

beforeAll(async () => {
  ctx = await createTestApp();
  const organiser = await createUser(ctx.db, { type: 'organiser', password: PASSWORD });
  token = await signSession(organiser.id, organiser.tokenVersion);
  edition = (await call(ctx.app, 'GET', `admin/editions/${DEMO_EDITION_ID}`, { token })).json<AdminEdition>();
});
afterAll(() => ctx.close());

const save = (body: unknown, as = token) =>
  call(ctx.app, 'PUT', `admin/editions/${DEMO_EDITION_ID}`, { token: as, body });
const errorsOf = (res: { json: <T>() => T }) =>
  res.json<{ error: { details: { errors: { path: string[]; message: string }[] } } }>().error.details.errors;
const rows = () =>
  ctx.db.select().from(openingHours).where(eq(openingHours.eventId, DEMO_EDITION_ID)).orderBy(asc(openingHours.day));
/** The edition's hours with the last day closing at `closes`. */
const lastDayClosing = (closes: string) =>
  edition.hours.map((h, i) => (i === edition.hours.length - 1 ? { ...h, closes } : h));

describe('an edition’s opening hours in the back-office', () => {
  it('are read with the edition, a row per show day, as HH:MM', () => {
    expect(edition.hours.length).toBeGreaterThan(1);
    expect(edition.hours[0]).toEqual({ day: edition.startsOn, opens: '09:00', closes: '19:00' });
    expect(edition.hours.at(-1)?.day).toBe(edition.endsOn);
  });

  it('let the organiser close the last day at 17:00: the public hours and the e-badge say so at once', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    const saved = await save({ ...edition, hours: lastDayClosing('17:00') });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AdminEdition>().hours.at(-1)).toEqual({ day: edition.endsOn, opens: '09:00', closes: '17:00' });

    const published = (await call(ctx.app, 'GET', 'opening-hours')).json<{
      data: { day: string; opensAt: string; closesAt: string }[];
    }>().data;
    expect(published.at(-1)).toEqual({ day: edition.endsOn, opensAt: '09:00', closesAt: '17:00' });
    expect(published[0]).toMatchObject({ closesAt: '19:00' });

    const ebadge = await call(ctx.app, 'GET', `registrations/ebadge?token=${exhibitor.registration.badgeKey}`);
    const { hours } = ebadge.json<{ data: { hours: { day: string; closes: string }[] } }>().data;
    expect(hours.at(-1)?.day).toBe(edition.endsOn);
    expect(hours.at(-1)?.closes.slice(0, 5)).toBe('17:00');

    // The audit log keeps the hours before and after, with the rest of the edition.
    const [entry] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'PUT /admin/editions/:id', recordId: String(DEMO_EDITION_ID) });
    expect((entry!.before as AdminEdition).hours.at(-1)?.closes).toBe(edition.hours.at(-1)?.closes);
    expect((entry!.after as AdminEdition).hours.at(-1)?.closes).toBe('17:00');
  });

  it('refuses a day that closes before it opens, under its closing time', async () => {
    const res = await save({ ...edition, hours: lastDayClosing('08:00') });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([
      { path: ['body', 'hours', String(edition.hours.length - 1), 'closes'], message: 'closesBeforeOpening' },
    ]);
  });

  it('refuses hours for a day that is not a show day, and hours that leave a day out', async () => {
    const before = await rows();
    const elsewhere = await save({
      ...edition,
      hours: [...edition.hours.slice(0, -1), { day: '2024-07-14', opens: '09:00', closes: '17:00' }],
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(errorsOf(elsewhere)).toEqual([{ path: ['body', 'hours'], message: 'hoursNotShowDays' }]);
    const missing = await save({ ...edition, hours: edition.hours.slice(0, -1) });
    expect(missing.statusCode).toBe(400);
    expect(errorsOf(missing)).toEqual([{ path: ['body', 'hours'], message: 'hoursNotShowDays' }]);
    expect(await rows()).toEqual(before);
  });

  it('cannot be changed by an exhibitor', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    const theirs = await signSession(exhibitor.user.id, exhibitor.user.tokenVersion);
    expect((await save({ ...edition, hours: lastDayClosing('12:00') }, theirs)).statusCode).toBe(403);
    expect((await rows()).at(-1)?.closesAt).toBe('17:00:00');
  });

  it('are left untouched when the form is saved again unchanged', async () => {
    const before = await rows();
    const again = await save({ ...edition, hours: lastDayClosing('17:00') });
    expect(again.statusCode, again.body).toBe(200);
    const after = await rows();
    expect(after).toEqual(before);
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
  });

  it('follow the dates when the dates change, whatever hours the form sent', async () => {
    const res = await save({ ...edition, endsOn: edition.hours.at(-2)!.day, hours: lastDayClosing('11:00') });
    expect(res.statusCode, res.body).toBe(200);
    const hours = res.json<AdminEdition>().hours;
    expect(hours.map((h) => h.day)).toEqual(edition.hours.slice(0, -1).map((h) => h.day));
    // The new last day keeps the last day's hours (a show's last day often closes early).
    expect(hours.at(-1)).toMatchObject({ closes: '17:00' });
  });
});
