import { describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, type ShowEdition } from '@salon/shared';
import { halls, registrations } from '../../db/schema';
import { call } from '../../../test/helper';
import {
  badgeOf,
  checkin,
  ctx,
  organiserToken,
  roster,
  send,
  storedRows,
  useGateScene,
  visitor,
} from './gate.test-support';

/**
 * The gates admit the current edition's badges: once the organiser makes the next edition
 * current, the roster is the new edition's and last edition's badges are refused as another
 * edition's, whatever the device said.
 */

useGateScene();

describe('the gates when another edition is made current', () => {
  it('give the new edition’s roster, admit its badges and refuse last edition’s as another edition’s', async () => {
    expect((await roster()).eventId).toBe(DEMO_EDITION_ID);
    const created = await call(ctx.app, 'POST', 'admin/editions', {
      token: organiserToken,
      body: {
        edition: 7,
        name: '7e édition',
        year: 2025,
        startsOn: '2025-05-28',
        endsOn: '2025-05-31',
        city: 'Marrakech',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const next = created.json<ShowEdition>();
    const [hall] = await ctx.db.insert(halls).values({ eventId: next.id, name: 'Hall 2025', position: 0 }).returning();
    // The same visitor registers again for the new edition.
    const [again] = await ctx.db
      .insert(registrations)
      .values({ eventId: next.id, userId: visitor.user.id, type: 'visitor', confirmed: true })
      .returning();
    const switched = await call(ctx.app, 'POST', `admin/editions/${next.id}/make-current`, { token: organiserToken });
    expect(switched.statusCode, switched.body).toBe(200);

    const whole = await roster();
    expect(whole.eventId).toBe(next.id);
    expect(whole.people.map(([id]) => id)).toEqual([again!.id]);
    expect(whole.gates).toEqual([{ id: hall!.id, name: 'Hall 2025' }]);

    const lastYear = checkin(badgeOf(visitor.registration), { gateId: hall!.id });
    const thisYear = checkin(badgeOf({ id: again!.id, type: 'visitor' }, next.id), { gateId: hall!.id });
    const { res, results } = await send([lastYear, thisYear]);
    expect(res.statusCode, res.body).toBe(200);
    expect(results.map((r) => r.status)).toEqual(['recorded', 'recorded']);
    const rows = await storedRows([lastYear.id, thisYear.id]);
    expect(rows.map((r) => ({ registrationId: r.registrationId, verdict: r.verdict, reason: r.reason }))).toEqual([
      { registrationId: null, verdict: 'refused', reason: 'otherEvent' },
      { registrationId: again!.id, verdict: 'admitted', reason: null },
    ]);
  });
});
