import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { CONTROLLER_ROLE_ID, ORGANISER_ROLE_ID } from '../../db/seed';
import {
  call,
  createCollaborator,
  createExhibitor,
  createTestApp,
  createUser,
  createVisitor,
  login,
  type TestContext,
} from '../../../test/helper';

const PASSWORD = 'Secret-2024!';
const INVALID_LOGIN = {
  error: {
    status: 400,
    name: 'ValidationError',
    message: 'Invalid identifier or password',
    details: {},
    requestId: expect.any(String) as unknown,
  },
};
const TOO_MANY_LOGINS = 'Trop de tentatives de connexion. Veuillez patienter une minute avant de réessayer.';

type LoginResponse = {
  jwt: string;
  user: {
    id: number;
    email: string;
    type: string;
    company: string | null;
    hall: string | null;
    numero_stand: string | null;
    exhibitor: number | null;
  };
};

let ctx: TestContext;
let exhibitor: Awaited<ReturnType<typeof createExhibitor>>;
let collaborator: Awaited<ReturnType<typeof createCollaborator>>;

beforeAll(async () => {
  // Many sign-ins come from the same test address: the per-IP limit is tested in its own app below.
  ctx = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  exhibitor = await createExhibitor(ctx.db, { booth: 'B-12' });
  collaborator = await createCollaborator(ctx.db, exhibitor);
});
afterAll(() => ctx.close());

function signIn(identifier: unknown, password: unknown = PASSWORD) {
  return call(ctx.app, 'POST', 'auth/local', { body: { identifier, password } });
}

describe('POST auth/local', () => {
  it('signs an exhibitor in with a token and the user, hall and stand from the registration', async () => {
    const res = await signIn(exhibitor.user.email);
    expect(res.statusCode).toBe(200);
    const body = res.json<LoginResponse>();
    expect(body.jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({
      id: exhibitor.user.id,
      email: exhibitor.user.email,
      type: 'exhibitor',
      company: exhibitor.user.company,
      hall: exhibitor.gate.name,
      numero_stand: 'B-12',
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.user).not.toHaveProperty('password');
  });

  it('signs a collaborator in with the company, hall and stand of its exhibitor', async () => {
    const res = await signIn(collaborator.user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json<LoginResponse>().user).toMatchObject({
      id: collaborator.user.id,
      type: 'collaborator',
      company: exhibitor.user.company,
      hall: exhibitor.gate.name,
      numero_stand: 'B-12',
      exhibitor: exhibitor.user.id,
    });
  });

  it('matches the e-mail trimmed and case-insensitively', async () => {
    const res = await signIn(`   ${exhibitor.user.email.toUpperCase()}  `);
    expect(res.statusCode).toBe(200);
    expect(res.json<LoginResponse>().user.id).toBe(exhibitor.user.id);
  });

  it('refuses a wrong password with the generic 400', async () => {
    const res = await signIn(exhibitor.user.email, 'Wrong-password-1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID_LOGIN);
  });

  it('refuses an unknown e-mail with the same 400 as a wrong password', async () => {
    const res = await signIn('nobody-at-all@example.com');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID_LOGIN);
  });

  it('refuses a visitor with a valid password with the same 400', async () => {
    const visitor = await createVisitor(ctx.db, { password: PASSWORD });
    const res = await signIn(visitor.user.email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID_LOGIN);
  });

  it('refuses a controller with a valid password and no exhibitor registration with the same 400', async () => {
    const controller = await createUser(ctx.db, { type: 'controller', roleId: CONTROLLER_ROLE_ID, password: PASSWORD });
    const res = await signIn(controller.email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID_LOGIN);
  });

  it('refuses an organiser with a valid password and no exhibitor registration with the same 400', async () => {
    const organiser = await createUser(ctx.db, { type: 'organiser', roleId: ORGANISER_ROLE_ID, password: PASSWORD });
    const res = await signIn(organiser.email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID_LOGIN);
  });

  it('refuses a deleted exhibitor whose password and registration are still valid', async () => {
    const deleted = await createExhibitor(ctx.db);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.user.id));
    const res = await signIn(deleted.user.email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID_LOGIN);
  });

  it('refuses a blocked exhibitor with the same 400', async () => {
    const blocked = await createExhibitor(ctx.db, { blocked: true });
    const res = await signIn(blocked.user.email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID_LOGIN);
  });

  it('answers a missing password with a ValidationError naming the field', async () => {
    const res = await call(ctx.app, 'POST', 'auth/local', { body: { identifier: exhibitor.user.email } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'Données invalides.',
        details: { errors: [{ path: ['body', 'password'], message: 'required' }] },
        requestId: expect.any(String) as unknown,
      },
    });
  });

  it('answers an empty body with a ValidationError naming both fields', async () => {
    const res = await call(ctx.app, 'POST', 'auth/local', { body: {} });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: { name: string; details: { errors: { path: string[] }[] } } }>();
    expect(error.name).toBe('ValidationError');
    expect(error.details.errors.map((e) => e.path)).toEqual([
      ['body', 'identifier'],
      ['body', 'password'],
    ]);
  });

  it('answers a blank identifier with a ValidationError naming the identifier', async () => {
    const res = await signIn('   ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'Données invalides.',
        details: { errors: [{ path: ['body', 'identifier'], message: 'required' }] },
        requestId: expect.any(String) as unknown,
      },
    });
  });
});

