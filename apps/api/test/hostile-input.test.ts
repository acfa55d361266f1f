/**
 * The hostile-input suite: every operation of the OpenAPI document, for five kinds of caller,
 * with generated bodies, parameters and queries that no client sends (wrong types, huge texts,
 * deep nesting, prototype keys, integers past 2^31 and 2^63, encoded paths, wrong content types,
 * broken multipart). Whatever comes in, the answer is a 4xx or a success: never a 5xx, never a
 * hang. The inputs come from a seeded generator: `HOSTILE_SEED=<seed>` replays a run, and
 * `HOSTILE_VARIANTS=<n>` sets how many requests each caller sends to each operation.
 *
 * One file on purpose, over 400 lines: it is one seeded run, the generators below feeding every
 * caller's pass over every operation from one seed and one tally printed at the end, so that
 * HOSTILE_SEED replays the whole of it; split, the seeds and the tally would be cut apart.
 */
import { performance } from 'node:perf_hooks';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, XSRF_COOKIE } from '@salon/shared';
import { conferences, registrations, users } from '../src/db/schema';
import {
  createCollaborator,
  createController,
  createExhibitor,
  createOrganiser,
  createVisitor,
  sessionOf,
} from './fixtures';
import { createTestApp, type TestContext } from './helper';

const SEED = Number(process.env.HOSTILE_SEED ?? 20_240_529) >>> 0;
const VARIANTS = Number(process.env.HOSTILE_VARIANTS ?? 8);
/**
 * A request that has not answered by then hangs. So does one that answered later: a handler that
 * keeps the processor (a pattern reading a huge text over and over) holds the timer back too,
 * and every other request of the instance with it.
 */
const HANG_MS = 10_000;

/** mulberry32: a tiny seeded generator, so that a seed names one run exactly. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

const HUGE = 'a'.repeat(200_000);
const INTEGERS = [0, -1, 1.5, 2_147_483_647, 2_147_483_648, -2_147_483_649, 2 ** 63, 1e20, 1e308];
const TEXTS = [
  '',
  ' ',
  '0',
  '-1',
  '1e3',
  '2147483648',
  '9223372036854775808',
  'NaN',
  'true',
  'null',
  '%00',
  '\u0000',
  '\ud800',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '=HYPERLINK("https://evil.example")',
  '\u202e\u0645\u0631\u0643\u0632',
  'a@b',
  'x'.repeat(300) + '@example.com',
];
const BIG_TEXTS = ['😀'.repeat(1000), 'é'.repeat(20_000), HUGE];

/**
 * A value of any JSON type that a form field should refuse (or take as text). Big values (huge
 * texts, long lists, deep nesting) only at the top, so that a body stays under a few hundred KB.
 */
function hostileValue(r: Random, depth = 0): unknown {
  switch (r.int(depth > 0 ? 4 : 8)) {
    case 0:
      return r.pick(TEXTS);
    case 1:
      return r.pick(INTEGERS);
    case 2:
      return r.pick([true, false, null]);
    case 3:
      return depth > 1 ? 'x' : Array.from({ length: r.int(4) }, () => hostileValue(r, depth + 1));
    case 4:
      return r.pick(BIG_TEXTS);
    case 5:
      return Array.from({ length: 2000 }, (_, i) => r.pick([i, 'x', null]));
    case 6:
      return { id: hostileValue(r, depth + 1), data: hostileValue(r, depth + 1) };
    default:
      return nested(r.pick([10, 100, 1000]));
  }
}

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

/** The field names of the app's forms: hostile values go where a handler looks for them. */
const FIELDS = [
  'id',
  'name',
  'nom',
  'email',
  'phone',
  'telephone',
  'company',
  'jobPosition',
  'identifier',
  'password',
  'token',
  'message',
  // No form reads it any more (decision 049); clients written for the old box still send it.
  'consent',
  'language',
  'scans',
  'checkins',
  'ids',
  'enabled',
  'months',
  'status',
  'title',
  'url',
  'link',
  'position',
  'gateId',
  'booth',
  'badge',
  'note',
  'rating',
];

/** A form every public route would take, so that one wrong field is all a handler has to refuse. */
const VALID_FORM: Record<string, unknown> = {
  name: 'Hostile Test',
  nom: 'Hostile Test',
  email: 'hostile@example.com',
  identifier: 'hostile@example.com',
  password: 'Hostile-Secret-2024',
  phone: '+212 6 12 34 56 78',
  telephone: '+212 6 12 34 56 78',
  company: 'Hostile SA',
  jobPosition: 'Testeur',
  message: 'Bonjour.',
  language: 'fr',
};

interface HostileRequest {
  payload?: string | Buffer;
  contentType?: string;
}

