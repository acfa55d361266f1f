import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_ID, RENEWED_TOKEN_HEADER } from '@salon/shared';
import { users } from '../../db/schema';
import {
  TEST_JWT_SECRET,
  call,
  createCollaborator,
  createExhibitor,
  createTestApp,
  createUser,
  login,
  type TestContext,
} from '../../../test/helper';

const DAY = 24 * 3600;
const SESSION_EXPIRED = {
  error: {
    status: 401,
    name: 'UnauthorizedError',
    message: 'Session expirée ou invalide.',
    details: {},
    requestId: expect.any(String) as unknown,
  },
};

/** A sign-in token as the server makes it, with a chosen issue time. */
function signSession(
  userId: number,
  options: { version?: number; iat?: number; exp?: number; secret?: string } = {},
): Promise<string> {
  const iat = options.iat ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ ver: options.version ?? 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(options.exp ?? iat + 7 * DAY)
    .sign(new TextEncoder().encode(options.secret ?? TEST_JWT_SECRET));
}

let ctx: TestContext;
let exhibitor: Awaited<ReturnType<typeof createExhibitor>>;
let collaborator: Awaited<ReturnType<typeof createCollaborator>>;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  exhibitor = await createExhibitor(ctx.db, { booth: 'C-07' });
  collaborator = await createCollaborator(ctx.db, exhibitor);
  token = await login(ctx.app, exhibitor.user.email);
});
afterAll(() => ctx.close());

describe('GET users/me', () => {
  it('returns the signed-in exhibitor with hall and stand from the registration', async () => {
    const res = await call(ctx.app, 'GET', 'users/me', { token });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: Record<string, unknown>; meta: unknown }>();
    expect(body.meta).toEqual({});
    expect(body.data).toMatchObject({
      id: exhibitor.user.id,
      email: exhibitor.user.email,
      type: 'exhibitor',
      company: exhibitor.user.company,
      hall: exhibitor.gate.name,
      numero_stand: 'C-07',
      role: { id: DEFAULT_ROLE_ID },
    });
    expect(body.data).not.toHaveProperty('passwordHash');
    expect(body.data).not.toHaveProperty('tokenVersion');
    expect(res.headers[RENEWED_TOKEN_HEADER]).toBeUndefined();
  });

  it('returns a collaborator with its own e-mail and its exhibitor’s hall and stand', async () => {
    const collaboratorToken = await login(ctx.app, collaborator.user.email);
    const res = await call(ctx.app, 'GET', 'users/me', { token: collaboratorToken });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: unknown }>().data).toMatchObject({
      id: collaborator.user.id,
      email: collaborator.user.email,
      type: 'collaborator',
      exhibitor: exhibitor.user.id,
      hall: exhibitor.gate.name,
      numero_stand: 'C-07',
    });
  });

  it('lists the person’s registrations, in the sign-in’s user record as in users/me (with or without populate)', async () => {
    const registrations = [
      {
        id: exhibitor.registration.id,
        type: 'exhibitor',
        confirmed: true,
        booth: 'C-07',
        event: { id: exhibitor.registration.eventId },
        gate: { id: exhibitor.gate.id, name: exhibitor.gate.name },
      },
    ];
    for (const url of ['users/me', 'users/me?populate=registrations']) {
      const res = await call(ctx.app, 'GET', url, { token });
      expect(res.json<{ data: { registrations: unknown } }>().data.registrations).toEqual(registrations);
    }
    const signIn = await call(ctx.app, 'POST', 'auth/local', {
      body: { identifier: exhibitor.user.email, password: 'Secret-2024!' },
    });
    expect(signIn.json<{ user: { registrations: unknown } }>().user.registrations).toEqual(registrations);
  });

  it('accepts populate but refuses an unknown query key', async () => {
    expect((await call(ctx.app, 'GET', 'users/me?populate=*', { token })).statusCode).toBe(200);
    const res = await call(ctx.app, 'GET', 'users/me?fields=password', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'Paramètre de requête non autorisé : fields.',
        details: { allowed: ['populate'] },
        requestId: expect.any(String) as unknown,
      },
    });
  });
});

