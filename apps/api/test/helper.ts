import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { XSRF_COOKIE } from '@salon/shared';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config/env';
import { openDatabase, type Db } from '../src/db/client';
import { forgetCurrentShow } from '../src/domains/show/show-facts';
import { PASSWORD, TEST_JWT_SECRET, createOrganiser, openStandSale, sessionOf } from './fixtures';
import { adminQuery, databaseUrl } from './postgres-admin';

// The data factories live in fixtures.ts; re-exported for the files that import them from here.
export {
  OPEN_UNTIL,
  PASSWORD,
  TEST_JWT_SECRET,
  createCollaborator,
  createExhibitor,
  createMedia,
  createUser,
  createVisitor,
  firstGate,
  signSession,
} from './fixtures';

const pgliteTemplates: Partial<Record<'migrated' | 'seeded', Promise<Uint8Array>>> = {};

/**
 * A fresh database per test file, copied from one the run prepared (global-setup.ts): PGlite in
 * memory, or, with TEST_DATABASE_URL set, a new PostgreSQL database created for the file and
 * dropped after it. 'migrated' holds the schema alone, as a new install before its first start;
 * 'seeded' also what every test app starts from (fixtures.ts's seedForTests).
 */
export async function freshDatabase(from: 'migrated' | 'seeded' = 'migrated') {
  // Files share their worker's modules (vitest.config.ts): the show read from the file before's database goes.
  forgetCurrentShow();
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    pgliteTemplates[from] ??= readFile(inject('pgliteTemplates')![from]);
    return { database: await openDatabase({ loadDataDir: await pgliteTemplates[from] }), drop: async () => undefined };
  }
  const name = `salon_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(base, `create database ${name} template ${inject('postgresTemplates')![from]}`);
  const database = await openDatabase({ url: databaseUrl(base, name) });
  return { database, drop: () => adminQuery(base, `drop database if exists ${name} with (force)`) };
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /**
   * Another API instance on the same database, with the same keys and a DATA_DIR of its own, as
   * a second process of a cluster would be; closed with the context.
   */
  anotherInstance(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * A test app whose current edition sells a hall of its own (stands `prefix`-1 to `prefix`-`count`,
 * 9 m² each), with no limit on holds and no memory of taken stands unless `env` says, and its
 * organiser's session.
 */
export async function saleTestApp(prefix: string, count: number, env: Record<string, string> = {}) {
  const ctx = await createTestApp({ STAND_HOLD_RATE_LIMIT: '1000', STAND_TAKEN_MEMO_SECONDS: '0', ...env });
  const token = await sessionOf(ctx, await createOrganiser(ctx.db));
  await openStandSale(ctx.db, { prefix, count });
  return { ctx, token };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'salon-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    // Answers written as JSON text are checked against their route's contract (lib/contract-check.ts).
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
    DEMO_DATA: 'false',
    ...env,
  });
  const { database, drop } = await freshDatabase('seeded');
  const app = await buildApp(config, database);
  await app.ready();
  const others: { app: FastifyInstance; dataDir: string }[] = [];
  return {
    app,
    db: database.db,
    config,
    async anotherInstance() {
      const otherDir = await mkdtemp(path.join(tmpdir(), 'salon-test-'));
      const other = await buildApp({ ...config, DATA_DIR: otherDir }, database);
      await other.ready();
      others.push({ app: other, dataDir: otherDir });
      return other;
    },
    async close() {
      for (const other of others) {
        await other.app.close();
        await rm(other.dataDir, { recursive: true, force: true });
      }
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const XSRF = 'test-xsrf-token';

/**
 * The token with one character changed where every bit counts: the last characters of a base64url
 * text can carry bits the decoder drops, so a token changed there may still read the same.
 */
export function tampered(token: string): string {
  const at = token.length - 5;
  return `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
}

/** A body without the request id of its error, to compare the answers of two requests. */
export function withoutRequestId(res: LightMyRequestResponse): unknown {
  const body = res.json<{ error?: Record<string, unknown> }>();
  if (!body.error) return body;
  const { requestId: _requestId, ...error } = body.error;
  return { ...body, error };
}

/** Calls the API like the web client does: XSRF cookie and header, optional bearer token. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: {
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
    xsrf?: boolean;
    /** The client's address, for per-address rate limits (default 127.0.0.1). */
    remoteAddress?: string;
  } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const withXsrf = options.xsrf ?? true;
  const inject: InjectOptions = {
    method,
    url: url.startsWith('/') ? url : `/backend/api/${url}`,
    headers: withXsrf ? { ...headers, 'x-xsrf-token': XSRF } : headers,
    cookies: withXsrf ? { [XSRF_COOKIE]: XSRF } : {},
  };
  if (options.body !== undefined) inject.payload = options.body as InjectOptions['payload'];
  if (options.remoteAddress) inject.remoteAddress = options.remoteAddress;
  return app.inject(inject);
}

/** The sign-in page of each kind of account (visitors have none). */
const SIGN_IN = {
  controller: 'auth/controller',
  organiser: 'auth/organiser',
  exhibitor: 'auth/local',
  collaborator: 'auth/local',
} as const;

/** Signs a controller, organiser, exhibitor or collaborator in at their own sign-in; the answer. */
export function signIn(app: FastifyInstance, user: { email: string; type: string }, password = PASSWORD) {
  const route = SIGN_IN[user.type as keyof typeof SIGN_IN];
  if (!route) throw new Error(`a ${user.type} has no sign-in`);
  return call(app, 'POST', route, { body: { identifier: user.email, password } });
}

/** Signs in through the exhibitor area's sign-in (auth/local) and returns the token. */
export async function login(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const res = await call(app, 'POST', 'auth/local', { body: { identifier: email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ jwt: string }>().jwt;
}
