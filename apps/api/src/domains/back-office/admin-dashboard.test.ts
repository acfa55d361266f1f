import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { checkins, halls, mailOutbox, registrations, scans, users } from '../../db/schema';
import type { ShowDashboard } from './show-dashboard.service';
import { createCollaborator, createExhibitor, createOrganiser, createVisitor, sessionOf } from '../../../test/fixtures';
import { call, createTestApp, type TestContext } from '../../../test/helper';

/** The dashboard, on a known show: every figure is counted by hand below. */

let ctx: TestContext;
let token: string;

async function dashboard(): Promise<ShowDashboard> {
  const res = await call(ctx.app, 'GET', 'admin/dashboard', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ShowDashboard>();
}

async function visitorAt(at: string, secteurActivite: string, pays: string) {
  const visitor = await createVisitor(ctx.db, { secteurActivite, pays });
  await ctx.db
    .update(registrations)
    .set({ createdAt: new Date(at) })
    .where(eq(registrations.id, visitor.registration.id));
  return visitor;
}

beforeAll(async () => {
  ctx = await createTestApp();
  token = await sessionOf(ctx, await createOrganiser(ctx.db));

  // Visitors: 00:30 in Marrakech on 29 May is still 28 May in UTC; two on the 29th, one on the 30th.
  const v1 = await visitorAt('2024-05-28T23:30:00Z', 'Gros Oeuvre', 'Maroc');
  const v2 = await visitorAt('2024-05-29T10:00:00Z', 'Gros Oeuvre', 'France');
  await visitorAt('2024-05-30T10:00:00Z', 'Décoration', 'Maroc');

  // Exhibitors: two confirmed (A with two collaborators), one pending, one deactivated.
  const a = await createExhibitor(ctx.db, { company: 'Alpha Béton' });
  const b = await createExhibitor(ctx.db, { company: 'Bravo Bois' });
  const pending = await createExhibitor(ctx.db, { company: 'Charlie Chaux' });
  await ctx.db.update(registrations).set({ confirmed: false }).where(eq(registrations.id, pending.registration.id));
  const off = await createExhibitor(ctx.db, { company: 'Delta Dalles' });
  await ctx.db.update(users).set({ blocked: true }).where(eq(users.id, off.user.id));
  const c1 = await createCollaborator(ctx.db, a);
  await createCollaborator(ctx.db, a);

  // Scans: A's team 3 (1 by A, 2 by its collaborator), B 1.
  const scan = (scannerId: number, scannedId: number, day: string) => ({
    clientId: randomUUID(),
    eventId: DEMO_EDITION_ID,
    scannerId,
    exhibitorId: scannerId === c1.user.id ? a.user.id : scannerId,
    scannedId,
    typeScanned: 'visitor' as const,
    createdAt: new Date(`${day}T10:00:00Z`),
    scanDay: day,
  });
  await ctx.db
    .insert(scans)
    .values([
      scan(a.user.id, v1.user.id, '2024-05-29'),
      scan(c1.user.id, v1.user.id, '2024-05-29'),
      scan(c1.user.id, v2.user.id, '2024-05-30'),
      scan(b.user.id, v2.user.id, '2024-05-30'),
    ]);

  // Entries: two at 10h and one at 15h (Marrakech) at the first hall, one at 10h at the second; a refusal.
  const [hallA, hallB] = await ctx.db.select().from(halls).orderBy(halls.position, halls.id).limit(2);
  const entry = (gateId: number, at: string, verdict: 'admitted' | 'refused' = 'admitted') => ({
    clientId: randomUUID(),
    registrationId: v1.registration.id,
    gateId,
    deviceId: 'porte',
    scannedAt: new Date(at),
    checkinDay: '2024-05-29',
    verdict,
  });
  await ctx.db
    .insert(checkins)
    .values([
      entry(hallA!.id, '2024-05-29T09:15:00Z'),
      entry(hallA!.id, '2024-05-29T09:45:00Z'),
      entry(hallA!.id, '2024-05-29T14:05:00Z'),
      entry(hallB!.id, '2024-05-29T09:30:00Z'),
      entry(hallB!.id, '2024-05-29T09:31:00Z', 'refused'),
    ]);

  await ctx.db.insert(mailOutbox).values([
    { to: 'a@example.com', subject: 'A', text: 'a', status: 'pending' },
    { to: 'b@example.com', subject: 'B', text: 'b', status: 'sending' },
    { to: 'c@example.com', subject: 'C', text: 'c', status: 'failed', lastError: '550' },
    { to: 'd@example.com', subject: 'D', text: 'd', status: 'sent' },
  ]);
});
afterAll(async () => ctx.close());

describe('The dashboard', () => {
  it('tells the state of the show in figures counted in Marrakech time', async () => {
    const d = await dashboard();
    expect(d.totals).toEqual({
      visitors: 3,
      exhibitorsConfirmed: 2,
      exhibitorsPending: 1,
      exhibitorsDeactivated: 1,
      collaborators: 2,
      scans: 4,
      entries: 4,
      mailsWaiting: 2,
      mailsFailed: 1,
      newsletterConfirmed: 0,
    });
    expect(d.registrationsPerDay).toEqual([
      { day: '2024-05-29', daily: 2, cumulative: 2 },
      { day: '2024-05-30', daily: 1, cumulative: 3 },
    ]);
    expect(d.visitorsBySector).toEqual([
      { label: 'Gros Oeuvre', value: 2 },
      { label: 'Décoration', value: 1 },
    ]);
    expect(d.visitorsByCountry).toEqual([
      { label: 'Maroc', value: 2 },
      { label: 'France', value: 1 },
    ]);
    expect(d.scansPerDay).toEqual([
      { day: '2024-05-29', scans: 2 },
      { day: '2024-05-30', scans: 2 },
    ]);
    expect(d.topExhibitors.map((e) => [e.company, e.scans])).toEqual([
      ['Alpha Béton', 3],
      ['Bravo Bois', 1],
    ]);
    expect(d.entriesPerDay).toEqual([{ day: '2024-05-29', entries: 4 }]);
    const [hallA, hallB] = d.gates;
    expect(d.entriesPerHour).toEqual([
      { hour: 10, total: 3, [hallA!]: 2, [hallB!]: 1 },
      { hour: 15, total: 1, [hallA!]: 1 },
    ]);
    expect(d.peakHour).toEqual({ hour: 10, entries: 3 });
  });

  it('counts a new registration on the next call', async () => {
    const before = await dashboard();
    const res = await call(ctx.app, 'POST', 'visiteurs/putVisitor', {
      body: { name: 'Nadia Nouvelle', email: 'nadia.nouvelle@example.com', phone: '0612345678' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = await dashboard();
    expect(after.totals.visitors).toBe(before.totals.visitors + 1);
    expect(after.registrationsPerDay.at(-1)!.cumulative).toBe(before.totals.visitors + 1);
    expect(after.totals.mailsWaiting).toBe(before.totals.mailsWaiting + 1);
  });
});
