import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { kioskSessions } from '../../db/schema';
import { endOfShowDay } from './kiosk.service';
import { PASSWORD } from '../../../test/fixtures';
import { call, withoutRequestId } from '../../../test/helper';
import {
  badgeOf,
  collaborator,
  controller,
  controllerToken,
  ctx,
  enable,
  errorMessage,
  exhibitor,
  exhibitorToken,
  kioskHeader,
  lookup,
  newKiosk,
  NOW,
  organiser,
  organiserToken,
  sessionOf,
  useKioskScene,
  visitor,
  visitorToken,
  type EnabledKiosk,
} from './kiosk.test-support';

/**
 * The self-service kiosk at the entrance: enabled on a device by a controller's or organiser's
 * sign-in, revocable, ended with its show day (finding a badge on it: kiosk-lookup.test.ts and
 * kiosk-lockout.test.ts).
 */

/** Midnight at the end of NOW's show day in Casablanca (UTC+1 in May 2024). */
const END_OF_DAY = '2024-05-30T23:00:00.000Z';

/** The main sign-in's answer to a wrong password. */
let wrongPassword: LightMyRequestResponse;

const endOnKiosk = (kiosk: EnabledKiosk | null, email: string, password = PASSWORD) =>
  call(ctx.app, 'POST', 'kiosk/session/end', {
    body: { email, password },
    headers: kiosk ? kioskHeader(kiosk.token) : {},
  });

const kioskCount = async () => (await ctx.db.select({ n: count() }).from(kioskSessions))[0]!.n;

useKioskScene();
beforeAll(async () => {
  wrongPassword = await call(ctx.app, 'POST', 'auth/local', {
    body: { identifier: exhibitor.user.email, password: 'Mauvais-2024!' },
  });
});

