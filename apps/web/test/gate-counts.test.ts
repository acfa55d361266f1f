import { describe, expect, it } from 'vitest';
import { entryCounts } from '../app/features/gate/counts';
import type { QueuedCheckin, RosterMeta } from '../app/features/gate/store';

const meta: RosterMeta = {
  cursor: '2024-05-30T07:40:00.000Z',
  eventId: 7,
  publicKey: { kty: 'OKP', crv: 'Ed25519', x: 'x' },
  hours: [{ day: '2024-05-30', opens: '09:00', closes: '19:00' }],
  gates: [
    { id: 1, name: 'Hall A' },
    { id: 2, name: 'Hall B' },
  ],
  offsetMs: 0,
  lastSync: '2024-05-30T07:40:00.000Z',
  counts: { today: 7, byGate: { 1: 3, 2: 4 } },
};

let n = 0;
function checkin(over: Partial<QueuedCheckin>): QueuedCheckin {
  return {
    id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    badge: 'b',
    gateId: 1,
    deviceId: 'd',
    scannedAt: '2024-05-30T08:00:00.000Z',
    verdict: 'admitted',
    reason: null,
    reentry: false,
    controllerId: 9,
    ...over,
  };
}

const now = new Date('2024-05-30T09:00:00.000Z');

describe('entry counts on a gate device', () => {
  it('adds the entries still on the device to the last roster’s counts', () => {
    const waiting = [
      checkin({}),
      checkin({ gateId: 2 }),
      // A re-entry counts as the server counts it; a refusal or a bare 'already entered' does not.
      checkin({ verdict: 'already_entered', reentry: true }),
      checkin({ verdict: 'already_entered' }),
      checkin({ verdict: 'refused', reason: 'closed' }),
    ];
    expect(entryCounts(meta, waiting, 1, now)).toEqual({ gate: 5, total: 10 });
    expect(entryCounts(meta, waiting, null, now)).toEqual({ gate: 0, total: 10 });
  });

  it('forgets yesterday: the roster’s counts and check-ins of another show day', () => {
    const nextDay = new Date('2024-05-31T09:00:00.000Z');
    expect(entryCounts(meta, [checkin({}), checkin({ scannedAt: '2024-05-31T08:30:00.000Z' })], 1, nextDay)).toEqual({
      gate: 1,
      total: 1,
    });
  });

  it('counts only the device’s entries before any roster', () => {
    expect(entryCounts(null, [checkin({})], 1, now)).toEqual({ gate: 1, total: 1 });
  });
});
