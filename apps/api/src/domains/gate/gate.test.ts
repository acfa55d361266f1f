import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKIN_BATCH_MAX,
  EVENT_ID,
  createBadgeVerifier,
  type CheckinResult,
  type GateRoster,
  type RegistrationType,
} from '@salon/shared';
import { checkins, gates, registrations, users } from '../../db/schema';
import { createJwt } from '../../lib/jwt';
import { createBadgeSigner } from '../badges/badge-token';
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
 * The gate devices' API: the controllers' own sign-in, the roster a device keeps to decide
 * offline, and the check-ins it sends back. The show's clock is 10:00 on its second day.
 */

const NOW = '2024-05-30T10:00:00+01:00';
const PASSWORD = 'Secret-2024!';
const SHOW_HOURS = [
  { day: '2024-05-29', opens: '09:00', closes: '19:00' },
  { day: '2024-05-30', opens: '09:00', closes: '19:00' },
  { day: '2024-05-31', opens: '09:00', closes: '19:30' },
  { day: '2024-06-01', opens: '09:00', closes: '18:00' },
];

type User = typeof users.$inferSelect;
type Gate = typeof gates.$inferSelect;

let ctx: TestContext;
let signer: ReturnType<typeof createBadgeSigner>;
let gateA: Gate;
let gateB: Gate;
let controller: User;
let otherController: User;
let organiser: User;
let exhibitor: Awaited<ReturnType<typeof createExhibitor>>;
let collaborator: Awaited<ReturnType<typeof createCollaborator>>;
let visitor: Awaited<ReturnType<typeof createVisitor>>;
let controllerToken: string;
let otherControllerToken: string;
let organiserToken: string;
let exhibitorToken: string;
let collaboratorToken: string;
let visitorToken: string;

/** The QR text of a registration's badge, signed with the server's key. */
const badgeOf = (registration: { id: number; type: RegistrationType }, eventId = EVENT_ID) =>
  signer.sign({ registrationId: registration.id, type: registration.type, eventId, issuedAt: 1_716_000_000 });

/** One check-in as a gate device sends it: by default a first entry at gate A at 09:30 today. */
function checkin(badge: string, extra: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    badge,
    gateId: gateA.id,
    deviceId: 'porte-a-telephone-1',
    scannedAt: '2024-05-30T09:30:00+01:00',
    verdict: 'admitted',
    reason: null,
    reentry: false,
    ...extra,
  };
}

/** Sends check-ins as a controller (by default the first one; null: without a token). */
async function send(items: unknown[], as: string | null = controllerToken) {
  const res = await call(ctx.app, 'POST', 'checkins', { token: as ?? undefined, body: { checkins: items } });
  return { res, results: res.statusCode === 200 ? res.json<{ data: CheckinResult[] }>().data : [] };
}

async function roster(query = '', as = controllerToken): Promise<GateRoster> {
  const res = await call(ctx.app, 'GET', `gate/roster${query}`, { token: as });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json<{ data: GateRoster }>().data;
}

const storedRows = (ids: string[]) =>
  ctx.db.select().from(checkins).where(inArray(checkins.clientId, ids)).orderBy(asc(checkins.id));

const signInAtGate = (identifier: string, password = PASSWORD) =>
  call(ctx.app, 'POST', 'auth/controller', { body: { identifier, password } });

const iso = (value: string | Date) => new Date(value).toISOString();

/** A sign-in token as the server makes it, for accounts that have no sign-in of their own here. */
const sessionOf = (user: User) => createJwt(TEST_JWT_SECRET).sign(user.id, user.tokenVersion, new Date(NOW));

