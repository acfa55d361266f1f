import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ID, KIOSK_TOKEN_HEADER, type KioskBadge, type RegistrationType } from '@salon/shared';
import { kioskLookupAttempts, kioskSessions, registrations, type users } from '../../db/schema';
import { createJwt } from '../../lib/jwt';
import { createBadgeSigner } from '../badges/badge-token';
import { endOfShowDay } from './kiosk.service';
import {
  TEST_JWT_SECRET,
  call,
  createCollaborator,
  createExhibitor,
  createTestApp,
  createUser,
  createVisitor,
  login,
  withoutRequestId,
  type TestContext,
} from '../../../test/helper';

/**
 * The self-service kiosk at the entrance: enabled on a device by a controller's or organiser's
 * sign-in, revocable, and finding a visitor's badge by e-mail and the last four digits of the
 * phone, or by the QR code of the e-badge, showing only what the badge shows.
 */

const NOW = '2024-05-30T08:45:00+01:00';
const PASSWORD = 'Secret-2024!';
const NO_BADGE = 'Aucun badge ne correspond à ces informations.';
const SEE_STAFF =
  'Trop d’essais pour cette adresse. Adressez-vous à un membre de l’équipe d’accueil, qui retrouvera votre badge.';
/** Midnight at the end of NOW's show day in Casablanca (UTC+1 in May 2024). */
const END_OF_DAY = '2024-05-30T23:00:00.000Z';

type User = typeof users.$inferSelect;
interface EnabledKiosk {
  token: string;
  id: number;
  name: string;
  expiresAt: string;
}

let ctx: TestContext;
let signer: ReturnType<typeof createBadgeSigner>;
let controller: User;
let organiser: User;
let exhibitor: Awaited<ReturnType<typeof createExhibitor>>;
let collaborator: Awaited<ReturnType<typeof createCollaborator>>;
let visitor: Awaited<ReturnType<typeof createVisitor>>;
let controllerToken: string;
let organiserToken: string;
let exhibitorToken: string;
let visitorToken: string;
/** The main sign-in's answer to a wrong password. */
let wrongPassword: LightMyRequestResponse;

const badgeOf = (registration: { id: number; type: RegistrationType }, eventId = EVENT_ID) =>
  signer.sign({ registrationId: registration.id, type: registration.type, eventId, issuedAt: 1_716_000_000 });

const kioskHeader = (token: string) => ({ [KIOSK_TOKEN_HEADER]: token });

function enable(email: string, password = PASSWORD, name = 'Borne entrée nord') {
  return call(ctx.app, 'POST', 'kiosk/sessions', { body: { email, password, name } });
}

/** A kiosk enabled by the controller, for one test. */
async function newKiosk(name = 'Borne entrée nord'): Promise<EnabledKiosk> {
  const res = await enable(controller.email, PASSWORD, name);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: EnabledKiosk }>().data;
}

function lookup(body: unknown, kiosk: EnabledKiosk | null, bearer?: string) {
  return call(ctx.app, 'POST', 'kiosk/lookup', {
    body,
    token: bearer,
    headers: kiosk ? kioskHeader(kiosk.token) : {},
  });
}

const sessionOf = (kiosk: EnabledKiosk) => call(ctx.app, 'GET', 'kiosk/session', { headers: kioskHeader(kiosk.token) });

const endOnKiosk = (kiosk: EnabledKiosk | null, email: string, password = PASSWORD) =>
  call(ctx.app, 'POST', 'kiosk/session/end', {
    body: { email, password },
    headers: kiosk ? kioskHeader(kiosk.token) : {},
  });

const kioskCount = async () => (await ctx.db.select({ n: count() }).from(kioskSessions))[0]!.n;

const errorMessage = (res: LightMyRequestResponse) => res.json<{ error: { message: string } }>().error.message;

