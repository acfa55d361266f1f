import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type KioskBadge } from '@salon/shared';
import { kioskLookupAttempts } from '../../db/schema';
import { createVisitor } from '../../../test/fixtures';
import {
  badgeOf,
  controllerToken,
  ctx,
  errorMessage,
  lookup,
  newKiosk,
  NO_BADGE,
  NOW,
  organiserToken,
  useKioskScene,
  type EnabledKiosk,
} from './kiosk.test-support';

/**
 * A kiosk's guesses at one address's phone digits: five wrong ones lock the address for 30
 * minutes, on every kiosk, and send the visitor to a staff member.
 */

const SEE_STAFF =
  'Trop d’essais pour cette adresse. Adressez-vous à un membre de l’équipe d’accueil, qui retrouvera votre badge.';

useKioskScene();

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
