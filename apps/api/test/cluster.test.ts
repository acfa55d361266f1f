/**
 * Several instances on one PostgreSQL database (and Redis): what one instance changes, the
 * others see at once, and what they count together is counted once. Runs in the PostgreSQL pass
 * (TEST_DATABASE_URL and TEST_REDIS_URL set, as `.ci/run` does; see vitest.config.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, createClock } from '@salon/shared';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { auditLog, registrations, retentionSettings, users } from '../src/db/schema';
import { runRetentionJob } from '../src/domains/personal-data/retention.service';
import { storeUpload } from '../src/domains/files/uploads.service';
import { createBadgeSigner } from '../src/domains/badges/badge-token';
import { seedPastEditions, seedReference } from '../src/db/seed';
import { call, createExhibitor, createUser, createVisitor, PASSWORD, signSession, TEST_JWT_SECRET } from './helper';
import { adminQuery, databaseUrl } from './postgres-admin';

const base = process.env.TEST_DATABASE_URL!;
const redisUrl = process.env.TEST_REDIS_URL!;
const name = `salon_cluster_${randomBytes(6).toString('hex')}`;
const url = databaseUrl(base, name);
const admin = (query: string) => adminQuery(base, query);

const open: { app: FastifyInstance; database: Database; dataDir: string }[] = [];
/** One API instance on the shared database, as a process of the cluster would be. */
async function instance(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'salon-cluster-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
    DATABASE_URL: url,
    // An hour: what a test sees within it was forgotten on purpose, not expired.
    DIRECTORY_CACHE_SECONDS: '3600',
    ...env,
  });
  const database = await openDatabase({ url });
  const app = await buildApp(config, database);
  await app.ready();
  open.push({ app, database, dataDir });
  return { app, database, config };
}