const json = (value: unknown): HostileRequest => ({ payload: JSON.stringify(value), contentType: 'application/json' });
const raw = (payload: string, contentType = 'application/json'): HostileRequest => ({ payload, contentType });

function hostileBody(r: Random, fields: string[]): HostileRequest {
  const form = () => Object.fromEntries(fields.map((k) => [k, r.next() < 0.7 ? hostileValue(r) : 'x']));
  switch (r.int(17)) {
    case 0:
      return json({});
    case 14:
    case 15:
    case 16: {
      // A valid form with one field wrong, in the Strapi wrapper or bare.
      const form = { ...VALID_FORM, [r.pick(fields)]: r.pick([hostileValue(r), r.pick(TEXTS), 'a\u0000b']) };
      return json(r.next() < 0.5 ? form : { data: form });
    }
    case 1:
    case 2:
    case 3:
      return json(form());
    case 4:
      return json({ data: form() });
    case 5:
      return json(r.pick([null, [], [1, 2], 'texte', 42, true]));
    case 6:
      return raw(
        `{"__proto__":{"isAdmin":true,"type":"organiser"},"constructor":{"prototype":{"type":"organiser"}},` +
          `"${r.pick(fields)}":"x"}`,
      );
    case 7:
      return raw(r.pick(['{', '{"a":', '{"a":1,}', '\u0000', '[]]', 'nul', '"\\ud800"', '{"a":1}{"b":2}']));
    case 8:
      return raw(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    case 9:
      return raw(
        r.pick(['bonjour', 'a=1&b[c]=2', '<xml/>']),
        r.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/octet-stream']),
      );
    case 10:
      return raw('{"name":"x"}', r.pick(['application/json; charset=utf-16', 'application/jsonx', 'Application/JSON']));
    case 11:
      return multipart(r);
    case 12:
      return json(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i])));
    default:
      return {};
  }
}