beforeAll(async () => {
  ctx = await createTestApp({ APP_NOW: NOW, LOGIN_RATE_LIMIT: '1000' });
  signer = createBadgeSigner(ctx.config.BADGE_PRIVATE_KEY);
  controller = await createUser(ctx.db, { type: 'controller', name: 'Nadia Contrôle', password: PASSWORD });
  organiser = await createUser(ctx.db, { type: 'organiser', name: 'Organisation Salon', password: PASSWORD });
  exhibitor = await createExhibitor(ctx.db, { name: 'Youssef Exposant', company: 'Grues du Sud' });
  collaborator = await createCollaborator(ctx.db, exhibitor, { name: 'Karim Collaborateur' });
  visitor = await createVisitor(ctx.db, {
    name: 'Salma Visiteuse',
    company: 'Béton Sud',
    jobPosition: 'Acheteuse',
    email: 'salma.kiosque@example.com',
    phone: '+212 6 61 23 45 67',
    password: PASSWORD,
  });
  const jwt = createJwt(TEST_JWT_SECRET);
  controllerToken = (
    await call(ctx.app, 'POST', 'auth/controller', { body: { identifier: controller.email, password: PASSWORD } })
  ).json<{ jwt: string }>().jwt;
  organiserToken = await jwt.sign(organiser.id, organiser.tokenVersion, new Date(NOW));
  visitorToken = await jwt.sign(visitor.user.id, visitor.user.tokenVersion, new Date(NOW));
  exhibitorToken = await login(ctx.app, exhibitor.user.email);
  wrongPassword = await call(ctx.app, 'POST', 'auth/local', {
    body: { identifier: exhibitor.user.email, password: 'Mauvais-2024!' },
  });
});
afterAll(() => ctx.close());

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