beforeAll(async () => {
  await admin(`create database ${name}`);
  const database = await openDatabase({ url });
  await seedReference(database.db);
  // The retention test registers people for a past edition (the demo's).
  await seedPastEditions(database.db);
  await database.close();
});
// Each test's instances are closed after it: their pools would otherwise add up on the server.
afterEach(async () => {
  for (const { app, database, dataDir } of open.splice(0)) {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
afterAll(() => admin(`drop database if exists ${name} with (force)`));

/** Edition numbers no other edition of the file has. */
let nextEditionNumber = 40;

const DIRECTORY = 'registrations?filters[type]=exhibitor&sort=user.company:asc&pagination[pageSize]=100';
const companies = async (app: FastifyInstance) => {
  const res = await call(app, 'GET', DIRECTORY);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { user: { company: string } }[] }>().data.map((e) => e.user.company);
};

describe.each([
  ['PostgreSQL LISTEN/NOTIFY', {}],
  ['Redis pub/sub', { REDIS_URL: redisUrl }],
])('Caches across instances, through %s', (_carrier, env: Record<string, string>) => {
  it('shows on instance B, at once, the company an exhibitor renamed through instance A, though B had the directory in memory', async () => {
    const a = await instance(env);
    const b = await instance(env);
    const exhibitor = await createExhibitor(a.database.db, { company: `Avant ${randomUUID()}` });
    const renamed = `Après ${randomUUID()}`;
    expect(await companies(b.app)).toContain(exhibitor.user.company);

    const token = await signSession(exhibitor.user.id, exhibitor.user.tokenVersion);
    const put = await call(a.app, 'PUT', `users/${exhibitor.user.id}`, {
      token,
      body: { name: 'Nom', email: exhibitor.user.email, phone: exhibitor.user.phone ?? '', company: renamed },
    });
    expect(put.statusCode, put.body).toBe(200);

    await expect.poll(() => companies(b.app), { timeout: 2000, interval: 20 }).toContain(renamed);
    expect(await companies(b.app)).not.toContain(exhibitor.user.company);
  });

  it('counts on instance B, at once, a scan recorded through instance A, though B had the count in memory', async () => {
    const a = await instance(env);
    const b = await instance(env);
    const exhibitor = await createExhibitor(a.database.db);
    const token = await signSession(exhibitor.user.id, exhibitor.user.tokenVersion);
    const total = async () => {
      const res = await call(b.app, 'GET', 'scans', { token });
      return res.json<{ meta: { pagination: { total: number } } }>().meta.pagination.total;
    };
    expect(await total()).toBe(0);

    const visitor = await createVisitor(a.database.db);
    const badge = createBadgeSigner(a.config.BADGE_PRIVATE_KEY).sign({
      registrationId: visitor.registration.id,
      type: 'visitor',
      eventId: DEMO_EDITION_ID,
      issuedAt: 1_716_000_000,
    });
    const scan = { id: randomUUID(), badge, scannedAt: '2024-05-30T10:15:00+01:00' };
    const sent = await call(a.app, 'POST', 'scans', { token, body: { scans: [scan] } });
    expect(sent.statusCode).toBe(200);

    await expect.poll(total, { timeout: 2000, interval: 20 }).toBe(1);
  });

  it('follows on instance B, within a second, the edition made current through instance A, though B had its city and directory in memory', async () => {
    const a = await instance(env);
    const b = await instance(env);
    const organiser = await createUser(a.database.db, { type: 'organiser', password: PASSWORD });
    const token = await signSession(organiser.id, organiser.tokenVersion);
    const exhibitor = await createExhibitor(a.database.db, { company: `Cette année ${randomUUID()}` });
    const city = async () =>
      (await call(b.app, 'GET', 'site-settings')).json<{ data: { venue: { city: string } } }>().data.venue.city;
    expect(await city()).toBe('Marrakech');
    expect(await companies(b.app)).toContain(exhibitor.user.company);

    // One edition a year: each run of this test (one per cache bus) takes a year of its own.
    const edition = nextEditionNumber++;
    const created = await call(a.app, 'POST', 'admin/editions', {
      token,
      body: {
        edition,
        name: 'Édition suivante',
        startsOn: `${2100 + edition}-05-28`,
        endsOn: `${2100 + edition}-05-31`,
        city: `Ville ${randomUUID()}`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const next = created.json<{ id: number; city: string }>();
    try {
      expect((await call(a.app, 'POST', `admin/editions/${next.id}/make-current`, { token })).statusCode).toBe(200);
      await expect.poll(city, { timeout: 1000, interval: 20 }).toBe(next.city);
      await expect.poll(() => companies(b.app), { timeout: 1000, interval: 20 }).toEqual([]);
    } finally {
      // The other tests of the file hang their people on 2024.
      expect((await call(a.app, 'POST', `admin/editions/${DEMO_EDITION_ID}/make-current`, { token })).statusCode).toBe(
        200,
      );
    }
    await expect.poll(city, { timeout: 1000, interval: 20 }).toBe('Marrakech');
  });
});

describe('Generated PDFs across instances', () => {
  it('serves on instance B the catalogue of the data instance A changed, with the same ETag on both', async () => {
    const a = await instance();
    const b = await instance();
    const catalogue = async (app: FastifyInstance) => {
      const res = await app.inject({ method: 'GET', url: '/assets/files/catalogue-2024.pdf' });
      expect(res.statusCode).toBe(200);
      return { etag: res.headers.etag, size: res.rawPayload.length };
    };
    const before = await catalogue(b.app);
    expect((await catalogue(a.app)).etag).toBe(before.etag);

    const exhibitor = await createExhibitor(a.database.db, { company: `Nouveau ${randomUUID()}` });
    const token = await signSession(exhibitor.user.id, exhibitor.user.tokenVersion);
    const put = await call(a.app, 'PUT', `users/${exhibitor.user.id}`, {
      token,
      body: {
        name: 'Nom',
        email: exhibitor.user.email,
        phone: exhibitor.user.phone ?? '',
        company: `${exhibitor.user.company} SA`,
      },
    });
    expect(put.statusCode).toBe(200);

    const after = await catalogue(b.app);
    expect(after.etag).not.toBe(before.etag);
    expect((await catalogue(a.app)).etag).toBe(after.etag);
  });
});

describe('Rate limits across instances', () => {
  it('counts one address’s requests to every instance against one budget when Redis is set', async () => {
    const env = { REDIS_URL: redisUrl, API_RATE_LIMIT: '6' };
    const a = await instance(env);
    const b = await instance(env);
    // An address of its own, so that an earlier run's count in Redis does not matter.
    const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (const app of [a.app, b.app, a.app, b.app, a.app, b.app, a.app, b.app]) {
      statuses.push((await call(app, 'GET', 'agence', { remoteAddress })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('counts an account’s tries of its current password on every instance against one budget when Redis is set', async () => {
    const a = await instance({ REDIS_URL: redisUrl });
    const b = await instance({ REDIS_URL: redisUrl });
    // An id of its own, so that an earlier run's count in Redis (kept 15 minutes) does not matter.
    const id = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
    const exhibitor = await createExhibitor(a.database.db, { id });
    const token = await signSession(id, exhibitor.user.tokenVersion);
    const pick = ({ name, phone, company }: typeof exhibitor.user) => ({ name, phone, company });
    const statuses: number[] = [];
    for (const [app, currentPassword] of [
      [a.app, 'Mauvais-1-2024'],
      [b.app, 'Mauvais-2-2024'],
      [a.app, 'Mauvais-3-2024'],
      [b.app, 'Mauvais-4-2024'],
      [a.app, PASSWORD],
      [b.app, PASSWORD],
    ] as const) {
      const res = await call(app, 'PUT', `users/${id}`, {
        token,
        body: { ...pick(exhibitor.user), email: `neuve-${id}@example.com`, currentPassword },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 200, 429]);
  });

  it('counts one address’s downloads of a large upload on every instance against one budget when Redis is set', async () => {
    const env = { REDIS_URL: redisUrl, FILE_RATE_LIMIT: '100', LARGE_FILE_RATE_LIMIT: '3' };
    const a = await instance(env);
    const b = await instance(env);
    const body = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(1_100_000), Buffer.from('\n%%EOF\n')]);
    const rel = await storeUpload(a.database.db, {
      kind: 'pdf',
      mime: 'application/pdf',
      ext: 'pdf',
      body,
      width: null,
      height: null,
    });
    const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (const app of [a.app, b.app, a.app, b.app]) {
      statuses.push((await app.inject({ url: `/uploads/${rel}`, remoteAddress })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('Jobs across instances', () => {
  it('lets the retention job of three instances run at once: every person past retention is anonymised once, by one of them', async () => {
    const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ url })));
    const db = databases[0]!.db;
    const people: { id: number }[] = [];
    for (let i = 0; i < 450; i += 50) {
      people.push(...(await Promise.all(Array.from({ length: 50 }, () => createUser(db, { type: 'visitor' })))));
    }
    await db
      .insert(registrations)
      .values(people.map((p) => ({ eventId: 5, userId: p.id, type: 'visitor' as const, confirmed: true })));
    await db
      .insert(retentionSettings)
      .values({ id: 1, enabled: true, months: 24 })
      .onConflictDoUpdate({ target: retentionSettings.id, set: { enabled: true, months: 24 } });
    const clock = createClock('2026-03-01T12:00:00+01:00');
    const log = { info: () => undefined, error: () => undefined };
    try {
      const counts = await Promise.all(
        databases.map((d) => runRetentionJob({ db: d.db, clock, mailDir: path.join(tmpdir(), 'none'), log })),
      );
      const entries = await db
        .select({ after: auditLog.after })
        .from(auditLog)
        .where(eq(auditLog.action, 'retention job'));
      const erased = entries.flatMap((e) => (e.after as { anonymised: number[] }).anonymised);
      const ours = people.map((p) => p.id);

      expect(counts.reduce((a, b) => a + b, 0)).toBe(erased.length);
      expect(new Set(erased).size).toBe(erased.length);
      expect(erased).toEqual(expect.arrayContaining(ours));
      const left = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ours), isNull(users.anonymisedAt)));
      expect(left).toEqual([]);
    } finally {
      await db.update(retentionSettings).set({ enabled: false });
      await Promise.all(databases.map((d) => d.close()));
    }
    // Three connections, 450 people and each one's erasure: 30 s were not enough on a loaded 2-core
    // machine (the API suite on both databases, beside a typecheck). What it checks is who erased whom.
  }, 120_000);
});

describe('Migrations across instances', () => {
  it('lets three instances start at once on an empty database: one migrates, each migration is applied once', async () => {
    const fresh = `salon_cluster_m_${randomBytes(6).toString('hex')}`;
    await admin(`create database ${fresh}`);
    const freshUrl = databaseUrl(base, fresh);
    try {
      const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ url: freshUrl })));
      const c = new pg.Client({ connectionString: freshUrl });
      await c.connect();
      const { rows } = await c.query<{ n: string; distinct: string }>(
        'select count(*) as n, count(distinct hash) as distinct from drizzle.__drizzle_migrations',
      );
      await c.end();
      await Promise.all(databases.map((d) => d.close()));
      const journal = (await import('../drizzle/meta/_journal.json', { with: { type: 'json' } })).default;
      expect(Number(rows[0]!.n)).toBe(journal.entries.length);
      expect(Number(rows[0]!.distinct)).toBe(journal.entries.length);
    } finally {
      await admin(`drop database if exists ${fresh} with (force)`);
    }
  });
});