describe('sessions', () => {
  it('refuses a request without a token', async () => {
    const res = await call(ctx.app, 'GET', 'users/me');
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

  it('refuses an authorization header that is not a bearer token', async () => {
    const res = await call(ctx.app, 'GET', 'users/me', { headers: { authorization: `Basic ${token}` } });
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

  it('refuses a garbage token', async () => {
    const res = await call(ctx.app, 'GET', 'users/me', { token: 'not-a-jwt' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_EXPIRED);
  });

  it('refuses a token signed with another secret', async () => {
    const forged = await signSession(exhibitor.user.id, { secret: 'another-secret-another-secret-another-secret' });
    const res = await call(ctx.app, 'GET', 'users/me', { token: forged });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_EXPIRED);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: String(exhibitor.user.id), ver: 0, iat: now, exp: now + DAY })}.`;
    const res = await call(ctx.app, 'GET', 'users/me', { token: unsigned });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_EXPIRED);
  });

  it('refuses an expired token signed with the right secret', async () => {
    const iat = Math.floor(Date.now() / 1000) - 8 * DAY;
    const expired = await signSession(exhibitor.user.id, { iat });
    const res = await call(ctx.app, 'GET', 'users/me', { token: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_EXPIRED);
  });

  it('refuses a token whose version no longer matches the user', async () => {
    const stale = await signSession(exhibitor.user.id, { version: 41 });
    const res = await call(ctx.app, 'GET', 'users/me', { token: stale });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_EXPIRED);
  });

  it('refuses a valid token of a user deleted since', async () => {
    const gone = await createExhibitor(ctx.db);
    const goneToken = await signSession(gone.user.id);
    expect((await call(ctx.app, 'GET', 'users/me', { token: goneToken })).statusCode).toBe(200);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user.id));
    const res = await call(ctx.app, 'GET', 'users/me', { token: goneToken });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_EXPIRED);
  });

  it('refuses a valid token of a user blocked since', async () => {
    const blocked = await createExhibitor(ctx.db);
    const blockedToken = await signSession(blocked.user.id);
    await ctx.db.update(users).set({ blocked: true }).where(eq(users.id, blocked.user.id));
    const res = await call(ctx.app, 'GET', 'users/me', { token: blockedToken });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_EXPIRED);
  });

  it('does not renew a token younger than 24 hours', async () => {
    const young = await signSession(exhibitor.user.id, { iat: Math.floor(Date.now() / 1000) - 23 * 3600 });
    const res = await call(ctx.app, 'GET', 'users/me', { token: young });
    expect(res.statusCode).toBe(200);
    expect(res.headers[RENEWED_TOKEN_HEADER]).toBeUndefined();
  });

  it('renews a token older than 24 hours in the x-renewed-token header, and the renewed token works', async () => {
    const now = Math.floor(Date.now() / 1000);
    const old = await signSession(exhibitor.user.id, { iat: now - 2 * DAY });
    const res = await call(ctx.app, 'GET', 'users/me', { token: old });
    expect(res.statusCode).toBe(200);
    const renewed = res.headers[RENEWED_TOKEN_HEADER];
    expect(typeof renewed).toBe('string');
    expect(renewed).not.toBe(old);

    const [, payload] = (renewed as string).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as {
      iat: number;
      exp: number;
      sub: string;
    };
    expect(claims.sub).toBe(String(exhibitor.user.id));
    expect(claims.iat).toBeGreaterThanOrEqual(now - 5);
    expect(claims.exp - claims.iat).toBe(7 * DAY);

    const again = await call(ctx.app, 'GET', 'users/me', { token: renewed as string });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: { id: number } }>().data.id).toBe(exhibitor.user.id);
    expect(again.headers[RENEWED_TOKEN_HEADER]).toBeUndefined();
  });
});

describe('sessions on the server clock (APP_NOW)', () => {
  let later: TestContext;
  beforeAll(async () => {
    // Two days after the real time: a token made now is old enough to be renewed there.
    later = await createTestApp({ APP_NOW: new Date(Date.now() + 2 * DAY * 1000).toISOString() });
  });
  afterAll(() => later.close());

  it('renews a token issued two days before the server’s clock', async () => {
    const { user } = await createExhibitor(later.db);
    const res = await call(later.app, 'GET', 'users/me', { token: await signSession(user.id) });
    expect(res.statusCode).toBe(200);
    expect(typeof res.headers[RENEWED_TOKEN_HEADER]).toBe('string');
  });

  it('refuses a token that expired by the server’s clock though not by the real one', async () => {
    const user = await createUser(later.db, { type: 'exhibitor' });
    const iat = Math.floor(Date.now() / 1000) - 6 * DAY;
    const res = await call(later.app, 'GET', 'users/me', { token: await signSession(user.id, { iat }) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_EXPIRED);
  });
});

describe('user constraints in the database', () => {
  const uniqueViolation = (constraint: string) => ({
    cause: expect.objectContaining({ code: '23505', constraint }) as unknown,
  });
  const row = (email: string, overrides: Partial<typeof users.$inferInsert> = {}) => ({
    type: 'visitor' as const,
    roleId: DEFAULT_ROLE_ID,
    name: 'Personne Test',
    email,
    username: email,
    ...overrides,
  });

  it('rejects two active users whose e-mails differ only in case', async () => {
    await ctx.db.insert(users).values(row('Camille.Case@Example.com'));
    await expect(ctx.db.insert(users).values(row('camille.case@example.COM'))).rejects.toMatchObject(
      uniqueViolation('users_email_active'),
    );
  });

  it('lets a deleted user’s e-mail be used again', async () => {
    const [old] = await ctx.db.insert(users).values(row('reused@example.com')).returning();
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, old!.id));
    const [fresh] = await ctx.db.insert(users).values(row('Reused@example.com')).returning();
    expect(fresh!.id).not.toBe(old!.id);
    // Only one may be active at a time.
    await expect(ctx.db.insert(users).values(row('REUSED@example.com'))).rejects.toMatchObject(
      uniqueViolation('users_email_active'),
    );
  });

  it('lets exhibitors and collaborators share a phone, which is contact data (decision 027)', async () => {
    const owner = await createUser(ctx.db, { type: 'exhibitor', phone: '06 11 22 33 44' });
    const collaborator = await createUser(ctx.db, { type: 'collaborator', phone: '+212 6 11 22 33 44' });
    const exhibitor = await createUser(ctx.db, { type: 'exhibitor', phone: '00212611223344' });
    expect([collaborator.phoneNormalized, exhibitor.phoneNormalized]).toEqual([
      owner.phoneNormalized,
      owner.phoneNormalized,
    ]);
  });

  it('lets a visitor share a phone with an exhibitor', async () => {
    const owner = await createUser(ctx.db, { type: 'exhibitor', phone: '06 55 66 77 88' });
    const visitor = await createUser(ctx.db, { type: 'visitor', phone: '+212 6 55 66 77 88' });
    const other = await createUser(ctx.db, { type: 'visitor', phone: '06 55 66 77 88' });
    expect(visitor.phoneNormalized).toBe(owner.phoneNormalized);
    expect(other.phoneNormalized).toBe(owner.phoneNormalized);
  });

  it('lets a deleted exhibitor’s phone be used by a new exhibitor', async () => {
    const old = await createUser(ctx.db, { type: 'exhibitor', phone: '06 99 88 77 66' });
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, old.id));
    const fresh = await createUser(ctx.db, { type: 'collaborator', phone: '06 99 88 77 66' });
    expect(fresh.phoneNormalized).toBe('212699887766');
  });
});
