import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENEWED_TOKEN_HEADER } from '@salon/shared';
import { call, createExhibitor, createTestApp, login, signSession, type TestContext } from '../../../test/helper';

const NOW = '2024-05-30T10:00:00+01:00';
const now = Date.parse(NOW) / 1000;
const DAY = 24 * 3600;
/** The app's clock starts at NOW when the app is built and runs on: a busy machine may be seconds past it. */
function expectNow(seconds: number | undefined) {
  expect(seconds).toBeGreaterThanOrEqual(now);
  expect(seconds).toBeLessThan(now + 60);
}
const EXPIRED = {
  error: {
    status: 401,
    name: 'UnauthorizedError',
    message: 'Session expirée ou invalide.',
    details: {},
    requestId: expect.any(String) as unknown,
  },
};

let ctx: TestContext;
let user: { id: number; tokenVersion: number; email: string };
beforeAll(async () => {
  ctx = await createTestApp({ APP_NOW: NOW });
  user = (await createExhibitor(ctx.db)).user;
});
afterAll(() => ctx.close());

const me = (token: string) => call(ctx.app, 'GET', 'users/me', { token });

describe('the absolute lifetime of a session', () => {
  it('gives a new sign-in the time the password was typed', async () => {
    const claims = decodeJwt(await login(ctx.app, user.email));
    const authTime = claims.auth_time as number;
    expectNow(authTime);
    expect(claims.exp).toBe(authTime + 7 * DAY);
  });

  it('renews a session signed in 29 days ago, and the renewed token keeps that sign-in time and ends 30 days after it', async () => {
    const authTime = now - 29 * DAY;
    const token = await signSession(user.id, user.tokenVersion, { iat: now - 2 * DAY, authTime });
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { id: number } }>().data.id).toBe(user.id);
    const renewed = decodeJwt(String(res.headers[RENEWED_TOKEN_HEADER]));
    expect(renewed.auth_time).toBe(authTime);
    expectNow(renewed.iat);
    expect(renewed.exp).toBe(authTime + 30 * DAY);
  });

  it('refuses with a 401 a session signed in more than 30 days ago, though its token has not expired', async () => {
    const token = await signSession(user.id, user.tokenVersion, {
      iat: now - 2 * DAY,
      exp: now + 5 * DAY,
      authTime: now - 30 * DAY - 1,
    });
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(EXPIRED);
    expect(res.headers[RENEWED_TOKEN_HEADER]).toBeUndefined();
  });

  it('counts a token made before the sign-in time was kept from its own issue time', async () => {
    const recent = await signSession(user.id, user.tokenVersion, { iat: now - 2 * DAY });
    const renewed = await me(recent);
    expect(renewed.statusCode).toBe(200);
    expect(decodeJwt(String(renewed.headers[RENEWED_TOKEN_HEADER])).auth_time).toBe(now - 2 * DAY);

    const ancient = await signSession(user.id, user.tokenVersion, { iat: now - 31 * DAY, exp: now + DAY });
    expect((await me(ancient)).json()).toEqual(EXPIRED);
  });
});