beforeAll(async () => {
  ctx = await createTestApp({ APP_NOW: NOW, LOGIN_RATE_LIMIT: '1000' });
  signer = createBadgeSigner(ctx.config.BADGE_PRIVATE_KEY);
  [gateA, gateB] = (await ctx.db
    .select()
    .from(gates)
    .where(eq(gates.eventId, EVENT_ID))
    .orderBy(asc(gates.position))) as [Gate, Gate];
  controller = await createUser(ctx.db, { type: 'controller', name: 'Nadia Contrôle', password: PASSWORD });
  otherController = await createUser(ctx.db, { type: 'controller', name: 'Omar Contrôle', password: PASSWORD });
  organiser = await createUser(ctx.db, { type: 'organiser', name: 'Organisation', password: PASSWORD });
  exhibitor = await createExhibitor(ctx.db, { name: 'Youssef Exposant', company: 'Grues du Sud' });
  collaborator = await createCollaborator(ctx.db, exhibitor, { name: 'Karim Collaborateur' });
  visitor = await createVisitor(ctx.db, { name: 'Salma Visiteuse', company: 'Béton Sud', password: PASSWORD });

  const signedIn = await signInAtGate(controller.email);
  controllerToken = signedIn.json<{ jwt: string }>().jwt;
  otherControllerToken = (await signInAtGate(otherController.email)).json<{ jwt: string }>().jwt;
  organiserToken = await sessionOf(organiser);
  exhibitorToken = await login(ctx.app, exhibitor.user.email);
  collaboratorToken = await login(ctx.app, collaborator.user.email);
  visitorToken = await sessionOf(visitor.user);
});
afterAll(() => ctx.close());