/** Multipart that ends early, lies about its boundary, or carries a file where none is asked. */
function multipart(r: Random): HostileRequest {
  const boundary = '----hostile';
  const part = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="../../x.svg"\r\ncontent-type: image/svg+xml\r\n\r\n<svg onload="alert(1)"/>\r\n`;
  return r.pick([
    raw(part, `multipart/form-data; boundary=${boundary}`),
    raw(`${part}--${boundary}--\r\n`, `multipart/form-data; boundary=${boundary}`),
    raw(`${part}--${boundary}--\r\n`, 'multipart/form-data'),
    raw('--x\r\n\r\n', 'multipart/form-data; boundary=x'),
    { payload: Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]), contentType: `multipart/form-data; boundary=${boundary}` },
  ]);
}

/** Percent-encoding; a lone surrogate, which has none, as the bytes a broken client would send. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** Strapi and react-admin query strings, and plain query parameters, all wrong. */
function hostileQuery(r: Random, named: string[]): string {
  const v = () => encode(String(r.pick([...TEXTS, ...INTEGERS.map(String)])));
  const jsonParam = () => encode(JSON.stringify(hostileValue(r)));
  const options = [
    () => `filters[event][id]=${v()}`,
    () => `filters[user][id][$eq]=9223372036854775808`,
    () => `filters[type]=${v()}&filters[user][company][$containsi]=${v()}`,
    () => `filters[$or][0][booth][$containsi]=${v()}&filters[$or][1][gate][name][$containsi]=${v()}`,
    () => `filters[exhibitor][id][$in][0]=${v()}&filters[exhibitor][id][$in][1]=1`,
    () => `filters${'[a]'.repeat(40)}=1`,
    () => `filters[__proto__][polluted]=1&filters[constructor][prototype][polluted]=1`,
    () => `pagination[pageSize]=${v()}&pagination[page]=${v()}`,
    () => `sort=${v()}&populate=${v()}`,
    () => `populate[a][populate][b][populate][c]=*&sort[0]=__proto__:asc`,
    () => `filter=${jsonParam()}&range=${jsonParam()}&sort=${jsonParam()}`,
    () => `range=${encodeURIComponent('[-1,1e30]')}&sort=${encodeURIComponent('["__proto__","ASC"]')}`,
    () => `filter=${encodeURIComponent('{"q":{"$ne":null},"gateId":"1","id":[1,2]}')}`,
    () => `filter={&range=[0,&sort=["id"`,
    () => `%00=1&a=%ff%fe&b[=1&c]=2`,
    () => `${Array.from({ length: 300 }, (_, i) => `k${i}=${i}`).join('&')}`,
    () => `q=${encodeURIComponent(HUGE.slice(0, 5000))}&lang=${v()}&table=${v()}&download=${v()}`,
  ];
  const parts = Array.from({ length: 1 + r.int(2) }, () => r.pick(options)());
  for (const name of named) if (r.next() < 0.6) parts.push(`${name}=${v()}`);
  return parts.join('&');
}

const PATH_VALUES = [
  '0',
  '-1',
  '2147483648',
  '9223372036854775808',
  '1e3',
  '1.5',
  '0x10',
  '%00',
  '..%2F',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%ff',
  'me',
  'null',
  'a'.repeat(5000),
  ' 1',
  '1;drop table users',
];

/** The path with one letter percent-encoded (`/backend` as `/%62ackend`), or a doubled slash. */
function encodedPath(r: Random, path: string): string {
  const letters = [...path.matchAll(/[a-z]/g)];
  if (!letters.length || r.next() < 0.3) return path.replace('/api/', '/api//');
  const { index } = r.pick(letters);
  return `${path.slice(0, index)}%${path.charCodeAt(index).toString(16)}${path.slice(index + 1)}`;
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query: string[];
  fields: string[];
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
}

const CALLERS = ['anonymous', 'exhibitor', 'collaborator', 'controller', 'organiser'] as const;
type Caller = (typeof CALLERS)[number];

interface Failure {
  caller: Caller;
  method: string;
  url: string;
  contentType?: string;
  payload: string;
  status: number | 'hang';
  answer: string;
}

let ctx: TestContext;
let operations: Operation[];
let realIds: string[];
/** Each signed-in caller's user id. */
let callerIds: Record<Exclude<Caller, 'anonymous'>, number>;
const counts = new Map<string, number>();
const failures: Failure[] = [];
let requests = 0;
const started = performance.now();

async function tokenOf(caller: Caller): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, callerIds[caller]));
  return sessionOf(ctx, user!);
}

/**
 * The callers come back to life before each operation: an organiser's hostile request may well
 * delete, block or erase one of them (that is allowed), and the next operations should still be
 * reached signed in.
 */
async function reviveCallers() {
  const ids = Object.values(callerIds);
  await ctx.db.update(users).set({ deletedAt: null, blocked: false }).where(inArray(users.id, ids));
  await ctx.db.update(registrations).set({ revokedAt: null }).where(inArray(registrations.userId, ids));
}

type HostileInject = InjectOptions & { url: string; payload?: string | Buffer };

function requestFor(r: Random, op: Operation): HostileInject {
  let path = op.path.replace(/\{(\w+)\}/g, () => (r.next() < 0.3 ? r.pick(realIds) : r.pick(PATH_VALUES)));
  if (r.next() < 0.1) path = encodedPath(r, path);
  const query = r.next() < 0.7 ? hostileQuery(r, op.query) : '';
  const url = query ? `${path}?${query}` : path;
  const body =
    op.method === 'GET' || op.method === 'DELETE'
      ? r.next() < 0.2
        ? hostileBody(r, op.fields)
        : {}
      : hostileBody(r, op.fields);
  const headers: Record<string, string> = {};
  if (body.contentType) headers['content-type'] = body.contentType;
  // Most requests pass the XSRF check, so that they reach the handlers.
  if (r.next() < 0.9) headers['x-xsrf-token'] = 'hostile';
  return { method: op.method, url, headers, cookies: { [XSRF_COOKIE]: 'hostile' }, payload: body.payload };
}

/** A refusal in the API's error shape: `{ error: { status, name, message, details, requestId } }`. */
function errorShaped(body: string, status: number): boolean {
  try {
    const { error } = JSON.parse(body) as { error?: Record<string, unknown> };
    return (
      error?.status === status &&
      typeof error.name === 'string' &&
      typeof error.message === 'string' &&
      'details' in error &&
      typeof error.requestId === 'string'
    );
  } catch {
    return false;
  }
}

async function send(caller: Caller, request: HostileInject, token: string | undefined) {
  if (token) (request.headers as Record<string, string>).authorization = `Bearer ${token}`;
  // A fresh address each time: the per-address limits would otherwise answer 429 to most of the run.
  request.remoteAddress = `10.9.${(requests >> 8) & 255}.${requests & 255}`;
  requests += 1;
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), HANG_MS);
  });
  const sent = performance.now();
  const res = await Promise.race([ctx.app.inject(request), hang]);
  clearTimeout(timer);
  const status = res === 'hang' || performance.now() - sent > HANG_MS ? 'hang' : res.statusCode;
  const answer = res === 'hang' ? '' : res.body;
  const key = `${caller} ${status === 'hang' ? 'hang' : `${String(status)[0]}xx`}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  if (status === 'hang' || status >= 500 || (status >= 400 && !errorShaped(answer, status))) {
    const payload = Buffer.isBuffer(request.payload) ? request.payload.toString('latin1') : (request.payload ?? '');
    failures.push({
      caller,
      method: request.method as string,
      url: request.url.slice(0, 300),
      contentType: (request.headers as Record<string, string>)['content-type'],
      payload: payload.slice(0, 300),
      status,
      answer: answer.slice(0, 300),
    });
  }
}

beforeAll(async () => {
  ctx = await createTestApp({
    API_RATE_LIMIT: '1000000',
    LOGIN_RATE_LIMIT: '1000000',
    REGISTRATION_RATE_LIMIT: '1000000',
    KIOSK_LOOKUP_RATE_LIMIT: '1000000',
  });
  const exhibitor = await createExhibitor(ctx.db);
  const collaborator = await createCollaborator(ctx.db, exhibitor);
  const controller = await createController(ctx.db);
  const organiser = await createOrganiser(ctx.db);
  const visitor = await createVisitor(ctx.db);
  const [conference] = await ctx.db.select().from(conferences).where(eq(conferences.eventId, DEMO_EDITION_ID)).limit(1);
  callerIds = {
    exhibitor: exhibitor.user.id,
    collaborator: collaborator.user.id,
    controller: controller.id,
    organiser: organiser.id,
  };
  realIds = [
    ...Object.values(callerIds),
    visitor.user.id,
    exhibitor.registration.id,
    collaborator.registration.id,
    visitor.registration.id,
    conference!.id,
    1,
  ].map(String);

  const docs = await ctx.app.inject({ method: 'GET', url: '/backend/docs' });
  const doc = docs.json<OpenApi>();
  operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => {
      const described = Object.values(op.requestBody?.content ?? {})[0]?.schema?.properties ?? {};
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        fields: [...new Set([...Object.keys(described), ...FIELDS])],
      };
    }),
  );
}, 60_000);

