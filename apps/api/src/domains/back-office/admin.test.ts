import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { auditLog, kioskSessions, type users } from '../../db/schema';
import { createBadgeSigner } from '../badges/badge-token';
import {
  createController,
  createOrganiser,
  createUser,
  createVisitor,
  firstGate,
  sessionOf,
} from '../../../test/fixtures';
import { call, createTestApp, type TestContext } from '../../../test/helper';
import { ADMIN_AREAS } from '../../../test/back-office-cases';
import type { AdminArea } from '../../../test/back-office-cases/area';
import { fastifyRoutes } from '../../../test/route-table';

/**
 * The back-office API: react-admin's simple REST shape (arrays with a Content-Range header),
 * organisers only, and every write recorded in the audit log with the record before and after.
 */

let ctx: TestContext;
let organiser: typeof users.$inferSelect;
let organiserToken: string;
let controllerToken: string;

async function enableKiosk(name = 'Borne test'): Promise<number> {
  const res = await call(ctx.app, 'POST', 'kiosk/sessions', {
    body: { email: organiser.email, password: 'Secret-2024!', name },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { id: number } }>().data.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  organiser = await createOrganiser(ctx.db);
  organiserToken = await sessionOf(ctx, organiser);
  controllerToken = await sessionOf(ctx, await createController(ctx.db));
});
afterAll(async () => ctx.close());