describe('the controllers’ sign-in (POST auth/controller)', () => {
  it('signs a controller in: a token and the controller’s id, name, e-mail and type', async () => {
    const res = await signInAtGate(controller.email);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ jwt: string; user: unknown }>();
    expect(body.user).toEqual({
      id: controller.id,
      name: 'Nadia Contrôle',
      email: controller.email,
      type: 'controller',
    });
    expect(typeof body.jwt).toBe('string');
    expect((await call(ctx.app, 'GET', 'gate/roster', { token: body.jwt })).statusCode).toBe(200);
  });

  it('finds the controller whatever the case of the e-mail typed', async () => {
    const res = await signInAtGate(`  ${controller.email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: { id: number } }>().user.id).toBe(controller.id);
  });

  it('refuses an exhibitor, a collaborator, a visitor and an organiser with their right passwords exactly as the main sign-in refuses a wrong password', async () => {
    const wrong = await call(ctx.app, 'POST', 'auth/local', {
      body: { identifier: exhibitor.user.email, password: 'Mauvais-2024!' },
    });
    expect(wrong.statusCode).toBe(400);
    for (const email of [exhibitor.user.email, collaborator.user.email, visitor.user.email, organiser.email]) {
      const res = await signInAtGate(email);
      expect({ email, status: res.statusCode, body: withoutRequestId(res) }).toEqual({
        email,
        status: 400,
        body: withoutRequestId(wrong),
      });
    }
  });

  it('refuses a controller’s wrong password, an unknown address and a blocked controller with the same 400', async () => {
    const blocked = await createUser(ctx.db, { type: 'controller', blocked: true, password: PASSWORD });
    const wrong = await call(ctx.app, 'POST', 'auth/local', {
      body: { identifier: exhibitor.user.email, password: 'Mauvais-2024!' },
    });
    for (const [identifier, password] of [
      [controller.email, 'Mauvais-2024!'],
      ['personne@example.com', PASSWORD],
      [blocked.email, PASSWORD],
    ] as const) {
      const res = await signInAtGate(identifier, password);
      expect(res.statusCode).toBe(400);
      expect(withoutRequestId(res)).toEqual(withoutRequestId(wrong));
    }
  });

  it('answers a form without a password with a 400 naming the field', async () => {
    const res = await call(ctx.app, 'POST', 'auth/controller', { body: { identifier: controller.email } });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('password');
  });
});

describe('the roster (GET gate/roster)', () => {
  it('gives a controller the whole roster: the clock, a cursor, the key, the halls, the hours and the live badges with name and company', async () => {
    const res = await call(ctx.app, 'GET', 'gate/roster', { token: controllerToken });
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json<{ data: GateRoster }>().data;
    expect(data.full).toBe(true);
    expect(data.eventId).toBe(EVENT_ID);
    // The server's clock (APP_NOW, running on since the app started).
    const drift = Date.parse(data.now) - Date.parse(NOW);
    expect(drift).toBeGreaterThanOrEqual(0);
    expect(drift).toBeLessThan(5 * 60_000);
    expect(Number.isNaN(Date.parse(data.cursor))).toBe(false);
    const halls = await ctx.db.select().from(gates).where(eq(gates.eventId, EVENT_ID)).orderBy(asc(gates.position));
    expect(data.gates).toEqual(halls.map((g) => ({ id: g.id, name: g.name })));
    expect(data.gates.map((g) => g.name)).toEqual(['Hall A', 'Hall B', 'Hall C', 'Hall D', 'Hall E']);
    expect(data.hours).toEqual(SHOW_HOURS);
    expect(data.people).toEqual(
      expect.arrayContaining([
        [visitor.registration.id, 2, 'Salma Visiteuse', 'Béton Sud'],
        [exhibitor.registration.id, 0, 'Youssef Exposant', 'Grues du Sud'],
        [collaborator.registration.id, 1, 'Karim Collaborateur', 'Grues du Sud'],
      ]),
    );
  });

  it('gives the public key that verifies the badges on the device, the same as GET badges/public-key', async () => {
    const data = await roster();
    const verify = await createBadgeVerifier(data.publicKey);
    expect(await verify(badgeOf(visitor.registration))).toMatchObject({
      registrationId: visitor.registration.id,
      type: 'visitor',
      eventId: EVENT_ID,
    });
    const forged =
      badgeOf(visitor.registration).slice(0, -1) + (badgeOf(visitor.registration).endsWith('A') ? 'Q' : 'A');
    expect(await verify(forged)).toBeNull();
    const published = await call(ctx.app, 'GET', 'badges/public-key');
    expect(data.publicKey).toEqual(published.json<{ data: { jwk: unknown } }>().data.jwk);
  });

  it('lists a deleted collaborator’s and a cancelled registration’s badges as revoked, and leaves them out of the people', async () => {
    const gone = await createCollaborator(ctx.db, exhibitor, { name: 'Collaborateur Parti' });
    expect((await call(ctx.app, 'DELETE', `users/${gone.user.id}`, { token: exhibitorToken })).statusCode).toBe(200);
    const cancelled = await createVisitor(ctx.db, { name: 'Visiteur Annulé' });
    await ctx.db
      .update(registrations)
      .set({ revokedAt: new Date() })
      .where(eq(registrations.id, cancelled.registration.id));
    const data = await roster();
    expect(data.revoked).toEqual(expect.arrayContaining([gone.registration.id, cancelled.registration.id]));
    expect(data.revoked).not.toContain(visitor.registration.id);
    const people = data.people.map(([id]) => id);
    expect(people).not.toContain(gone.registration.id);
    expect(people).not.toContain(cancelled.registration.id);
    expect(people).toContain(visitor.registration.id);
  });

  it('gives today’s first entries with time and gate, and counts today’s entries in all and per gate', async () => {
    const before = await roster();
    const [first, second, yesterday] = await Promise.all([
      createVisitor(ctx.db),
      createVisitor(ctx.db),
      createVisitor(ctx.db),
    ]);
    const admittedA = checkin(badgeOf(first.registration), { scannedAt: '2024-05-30T09:12:00+01:00' });
    const admittedB = checkin(badgeOf(second.registration), {
      gateId: gateB.id,
      scannedAt: '2024-05-30T09:20:00+01:00',
    });
    const letInAgain = checkin(badgeOf(second.registration), { verdict: 'already_entered', reentry: true });
    const turnedBack = checkin(badgeOf(first.registration), { gateId: gateB.id, verdict: 'already_entered' });
    const refused = checkin(badgeOf(yesterday.registration), { verdict: 'refused', reason: 'closed' });
    const dayBefore = checkin(badgeOf(yesterday.registration), { scannedAt: '2024-05-29T17:00:00+01:00' });
    const { results } = await send([admittedA, admittedB, letInAgain, turnedBack, refused, dayBefore]);
    expect(results.map((r) => r.status)).toEqual([
      'recorded',
      'recorded',
      'recorded',
      'recorded',
      'recorded',
      'recorded',
    ]);

    const after = await roster();
    const ours = after.entries.filter(([id]) => [first, second, yesterday].some((v) => v.registration.id === id));
    expect(ours).toEqual([
      [first.registration.id, iso('2024-05-30T09:12:00+01:00'), gateA.id],
      [second.registration.id, iso('2024-05-30T09:20:00+01:00'), gateB.id],
    ]);
    // Entries: the two first entries and the re-entry; not the one turned back, the refused one or yesterday's.
    const countAt = (r: GateRoster, gate: Gate) => r.counts.byGate[String(gate.id)] ?? 0;
    expect(after.counts.today - before.counts.today).toBe(3);
    expect(countAt(after, gateA) - countAt(before, gateA)).toBe(2);
    expect(countAt(after, gateB) - countAt(before, gateB)).toBe(1);
    expect(Object.values(after.counts.byGate).reduce((a, b) => a + b, 0)).toBe(after.counts.today);
  });

  it('gives an organiser the same roster', async () => {
    const data = await roster('', organiserToken);
    expect(data.full).toBe(true);
    expect(data.people.map(([id]) => id)).toContain(visitor.registration.id);
  });

  it('with the cursor of the last answer, gives only what changed since: a renamed holder, a new badge, a revocation and a new entry', async () => {
    const unchanged = await createVisitor(ctx.db, { name: 'Sans Changement' });
    const renamed = await createExhibitor(ctx.db, { name: 'Ancien Nom', company: 'Coffrages Atlas' });
    const revokedLater = await createVisitor(ctx.db, { name: 'Bientôt Révoqué' });
    await send([checkin(badgeOf(unchanged.registration))]);
    // Everything so far happened well before the cursor (a delta repeats its last minute).
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await ctx.db.update(users).set({ updatedAt: longAgo });
    await ctx.db.update(registrations).set({ updatedAt: longAgo });
    await ctx.db.update(checkins).set({ createdAt: longAgo });

    const first = await roster();
    expect(first.full).toBe(true);
    expect(first.people.map(([id]) => id)).toEqual(
      expect.arrayContaining([unchanged.registration.id, renamed.registration.id, revokedLater.registration.id]),
    );

    await ctx.db.update(users).set({ name: 'Nouveau Nom' }).where(eq(users.id, renamed.user.id));
    await ctx.db
      .update(registrations)
      .set({ revokedAt: new Date() })
      .where(eq(registrations.id, revokedLater.registration.id));
    const newcomer = await createVisitor(ctx.db, { name: 'Nouvelle Venue', company: 'Enduits Rif' });
    await send([checkin(badgeOf(newcomer.registration), { gateId: gateB.id, scannedAt: '2024-05-30T09:55:00+01:00' })]);

    const delta = await roster(`?since=${encodeURIComponent(first.cursor)}`);
    expect(delta.full).toBe(false);
    expect([...delta.people].sort((a, b) => a[0] - b[0])).toEqual([
      [renamed.registration.id, 0, 'Nouveau Nom', 'Coffrages Atlas'],
      [newcomer.registration.id, 2, 'Nouvelle Venue', 'Enduits Rif'],
    ]);
    expect(delta.revoked).toEqual([revokedLater.registration.id]);
    expect(delta.entries).toEqual([[newcomer.registration.id, iso('2024-05-30T09:55:00+01:00'), gateB.id]]);
    // The counts are always the whole day's, and the key, halls and hours always come along.
    expect(delta.counts.today).toBe(first.counts.today + 1);
    expect(delta.publicKey).toEqual(first.publicKey);
    expect(delta.hours).toEqual(SHOW_HOURS);
    expect(Date.parse(delta.cursor)).toBeGreaterThanOrEqual(Date.parse(first.cursor));
  });

  it('gives the whole roster again for a cursor over a day old', async () => {
    const data = await roster(`?since=${encodeURIComponent('2024-01-01T00:00:00Z')}`);
    expect(data.full).toBe(true);
    expect(data.people.map(([id]) => id)).toContain(visitor.registration.id);
  });

  it('refuses a since that is not a date, and any other query parameter, with a 400', async () => {
    for (const query of [
      '?since=hier',
      '?since=',
      '?since[]=2024-05-30T09:00:00Z',
      '?page=1',
      '?since=2024-05-30T09:00:00Z&full=1',
    ]) {
      const res = await call(ctx.app, 'GET', `gate/roster${query}`, { token: controllerToken });
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
    }
  });

  it('refuses exhibitors, collaborators and visitors with a 403, and a caller without a token with a 401', async () => {
    for (const token of [exhibitorToken, collaboratorToken, visitorToken]) {
      const res = await call(ctx.app, 'GET', 'gate/roster', { token });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('publicKey');
    }
    expect((await call(ctx.app, 'GET', 'gate/roster')).statusCode).toBe(401);
  });
});

describe('check-ins (POST checkins)', () => {
  it('records each check-in with its badge, gate, controller, device, time, verdict and re-entry, answering in the order sent', async () => {
    const entry = checkin(badgeOf(visitor.registration), { scannedAt: '2024-05-30T09:05:00+01:00' });
    const closed = checkin(badgeOf(exhibitor.registration), {
      verdict: 'refused',
      reason: 'closed',
      scannedAt: '2024-05-30T06:30:00+01:00',
    });
    const again = checkin(badgeOf(collaborator.registration), {
      gateId: gateB.id,
      deviceId: 'porte-b-telephone-2',
      verdict: 'already_entered',
      reentry: true,
    });
    const { res, results } = await send([entry, closed, again]);
    expect(res.statusCode).toBe(200);
    expect(results).toEqual([
      { id: entry.id, status: 'recorded', conflict: false },
      { id: closed.id, status: 'recorded', conflict: false },
      { id: again.id, status: 'recorded', conflict: false },
    ]);
    const rows = await storedRows([entry.id, closed.id, again.id]);
    expect(
      rows.map((r) => ({
        clientId: r.clientId,
        registrationId: r.registrationId,
        gateId: r.gateId,
        controllerId: r.controllerId,
        deviceId: r.deviceId,
        scannedAt: iso(r.scannedAt),
        checkinDay: r.checkinDay,
        verdict: r.verdict,
        reason: r.reason,
        reentry: r.reentry,
        conflict: r.conflict,
      })),
    ).toEqual([
      {
        clientId: entry.id,
        registrationId: visitor.registration.id,
        gateId: gateA.id,
        controllerId: controller.id,
        deviceId: 'porte-a-telephone-1',
        scannedAt: iso('2024-05-30T09:05:00+01:00'),
        checkinDay: '2024-05-30',
        verdict: 'admitted',
        reason: null,
        reentry: false,
        conflict: false,
      },
      {
        clientId: closed.id,
        registrationId: exhibitor.registration.id,
        gateId: gateA.id,
        controllerId: controller.id,
        deviceId: 'porte-a-telephone-1',
        scannedAt: iso('2024-05-30T06:30:00+01:00'),
        checkinDay: '2024-05-30',
        verdict: 'refused',
        reason: 'closed',
        reentry: false,
        conflict: false,
      },
      {
        clientId: again.id,
        registrationId: collaborator.registration.id,
        gateId: gateB.id,
        controllerId: controller.id,
        deviceId: 'porte-b-telephone-2',
        scannedAt: iso('2024-05-30T09:30:00+01:00'),
        checkinDay: '2024-05-30',
        verdict: 'already_entered',
        reason: null,
        reentry: true,
        conflict: false,
      },
    ]);
  });

  it('files a check-in under the show’s day in Casablanca, not the UTC day', async () => {
    const late = checkin(badgeOf(exhibitor.registration), {
      verdict: 'refused',
      reason: 'closed',
      scannedAt: '2024-05-29T23:30:00Z',
    });
    await send([late]);
    const [row] = await storedRows([late.id]);
    expect(row?.checkinDay).toBe('2024-05-30');
  });

  it('stores a batch sent twice once, and answers the resend as it answered the first send', async () => {
    const [a, b] = await Promise.all([createVisitor(ctx.db), createVisitor(ctx.db)]);
    const batch = [checkin(badgeOf(a.registration)), checkin(badgeOf(b.registration), { gateId: gateB.id })];
    const first = await send(batch);
    const second = await send(batch);
    expect(second.res.statusCode).toBe(200);
    expect(second.results).toEqual(first.results);
    expect(second.results.map((r) => r.status)).toEqual(['recorded', 'recorded']);
    expect(await storedRows(batch.map((c) => c.id))).toHaveLength(2);
  });

  it('takes a batch mixing check-ins already stored and new ones, and the same id twice in one batch, each once', async () => {
    const [a, b] = await Promise.all([createVisitor(ctx.db), createVisitor(ctx.db)]);
    const old = checkin(badgeOf(a.registration));
    await send([old]);
    const fresh = checkin(badgeOf(b.registration));
    const { results } = await send([old, fresh, fresh]);
    expect(results).toEqual([
      { id: old.id, status: 'recorded', conflict: false },
      { id: fresh.id, status: 'recorded', conflict: false },
      { id: fresh.id, status: 'recorded', conflict: false },
    ]);
    expect((await storedRows([old.id, fresh.id])).map((r) => r.clientId)).toEqual([old.id, fresh.id]);
  });

  it('refuses an id already used by another controller and leaves that check-in as it was', async () => {
    const someone = await createVisitor(ctx.db);
    const mine = checkin(badgeOf(someone.registration));
    await send([mine]);
    const { results } = await send([{ ...mine, deviceId: 'autre-appareil', gateId: gateB.id }], otherControllerToken);
    expect(results).toEqual([{ id: mine.id, status: 'refused', conflict: false }]);
    const rows = await storedRows([mine.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ controllerId: controller.id, deviceId: 'porte-a-telephone-1', gateId: gateA.id });
  });

  it('stores a badge that is not one of ours as refused, invalid, without registration, whatever the device said', async () => {
    const genuine = badgeOf(visitor.registration);
    const altered = genuine.slice(0, -1) + (genuine.endsWith('A') ? 'Q' : 'A');
    const otherKey = createBadgeSigner(
      generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    ).sign({ registrationId: visitor.registration.id, type: 'visitor', eventId: EVENT_ID, issuedAt: 1_716_000_000 });
    const noSuchRegistration = badgeOf({ id: 987_654, type: 'visitor' });
    const cases = [
      checkin(altered),
      checkin(otherKey),
      checkin('https://example.com/pas-un-badge', { verdict: 'already_entered', reentry: true }),
      checkin(noSuchRegistration),
      checkin(genuine.replace('.', ''), { verdict: 'refused', reason: 'closed' }),
    ];
    const { results } = await send(cases);
    expect(results).toEqual(cases.map((c) => ({ id: c.id, status: 'recorded', conflict: false })));
    const rows = await storedRows(cases.map((c) => c.id));
    expect(
      rows.map((r) => ({ registrationId: r.registrationId, verdict: r.verdict, reason: r.reason, reentry: r.reentry })),
    ).toEqual(cases.map(() => ({ registrationId: null, verdict: 'refused', reason: 'invalid', reentry: false })));
  });

  it('stores another edition’s genuine badge as refused, otherEvent, tied to nobody of this edition, whatever the device said', async () => {
    // Registration ids run across editions: last year's badge may carry the id of someone registered this year.
    const sameId = checkin(badgeOf(visitor.registration, EVENT_ID - 1));
    const unknownId = checkin(badgeOf({ id: 987_655, type: 'exhibitor' }, EVENT_ID - 1), { reentry: true });
    const { results } = await send([sameId, unknownId]);
    expect(results).toEqual([
      { id: sameId.id, status: 'recorded', conflict: false },
      { id: unknownId.id, status: 'recorded', conflict: false },
    ]);
    const rows = await storedRows([sameId.id, unknownId.id]);
    expect(
      rows.map((r) => ({ registrationId: r.registrationId, verdict: r.verdict, reason: r.reason, reentry: r.reentry })),
    ).toEqual([
      { registrationId: null, verdict: 'refused', reason: 'otherEvent', reentry: false },
      { registrationId: null, verdict: 'refused', reason: 'otherEvent', reentry: false },
    ]);
  });

  it('keeps both first entries of one badge on the same day from two gates offline, and marks both as a conflict', async () => {
    const twice = await createVisitor(ctx.db);
    const atA = checkin(badgeOf(twice.registration), { deviceId: 'porte-a', scannedAt: '2024-05-30T09:05:00+01:00' });
    const atB = checkin(badgeOf(twice.registration), {
      gateId: gateB.id,
      deviceId: 'porte-b',
      scannedAt: '2024-05-30T09:07:00+01:00',
    });
    const first = await send([atA]);
    expect(first.results).toEqual([{ id: atA.id, status: 'recorded', conflict: false }]);
    const second = await send([atB], otherControllerToken);
    expect(second.results).toEqual([{ id: atB.id, status: 'recorded', conflict: true }]);
    // The first gate learns of it when it sends again.
    expect((await send([atA])).results).toEqual([{ id: atA.id, status: 'recorded', conflict: true }]);
    const rows = await storedRows([atA.id, atB.id]);
    expect(rows.map((r) => ({ gateId: r.gateId, verdict: r.verdict, conflict: r.conflict }))).toEqual([
      { gateId: gateA.id, verdict: 'admitted', conflict: true },
      { gateId: gateB.id, verdict: 'admitted', conflict: true },
    ]);
  });

  it('marks the conflict too when both first entries arrive in one batch', async () => {
    const twice = await createVisitor(ctx.db);
    const batch = [
      checkin(badgeOf(twice.registration), { scannedAt: '2024-05-30T09:01:00+01:00' }),
      checkin(badgeOf(twice.registration), { gateId: gateB.id, scannedAt: '2024-05-30T09:02:00+01:00' }),
    ];
    const { results } = await send(batch);
    expect(results.map((r) => r.conflict)).toEqual([true, true]);
  });

  it('sees no conflict in a re-entry, a badge turned back, a refusal, or a first entry on another day', async () => {
    const regular = await createVisitor(ctx.db);
    const badge = badgeOf(regular.registration);
    const dayOne = checkin(badge, { scannedAt: '2024-05-29T10:00:00+01:00' });
    const dayTwo = checkin(badge, { gateId: gateB.id, scannedAt: '2024-05-30T09:15:00+01:00' });
    await send([dayOne]);
    await send([dayTwo], otherControllerToken);
    const later = [
      checkin(badge, { verdict: 'already_entered', reentry: false, scannedAt: '2024-05-30T09:40:00+01:00' }),
      checkin(badge, { verdict: 'already_entered', reentry: true, scannedAt: '2024-05-30T09:41:00+01:00' }),
      checkin(badge, { verdict: 'refused', reason: 'revoked', scannedAt: '2024-05-30T09:45:00+01:00' }),
    ];
    const { results } = await send(later);
    expect(results.map((r) => [r.status, r.conflict])).toEqual([
      ['recorded', false],
      ['recorded', false],
      ['recorded', false],
    ]);
    const rows = await storedRows([dayOne.id, dayTwo.id, ...later.map((c) => c.id)]);
    expect(rows).toHaveLength(5);
    expect(rows.filter((r) => r.conflict)).toEqual([]);
  });

  it('takes the server’s time for a check-in dated in the future or over 30 days ago, and keeps yesterday’s', async () => {
    const future = checkin(badgeOf(visitor.registration), {
      verdict: 'already_entered',
      scannedAt: '2024-06-20T10:00:00+01:00',
    });
    const ancient = checkin(badgeOf(visitor.registration), {
      verdict: 'already_entered',
      scannedAt: '2024-03-01T10:00:00+01:00',
    });
    const yesterday = checkin(badgeOf(visitor.registration), {
      verdict: 'already_entered',
      scannedAt: '2024-05-29T18:10:00+01:00',
    });
    await send([future, ancient, yesterday]);
    const rows = await storedRows([future.id, ancient.id, yesterday.id]);
    for (const row of rows.slice(0, 2)) {
      const drift = new Date(row.scannedAt).getTime() - Date.parse(NOW);
      expect(drift).toBeGreaterThanOrEqual(0);
      expect(drift).toBeLessThan(5 * 60_000);
      expect(row.checkinDay).toBe('2024-05-30');
    }
    expect(iso(rows[2]!.scannedAt)).toBe(iso('2024-05-29T18:10:00+01:00'));
    expect(rows[2]!.checkinDay).toBe('2024-05-29');
  });

  it('stores a check-in at a gate the show does not have without a gate, and the roster gives it gate 0', async () => {
    const wanderer = await createVisitor(ctx.db);
    const item = checkin(badgeOf(wanderer.registration), { gateId: 999_999, scannedAt: '2024-05-30T09:50:00+01:00' });
    const { results } = await send([item]);
    expect(results).toEqual([{ id: item.id, status: 'recorded', conflict: false }]);
    const [row] = await storedRows([item.id]);
    expect(row).toMatchObject({ gateId: null, registrationId: wanderer.registration.id, verdict: 'admitted' });
    const data = await roster();
    expect(data.entries).toContainEqual([wanderer.registration.id, iso('2024-05-30T09:50:00+01:00'), 0]);
  });

  it(`takes ${CHECKIN_BATCH_MAX} check-ins at once`, async () => {
    const badge = badgeOf(visitor.registration);
    const batch = Array.from({ length: CHECKIN_BATCH_MAX }, () =>
      checkin(badge, { verdict: 'refused', reason: 'closed' }),
    );
    const { res, results } = await send(batch);
    expect(res.statusCode).toBe(200);
    expect(results).toHaveLength(CHECKIN_BATCH_MAX);
    expect(results.every((r, i) => r.id === batch[i]!.id && r.status === 'recorded')).toBe(true);
    expect(await storedRows(batch.map((c) => c.id))).toHaveLength(CHECKIN_BATCH_MAX);
  });

  it(`refuses a batch over ${CHECKIN_BATCH_MAX}, an empty one and malformed check-ins with a 400 naming the fields, storing nothing`, async () => {
    const badge = badgeOf(visitor.registration);
    const tooMany = Array.from({ length: CHECKIN_BATCH_MAX + 1 }, () => checkin(badge));
    const bad = checkin(badge, {
      id: 'pas-un-uuid',
      gateId: 0,
      verdict: 'peut-etre',
      scannedAt: 'hier',
      reentry: 'non',
    });
    const cases: { body: unknown; fields: string[] }[] = [
      { body: { checkins: tooMany }, fields: ['body.checkins'] },
      { body: { checkins: [] }, fields: ['body.checkins'] },
      { body: {}, fields: ['body.checkins'] },
      {
        body: { checkins: [bad] },
        fields: [
          'body.checkins.0.id',
          'body.checkins.0.gateId',
          'body.checkins.0.verdict',
          'body.checkins.0.scannedAt',
          'body.checkins.0.reentry',
        ],
      },
      { body: { checkins: [checkin(badge, { deviceId: '' })] }, fields: ['body.checkins.0.deviceId'] },
    ];
    for (const { body, fields } of cases) {
      const res = await call(ctx.app, 'POST', 'checkins', { token: controllerToken, body });
      expect(res.statusCode).toBe(400);
      const error = res.json<{ error: { details: { errors: { path: string[] }[] } } }>().error;
      expect(error.details.errors.map((e) => e.path.join('.'))).toEqual(expect.arrayContaining(fields));
    }
    const ids = [...tooMany.map((c) => c.id), bad.id].filter((id) => /^[0-9a-f-]{36}$/.test(id));
    expect(await storedRows(ids)).toEqual([]);
  });

  it('takes check-ins from an organiser too', async () => {
    const item = checkin(badgeOf(visitor.registration), { verdict: 'already_entered' });
    const { results } = await send([item], organiserToken);
    expect(results).toEqual([{ id: item.id, status: 'recorded', conflict: false }]);
    expect((await storedRows([item.id]))[0]?.controllerId).toBe(organiser.id);
  });

  it('refuses exhibitors, collaborators and visitors with a 403 and a caller without a token with a 401, storing nothing', async () => {
    const attempts: string[] = [];
    for (const token of [exhibitorToken, collaboratorToken, visitorToken, null]) {
      const item = checkin(badgeOf(visitor.registration));
      attempts.push(item.id);
      const { res } = await send([item], token);
      expect(res.statusCode).toBe(token ? 403 : 401);
    }
    expect(await storedRows(attempts)).toEqual([]);
  });
});