afterAll(async () => {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const classes = ['2xx', '3xx', '4xx', '5xx', 'hang'];
  const lines = [
    `Hostile input: seed ${SEED} (HOSTILE_SEED=${SEED} replays it), ${VARIANTS} requests per operation and caller`,
    `${operations?.length ?? 0} operations, ${requests} requests in ${seconds} s`,
    ['caller'.padEnd(14), ...classes.map((c) => c.padStart(6))].join(''),
    ...CALLERS.map((caller) =>
      [caller.padEnd(14), ...classes.map((c) => String(counts.get(`${caller} ${c}`) ?? 0).padStart(6))].join(''),
    ),
  ];
  console.info(lines.join('\n'));
  await ctx?.close();
});

describe(`hostile input (seed ${SEED})`, () => {
  it('reads the operations from the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.map((op) => `${op.method} ${op.path}`)).toContain('POST /backend/api/visiteurs/putVisitor');
  });

  it('a path with a broken percent-encoding gets a 400 in the API’s error shape, without the path echoed', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/backend/api/conferences/%ff?token=secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        status: 400,
        name: 'BadRequestError',
        message: 'Adresse invalide.',
        details: { code: 'FST_ERR_BAD_URL' },
        requestId: expect.any(String) as unknown,
      },
    });
  });

  it('a form or a search with U+0000 in a text gets a 400 (PostgreSQL refuses the character: it was a 500)', async () => {
    const nul = {
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'Caractère nul (U+0000) refusé dans la requête.',
        details: {},
        requestId: expect.any(String) as unknown,
      },
    };
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/contact',
      headers: { 'x-xsrf-token': 'hostile', 'content-type': 'application/json' },
      cookies: { [XSRF_COOKIE]: 'hostile' },
      payload: JSON.stringify({ ...VALID_FORM, message: 'Bonjour\u0000.' }),
    });
    expect(form.statusCode, form.body).toBe(400);
    expect(form.json()).toEqual(nul);
    const search = await ctx.app.inject({
      method: 'GET',
      url: '/backend/api/registrations?filters[type]=exhibitor&filters[user][company][$containsi]=a%00b',
    });
    expect(search.statusCode, search.body).toBe(400);
    expect(search.json()).toEqual(nul);
  });

  it('a path parameter of 5000 characters gets a 414 in the API’s error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/backend/api/conferences/${'a'.repeat(5000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      error: {
        status: 414,
        name: 'BadRequestError',
        message: 'Adresse trop longue.',
        details: { code: 'FST_ERR_MAX_PARAM_LENGTH' },
        requestId: expect.any(String) as unknown,
      },
    });
  });

  CALLERS.forEach((caller, column) => {
    it(`${caller === 'anonymous' ? 'an anonymous caller' : `a signed-in ${caller}`} gets no 5xx and no hang from any operation`, async () => {
      const r = generator(SEED + column);
      const before = failures.length;
      for (const op of operations) {
        await reviveCallers();
        const token = await tokenOf(caller);
        for (let i = 0; i < VARIANTS; i++) await send(caller, requestFor(r, op), token);
      }
      expect(failures.slice(before)).toEqual([]);
    }, 300_000);
  });
});
