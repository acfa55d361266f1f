import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { checkins, registrations, scans } from '../../db/schema';
import { NOT_THIS_EDITION } from './exhibitor-accounts.service';
import {
  call,
  createCollaborator,
  createExhibitor,
  createTestApp,
  createUser,
  createVisitor,
  firstGate,
  PASSWORD,
  signSession,
  type TestContext,
} from '../../../test/helper';

/**
 * The back-office per edition: the dashboard, 'Exposants' and 'Visiteurs' show
 * the current edition's by default and any other's by a filter, once another edition is current.
 */

let ctx: TestContext;
let token: string;
let nextId: number;
let exhibitorId: number;
let visitor2024: number;
let visitor2026: number;

const get = (url: string) => call(ctx.app, 'GET', `admin/${url}`, { token });
const filter = (value: object) => encodeURIComponent(JSON.stringify(value));
type Totals = { totals: Record<string, number> };

beforeAll(async () => {
  ctx = await createTestApp();
  const staff = await createUser(ctx.db, { type: 'organiser', password: PASSWORD });
  token = await signSession(staff.id, staff.tokenVersion);
  // 2024: an exhibitor with a collaborator, a visitor it scanned, who entered once.
  const exhibitor = await createExhibitor(ctx.db, { company: 'Béton 2024' });
  exhibitorId = exhibitor.user.id;
  await createCollaborator(ctx.db, exhibitor);
  const v = await createVisitor(ctx.db, { name: 'Visiteuse 2024' });
  visitor2024 = v.user.id;
  await ctx.db.insert(scans).values({
    clientId: randomUUID(),
    eventId: DEMO_EDITION_ID,
    scannerId: exhibitorId,
    exhibitorId,
    scannedId: v.user.id,
    typeScanned: 'visitor',
    scanDay: '2024-05-30',
  });
  await ctx.db.insert(checkins).values({
    clientId: randomUUID(),
    registrationId: v.registration.id,
    gateId: (await firstGate(ctx.db)).id,
    deviceId: 'porte',
    scannedAt: new Date('2024-05-30T09:00:00Z'),
    checkinDay: '2024-05-30',
    verdict: 'admitted',
  });
  // 2026, current, with one visitor of its own.
  const next = await call(ctx.app, 'POST', `admin/editions/${DEMO_EDITION_ID}/next`, {
    token,
    body: { name: '7e édition', startsOn: '2026-06-02', endsOn: '2026-06-05', city: 'Marrakech', halls: false },
  });
  nextId = next.json<{ id: number }>().id;
  expect((await call(ctx.app, 'POST', `admin/editions/${nextId}/make-current`, { token })).statusCode).toBe(200);
  const later = await createUser(ctx.db, { name: 'Visiteur 2026' });
  visitor2026 = later.id;
  await ctx.db.insert(registrations).values({ eventId: nextId, userId: later.id, type: 'visitor', confirmed: true });
});
afterAll(() => ctx.close());

describe('the dashboard', () => {
  it('counts the current edition’s figures by default, and 2024’s when asked', async () => {
    const current = await get('dashboard');
    expect(current.json<Totals>().totals).toMatchObject({
      visitors: 1,
      exhibitorsConfirmed: 0,
      collaborators: 0,
      scans: 0,
      entries: 0,
    });
    const past = await get(`dashboard?edition=${DEMO_EDITION_ID}`);
    expect(past.statusCode, past.body).toBe(200);
    expect(past.json<Totals>().totals).toMatchObject({
      visitors: 1,
      exhibitorsConfirmed: 1,
      collaborators: 1,
      scans: 1,
      entries: 1,
    });
  });

  it('refuses an edition that is not an id, and reads an unknown one as empty', async () => {
    expect((await get('dashboard?edition=deux')).statusCode).toBe(400);
    expect((await get('dashboard?other=1')).statusCode).toBe(400);
    expect((await get('dashboard?edition=9999')).json<Totals>().totals).toMatchObject({ visitors: 0, scans: 0 });
  });
});

describe("'Exposants'", () => {
  it('lists the current edition’s by default and 2024’s with the edition filter, their scans counted there', async () => {
    const current = await get('exhibitors');
    expect(current.json()).toEqual([]);
    const past = await get(`exhibitors?filter=${filter({ edition: DEMO_EDITION_ID })}`);
    expect(past.statusCode, past.body).toBe(200);
    expect(past.json<{ id: number; company: string; scans: number; collaborators: number }[]>()).toMatchObject([
      { id: exhibitorId, company: 'Béton 2024', scans: 1, collaborators: 1 },
    ]);
    expect(past.headers['content-range']).toMatch(/\/1$/);
    expect((await get(`exhibitors?filter=${filter({ edition: 'x' })}`)).statusCode).toBe(400);
  });

  it('opens a 2024 exhibitor’s record, and keeps changes for the current edition’s', async () => {
    const record = await get(`exhibitors/${exhibitorId}`);
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json()).toMatchObject({ company: 'Béton 2024', status: 'confirmed', scans: 1 });
    const confirm = await call(ctx.app, 'POST', `admin/exhibitors/${exhibitorId}/confirm`, { token });
    expect(confirm.statusCode).toBe(404);
    expect(confirm.json<{ error: { message: string } }>().error.message).toBe(NOT_THIS_EDITION);
    const unknown = await call(ctx.app, 'POST', 'admin/exhibitors/999999/confirm', { token });
    expect(unknown.json<{ error: { message: string } }>().error.message).toBe('Exposant introuvable.');
  });
});

describe("'Visiteurs'", () => {
  it('lists an edition’s visitors with the edition filter, and exports them', async () => {
    const ids = async (edition: number) =>
      (await get(`visitors?filter=${filter({ edition })}`)).json<{ id: number }[]>().map((r) => r.id);
    expect(await ids(DEMO_EDITION_ID)).toEqual([visitor2024]);
    expect(await ids(nextId)).toEqual([visitor2026]);
    const file = await get(`visitors/export.xlsx?filter=${filter({ edition: nextId })}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });
});

describe("'Entrées'", () => {
  it('lists an edition’s check-ins with the edition filter', async () => {
    const names = async (edition: unknown) => {
      const res = await get(`checkins?filter=${filter({ edition })}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ name: string }[]>().map((r) => r.name);
    };
    expect(await names(DEMO_EDITION_ID)).toEqual(['Visiteuse 2024']);
    expect(await names(nextId)).toEqual([]);
    expect((await get(`checkins?filter=${filter({ edition: 'deux' })}`)).statusCode).toBe(400);
  });
});
