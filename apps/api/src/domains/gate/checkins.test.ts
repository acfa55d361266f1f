import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHECKIN_BATCH_MAX, DEMO_EDITION_ID } from '@salon/shared';
import { createBadgeSigner } from '../badges/badge-token';
import { createVisitor } from '../../../test/fixtures';
import { call } from '../../../test/helper';
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
  iso,
  NOW,
  organiser,
  organiserToken,
  roster,
  send,
  storedRows,
  useGateScene,
  visitor,
  visitorToken,
} from './gate.test-support';

/**
 * The check-ins the gate devices send back (POST checkins): stored once each, filed under the
 * show's day, from staff only (two devices' check-ins of one badge: checkin-conflicts.test.ts).
 * The show's clock is 10:00 on its second day.
 */

useGateScene({}, { controller: { name: 'Nadia Contrôle' } });

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

  it('stores a badge that is not one of ours as refused, invalid, without registration, whatever the device said', async () => {
    const genuine = badgeOf(visitor.registration);
    const altered = genuine.slice(0, -1) + (genuine.endsWith('A') ? 'Q' : 'A');
    const otherKey = createBadgeSigner(
      generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    ).sign({
      registrationId: visitor.registration.id,
      type: 'visitor',
      eventId: DEMO_EDITION_ID,
      issuedAt: 1_716_000_000,
    });
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
    const sameId = checkin(badgeOf(visitor.registration, DEMO_EDITION_ID - 1));
    const unknownId = checkin(badgeOf({ id: 987_655, type: 'exhibitor' }, DEMO_EDITION_ID - 1), { reentry: true });
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
