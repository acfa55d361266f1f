import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE } from '@salon/shared';
import { call, createExhibitor, createTestApp, login, type TestContext } from './helper';

const XSRF_REFUSED = {
  error: {
    status: 403,
    name: 'ForbiddenError',
    message: 'Jeton XSRF manquant ou invalide.',
    details: {},
    requestId: expect.any(String) as unknown,
  },
};

let ctx: TestContext;
let token: string;
let email: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const exhibitor = await createExhibitor(ctx.db);
  email = exhibitor.user.email;
  token = await login(ctx.app, email);
});
afterAll(() => ctx.close());

const setCookies = (res: LightMyRequestResponse): string[] => [res.headers['set-cookie'] ?? []].flat().map(String);
const xsrfCookie = (res: LightMyRequestResponse) => setCookies(res).find((c) => c.startsWith(`${XSRF_COOKIE}=`));

/** Every error leaves with the same shape, names its request as the header does, and never shows a stack. */
function expectErrorShape(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<{ error: Record<string, unknown> }>();
  expect(Object.keys(body)).toEqual(['error']);
  expect(Object.keys(body.error).sort()).toEqual(['details', 'message', 'name', 'requestId', 'status']);
  expect(body.error.status).toBe(status);
  expect(body.error.requestId).toBe(res.headers['x-request-id']);
  expect(res.body).not.toMatch(/\n\s*at /);
  expect(res.body).not.toMatch(/node_modules|\/src\//);
  const { requestId: _requestId, ...error } = body.error;
  return error as { status: number; name: string; message: string; details: Record<string, unknown> };
}

describe('XSRF', () => {
  it('refuses a POST without the x-xsrf-token header or cookie', async () => {
    const res = await call(ctx.app, 'POST', 'auth/local', {
      body: { identifier: email, password: 'Secret-2024!' },
      xsrf: false,
    });
    expectErrorShape(res, 403);
    expect(res.json()).toEqual(XSRF_REFUSED);
  });

  it('refuses a POST whose header does not match the cookie', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/auth/local',
      cookies: { [XSRF_COOKIE]: 'cookie-value' },
      headers: { 'x-xsrf-token': 'other-value' },
      payload: { identifier: email, password: 'Secret-2024!' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(XSRF_REFUSED);
  });

  it('refuses a POST with the cookie but no header', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/auth/local',
      cookies: { [XSRF_COOKIE]: 'cookie-value' },
      payload: { identifier: email, password: 'Secret-2024!' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(XSRF_REFUSED);
  });

  it('refuses a POST with the header but no cookie', async () => {
    const res = await call(ctx.app, 'POST', 'auth/logout', {
      token,
      xsrf: false,
      headers: { 'x-xsrf-token': 'header-only' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(XSRF_REFUSED);
  });

  it('refuses a POST with a bearer token but no XSRF pair, and the session stays open', async () => {
    const res = await call(ctx.app, 'POST', 'auth/logout', { token, xsrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(XSRF_REFUSED);
    expect((await call(ctx.app, 'GET', 'users/me', { token })).statusCode).toBe(200);
  });

  it('lets a GET through without the header or cookie', async () => {
    const res = await call(ctx.app, 'GET', 'users/me', { token, xsrf: false });
    expect(res.statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', 'health', { xsrf: false })).statusCode).toBe(200);
  });

  it('sets the XSRF-TOKEN cookie on a response to a request that lacks it', async () => {
    const res = await call(ctx.app, 'GET', 'health', { xsrf: false });
    expect(res.headers['set-cookie']).toBeDefined();
    const cookie = xsrfCookie(res);
    expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]{20,};/);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Strict');
    // The page script reads it: not HttpOnly.
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('sets the XSRF-TOKEN cookie on error responses too, so that the next POST can succeed', async () => {
    const refused = await call(ctx.app, 'POST', 'auth/local', {
      body: { identifier: email, password: 'Secret-2024!' },
      xsrf: false,
    });
    expect(refused.statusCode).toBe(403);
    const cookie = xsrfCookie(refused);
    expect(cookie).toBeDefined();
    expect(xsrfCookie(await call(ctx.app, 'GET', 'no-such-route', { xsrf: false }))).toBeDefined();

    const value = cookie!.slice(`${XSRF_COOKIE}=`.length).split(';')[0]!;
    const retry = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/auth/local',
      cookies: { [XSRF_COOKIE]: value },
      headers: { 'x-xsrf-token': value },
      payload: { identifier: email, password: 'Secret-2024!' },
    });
    expect(retry.statusCode).toBe(200);
  });

  it('does not replace a cookie the request already carries', async () => {
    const res = await call(ctx.app, 'GET', 'health');
    expect(xsrfCookie(res)).toBeUndefined();
  });
});

describe('bad input', () => {
  it('answers malformed JSON with a 400 that says so', async () => {
    const res = await call(ctx.app, 'POST', 'auth/local', {
      body: '{"identifier": "a@example.com", "password": ',
      headers: { 'content-type': 'application/json' },
    });
    const error = expectErrorShape(res, 400);
    expect(error).toEqual({
      status: 400,
      name: 'BadRequestError',
      message: 'Le corps de la requête n’est pas un JSON valide.',
      details: {},
    });
  });

  it('answers wrong field types with a ValidationError naming the field', async () => {
    const res = await call(ctx.app, 'POST', 'auth/local', { body: { identifier: 123, password: 'Secret-2024!' } });
    const error = expectErrorShape(res, 400);
    expect(error.name).toBe('ValidationError');
    expect(error.message).toBe('Données invalides.');
    expect(error.details).toEqual({ errors: [{ path: ['body', 'identifier'], message: 'required' }] });
  });

  it('answers an array body with a ValidationError', async () => {
    const res = await call(ctx.app, 'POST', 'auth/local', { body: [email, 'Secret-2024!'] });
    const error = expectErrorShape(res, 400);
    expect(error.name).toBe('ValidationError');
  });

  it('answers a body over 1 MiB with a 400 that says it is too large', async () => {
    const res = await call(ctx.app, 'POST', 'auth/local', {
      body: JSON.stringify({ identifier: email, password: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    const error = expectErrorShape(res, 400);
    expect(error).toEqual({
      status: 400,
      name: 'BadRequestError',
      message: 'Le corps de la requête est trop volumineux.',
      details: {},
    });
  });

  it('answers an unsupported content type with a 400', async () => {
    const res = await call(ctx.app, 'POST', 'auth/local', {
      body: 'identifier=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const error = expectErrorShape(res, 400);
    expect(error.message).toBe('Type de contenu non pris en charge.');
  });

  it('refuses a filter the endpoint does not allow', async () => {
    const res = await call(ctx.app, 'GET', 'registrations?filters[foo]=1', { token });
    const error = expectErrorShape(res, 400);
    expect(error.name).toBe('ValidationError');
    expect(error.message.startsWith('Filtre non autorisé')).toBe(true);
    expect(error.message).toBe('Filtre non autorisé : filters[foo].');
    expect(error.details).toEqual({ allowed: ['event.id', 'user.id', 'type'] });
  });

  it('refuses a filter on a field of an allowed relation', async () => {
    const res = await call(ctx.app, 'GET', 'registrations?filters[user][email][$eq]=someone@example.com', { token });
    const error = expectErrorShape(res, 400);
    expect(error.message).toBe('Filtre non autorisé : filters[user][email].');
  });

  it('refuses an unknown query key', async () => {
    const res = await call(ctx.app, 'GET', 'registrations?foo=1', { token });
    const error = expectErrorShape(res, 400);
    expect(error).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Paramètre de requête non autorisé : foo.',
      details: { allowed: ['filters', 'populate', 'sort', 'pagination'] },
    });
  });

  it('refuses an unknown filter operator', async () => {
    const res = await call(ctx.app, 'GET', 'registrations?filters[type][$foo]=exhibitor', { token });
    const error = expectErrorShape(res, 400);
    expect(error).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Opérateur de filtre non autorisé : $foo.',
      details: {},
    });
  });

  it('refuses a known operator the endpoint does not support', async () => {
    const res = await call(ctx.app, 'GET', 'registrations?filters[type][$containsi]=exhi', { token });
    const error = expectErrorShape(res, 400);
    expect(error.message).toBe('Opérateur $containsi non pris en charge pour type.');
  });

  it('refuses filters that are not an object', async () => {
    const res = await call(ctx.app, 'GET', 'registrations?filters=1', { token });
    const error = expectErrorShape(res, 400);
    expect(error.message).toBe('Paramètre filters invalide.');
  });

  it('refuses a non-integer id filter', async () => {
    const res = await call(ctx.app, 'GET', 'registrations?filters[event][id]=abc', { token });
    const error = expectErrorShape(res, 400);
    expect(error.message).toBe('Valeur entière attendue pour event.id.');
  });

  it('answers an unknown API path with a 404 in the error shape', async () => {
    for (const [method, url] of [
      ['GET', 'no-such-route'],
      ['POST', 'no-such-route'],
      ['DELETE', 'users/me/avatar'],
      ['GET', '/backend'],
      ['GET', '/backend/nothing-here'],
    ] as const) {
      const res = await call(ctx.app, method, url, { token });
      const error = expectErrorShape(res, 404);
      expect(error).toEqual({ status: 404, name: 'NotFoundError', message: 'Ressource introuvable.', details: {} });
    }
  });
});

describe('security headers', () => {
  it('sends a content security policy, nosniff and no x-powered-by', async () => {
    const res = await ctx.app.inject({ url: '/backend/api/health' });
    expect(res.statusCode).toBe(200);
    const csp = res.headers['content-security-policy'];
    expect(typeof csp).toBe('string');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows no inline style or script at all: no unsafe source, no style or script attribute, only nonce-bearing elements', async () => {
    for (const url of ['/backend/api/health', '/backend/api/no-such-route']) {
      const csp = String((await ctx.app.inject({ url })).headers['content-security-policy']);
      expect(csp).not.toContain("'unsafe-inline'");
      expect(csp).not.toMatch(/'unsafe-/);
      const directives = new Map(
        csp.split(';').map((directive) => {
          const [name, ...sources] = directive.trim().split(/\s+/);
          return [name, sources];
        }),
      );
      // Attributes: `style="…"` and `onclick="…"` are refused, whatever a page holds.
      expect(directives.get('style-src-attr')).toEqual(["'none'"]);
      expect(directives.get('script-src-attr')).toEqual(["'none'"]);
      // Elements: files of this origin, or inline with this response's nonce.
      expect(directives.get('style-src')).toEqual(["'self'", expect.stringMatching(/^'nonce-[0-9a-f]{32}'$/)]);
      expect(directives.get('script-src')).toEqual(["'self'", expect.stringMatching(/^'nonce-[0-9a-f]{32}'$/)]);
      expect(directives.has('style-src-elem')).toBe(false);
      expect(directives.has('script-src-elem')).toBe(false);
    }
  });

  it('sends the same headers on error responses', async () => {
    const res = await call(ctx.app, 'GET', 'no-such-route');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
