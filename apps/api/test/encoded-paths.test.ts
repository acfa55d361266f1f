import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_CALL_HEADER, internalCallToken } from '../src/plugins/internal-call';
import { storeFile } from '../src/domains/files/uploads.service';
import { call, createExhibitor, createTestApp, withoutRequestId, type TestContext } from './helper';
import { fastifyRoutes, type Method } from './route-table';

const XSRF_REFUSED = {
  error: { status: 403, name: 'ForbiddenError', message: 'Jeton XSRF manquant ou invalide.', details: {} },
};
const NOT_FOUND = {
  error: {
    status: 404,
    name: 'NotFoundError',
    message: 'Ressource introuvable.',
    details: {},
    requestId: expect.any(String) as unknown,
  },
};
const TOO_MANY_LOGINS = 'Trop de tentatives de connexion. Veuillez patienter une minute avant de réessayer.';
const TOO_MANY = 'Trop de requêtes. Veuillez réessayer dans 1 minute.';

// Budgets no route uses, so that a header tells which limiter counted the request.
const API_RATE_LIMIT = 517;
const PAGE_RATE_LIMIT = 413;

let address = 0;
/** A fresh client address: each check starts with empty buckets. */
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

const limitOf = (res: LightMyRequestResponse) => res.headers['x-ratelimit-limit']?.toString();
const remainingOf = (res: LightMyRequestResponse) => Number(res.headers['x-ratelimit-remaining']);

/** A concrete path for a route pattern. */
const concrete = (pattern: string) => pattern.replace(/:\w+/g, '1');

/** The one address where a trailing slash names another route (the collaborator form's). */
const SLASH_MATTERS = ['/backend/api/auth/local/register', '/backend/api/auth/local/register/'];

/** Spellings that find-my-way decodes to the same route; a trailing slash is ignored (app.ts). */
function sameRoute(path: string): Record<string, string> {
  const last = [...path].findLastIndex((c) => /[a-z0-9]/i.test(c));
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
  const first = path.split('/')[1]!;
  return {
    'first letter encoded, "?." added': `/${hex(first[0]!)}${path.slice(2)}?.`,
    'last letter encoded (lower-case hex)': `${path.slice(0, last)}${hex(path[last]!).toLowerCase()}${path.slice(last + 1)}`,
    ...(SLASH_MATTERS.includes(path) || path.endsWith('*') ? {} : { 'trailing slash added': `${path}/?.` }),
  };
}

/** Spellings that reach no route: they are 404s, which have the pages' budget. */
function noRoute(path: string): Record<string, string> {
  const [, first, ...rest] = path.split('/');
  const spellings: Record<string, string> = {
    // Not `//backend`: a URL parser would read `backend` as a host name.
    'double slash': `/${first}//${rest.join('/')}`,
    'mixed case': `/${first![0]!.toUpperCase()}${first!.slice(1)}${rest.length ? '/' : ''}${rest.join('/')}`,
  };
  if (rest.length) spellings['%2F for a slash'] = `/${first}%2F${rest.join('/')}`;
  return spellings;
}

