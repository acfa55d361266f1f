import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, type KioskBadge } from '@salon/shared';
import { registrations } from '../../db/schema';
import { TYPED_NAMES } from '../badges/badge-pdf.test-support';
import { createBadgeSigner } from '../badges/badge-token';
import {
  PASSWORD,
  badgeOf as signedBadge,
  createCollaborator,
  createController,
  createVisitor,
  type User,
} from '../../../test/fixtures';
import { call, createTestApp, type TestContext } from '../../../test/helper';
import {
  badgeOf,
  collaborator,
  controllerToken,
  ctx,
  errorMessage,
  exhibitor,
  exhibitorToken,
  kioskHeader,
  lookup,
  newKiosk,
  NO_BADGE,
  NOW,
  organiserToken,
  sessionOf,
  useKioskScene,
  visitor,
  visitorToken,
  type EnabledKiosk,
} from './kiosk.test-support';

/**
 * Finding a badge on the kiosk, by e-mail and the last four digits of the phone or by the QR
 * code of the e-badge, showing only what the badge shows; and the lookups' rate limit.
 */

let signer: ReturnType<typeof createBadgeSigner>;

useKioskScene();
beforeAll(() => {
  signer = createBadgeSigner(ctx.config.BADGE_PRIVATE_KEY);
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
      eventId: DEMO_EDITION_ID,
    });
    expect(badge.qr.size).toBeGreaterThan(20);
    expect(badge.qr.path.length).toBeGreaterThan(100);
    expect(badge.hours).toContainEqual({ day: '2024-05-30', opens: '09:00', closes: '19:00' });
  });

  it('answers what the e-badge page shows of the badge and nothing more: no e-mail, no phone, no download link, no visit list', async () => {
    const kiosk = await newKiosk();
    const res = await lookup({ email: visitor.user.email, phoneDigits: '4567' }, kiosk);
    const badge = res.json<{ data: Record<string, unknown> }>().data;
    expect(Object.keys(badge).sort()).toEqual(
      [
        'appleWallet',
        'company',
        'event',
        'googleWallet',
        'hours',
        'jobPosition',
        'lang',
        'name',
        'qr',
        'registration',
        'token',
      ].sort(),
    );
    // No wallet on this server (apple-wallet.test.ts and google-wallet.test.ts look a badge up on one that has it).
    const { appleWallet, googleWallet, ...view } = badge;
    expect([appleWallet, googleWallet]).toEqual([null, null]);
    const [registration] = await ctx.db
      .select({ badgeKey: registrations.badgeKey })
      .from(registrations)
      .where(eq(registrations.id, visitor.registration.id));
    const page = await call(ctx.app, 'GET', `registrations/ebadge?token=${registration!.badgeKey}`);
    const { downloadUrl, visit, appleWalletUrl, googleWalletUrl, ...shown } = page.json<{
      data: Record<string, unknown>;
    }>().data;
    expect(downloadUrl).toBeTruthy();
    expect([appleWalletUrl, googleWalletUrl]).toEqual([null, null]);
    // 'Ma visite' kept with the badge is the badge link's, never a shared kiosk's.
    expect(visit).toEqual({ exhibitors: [], conferences: [] });
    expect(view).toEqual(shown);
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
    // What the kiosk shows and prints, as typed in any script.
    const typed = await createVisitor(ctx.db, {
      name: TYPED_NAMES.arabic,
      company: TYPED_NAMES.mixedCompany,
      jobPosition: TYPED_NAMES.tifinagh,
    });
    const shown = await lookup({ token: badgeOf(typed.registration) }, kiosk);
    expect(shown.json<{ data: KioskBadge }>().data).toMatchObject({
      name: TYPED_NAMES.arabic,
      company: TYPED_NAMES.mixedCompany,
      jobPosition: TYPED_NAMES.tifinagh,
    });
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

  it('tells a genuine badge of another edition from an unknown one, as the gate does, and prints neither', async () => {
    const kiosk = await newKiosk();
    const res = await lookup({ token: signedBadge(ctx, visitor.registration, { eventId: 5 }) }, kiosk);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: { message: string; details: unknown } }>().error).toMatchObject({
      message: 'Ce badge est celui d’une autre édition : il n’est pas valable pour ce salon.',
      details: { reason: 'otherEdition' },
    });
    expect(res.body).not.toContain(visitor.user.name ?? 'nobody');
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
    limitedController = await createController(limited.db);
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
