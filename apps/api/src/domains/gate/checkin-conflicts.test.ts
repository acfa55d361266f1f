import { beforeAll, describe, expect, it } from 'vitest';
import { createController, createVisitor, sessionOf } from '../../../test/fixtures';
import { badgeOf, checkin, controller, ctx, gateA, gateB, send, storedRows, useGateScene } from './gate.test-support';

/**
 * Check-ins of one badge or with one id from two gate devices, offline from each other: the
 * first entries both kept and marked as a conflict, an id taken once. The show's clock is 10:00
 * on its second day.
 */

let otherControllerToken: string;

useGateScene({}, { controller: { name: 'Nadia Contrôle' } });
beforeAll(async () => {
  otherControllerToken = await sessionOf(ctx, await createController(ctx.db, { name: 'Omar Contrôle' }));
});

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
