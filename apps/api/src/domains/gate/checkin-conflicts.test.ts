import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ID, type CheckinResult, type RegistrationType } from '@salon/shared';
import { checkins, gates } from '../../db/schema';
import { badgeOf as signedBadge, createController, createVisitor, sessionOf, type User } from '../../../test/fixtures';
import { call, createTestApp, type TestContext } from '../../../test/helper';

/**
 * Check-ins of one badge or with one id from two gate devices, offline from each other: the
 * first entries both kept and marked as a conflict, an id taken once. The show's clock is 10:00
 * on its second day.
 */

const NOW = '2024-05-30T10:00:00+01:00';

type Gate = typeof gates.$inferSelect;

let ctx: TestContext;
let gateA: Gate;
let gateB: Gate;
let controller: User;
let controllerToken: string;
let otherControllerToken: string;

/** The QR text of a registration's badge, signed with the server's key. */
const badgeOf = (registration: { id: number; type: RegistrationType }) => signedBadge(ctx, registration);

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

/** Sends check-ins as a controller (by default the first one). */
async function send(items: unknown[], as = controllerToken) {
  const res = await call(ctx.app, 'POST', 'checkins', { token: as, body: { checkins: items } });
  return { res, results: res.statusCode === 200 ? res.json<{ data: CheckinResult[] }>().data : [] };
}

const storedRows = (ids: string[]) =>
  ctx.db.select().from(checkins).where(inArray(checkins.clientId, ids)).orderBy(asc(checkins.id));

beforeAll(async () => {
  ctx = await createTestApp({ APP_NOW: NOW });
  [gateA, gateB] = (await ctx.db
    .select()
    .from(gates)
    .where(eq(gates.eventId, EVENT_ID))
    .orderBy(asc(gates.position))) as [Gate, Gate];
  controller = await createController(ctx.db, { name: 'Nadia Contrôle' });
  controllerToken = await sessionOf(ctx, controller);
  otherControllerToken = await sessionOf(ctx, await createController(ctx.db, { name: 'Omar Contrôle' }));
});
afterAll(() => ctx.close());

describe('check-ins (POST checkins)', () => {
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
});