describe('enabling a kiosk (POST kiosk/sessions)', () => {
  it('enables a kiosk with a controller’s e-mail and password: a token, the kiosk’s id, its name and the end of its show day', async () => {
    const res = await enable(controller.email, PASSWORD, '  Borne hall A  ');
    expect(res.statusCode).toBe(200);
    const kiosk = res.json<{ data: EnabledKiosk }>().data;
    expect(kiosk).toEqual({
      token: expect.any(String) as unknown,
      id: expect.any(Number) as unknown,
      name: 'Borne hall A',
      expiresAt: END_OF_DAY,
    });
    expect(kiosk.token.length).toBeGreaterThanOrEqual(40);
    const session = await sessionOf(kiosk);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({
      data: { id: kiosk.id, name: 'Borne hall A', createdAt: expect.any(String) as unknown, expiresAt: END_OF_DAY },
      meta: {},
    });
    // Only a hash of the token is kept: the database alone cannot open a kiosk.
    const [row] = await ctx.db.select().from(kioskSessions).where(eq(kioskSessions.id, kiosk.id));
    expect(row).toMatchObject({ enabledBy: controller.id, revokedAt: null });
    expect(row!.tokenHash).not.toContain(kiosk.token);
  });

  it('enables a kiosk with an organiser’s e-mail and password, the address typed in any case', async () => {
    const res = await enable(` ${organiser.email.toUpperCase()} `, PASSWORD, 'Borne accueil');
    expect(res.statusCode).toBe(200);
    const kiosk = res.json<{ data: EnabledKiosk }>().data;
    expect(kiosk.name).toBe('Borne accueil');
    expect((await sessionOf(kiosk)).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(kioskSessions).where(eq(kioskSessions.id, kiosk.id));
    expect(row?.enabledBy).toBe(organiser.id);
  });

  it('gives two kiosks two different tokens', async () => {
    const [a, b] = [await newKiosk('Borne 1'), await newKiosk('Borne 2')];
    expect(a.token).not.toBe(b.token);
    expect(a.id).not.toBe(b.id);
  });

  it('refuses an exhibitor, a collaborator, a visitor and a wrong password as the main sign-in refuses a wrong password, enabling nothing', async () => {
    const before = await kioskCount();
    for (const [email, password] of [
      [exhibitor.user.email, PASSWORD],
      [collaborator.user.email, PASSWORD],
      [visitor.user.email, PASSWORD],
      [controller.email, 'Mauvais-2024!'],
      [organiser.email, 'Mauvais-2024!'],
      ['personne@example.com', PASSWORD],
    ] as const) {
      const res = await enable(email, password);
      expect({ email, password, status: res.statusCode, body: withoutRequestId(res) }).toEqual({
        email,
        password,
        status: 400,
        body: withoutRequestId(wrongPassword),
      });
    }
    expect(await kioskCount()).toBe(before);
  });

  it('refuses a form without the kiosk’s name or with a malformed address with a 400 naming the field', async () => {
    const before = await kioskCount();
    const noName = await enable(controller.email, PASSWORD, '   ');
    expect(noName.statusCode).toBe(400);
    expect(JSON.stringify(noName.json())).toContain('name');
    const badEmail = await enable('pas-une-adresse', PASSWORD);
    expect(badEmail.statusCode).toBe(400);
    expect(JSON.stringify(badEmail.json())).toContain('email');
    expect(await kioskCount()).toBe(before);
  });
});

describe('the kiosk’s session', () => {
  it('answers GET kiosk/session with a 401 to an unknown, a missing or an overlong kiosk token', async () => {
    for (const headers of [kioskHeader(randomUUID()), {}, kioskHeader('x'.repeat(500))]) {
      const res = await call(ctx.app, 'GET', 'kiosk/session', { headers });
      expect(res.statusCode).toBe(401);
    }
  });

  it('ends a kiosk revoked from the staff’s list: its token gets 401 from then on, and a second revocation is a 404', async () => {
    const kiosk = await newKiosk();
    expect((await sessionOf(kiosk)).statusCode).toBe(200);
    const revoked = await call(ctx.app, 'DELETE', `kiosk/sessions/${kiosk.id}`, { token: controllerToken });
    expect(revoked.statusCode).toBe(204);
    expect((await sessionOf(kiosk)).statusCode).toBe(401);
    const found = await lookup({ email: visitor.user.email, phoneDigits: '4567' }, kiosk);
    expect(found.statusCode).toBe(401);
    expect(found.body).not.toContain('Salma');
    const again = await call(ctx.app, 'DELETE', `kiosk/sessions/${kiosk.id}`, { token: organiserToken });
    expect(again.statusCode).toBe(404);
  });

  it('answers a revocation of an unknown kiosk with a 404 and of a malformed id with a 400', async () => {
    expect((await call(ctx.app, 'DELETE', 'kiosk/sessions/987654', { token: controllerToken })).statusCode).toBe(404);
    expect((await call(ctx.app, 'DELETE', 'kiosk/sessions/abc', { token: controllerToken })).statusCode).toBe(400);
  });

  it('ends a kiosk on the kiosk itself with a controller’s or an organiser’s e-mail and password', async () => {
    for (const staff of [controller, organiser]) {
      const kiosk = await newKiosk();
      const res = await endOnKiosk(kiosk, staff.email);
      expect(res.statusCode).toBe(204);
      expect((await sessionOf(kiosk)).statusCode).toBe(401);
      expect((await endOnKiosk(kiosk, staff.email)).statusCode).toBe(401);
    }
  });

  it('keeps the kiosk on when someone tries to end it with a wrong password or a visitor’s or exhibitor’s account (400)', async () => {
    const kiosk = await newKiosk();
    for (const [email, password] of [
      [controller.email, 'Mauvais-2024!'],
      [visitor.user.email, PASSWORD],
      [exhibitor.user.email, PASSWORD],
    ] as const) {
      const res = await endOnKiosk(kiosk, email, password);
      expect(res.statusCode).toBe(400);
      expect(withoutRequestId(res)).toEqual(withoutRequestId(wrongPassword));
    }
    expect((await endOnKiosk(kiosk, '', '')).statusCode).toBe(400);
    expect((await sessionOf(kiosk)).statusCode).toBe(200);
    expect((await lookup({ email: visitor.user.email, phoneDigits: '4567' }, kiosk)).statusCode).toBe(200);
  });

  it('does not end anything without a kiosk token, even with a controller’s password (401)', async () => {
    const kiosk = await newKiosk();
    expect((await endOnKiosk(null, controller.email)).statusCode).toBe(401);
    expect((await sessionOf(kiosk)).statusCode).toBe(200);
  });

  it('lists the kiosks for controllers and organisers: newest first, who enabled each, when last seen, whether revoked, never a token', async () => {
    const kept = await newKiosk('Borne gardée');
    expect((await lookup({ email: visitor.user.email, phoneDigits: '4567' }, kept)).statusCode).toBe(200);
    const ended = await newKiosk('Borne arrêtée');
    await call(ctx.app, 'DELETE', `kiosk/sessions/${ended.id}`, { token: controllerToken });
    for (const token of [controllerToken, organiserToken]) {
      const res = await call(ctx.app, 'GET', 'kiosk/sessions', { token });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: Record<string, unknown>[]; meta: { pagination: { total: number } } }>();
      expect(body.meta.pagination.total).toBe(body.data.length);
      expect(body.data.slice(0, 2)).toEqual([
        {
          id: ended.id,
          name: 'Borne arrêtée',
          enabledBy: 'Nadia Contrôle',
          createdAt: expect.any(String) as unknown,
          lastSeenAt: null,
          expiresAt: END_OF_DAY,
          revokedAt: expect.any(String) as unknown,
        },
        {
          id: kept.id,
          name: 'Borne gardée',
          enabledBy: 'Nadia Contrôle',
          createdAt: expect.any(String) as unknown,
          lastSeenAt: expect.any(String) as unknown,
          expiresAt: END_OF_DAY,
          revokedAt: null,
        },
      ]);
      // The show's clock (APP_NOW) marks when the kiosk was last seen.
      expect(Date.parse(String(body.data[1]!.lastSeenAt)) - Date.parse(NOW)).toBeLessThan(5 * 60_000);
      expect(res.body).not.toContain(kept.token);
      expect(res.body).not.toContain('tokenHash');
    }
  });

  it('keeps the kiosks’ list and revocation from exhibitors (403), from kiosks and from callers without a token (401)', async () => {
    const kiosk = await newKiosk();
    expect((await call(ctx.app, 'GET', 'kiosk/sessions', { token: exhibitorToken })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', 'kiosk/sessions', { token: visitorToken })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', 'kiosk/sessions', { headers: kioskHeader(kiosk.token) })).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', 'kiosk/sessions')).statusCode).toBe(401);
    for (const options of [{ token: exhibitorToken }, { headers: kioskHeader(kiosk.token) }, {}]) {
      const res = await call(ctx.app, 'DELETE', `kiosk/sessions/${kiosk.id}`, options);
      expect(res.statusCode).toBe('token' in options ? 403 : 401);
    }
    expect((await sessionOf(kiosk)).statusCode).toBe(200);
  });
});

