import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { emailChanges, mailOutbox } from '../../db/schema';
import { createExhibitor, PASSWORD, signSession, type Exhibitor } from '../../../test/fixtures';
import { call, login, withoutRequestId } from '../../../test/helper';
import { routeCounts } from '../../../test/metrics-count';
import { CURRENT_PASSWORD_TRIES } from './current-password';
import { ctx, lastMailTo, useCollaboratorsScene, userRow } from './collaborators.test-support';

/**
 * The current password that a new sign-in address asks for in 'Informations' is
 * no oracle for a stolen session: an account gets CURRENT_PASSWORD_TRIES tries in 15 minutes.
 */

useCollaboratorsScene();

const WRONG = {
  status: 400,
  name: 'ValidationError',
  message: 'Données invalides.',
  details: { errors: [{ path: ['body', 'currentPassword'], message: 'wrongPassword' }] },
};
const TOO_MANY = {
  status: 429,
  name: 'TooManyRequestsError',
  message: 'Trop de requêtes. Veuillez réessayer dans 15 minutes.',
  details: {},
};

/** 'Sauvegarder' of the exhibitor's 'Informations' with a new name and a new sign-in address. */
const changeAddress = (
  ex: Exhibitor,
  token: string,
  currentPassword: string,
  email = `neuve-${ex.user.id}@example.com`,
) =>
  call(ctx.app, 'PUT', `users/${ex.user.id}`, {
    token,
    body: { name: 'Nom changé', email, phone: ex.user.phone, company: ex.user.company, currentPassword },
  });

const errorBody = (res: LightMyRequestResponse) => (withoutRequestId(res) as { error: unknown }).error;
const counts = () => routeCounts(ctx.app, 'PUT', 'users/:id');

/** Nothing of the account changed, and no address change was asked or mailed. */
async function expectNothingSaved(ex: Exhibitor, email = `neuve-${ex.user.id}@example.com`) {
  expect(await userRow(ex.user.id)).toMatchObject({ name: ex.user.name, email: ex.user.email });
  expect(await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, ex.user.id))).toEqual([]);
  expect(await lastMailTo(email)).toBeUndefined();
}

describe('the current password asked for a new sign-in address', () => {
  it('answers wrongPassword to each of the first tries, then 429 to the next one even with the right password, and saves nothing', async () => {
    const ex = await createExhibitor(ctx.db);
    const token = await signSession(ex.user.id, ex.user.tokenVersion);
    const before = await counts();
    for (let i = 1; i < CURRENT_PASSWORD_TRIES; i++) {
      const res = await changeAddress(ex, token, `Mauvais-${i}-2024`);
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toEqual(WRONG);
    }
    // The last try, right this time: accepted. The next one is refused, right or not.
    const right = await changeAddress(ex, token, PASSWORD, 'premiere@example.com');
    expect(right.statusCode).toBe(200);
    expect(right.json<{ meta: unknown }>().meta).toEqual({ emailPending: 'premiere@example.com' });
    const pending = await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, ex.user.id));
    const refused = await changeAddress(ex, token, PASSWORD, 'seconde@example.com');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(errorBody(refused)).toEqual(TOO_MANY);
    // Nothing of the refused request was saved: the first change still waits, and its name stays.
    expect(await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, ex.user.id))).toEqual(pending);
    expect(await lastMailTo('seconde@example.com')).toBeUndefined();
    expect((await userRow(ex.user.id)).email).toBe(ex.user.email);
    const after = await counts();
    expect(after.refused - before.refused).toBe(CURRENT_PASSWORD_TRIES);
    expect(after.ok - before.ok).toBe(1);
  });

  it('ends every session of the account at a wrong last try and tells its owner; signed in again, the owner is refused until the window ends', async () => {
    const ex = await createExhibitor(ctx.db);
    const token = await signSession(ex.user.id, ex.user.tokenVersion);
    const before = await counts();
    for (let i = 1; i <= CURRENT_PASSWORD_TRIES; i++) {
      const res = await changeAddress(ex, token, `Mauvais-${i}-2024`);
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toEqual(WRONG);
    }
    expect((await call(ctx.app, 'GET', 'users/me', { token })).statusCode).toBe(401);
    const notice = await lastMailTo(ex.user.email);
    expect(notice?.subject).toBe('Trop d’essais de votre mot de passe — Salon International du Bâtiment');
    expect(notice?.text).toContain('toutes les sessions du compte ont été déconnectées');
    expect(notice?.text).toContain('pendant 15 minutes');
    // The owner signs in again with the password, which the sign-in still takes.
    const again = await login(ctx.app, ex.user.email);
    const refused = await changeAddress(ex, again, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(errorBody(refused)).toEqual(TOO_MANY);
    await expectNothingSaved(ex);
    // Saving 'Informations' without a new address asks for no password, and still works.
    const same = await call(ctx.app, 'PUT', `users/${ex.user.id}`, {
      token: again,
      body: { name: 'Nom changé', email: ex.user.email, phone: ex.user.phone, company: ex.user.company },
    });
    expect(same.statusCode).toBe(200);
    expect((await userRow(ex.user.id)).name).toBe('Nom changé');
    const after = await counts();
    expect(after.refused - before.refused).toBe(CURRENT_PASSWORD_TRIES + 1);
    expect(after.ok - before.ok).toBe(1);
    // One notice, whatever came after the last try.
    const notices = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, ex.user.email));
    expect(notices).toHaveLength(1);
  });

  it('counts tries sent at the same moment: of eight wrong ones, three are refused without being checked', async () => {
    const ex = await createExhibitor(ctx.db);
    const token = await signSession(ex.user.id, ex.user.tokenVersion);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => changeAddress(ex, token, `Mauvais-${i}-2024`)),
    );
    // Five are checked and wrong. Each of the three others is refused unchecked: counted past the
    // limit (429), or, when it reached the server after the fifth had ended the sessions, as
    // signed out (401). Which one depends on the timing; that none is checked does not.
    const checked = answers.filter((r) => r.statusCode === 400);
    const unchecked = answers.filter((r) => r.statusCode !== 400);
    expect(checked).toHaveLength(CURRENT_PASSWORD_TRIES);
    for (const res of checked) expect(errorBody(res)).toEqual(WRONG);
    expect(unchecked).toHaveLength(3);
    for (const res of unchecked) expect([401, 429]).toContain(res.statusCode);
    for (const res of unchecked.filter((r) => r.statusCode === 429)) expect(errorBody(res)).toEqual(TOO_MANY);
    await expectNothingSaved(ex);
  });

  it('counts each account apart: another exhibitor’s tries leave this one’s untouched', async () => {
    const guessed = await createExhibitor(ctx.db);
    const guessedToken = await signSession(guessed.user.id, guessed.user.tokenVersion);
    for (let i = 0; i <= CURRENT_PASSWORD_TRIES; i++) await changeAddress(guessed, guessedToken, `Mauvais-${i}-2024`);
    const ex = await createExhibitor(ctx.db);
    const res = await changeAddress(ex, await signSession(ex.user.id, ex.user.tokenVersion), PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ meta: unknown }>().meta).toEqual({ emailPending: `neuve-${ex.user.id}@example.com` });
  });
});