describe('POST auth/logout', () => {
  it('ends the session: the old token is refused afterwards', async () => {
    const other = await createExhibitor(ctx.db);
    const token = await login(ctx.app, other.user.email);
    expect((await call(ctx.app, 'GET', 'users/me', { token })).statusCode).toBe(200);

    const out = await call(ctx.app, 'POST', 'auth/logout', { token });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');

    const after = await call(ctx.app, 'GET', 'users/me', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      error: {
        status: 401,
        name: 'UnauthorizedError',
        message: 'Session expirée ou invalide.',
        details: {},
        requestId: expect.any(String) as unknown,
      },
    });
  });

  it('ends every session of the user, not only the one that logged out', async () => {
    const other = await createExhibitor(ctx.db);
    const first = await login(ctx.app, other.user.email);
    const second = await login(ctx.app, other.user.email);
    expect((await call(ctx.app, 'POST', 'auth/logout', { token: first })).statusCode).toBe(204);
    expect((await call(ctx.app, 'GET', 'users/me', { token: second })).statusCode).toBe(401);
    // Signing in again opens a new session.
    const fresh = await login(ctx.app, other.user.email);
    expect((await call(ctx.app, 'GET', 'users/me', { token: fresh })).statusCode).toBe(200);
  });

  it('requires a session', async () => {
    const res = await call(ctx.app, 'POST', 'auth/logout');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: {
        status: 401,
        name: 'UnauthorizedError',
        message: 'Authentification requise.',
        details: {},
        requestId: expect.any(String) as unknown,
      },
    });
  });
});

describe('GET auth/google/callback', () => {
  it('says Google sign-in is not available', async () => {
    const res = await call(ctx.app, 'GET', 'auth/google/callback?access_token=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'Connexion Google non disponible',
        details: {},
        requestId: expect.any(String) as unknown,
      },
    });
  });
});

describe('sign-in rate limit', () => {
  let limited: TestContext;
  let email: string;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
    email = (await createExhibitor(limited.db)).user.email;
  });
  afterAll(() => limited.close());

  const attempt = (identifier: string, remoteAddress: string, password = 'Wrong-password-1') =>
    limited.app.inject({
      method: 'POST',
      url: '/backend/api/auth/local',
      remoteAddress,
      headers: { 'x-xsrf-token': 'x' },
      cookies: { 'XSRF-TOKEN': 'x' },
      payload: { identifier, password },
    });

  it('refuses the 4th attempt within a minute for the same identifier, even with the right password', async () => {
    expect((await attempt(email, '10.0.0.1')).statusCode).toBe(400);
    expect((await attempt(email, '10.0.0.1')).statusCode).toBe(400);
    expect((await attempt(email, '10.0.0.1')).statusCode).toBe(400);
    const res = await attempt(email, '10.0.0.1', PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: {
        status: 429,
        name: 'TooManyRequestsError',
        message: TOO_MANY_LOGINS,
        details: {},
        requestId: expect.any(String) as unknown,
      },
    });
    expect(res.body).not.toMatch(/\n\s+at /);
  });

  it('an attacker’s wrong passwords from one address do not stop the owner signing in from another, while that address stays refused', async () => {
    const target = (await createExhibitor(limited.db)).user.email;
    expect((await attempt(target, '10.0.2.1')).statusCode).toBe(400);
    expect((await attempt(` ${target.toUpperCase()} `, '10.0.2.1')).statusCode).toBe(400);
    expect((await attempt(target, '10.0.2.1')).statusCode).toBe(400);
    expect((await attempt(target, '10.0.2.1', PASSWORD)).statusCode).toBe(429);

    const owner = await attempt(target, '10.0.2.9', PASSWORD);
    expect(owner.statusCode, owner.body).toBe(200);
    const signedIn = owner.json<LoginResponse>();
    expect(signedIn.user.email).toBe(target);
    expect(signedIn.jwt.length).toBeGreaterThan(20);

    const still = await attempt(target, '10.0.2.1', PASSWORD);
    expect(still.statusCode).toBe(429);
    expect(still.json()).toEqual({
      error: {
        status: 429,
        name: 'TooManyRequestsError',
        message: TOO_MANY_LOGINS,
        details: {},
        requestId: expect.any(String) as unknown,
      },
    });
  });

  it('keeps an address refused whatever X-Forwarded-For it sends (no proxy is trusted by default)', async () => {
    const target = (await createExhibitor(limited.db)).user.email;
    for (const n of [1, 2, 3]) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/backend/api/auth/local',
        remoteAddress: '10.0.3.1',
        headers: { 'x-xsrf-token': 'x', 'x-forwarded-for': `203.0.113.${n}` },
        cookies: { 'XSRF-TOKEN': 'x' },
        payload: { identifier: target, password: 'Wrong-password-1' },
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await limited.app.inject({
      method: 'POST',
      url: '/backend/api/auth/local',
      remoteAddress: '10.0.3.1',
      headers: { 'x-xsrf-token': 'x', 'x-forwarded-for': '203.0.113.4' },
      cookies: { 'XSRF-TOKEN': 'x' },
      payload: { identifier: target, password: PASSWORD },
    });
    expect(res.statusCode).toBe(429);
  });

  it('refuses the 4th attempt within a minute from the same address, whatever the identifier', async () => {
    for (const n of [1, 2, 3]) {
      expect((await attempt(`someone-${n}@example.com`, '10.0.1.1')).statusCode).toBe(400);
    }
    const res = await attempt('someone-4@example.com', '10.0.1.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: {
        status: 429,
        name: 'TooManyRequestsError',
        message: TOO_MANY_LOGINS,
        details: {},
        requestId: expect.any(String) as unknown,
      },
    });
  });
});