describe('looking a badge up (POST kiosk/lookup)', () => {
  it('finds a visitor’s badge by e-mail and the last four digits of a phone written with +212 and spaces', async () => {
    const kiosk = await newKiosk();
    const res = await lookup({ email: '  Salma.Kiosque@Example.com ', phoneDigits: '4567' }, kiosk);
    expect(res.statusCode).toBe(200);
    const badge = res.json<{ data: KioskBadge }>().data;
    expect(badge).toMatchObject({
      registration: { id: visitor.registration.id, type: 'visitor' },
      name: 'Salma Visiteuse',
      company: 'Béton Sud',
      jobPosition: 'Acheteuse',
      lang: 'fr',
      event: { name: 'Salon International du Bâtiment', startsOn: '2024-05-29', endsOn: '2024-06-01' },
    });
    expect(signer.verify(badge.token)).toMatchObject({
      registrationId: visitor.registration.id,
      type: 'visitor',
      eventId: EVENT_ID,
    });
    expect(badge.qr.size).toBeGreaterThan(20);
    expect(badge.qr.path.length).toBeGreaterThan(100);
    expect(badge.hours).toContainEqual({ day: '2024-05-30', opens: '09:00', closes: '19:00' });
  });

  it('answers what the e-badge page shows and nothing more: no e-mail, no phone, no download link', async () => {
    const kiosk = await newKiosk();
    const res = await lookup({ email: visitor.user.email, phoneDigits: '4567' }, kiosk);
    const badge = res.json<{ data: Record<string, unknown> }>().data;
    expect(Object.keys(badge).sort()).toEqual(
      ['company', 'event', 'hours', 'jobPosition', 'lang', 'name', 'qr', 'registration', 'token'].sort(),
    );
    const [registration] = await ctx.db
      .select({ badgeKey: registrations.badgeKey })
      .from(registrations)
      .where(eq(registrations.id, visitor.registration.id));
    const page = await call(ctx.app, 'GET', `registrations/ebadge?token=${registration!.badgeKey}`);
    const { downloadUrl, ...shown } = page.json<{ data: Record<string, unknown> }>().data;
    expect(downloadUrl).toBeTruthy();
    expect(badge).toEqual(shown);
    for (const secret of ['salma.kiosque', '@example.com', '61 23 45 67', '661234567', 'downloadEbadge']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('answers 404 with its message for wrong digits, another person’s digits or an unknown address', async () => {
    const kiosk = await newKiosk();
    const other = await createVisitor(ctx.db, { phone: '+212 6 70 00 11 22' });
    for (const body of [
      { email: visitor.user.email, phoneDigits: '4568' },
      { email: visitor.user.email, phoneDigits: '1122' },
      { email: 'inconnu@example.com', phoneDigits: '4567' },
    ]) {
      const res = await lookup(body, kiosk);
      expect(res.statusCode).toBe(404);
      expect(errorMessage(res)).toBe(NO_BADGE);
    }
    expect((await lookup({ email: other.user.email, phoneDigits: '1122' }, null, controllerToken)).statusCode).toBe(
      200,
    );
  });

  it('never finds a badge by e-mail alone: without exactly four digits it is a 400 at phoneDigits', async () => {
    const kiosk = await newKiosk();
    for (const body of [
      { email: visitor.user.email },
      { email: visitor.user.email, phoneDigits: '' },
      { email: visitor.user.email, phoneDigits: '567' },
    ]) {
      const res = await lookup(body, kiosk);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { details: { errors: { path: string[] }[] } } }>().error.details.errors).toContainEqual(
        expect.objectContaining({ path: ['body', 'phoneDigits'] }),
      );
      expect(res.body).not.toContain('Salma');
    }
  });

  it('does not find a cancelled registration’s badge nor a deleted collaborator’s, by e-mail or by QR code (404)', async () => {
    const kiosk = await newKiosk();
    const cancelled = await createVisitor(ctx.db, { phone: '+212 6 11 22 33 44' });
    await ctx.db
      .update(registrations)
      .set({ revokedAt: new Date() })
      .where(eq(registrations.id, cancelled.registration.id));
    const gone = await createCollaborator(ctx.db, exhibitor, { phone: '+212 6 55 66 77 88' });
    expect((await call(ctx.app, 'DELETE', `users/${gone.user.id}`, { token: exhibitorToken })).statusCode).toBe(200);
    const attempts = [
      { email: cancelled.user.email, phoneDigits: '3344' },
      { token: badgeOf(cancelled.registration) },
      { token: badgeOf(gone.registration) },
    ];
    for (const body of attempts) {
      const res = await lookup(body, kiosk);
      expect({ body, status: res.statusCode, message: errorMessage(res) }).toEqual({
        body,
        status: 404,
        message: NO_BADGE,
      });
    }
  });

  it('finds a badge by the token of its QR code, as the e-badge on a phone shows it', async () => {
    const kiosk = await newKiosk();
    const byToken = await lookup({ token: badgeOf(collaborator.registration) }, kiosk);
    expect(byToken.statusCode).toBe(200);
    expect(byToken.json<{ data: KioskBadge }>().data).toMatchObject({
      registration: { id: collaborator.registration.id, type: 'collaborator' },
      name: 'Karim Collaborateur',
      company: exhibitor.user.company,
    });
    const visitorBadge = await lookup({ token: badgeOf(visitor.registration) }, kiosk);
    expect(visitorBadge.json<{ data: KioskBadge }>().data.registration.id).toBe(visitor.registration.id);
  });

  it('answers 404 to a forged or altered QR code or any other text, and 400 to a token that is not text', async () => {
    const kiosk = await newKiosk();
    const genuine = badgeOf(visitor.registration);
    const other = await newKiosk();
    for (const token of [genuine.slice(0, -1) + (genuine.endsWith('A') ? 'Q' : 'A'), 'https://example.com/badge']) {
      const res = await lookup({ token }, kiosk);
      expect(res.statusCode).toBe(404);
      expect(errorMessage(res)).toBe(NO_BADGE);
    }
    expect((await lookup({ token: 12345 }, other)).statusCode).toBe(400);
  });

  it('lets a controller or an organiser look a badge up from their own session', async () => {
    for (const token of [controllerToken, organiserToken]) {
      const res = await lookup({ email: visitor.user.email, phoneDigits: '4567' }, null, token);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: KioskBadge }>().data.registration.id).toBe(visitor.registration.id);
    }
  });

  it('refuses an exhibitor’s or a visitor’s bearer token with a 403, and a caller with neither token with a 401', async () => {
    for (const token of [exhibitorToken, visitorToken]) {
      const res = await lookup({ email: visitor.user.email, phoneDigits: '4567' }, null, token);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Salma');
    }
    expect((await lookup({ email: visitor.user.email, phoneDigits: '4567' }, null)).statusCode).toBe(401);
  });

  it('does not let a kiosk token open the gate roster or check-ins (401), in its header or as a bearer token', async () => {
    const kiosk = await newKiosk();
    const checkin = {
      id: randomUUID(),
      badge: badgeOf(visitor.registration),
      gateId: 1,
      deviceId: 'borne',
      scannedAt: NOW,
      verdict: 'admitted',
      reentry: false,
    };
    for (const options of [{ headers: kioskHeader(kiosk.token) }, { token: kiosk.token }]) {
      expect((await call(ctx.app, 'GET', 'gate/roster', options)).statusCode).toBe(401);
      expect((await call(ctx.app, 'POST', 'checkins', { ...options, body: { checkins: [checkin] } })).statusCode).toBe(
        401,
      );
    }
    expect((await sessionOf(kiosk)).statusCode).toBe(200);
  });
});