describe('one path, one decision: every route of the table under other spellings', () => {
  let ctx: TestContext;
  let routes: { method: Method; path: string }[];

  beforeAll(async () => {
    ctx = await createTestApp({ API_RATE_LIMIT: String(API_RATE_LIMIT), PAGE_RATE_LIMIT: String(PAGE_RATE_LIMIT) });
    routes = fastifyRoutes(ctx.app.printRoutes({ commonPrefix: false }))
      .map((route) => {
        const [method, pattern] = route.split(' ') as [Method, string];
        return { method, path: concrete(pattern) };
      })
      // The PDFs are made from the data on each call: checked once below, not for every spelling.
      .filter(({ path }) => path.startsWith('/') && !path.startsWith('/assets/files/'));
  }, 60_000);
  afterAll(() => ctx.close());

  it('finds the API routes in the table', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes).toContainEqual({ method: 'POST', path: '/backend/api/auth/local' });
    expect(routes).toContainEqual({ method: 'POST', path: '/backend/api/newsletters' });
  });

  it('counts a request to the same route in the same bucket, with the same limit, whatever its spelling', async () => {
    const failures: string[] = [];
    for (const { method, path } of routes) {
      for (const [name, spelled] of Object.entries(sameRoute(path))) {
        const remoteAddress = nextAddress();
        const canonical = await call(ctx.app, method, path, { remoteAddress });
        const other = await call(ctx.app, method, spelled, { remoteAddress });
        const same =
          limitOf(canonical) === undefined
            ? limitOf(other) === undefined
            : limitOf(other) === limitOf(canonical) && remainingOf(other) === remainingOf(canonical) - 1;
        // The page budget's limit differs from every route's: a shared limit and a shared count
        // mean the request reached the same route's limiter.
        if (!same) {
          failures.push(
            `${method} ${spelled} (${name}): ${other.statusCode} limit ${limitOf(other)} remaining ${remainingOf(other)}, ` +
              `canonical limit ${limitOf(canonical)} remaining ${remainingOf(canonical)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('keeps the slash of auth/local/register meaningful: the visitor form without it, the collaborator form with it', async () => {
    const remoteAddress = nextAddress();
    const visitor = await call(ctx.app, 'POST', '/backend/api/auth/local/register', { body: {}, remoteAddress });
    expect([visitor.statusCode, limitOf(visitor)]).toEqual([400, String(ctx.config.REGISTRATION_RATE_LIMIT)]);
    for (const path of ['/backend/api/auth/local/register/', '/%62ackend/api/auth/local/register/?.']) {
      const collaborator = await call(ctx.app, 'POST', path, { body: {}, remoteAddress });
      // The collaborator form wants a signed-in exhibitor, and counts under the API's budget.
      expect([collaborator.statusCode, limitOf(collaborator)], path).toEqual([401, String(API_RATE_LIMIT)]);
    }
    expect(remainingOf(await call(ctx.app, 'POST', '/backend/api/auth/local/register/', { remoteAddress }))).toBe(
      API_RATE_LIMIT - 3,
    );
  });

  it('answers a spelling that reaches no route with a 404 counted under the pages’ budget', async () => {
    const failures: string[] = [];
    for (const { method, path } of routes) {
      for (const [name, spelled] of Object.entries(noRoute(path))) {
        const res = await call(ctx.app, method, spelled, { remoteAddress: nextAddress() });
        const counted = limitOf(res) === String(PAGE_RATE_LIMIT) && remainingOf(res) === PAGE_RATE_LIMIT - 1;
        if (res.statusCode !== 404 || !counted) {
          failures.push(`${method} ${spelled} (${name}): ${res.statusCode} limit ${limitOf(res)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses every unsafe request without the XSRF pair under every spelling, but the List-Unsubscribe address and Apple’s PassKit web service', async () => {
    const failures: string[] = [];
    for (const { method, path } of routes.filter((r) => r.method !== 'GET')) {
      const spellings = { canonical: path, ...sameRoute(path), ...noRoute(path), 'with ..': `/backend/x/..${path}` };
      for (const [name, spelled] of Object.entries(spellings)) {
        const res = await call(ctx.app, method, spelled, { xsrf: false, remoteAddress: nextAddress() });
        // Mail clients and Apple Wallet call these without cookies: a token in the request is their authority.
        const withoutCookies =
          path === '/backend/api/newsletters/unsubscribe' || path.startsWith('/backend/api/passkit/');
        if (withoutCookies && name in { canonical: 1, ...sameRoute(path) }) continue;
        if (res.statusCode !== 403 || JSON.stringify(withoutRequestId(res)) !== JSON.stringify(XSRF_REFUSED)) {
          failures.push(`${method} ${spelled} (${name}): ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('does not count files: the PDFs, robots.txt and uploads, under any spelling that reaches them', async () => {
    await storeFile(ctx.db, 'logo.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    for (const url of [
      '/assets/files/plan-2024.pdf',
      '/%61ssets/files/plan-2024.pdf?.',
      '/robots.txt',
      '/%72obots.txt',
      '/uploads/logo.svg',
      '/%75ploads/logo.svg',
    ]) {
      const res = await call(ctx.app, 'GET', url, { remoteAddress: '10.255.0.1' });
      expect(res.statusCode, url).toBe(200);
      expect(limitOf(res), url).toBeUndefined();
    }
  });

  it('counts a missing file or upload under the pages’ budget', async () => {
    for (const path of ['/assets/files/nothing.pdf', '/uploads/nothing.png', '/%75ploads/nothing.svg']) {
      const res = await call(ctx.app, 'GET', path, { remoteAddress: nextAddress() });
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toEqual(NOT_FOUND);
      expect(limitOf(res), path).toBe(String(PAGE_RATE_LIMIT));
    }
  });
});

describe('the sign-in limits under an encoded path', () => {
  let ctx: TestContext;
  let email: string;
  beforeAll(async () => {
    ctx = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
    email = (await createExhibitor(ctx.db)).user.email;
  });
  afterAll(() => ctx.close());

  const signIn = (path: string, password: string, remoteAddress: string) =>
    call(ctx.app, 'POST', path, { body: { identifier: email, password }, remoteAddress });

  it('limits /%62ackend/api/auth/local?. exactly like /backend/api/auth/local, from one address', async () => {
    const statuses = [];
    for (const path of ['/backend/api/auth/local', '/%62ackend/api/auth/local?.', '/backend/api/auth/local']) {
      statuses.push((await signIn(path, 'wrong-password', '10.1.0.1')).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400]);
    const refused = await signIn('/%62ackend/api/auth/local?.', 'Secret-2024!', '10.1.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        status: 429,
        name: 'TooManyRequestsError',
        message: TOO_MANY_LOGINS,
        details: {},
        requestId: expect.any(String) as unknown,
      },
    });
  });

  it('counts the attempts on one account under any spelling, and then refuses the right password too', async () => {
    // The account already had three wrong attempts from this address above: its budget for the
    // minute is spent (another address is not locked out: see auth.test.ts, decision 016).
    for (const path of ['/%62ackend/api/auth/local?.', '/backend/api/auth/%6Cocal']) {
      const res = await signIn(path, 'Secret-2024!', '10.1.0.1');
      expect(res.statusCode, path).toBe(429);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(TOO_MANY_LOGINS);
    }
  });
});

describe('pages and 404s have a budget of their own', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ PAGE_RATE_LIMIT: '10', API_RATE_LIMIT: '20' });
  });
  afterAll(() => ctx.close());

  it('answers the eleventh GET /nope-<i> of a minute from one address with a 429', async () => {
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await call(ctx.app, 'GET', `/nope-${i}`, { remoteAddress: '10.3.0.1' })).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(404), 429, 429]);
    const refused = await call(ctx.app, 'GET', '/nope-12', { remoteAddress: '10.3.0.1' });
    expect(refused.json()).toEqual({
      error: {
        status: 429,
        name: 'TooManyRequestsError',
        message: TOO_MANY,
        details: {},
        requestId: expect.any(String) as unknown,
      },
    });
    // Another address still has its whole budget.
    expect((await call(ctx.app, 'GET', '/nope-0', { remoteAddress: '10.3.0.2' })).statusCode).toBe(404);
  });

  it('keeps the API answering an address whose pages’ budget is spent, and the other way round', async () => {
    for (let i = 0; i < 11; i++) await call(ctx.app, 'GET', `/page-${i}`, { remoteAddress: '10.3.1.1' });
    const api = await call(ctx.app, 'GET', 'health', { remoteAddress: '10.3.1.1' });
    expect(api.statusCode).toBe(200);
    expect(limitOf(api)).toBe('20');
    expect(remainingOf(api)).toBe(19);

    for (let i = 0; i < 21; i++) await call(ctx.app, 'GET', 'health', { remoteAddress: '10.3.1.2' });
    expect((await call(ctx.app, 'GET', 'health', { remoteAddress: '10.3.1.2' })).statusCode).toBe(429);
    const page = await call(ctx.app, 'GET', '/programme', { remoteAddress: '10.3.1.2' });
    expect(page.statusCode).toBe(404);
    expect(limitOf(page)).toBe('10');
    expect(remainingOf(page)).toBe(9);
  });

  it('does not count the pages’ own in-process API calls, and counts a request with a wrong internal token', async () => {
    const inProcess = (token: string) =>
      ctx.app.inject({
        url: '/backend/api/nothing',
        remoteAddress: '10.3.2.1',
        headers: { [INTERNAL_CALL_HEADER]: token },
      });
    for (let i = 0; i < 12; i++) expect((await inProcess(internalCallToken)).statusCode).toBe(404);
    const forged = `${internalCallToken.slice(0, -1)}${internalCallToken.endsWith('A') ? 'B' : 'A'}`;
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await inProcess(forged)).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});
