import { SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { DEFAULT_ROLE_ID, EVENT_ID, XSRF_COOKIE, normalizeEmail, normalizePhone } from '@salon/shared';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config/env';
import { openDatabase, type Db } from '../src/db/client';
import { gates, media, registrations, users } from '../src/db/schema';
import { seedPastEditions, seedReference } from '../src/db/seed';
import { hashPassword } from '../src/lib/passwords';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/**
 * A fresh database per test file: PGlite in memory, or, with TEST_DATABASE_URL set, a new
 * PostgreSQL database created for the file and dropped after it.
 */
export async function freshDatabase() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { database: await openDatabase({}), drop: async () => undefined };
  const name = `salon_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
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

export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'salon-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
    DEMO_DATA: 'false',
    ...env,
  });
  const { database, drop } = await freshDatabase();
  const app = await buildApp(config, database);
  await seedReference(database.db);
  // Past editions (the demo's), for the tests that hang a registration, a hall or a scan on one.
  await seedPastEditions(database.db);
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

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

type NewUser = typeof users.$inferInsert;

/** Factories with overrides, each user with a known password. */
export async function createUser(db: Db, overrides: Partial<NewUser> & { password?: string } = {}) {
  const { password, ...rest } = overrides;
  const email = normalizeEmail(rest.email ?? `user-${unique()}@example.com`);
  const phone = rest.phone ?? `+212 6 ${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const [user] = await db
    .insert(users)
    .values({
      type: 'visitor',
      roleId: DEFAULT_ROLE_ID,
      name: 'Personne Test',
      username: email,
      company: 'Société Test',
      confirmed: true,
      emailOTPConfirmed: true,
      ...rest,
      email,
      phone,
      phoneNormalized: normalizePhone(phone),
      passwordHash: password ? await hashPassword(password) : '',
    })
    .returning();
  return user!;
}

export async function firstGate(db: Db) {
  const [gate] = await db.select().from(gates).limit(1);
  return gate!;
}

export async function createExhibitor(
  db: Db,
  overrides: Partial<NewUser> & { password?: string; booth?: string } = {},
) {
  const { booth = 'A-01', ...rest } = overrides;
  const user = await createUser(db, {
    type: 'exhibitor',
    company: `Exposant ${unique()}`,
    password: 'Secret-2024!',
    ...rest,
  });
  const gate = await firstGate(db);
  const [registration] = await db
    .insert(registrations)
    .values({ eventId: EVENT_ID, userId: user.id, type: 'exhibitor', confirmed: true, gateId: gate.id, booth })
    .returning();
  return { user, registration: registration!, gate };
}

export async function createCollaborator(
  db: Db,
  exhibitor: Awaited<ReturnType<typeof createExhibitor>>,
  overrides: Partial<NewUser> & { password?: string } = {},
) {
  const user = await createUser(db, {
    type: 'collaborator',
    company: exhibitor.user.company,
    exhibitorId: exhibitor.user.id,
    password: 'Secret-2024!',
    ...overrides,
  });
  const [registration] = await db
    .insert(registrations)
    .values({
      eventId: EVENT_ID,
      userId: user.id,
      type: 'collaborator',
      confirmed: true,
      gateId: exhibitor.registration.gateId,
      booth: exhibitor.registration.booth,
    })
    .returning();
  return { user, registration: registration! };
}

export async function createVisitor(db: Db, overrides: Partial<NewUser> & { password?: string } = {}) {
  const user = await createUser(db, { type: 'visitor', ...overrides });
  const [registration] = await db
    .insert(registrations)
    .values({ eventId: EVENT_ID, userId: user.id, type: 'visitor', confirmed: true })
    .returning();
  return { user, registration: registration! };
}

/** Signs in through the API and returns the token. */
export async function login(app: FastifyInstance, email: string, password = 'Secret-2024!'): Promise<string> {
  const res = await call(app, 'POST', 'auth/local', { body: { identifier: email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ jwt: string }>().jwt;
}

/** A media row (the file itself is not needed to serialize it). */
export async function createMedia(db: Db, overrides: Partial<typeof media.$inferInsert> = {}) {
  const name = overrides.name ?? `media-${unique()}.svg`;
  const [row] = await db
    .insert(media)
    .values({
      name,
      mime: 'image/svg+xml',
      size: 100,
      width: 200,
      height: 200,
      path: `test/${name}`,
      alt: name,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A sign-in token as the server makes it (lib/jwt.ts); without `authTime`, one made before that claim. */
export function signSession(
  userId: number,
  version: number,
  times: { iat?: number; exp?: number; authTime?: number } = {},
): Promise<string> {
  const iat = times.iat ?? Math.floor(Date.now() / 1000);
  return new SignJWT(times.authTime === undefined ? { ver: version } : { ver: version, auth_time: times.authTime })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(times.exp ?? iat + 7 * 24 * 3600)
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}