describe('the lookup rate limit', () => {
  let limited: TestContext;
  let limitedController: User;
  let someone: Awaited<ReturnType<typeof createVisitor>>;

  beforeAll(async () => {
    limited = await createTestApp({ APP_NOW: NOW, KIOSK_LOOKUP_RATE_LIMIT: '3' });
    limitedController = await createUser(limited.db, { type: 'controller', password: PASSWORD });
    someone = await createVisitor(limited.db, { name: 'Quelqu’un Inscrit', phone: '+212 6 12 34 56 78' });
  });
  afterAll(() => limited.close());

  const enableHere = async () => {
    const res = await call(limited.app, 'POST', 'kiosk/sessions', {
      body: { email: limitedController.email, password: PASSWORD, name: 'Borne' },
    });
    return res.json<{ data: EnabledKiosk }>().data;
  };
  const lookupHere = (kiosk: EnabledKiosk, phoneDigits: string) =>
    call(limited.app, 'POST', 'kiosk/lookup', {
      body: { email: someone.user.email, phoneDigits },
      headers: kioskHeader(kiosk.token),
    });

  it('answers a kiosk’s lookups over KIOSK_LOOKUP_RATE_LIMIT within a minute with a 429, even the right ones, while another kiosk is still answered', async () => {
    const guessing = await enableHere();
    const statuses: number[] = [];
    for (const digits of ['0001', '0002', '0003']) statuses.push((await lookupHere(guessing, digits)).statusCode);
    expect(statuses).toEqual([404, 404, 404]);
    const blocked = await lookupHere(guessing, '5678');
    expect(blocked.statusCode).toBe(429);
    expect(errorMessage(blocked)).toBe('Trop de requêtes. Veuillez réessayer dans 1 minute.');
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.body).not.toContain('Quelqu');
    const another = await enableHere();
    const found = await lookupHere(another, '5678');
    expect(found.statusCode).toBe(200);
    expect(found.json<{ data: KioskBadge }>().data.name).toBe('Quelqu’un Inscrit');
  });

  it('counts a staff member’s lookups per account: spaces in the bearer header give no fresh allowance', async () => {
    const jwt = (
      await call(limited.app, 'POST', 'auth/controller', {
        body: { identifier: limitedController.email, password: PASSWORD },
      })
    ).json<{ jwt: string }>().jwt;
    const asStaff = (authorization: string) =>
      call(limited.app, 'POST', 'kiosk/lookup', {
        body: { email: 'personne@example.com', phoneDigits: '0000' },
        headers: { authorization },
      });
    const statuses: number[] = [];
    for (const authorization of [`Bearer ${jwt}`, `Bearer  ${jwt}`, `Bearer   ${jwt}`, `Bearer    ${jwt} `]) {
      statuses.push((await asStaff(authorization)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    // Nor does an unknown kiosk token beside the bearer one: it is refused before any count.
    const withToken = await call(limited.app, 'POST', 'kiosk/lookup', {
      body: { email: 'personne@example.com', phoneDigits: '0000' },
      headers: { authorization: `Bearer ${jwt}`, ...kioskHeader(randomUUID()) },
    });
    expect(withToken.statusCode).toBe(401);
  });
});

describe('wrong phone digits for one address', () => {
  let target: Awaited<ReturnType<typeof createVisitor>>;
  let bystander: Awaited<ReturnType<typeof createVisitor>>;

  beforeAll(async () => {
    target = await createVisitor(ctx.db, {
      name: 'Imane Ciblée',
      email: 'imane.cible@example.com',
      phone: '+212 6 22 33 98 76',
    });
    bystander = await createVisitor(ctx.db, { name: 'Hamza Voisin', phone: '+212 6 44 55 12 34' });
  });

  const guess = (kiosk: EnabledKiosk, phoneDigits: string, email = target.user.email) =>
    lookup({ email, phoneDigits }, kiosk);
  /** Five misses for the address, from a kiosk. */
  async function missFiveTimes(kiosk: EnabledKiosk, email = target.user.email) {
    for (const digits of ['0001', '0002', '0003', '0004', '0005']) {
      const res = await guess(kiosk, digits, email);
      expect({ digits, status: res.statusCode, message: errorMessage(res) }).toEqual({
        digits,
        status: 404,
        message: NO_BADGE,
      });
    }
  }
  const clearAttempts = () => ctx.db.delete(kioskLookupAttempts);

  it('after five wrong digits, refuses the address even with the right digits, telling the visitor to see a staff member, for 30 minutes', async () => {
    await clearAttempts();
    const kiosk = await newKiosk();
    await missFiveTimes(kiosk);
    const right = await guess(kiosk, '9876');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({
      error: {
        status: 429,
        name: 'TooManyRequestsError',
        message: SEE_STAFF,
        details: { reason: 'seeStaff' },
        requestId: expect.any(String) as unknown,
      },
    });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(29 * 60);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(30 * 60);
    expect(right.body).not.toContain('Imane');
    // Every kiosk sees the same count: it is in the database, not in one kiosk's limiter.
    const another = await newKiosk('Borne entrée sud');
    expect(errorMessage(await guess(another, '9876'))).toBe(SEE_STAFF);
  });

  it('counts the address however it is typed: other case, spaces around it', async () => {
    await clearAttempts();
    const kiosk = await newKiosk();
    for (const [i, email] of [
      'IMANE.CIBLE@EXAMPLE.COM',
      ' imane.cible@example.com ',
      'Imane.Cible@Example.com',
    ].entries()) {
      expect((await guess(kiosk, `000${i}`, email)).statusCode).toBe(404);
    }
    expect((await guess(kiosk, '0008')).statusCode).toBe(404);
    expect((await guess(kiosk, '0009', ' IMANE.cible@example.COM')).statusCode).toBe(404);
    expect(errorMessage(await guess(kiosk, '9876'))).toBe(SEE_STAFF);
  });

  it('leaves another address unaffected while one is locked', async () => {
    await clearAttempts();
    const kiosk = await newKiosk();
    await missFiveTimes(kiosk);
    const other = await guess(kiosk, '1234', bystander.user.email);
    expect(other.statusCode).toBe(200);
    expect(other.json<{ data: KioskBadge }>().data.name).toBe('Hamza Voisin');
  });

  it('lets a controller or an organiser still find the locked address from their own session, and their misses lock nothing', async () => {
    await clearAttempts();
    await missFiveTimes(await newKiosk());
    for (const token of [controllerToken, organiserToken]) {
      const res = await lookup({ email: target.user.email, phoneDigits: '9876' }, null, token);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: KioskBadge }>().data.name).toBe('Imane Ciblée');
    }
    for (const digits of ['0001', '0002', '0003', '0004', '0005', '0006']) {
      expect(
        (await lookup({ email: bystander.user.email, phoneDigits: digits }, null, controllerToken)).statusCode,
      ).toBe(404);
    }
    expect((await guess(await newKiosk(), '1234', bystander.user.email)).statusCode).toBe(200);
  });

  it('still finds the locked address’s badge by the QR code of the e-badge', async () => {
    await clearAttempts();
    const kiosk = await newKiosk();
    await missFiveTimes(kiosk);
    const res = await lookup({ token: badgeOf(target.registration) }, kiosk);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: KioskBadge }>().data.name).toBe('Imane Ciblée');
  });

  it('forgives earlier typos once the right digits are given before the limit', async () => {
    await clearAttempts();
    const kiosk = await newKiosk();
    for (const digits of ['0001', '0002', '0003', '0004']) expect((await guess(kiosk, digits)).statusCode).toBe(404);
    expect((await guess(kiosk, '9876')).statusCode).toBe(200);
    for (const digits of ['0005', '0006', '0007', '0008']) expect((await guess(kiosk, digits)).statusCode).toBe(404);
    expect((await guess(kiosk, '9876')).statusCode).toBe(200);
  });

  it('lets no more than five guesses through when they arrive all at once from several kiosks', async () => {
    await clearAttempts();
    const kiosks = [await newKiosk('Borne 1'), await newKiosk('Borne 2')];
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => guess(kiosks[i % 2]!, String(1000 + i))));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(404), ...Array<number>(7).fill(429)]);
  });

  it('answers the address again once the 30 minutes have passed, with a fresh count', async () => {
    await clearAttempts();
    const kiosk = await newKiosk();
    await missFiveTimes(kiosk);
    expect(errorMessage(await guess(kiosk, '9876'))).toBe(SEE_STAFF);
    // The lock ran out a second ago (the show's clock is APP_NOW): five new guesses, no more.
    const lockEnds = () =>
      ctx.db
        .update(kioskLookupAttempts)
        .set({ lockedUntil: new Date(Date.parse(NOW) - 1000) })
        .where(eq(kioskLookupAttempts.email, target.user.email));
    await lockEnds();
    await missFiveTimes(kiosk);
    expect(errorMessage(await guess(kiosk, '9876'))).toBe(SEE_STAFF);
    await lockEnds();
    expect((await guess(kiosk, '9876')).statusCode).toBe(200);
  });
});
