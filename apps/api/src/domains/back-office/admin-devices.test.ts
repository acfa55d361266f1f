import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, checkins, kioskSessions, type users } from '../../db/schema';
import { createOrganiser, createVisitor, firstGate, sessionOf } from '../../../test/fixtures';
import { call, createTestApp, type TestContext } from '../../../test/helper';

/** The searches of the devices screens: gate check-ins, kiosks and the audit log. */

/** Kiosk tokens end with their show day: one ended yesterday, one ends tomorrow (real clock). */
const YESTERDAY = new Date(Date.now() - 24 * 3_600_000);
const TOMORROW = new Date(Math.floor((Date.now() + 24 * 3_600_000) / 1000) * 1000);

let ctx: TestContext;
let organiser: typeof users.$inferSelect;
let token: string;

const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const list = async <T>(resource: string, filter: unknown) => {
  const res = await call(ctx.app, 'GET', `admin/${resource}?filter=${encode(filter)}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json<T[]>(), range: res.headers['content-range'] };
};

beforeAll(async () => {
  ctx = await createTestApp();
  organiser = await createOrganiser(ctx.db, { name: 'Olga Organisatrice' });
  token = await sessionOf(ctx, organiser);

  const gate = await firstGate(ctx.db);
  const entry = (registrationId: number, deviceId: string, conflict = false) => ({
    clientId: randomUUID(),
    registrationId,
    gateId: gate.id,
    deviceId,
    scannedAt: new Date('2024-05-29T09:00:00Z'),
    checkinDay: '2024-05-29',
    verdict: 'admitted' as const,
    conflict,
  });
  const yasmine = await createVisitor(ctx.db, { name: 'Yasmine Bennani', company: 'Atlas Études' });
  const omar = await createVisitor(ctx.db, { name: 'Omar Tazi', company: 'Tazi Frères' });
  await ctx.db
    .insert(checkins)
    .values([
      entry(yasmine.registration.id, 'porte-nord', true),
      entry(yasmine.registration.id, 'porte-sud', true),
      entry(omar.registration.id, 'porte-nord'),
    ]);

  const tokenHash = () => randomBytes(32).toString('hex');
  await ctx.db.insert(kioskSessions).values([
    { name: 'Borne entrée nord', tokenHash: tokenHash(), enabledBy: organiser.id, expiresAt: TOMORROW },
    { name: 'Borne parking', tokenHash: tokenHash(), enabledBy: organiser.id, expiresAt: TOMORROW },
    { name: 'Borne d’hier', tokenHash: tokenHash(), enabledBy: organiser.id, expiresAt: YESTERDAY },
    {
      name: 'Borne rendue',
      tokenHash: tokenHash(),
      enabledBy: organiser.id,
      expiresAt: TOMORROW,
      revokedAt: YESTERDAY,
    },
  ]);

  await ctx.db.insert(auditLog).values([
    {
      userId: organiser.id,
      action: 'PUT /admin/exhibitors/:id',
      resource: 'exhibitors',
      recordId: '12',
      before: {},
      after: {},
    },
    {
      userId: organiser.id,
      action: 'POST /admin/mails/:id/retry',
      resource: 'mails',
      recordId: '7',
      before: {},
      after: {},
    },
  ]);
});
afterAll(() => ctx.close());

describe('The gate check-ins screen', () => {
  it('searches the holder’s name, company and the device, and counts what it found', async () => {
    const byName = await list<{ name: string; deviceId: string }>('checkins', { q: 'yasmine' });
    expect(byName.rows.map((r) => r.deviceId).sort()).toEqual(['porte-nord', 'porte-sud']);
    expect(byName.range).toBe('checkins 0-1/2');
    const byCompany = await list<{ name: string }>('checkins', { q: 'TAZI FR' });
    expect(byCompany.rows.map((r) => r.name)).toEqual(['Omar Tazi']);
    const byDevice = await list<{ name: string }>('checkins', { q: 'porte-sud' });
    expect(byDevice.rows.map((r) => r.name)).toEqual(['Yasmine Bennani']);
  });

  it('combines the search with the conflicts toggle', async () => {
    const conflicts = await list<{ name: string }>('checkins', { conflict: true, q: 'porte-nord' });
    expect(conflicts.rows.map((r) => r.name)).toEqual(['Yasmine Bennani']);
    expect(conflicts.range).toBe('checkins 0-0/1');
  });

  it('refuses a search that is too long with a 400 that says so', async () => {
    const res = await call(ctx.app, 'GET', `admin/checkins?filter=${encode({ q: 'x'.repeat(201) })}`, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      'Texte trop long pour q (200 caractères au plus).',
    );
  });
});

describe('The kiosks screen', () => {
  it('searches the kiosks by name', async () => {
    const { rows } = await list<{ name: string; enabledBy: string }>('kiosk-sessions', { q: 'nord' });
    expect(rows).toMatchObject([{ name: 'Borne entrée nord', enabledBy: 'Olga Organisatrice' }]);
  });

  it('shows when each kiosk’s token ends, and counts a kiosk past its day as no longer active', async () => {
    const { rows } = await list<{ name: string; expiresAt: string }>('kiosk-sessions', { q: 'nord' });
    expect(rows[0]!.expiresAt).toBe(TOMORROW.toISOString());
    const live = await list<{ name: string }>('kiosk-sessions', { live: true });
    expect(live.rows.map((r) => r.name).sort()).toEqual(['Borne entrée nord', 'Borne parking']);
    const ended = await list<{ name: string }>('kiosk-sessions', { live: false });
    expect(ended.rows.map((r) => r.name).sort()).toEqual(['Borne d’hier', 'Borne rendue']);
  });
});

describe('The audit log screen', () => {
  it('searches the action, the resource, the record and who did it', async () => {
    const byAction = await list<{ action: string }>('audit-log', { q: 'retry' });
    expect(byAction.rows.map((r) => r.action)).toEqual(['POST /admin/mails/:id/retry']);
    const byResource = await list<{ recordId: string }>('audit-log', { q: 'exhibitors' });
    expect(byResource.rows.map((r) => r.recordId)).toEqual(['12']);
    const byUser = await list<{ user: string }>('audit-log', { q: 'olga' });
    expect(byUser.rows).toHaveLength(2);
    expect(byUser.range).toBe('audit-log 0-1/2');
  });
});
