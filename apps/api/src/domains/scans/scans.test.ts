import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { scans } from '../../db/schema';
import { createBadgeSigner } from '../badges/badge-token';
import { createCollaborator, createVisitor } from '../../../test/fixtures';
import { call } from '../../../test/helper';
import {
  badgeOf,
  collaborator,
  collaboratorToken,
  ctx,
  exhibitor,
  other,
  otherToken,
  scan,
  send,
  SHOW_MORNING,
  storedFor,
  token,
  useScansScene,
} from './scans.test-support';

/**
 * Scanning a badge at a stand (POST scans): who is recorded, once a show day, with a note and a
 * rating, and the badges refused (the scans' lists and exports: scans-list.test.ts).
 */

useScansScene();

describe('scanning a badge', () => {
  it('records a visitor scanned by an exhibitor and answers with the visitor’s name, company and position', async () => {
    const visitor = await createVisitor(ctx.db, {
      name: 'Salma Visiteuse',
      company: 'Béton Sud',
      jobPosition: 'Acheteuse',
    });
    const item = scan(badgeOf(visitor.registration));
    const { res, results } = await send([item]);
    expect(res.statusCode).toBe(200);
    expect(results).toMatchObject([
      {
        id: item.id,
        status: 'recorded',
        scan: {
          id: item.id,
          typeScanned: 'visitor',
          createdAt: new Date(SHOW_MORNING).toISOString(),
          person: { name: 'Salma Visiteuse', company: 'Béton Sud', jobPosition: 'Acheteuse' },
          scanner: { id: exhibitor.user.id, name: exhibitor.user.name },
        },
      },
    ]);
    const [stored] = (await storedFor(exhibitor.user.id)).filter((s) => s.clientId === item.id);
    expect(stored).toMatchObject({ scannedId: visitor.user.id, typeScanned: 'visitor', scanDay: '2024-05-30' });
  });

  it('records another exhibitor’s collaborator as a collaborator scan', async () => {
    const theirs = await createCollaborator(ctx.db, other);
    const { results } = await send([scan(badgeOf(theirs.registration))]);
    expect(results[0]).toMatchObject({ status: 'recorded', scan: { typeScanned: 'collaborator' } });
  });

  it('counts the same person scanned twice on the same show day once, and says when it was first scanned', async () => {
    const visitor = await createVisitor(ctx.db);
    const badge = badgeOf(visitor.registration);
    const first = scan(badge);
    await send([first]);
    const again = scan(badge, { scannedAt: '2024-05-30T16:40:00+01:00' });
    const { results } = await send([again]);
    expect(results[0]).toMatchObject({
      id: again.id,
      status: 'alreadyScanned',
      scan: { id: first.id, createdAt: new Date(SHOW_MORNING).toISOString() },
    });
    const stored = (await storedFor(exhibitor.user.id)).filter((s) => s.scannedId === visitor.user.id);
    expect(stored.map((s) => s.clientId)).toEqual([first.id]);
  });

  it('tells a collaborator who of the team scanned the same person already, and when; an exhibitor of another stand is told nothing', async () => {
    const visitor = await createVisitor(ctx.db);
    const badge = badgeOf(visitor.registration);
    const first = await send([scan(badge, { scannedAt: '2024-05-30T10:01:00+01:00' })]);
    expect(first.results[0]).not.toHaveProperty('team');
    const byCollaborator = scan(badge, { scannedAt: '2024-05-30T10:06:00+01:00' });
    const { results } = await send([byCollaborator], collaboratorToken);
    expect(results[0]).toMatchObject({
      id: byCollaborator.id,
      status: 'recorded',
      scan: { scanner: { name: 'Karim Collaborateur' } },
      team: { name: exhibitor.user.name, createdAt: '2024-05-30T09:01:00.000Z' },
    });
    const { results: theirs } = await send([scan(badge)], otherToken);
    expect(theirs[0]).toMatchObject({ status: 'recorded' });
    expect(theirs[0]).not.toHaveProperty('team');
  });

  it('records the same person again on the next show day, the day read in Marrakech’s time zone', async () => {
    const visitor = await createVisitor(ctx.db);
    const badge = badgeOf(visitor.registration);
    // 23:30 in Marrakech on the 29th is already the 30th in UTC+2 but still the 29th at the show.
    await send([scan(badge, { scannedAt: '2024-05-29T22:30:00Z' })]);
    const { results } = await send([scan(badge, { scannedAt: '2024-05-30T09:00:00+01:00' })]);
    expect(results[0]?.status).toBe('recorded');
    const days = (await storedFor(exhibitor.user.id))
      .filter((s) => s.scannedId === visitor.user.id)
      .map((s) => s.scanDay)
      .sort();
    expect(days).toEqual(['2024-05-29', '2024-05-30']);
  });

  it('takes each device-made id once: a batch sent twice is stored once and answers the same', async () => {
    const a = await createVisitor(ctx.db);
    const b = await createVisitor(ctx.db);
    const batch = [scan(badgeOf(a.registration)), scan(badgeOf(b.registration))];
    const first = await send(batch, collaboratorToken);
    const second = await send(batch, collaboratorToken);
    expect(second.results).toEqual(first.results);
    expect(second.results.map((r) => r.status)).toEqual(['recorded', 'recorded']);
    const stored = (await storedFor(collaborator.user.id)).filter((s) => batch.some((x) => x.id === s.clientId));
    expect(stored).toHaveLength(2);
  });

  it('saves a note and a rating sent again with the scan’s id, and keeps them when a later send leaves them out', async () => {
    const visitor = await createVisitor(ctx.db);
    const item = scan(badgeOf(visitor.registration));
    await send([item]);
    const noted = await send([{ ...item, note: '  Intéressé par les grues  ', rating: 4 }]);
    expect(noted.results[0]).toMatchObject({
      status: 'recorded',
      scan: { note: 'Intéressé par les grues', rating: 4 },
    });
    const plain = await send([item]);
    expect(plain.results[0]).toMatchObject({ scan: { note: 'Intéressé par les grues', rating: 4 } });
    const cleared = await send([{ ...item, note: null, rating: null }]);
    expect(cleared.results[0]).toMatchObject({ scan: { note: null, rating: null } });
  });

  it('refuses a rating outside 1 to 5, a batch over 100 and an id that is not a uuid, at the field', async () => {
    const visitor = await createVisitor(ctx.db);
    const badge = badgeOf(visitor.registration);
    const rating = await send([scan(badge, { rating: 6 })]);
    expect(rating.res.statusCode).toBe(400);
    expect(JSON.stringify(rating.res.json())).toContain('rating');
    const tooMany = await send(Array.from({ length: 101 }, () => scan(badge)));
    expect(tooMany.res.statusCode).toBe(400);
    const badId = await send([scan(badge, { id: 'abc' })]);
    expect(badId.res.statusCode).toBe(400);
    expect((await storedFor(exhibitor.user.id)).some((s) => s.scannedId === visitor.user.id)).toBe(false);
  });

  it('keeps the time the badge was read offline, but not a time in the future or over 30 days old', async () => {
    const [a, b, c] = await Promise.all([createVisitor(ctx.db), createVisitor(ctx.db), createVisitor(ctx.db)]);
    const { results } = await send([
      scan(badgeOf(a.registration), { scannedAt: '2024-05-29T11:05:00+01:00' }),
      scan(badgeOf(b.registration), { scannedAt: '2024-06-20T10:00:00+01:00' }),
      scan(badgeOf(c.registration), { scannedAt: '2024-03-01T10:00:00+01:00' }),
    ]);
    const times = results.map((r) => (r.status === 'refused' ? null : new Date(r.scan.createdAt).getTime()));
    expect(times[0]).toBe(new Date('2024-05-29T11:05:00+01:00').getTime());
    const now = new Date('2024-05-30T18:00:00+01:00').getTime();
    for (const t of times.slice(1)) expect(Math.abs(t! - now)).toBeLessThan(60_000);
  });
});