describe('The back-office sign-in', () => {
  it('gives an organiser a session that opens the back-office', async () => {
    const res = await call(ctx.app, 'POST', 'auth/organiser', {
      body: { identifier: organiser.email.toUpperCase(), password: 'Secret-2024!' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { jwt, user } = res.json<{ jwt: string; user: { id: number; type: string; name: string } }>();
    expect(user).toMatchObject({ id: organiser.id, type: 'organiser', name: organiser.name });
    expect((await call(ctx.app, 'GET', 'admin/audit-log', { token: jwt })).statusCode).toBe(200);
  });

  it('refuses a wrong password, a controller and an exhibitor with the same answer', async () => {
    const controller = await createUser(ctx.db, { type: 'controller', password: 'Secret-2024!' });
    const exhibitor = await createUser(ctx.db, { type: 'exhibitor', password: 'Secret-2024!' });
    const answers = [];
    for (const [identifier, password] of [
      [organiser.email, 'Wrong-2024!'],
      [controller.email, 'Secret-2024!'],
      [exhibitor.email, 'Secret-2024!'],
    ] as const) {
      const res = await call(ctx.app, 'POST', 'auth/organiser', { body: { identifier, password } });
      expect(res.statusCode).toBe(400);
      answers.push(res.json<{ error: { message: string } }>().error.message);
    }
    expect(new Set(answers).size).toBe(1);
  });
});

describe('The back-office lists', () => {
  it('answer an array with the Content-Range header react-admin reads the total from', async () => {
    for (const name of ['Borne 1', 'Borne 2', 'Borne 3']) await enableKiosk(name);
    const res = await call(ctx.app, 'GET', 'admin/kiosk-sessions?sort=%5B%22id%22%2C%22ASC%22%5D&range=%5B0%2C1%5D', {
      token: organiserToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ id: number; name: string; enabledBy: string }[]>();
    expect(rows.map((r) => r.name)).toEqual(['Borne 1', 'Borne 2']);
    expect(rows[0]!.enabledBy).toBe(organiser.name);
    expect(res.headers['content-range']).toMatch(/^kiosk-sessions 0-1\/\d+$/);
    expect(Number(String(res.headers['content-range']).split('/')[1])).toBeGreaterThanOrEqual(3);
  });

  it('show the double admissions of two gates offline with filter conflict', async () => {
    const controller = await createUser(ctx.db, { type: 'controller', password: 'Secret-2024!' });
    const login = await call(ctx.app, 'POST', 'auth/controller', {
      body: { identifier: controller.email, password: 'Secret-2024!' },
    });
    const { registration } = await createVisitor(ctx.db, { name: 'Nadia Conflit' });
    const signer = createBadgeSigner(ctx.config.BADGE_PRIVATE_KEY);
    const badge = signer.sign({
      registrationId: registration.id,
      type: 'visitor',
      eventId: DEMO_EDITION_ID,
      issuedAt: 1,
    });
    const gate = await firstGate(ctx.db);
    const entry = (deviceId: string) => ({
      id: randomUUID(),
      badge,
      gateId: gate.id,
      deviceId,
      scannedAt: new Date().toISOString(),
      verdict: 'admitted',
      reentry: false,
    });
    const sent = await call(ctx.app, 'POST', 'checkins', {
      token: login.json<{ jwt: string }>().jwt,
      body: { checkins: [entry('porte-1'), entry('porte-2')] },
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const res = await call(ctx.app, 'GET', 'admin/checkins?filter=%7B%22conflict%22%3Atrue%7D', {
      token: organiserToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ name: string; gate: string; deviceId: string; conflict: boolean }[]>();
    expect(
      rows
        .filter((r) => r.name === 'Nadia Conflit')
        .map((r) => r.deviceId)
        .sort(),
    ).toEqual(['porte-1', 'porte-2']);
    expect(rows.every((r) => r.conflict)).toBe(true);
    expect(rows[0]!.gate).toBe(gate.name);
  });

  it.each([
    ['an unknown sort field', 'admin/checkins?sort=%5B%22password%22%2C%22ASC%22%5D'],
    ['a sort that is not JSON', 'admin/checkins?sort=id'],
    ['a range of more than 500 rows', 'admin/checkins?range=%5B0%2C1000%5D'],
    ['an unknown filter', 'admin/checkins?filter=%7B%22email%22%3A%22x%22%7D'],
    ['a filter of the wrong type', 'admin/checkins?filter=%7B%22conflict%22%3A%22yes%22%7D'],
    ['an unknown query key', 'admin/audit-log?where=1'],
  ])('refuse %s with a 400 that says what is allowed', async (_what, url) => {
    const res = await call(ctx.app, 'GET', url, { token: organiserToken });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).not.toBe('');
  });

  it('are refused to a controller, whose gates have their own routes', async () => {
    const res = await call(ctx.app, 'GET', 'admin/checkins', { token: controllerToken });
    expect(res.statusCode).toBe(403);
  });
});

/** How to call each write route of the back-office once, as an organiser (from each area of test/back-office-cases/). */
const WRITES = Object.assign({}, ...ADMIN_AREAS.map((area) => area.writes)) as AdminArea['writes'];

describe('The audit log', () => {
  const writeRoutes = () =>
    fastifyRoutes(ctx.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.includes(' /backend/api/admin/') && !r.startsWith('GET '),
    );

  it('knows how to call every write route of the back-office in the route table', () => {
    expect(writeRoutes().length).toBeGreaterThan(0);
    expect(writeRoutes().filter((r) => !WRITES[r])).toEqual([]);
  });

  it('records who did what on which record, before and after, for every write route', async () => {
    for (const route of writeRoutes()) {
      const [method] = route.split(' ') as ['POST' | 'PUT' | 'DELETE'];
      const { url, body, recordId, status } = await WRITES[route]!({ ctx, organiser });
      const res: LightMyRequestResponse = await call(ctx.app, method, url, { token: organiserToken, body });
      expect(res.statusCode, `${route}: ${res.body}`).toBe(status ?? 200);
      const action = route.replace(' /backend/api', ' ');
      const [entry] = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.recordId, recordId), eq(auditLog.action, action)));
      expect(entry, route).toBeDefined();
      expect(entry!.userId).toBe(organiser.id);
      expect(entry!.before).not.toBeNull();
      expect(entry!.after).not.toBeNull();
    }
  });

  it('shows the revocation of a kiosk, with its revocation time only after', async () => {
    const id = await enableKiosk('Borne de l’entrée nord');
    const revoked = await call(ctx.app, 'DELETE', `admin/kiosk-sessions/${id}`, { token: organiserToken });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<{ revokedAt: string | null }>().revokedAt).not.toBeNull();
    const [kiosk] = await ctx.db.select().from(kioskSessions).where(eq(kioskSessions.id, id));
    expect(kiosk!.revokedAt).not.toBeNull();

    const res = await call(ctx.app, 'GET', 'admin/audit-log?filter=%7B%22resource%22%3A%22kiosk-sessions%22%7D', {
      token: organiserToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    const log =
      res.json<
        { recordId: string; user: string; before: { name: string; revokedAt: null }; after: { revokedAt: string } }[]
      >();
    const entry = log.find((e) => e.recordId === String(id));
    expect(entry?.user).toBe(organiser.name);
    expect(entry?.before).toMatchObject({ name: 'Borne de l’entrée nord', revokedAt: null });
    expect(entry?.after.revokedAt).toEqual(expect.any(String));

    // Revoking it again changes nothing and records nothing more.
    await call(ctx.app, 'DELETE', `admin/kiosk-sessions/${id}`, { token: organiserToken });
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(id)), eq(auditLog.resource, 'kiosk-sessions')));
    expect(entries).toHaveLength(1);
  });
});
