import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, createBadgeVerifier, type GateRoster } from '@salon/shared';
import { checkins, halls, registrations, users } from '../../db/schema';
import { PASSWORD, createCollaborator, createExhibitor, createUser, createVisitor } from '../../../test/fixtures';
import { TYPED_NAMES } from '../badges/badge-pdf.test-support';
import { call, withoutRequestId } from '../../../test/helper';
import {
  badgeOf,
  checkin,
  collaborator,
  collaboratorToken,
  controller,
  controllerToken,
  ctx,
  exhibitor,
  exhibitorToken,
  gateA,
  gateB,
  type Gate,
  iso,
  NOW,
  organiser,
  organiserToken,
  roster,
  send,
  useGateScene,
  visitor,
  visitorToken,
} from './gate.test-support';

/**
 * The gate devices' API: the controllers' own sign-in and the roster a device keeps to decide
 * offline (the check-ins it sends back are checkins.test.ts's). The show's clock is 10:00 on its
 * second day.
 */

const SHOW_HOURS = [
  { day: '2024-05-29', opens: '09:00', closes: '19:00' },
  { day: '2024-05-30', opens: '09:00', closes: '19:00' },
  { day: '2024-05-31', opens: '09:00', closes: '19:30' },
  { day: '2024-06-01', opens: '09:00', closes: '18:00' },
];

const signInAtGate = (identifier: string, password = PASSWORD) =>
  call(ctx.app, 'POST', 'auth/controller', { body: { identifier, password } });

useGateScene(
  { LOGIN_RATE_LIMIT: '1000' },
  {
    controller: { name: 'Nadia Contrôle' },
    organiser: { name: 'Organisation' },
    exhibitor: { name: 'Youssef Exposant', company: 'Grues du Sud' },
    collaborator: { name: 'Karim Collaborateur' },
    visitor: { name: 'Salma Visiteuse', company: 'Béton Sud' },
  },
);

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
    expect(data.eventId).toBe(DEMO_EDITION_ID);
    // The server's clock (APP_NOW, running on since the app started).
    const drift = Date.parse(data.now) - Date.parse(NOW);
    expect(drift).toBeGreaterThanOrEqual(0);
    expect(drift).toBeLessThan(5 * 60_000);
    expect(Number.isNaN(Date.parse(data.cursor))).toBe(false);
    const hallRows = await ctx.db
      .select()
      .from(halls)
      .where(eq(halls.eventId, DEMO_EDITION_ID))
      .orderBy(asc(halls.position));
    expect(data.gates).toEqual(hallRows.map((g) => ({ id: g.id, name: g.name })));
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
      eventId: DEMO_EDITION_ID,
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

    // Renamed as typed in Arabic: the gate screen shows the holder's name as it was typed.
    await ctx.db.update(users).set({ name: TYPED_NAMES.arabic }).where(eq(users.id, renamed.user.id));
    await ctx.db
      .update(registrations)
      .set({ revokedAt: new Date() })
      .where(eq(registrations.id, revokedLater.registration.id));
    const newcomer = await createVisitor(ctx.db, { name: TYPED_NAMES.tifinagh, company: TYPED_NAMES.mixedCompany });
    await send([checkin(badgeOf(newcomer.registration), { gateId: gateB.id, scannedAt: '2024-05-30T09:55:00+01:00' })]);

    const delta = await roster(`?since=${encodeURIComponent(first.cursor)}`);
    expect(delta.full).toBe(false);
    expect([...delta.people].sort((a, b) => a[0] - b[0])).toEqual([
      [renamed.registration.id, 0, TYPED_NAMES.arabic, 'Coffrages Atlas'],
      [newcomer.registration.id, 2, TYPED_NAMES.tifinagh, TYPED_NAMES.mixedCompany],
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