describe('badges that are refused and recorded nowhere', () => {
  it('refuses a forged or altered badge, any other QR code, another edition’s badge, a revoked badge and one’s own', async () => {
    const visitor = await createVisitor(ctx.db);
    const genuine = badgeOf(visitor.registration);
    const forged = genuine.slice(0, -3) + (genuine.endsWith('AAA') ? 'BBB' : 'AAA');
    const otherKey = createBadgeSigner(
      (await import('node:crypto'))
        .generateKeyPairSync('ed25519')
        .privateKey.export({ format: 'pem', type: 'pkcs8' })
        .toString(),
    ).sign({
      registrationId: visitor.registration.id,
      type: 'visitor',
      eventId: DEMO_EDITION_ID,
      issuedAt: 1_716_000_000,
    });
    const gone = await createCollaborator(ctx.db, exhibitor);
    expect((await call(ctx.app, 'DELETE', `users/${gone.user.id}`, { token })).statusCode).toBe(200);
    const cases = [
      scan(forged),
      scan(otherKey),
      scan('https://example.com/not-a-badge'),
      scan(badgeOf(visitor.registration, 6)),
      scan(badgeOf(gone.registration)),
      scan(badgeOf({ id: exhibitor.registration.id, type: 'exhibitor' })),
      // The type in the token is part of what is signed: a visitor badge claiming to be an exhibitor's.
      scan(badgeOf({ id: visitor.registration.id, type: 'exhibitor' })),
    ];
    const { results } = await send(cases);
    expect(results.map((r) => (r.status === 'refused' ? r.reason : r.status))).toEqual([
      'invalid',
      'invalid',
      'invalid',
      'otherEvent',
      'revoked',
      'self',
      'invalid',
    ]);
    const stored = await ctx.db.select().from(scans);
    expect(stored.filter((s) => cases.some((c) => c.id === s.clientId))).toEqual([]);
  });

  it('refuses an id already used by another scanner instead of touching that scan', async () => {
    const visitor = await createVisitor(ctx.db);
    const item = scan(badgeOf(visitor.registration));
    await send([item]);
    const { results } = await send([{ ...item, note: 'pris par un autre' }], otherToken);
    expect(results[0]).toEqual({ id: item.id, status: 'refused', reason: 'invalid' });
    const [stored] = await ctx.db.select().from(scans).where(eq(scans.clientId, item.id));
    expect(stored).toMatchObject({ scannerId: exhibitor.user.id, note: null });
  });
});