describe('the end of a kiosk’s day', () => {
  /** The kiosk's token as it stands when its show day is over. */
  const endDay = (kiosk: EnabledKiosk) =>
    ctx.db
      .update(kioskSessions)
      .set({ expiresAt: new Date(Date.parse(NOW) - 1000) })
      .where(eq(kioskSessions.id, kiosk.id));

  it('ends a kiosk’s token at midnight of the show day it was enabled on, Casablanca time, whatever the hour', () => {
    // UTC+1 in May 2024; UTC+0 during Ramadan (March 2024): midnight is 23:00 or 00:00 UTC.
    expect(endOfShowDay(new Date('2024-05-30T08:45:00+01:00')).toISOString()).toBe(END_OF_DAY);
    expect(endOfShowDay(new Date('2024-05-30T23:59:00+01:00')).toISOString()).toBe(END_OF_DAY);
    expect(endOfShowDay(new Date('2024-05-31T00:00:00+01:00')).toISOString()).toBe('2024-05-31T23:00:00.000Z');
    expect(endOfShowDay(new Date('2024-03-20T10:00:00Z')).toISOString()).toBe('2024-03-21T00:00:00.000Z');
  });

  it('answers an expired kiosk with a 401 on its session, its lookups and its end, as a revoked one, finding nothing', async () => {
    const kiosk = await newKiosk();
    expect((await sessionOf(kiosk)).statusCode).toBe(200);
    await endDay(kiosk);
    const session = await sessionOf(kiosk);
    expect(session.statusCode).toBe(401);
    expect(errorMessage(session)).toBe('Borne désactivée ou inconnue.');
    for (const body of [{ email: visitor.user.email, phoneDigits: '4567' }, { token: badgeOf(visitor.registration) }]) {
      const res = await lookup(body, kiosk);
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('Salma');
    }
    expect((await endOnKiosk(kiosk, controller.email)).statusCode).toBe(401);
  });

  it('lets staff enable the same device again after its day ended: a new token, live until the end of the day', async () => {
    const old = await newKiosk('Borne hall B');
    await endDay(old);
    const again = await newKiosk('Borne hall B');
    expect(again.token).not.toBe(old.token);
    expect(again.expiresAt).toBe(END_OF_DAY);
    expect((await sessionOf(again)).statusCode).toBe(200);
    expect((await sessionOf(old)).statusCode).toBe(401);
  });
});
