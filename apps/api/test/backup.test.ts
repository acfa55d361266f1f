/**
 * `npm run backup` and `npm run restore` (src/db/backup.ts): a seeded database goes through a dump
 * and comes back identical, table by table and row by row (uploads' bytes and the mail outbox
 * included), on PGlite, and with TEST_DATABASE_URL between PGlite and PostgreSQL both ways.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config/env';
import { backup } from '../src/db/backup';
import { restore } from '../src/db/restore';
import { openDatabase, queryRows } from '../src/db/client';
import { mailOutbox } from '../src/db/schema';
import { seed } from '../src/db/seed';
import { apiRoot, migrationsFolder } from '../src/paths';
import { storeFile } from '../src/domains/files/uploads.service';
import { keysProblem } from '../src/domains/auth/instance-keys';
import { adminQuery, databaseUrl } from './postgres-admin';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
const temp: string[] = [];
const upload = randomBytes(300_000);

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'salon-backup-'));
  temp.push(dir);
  return dir;
}

/** A server's configuration on its own DATA_DIR; `keysOf` shares another one's generated keys. */
async function configOn(env: Record<string, string> = {}, keysOf?: Config): Promise<Config> {
  const dir = await dataDir();
  if (keysOf) await cp(path.join(keysOf.DATA_DIR, 'secrets'), path.join(dir, 'secrets'), { recursive: true });
  return loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO_DATA: 'true', ...env });
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Every table of public and drizzle: its row count and a checksum of its rows (as text, in UTC, so
 * that PGlite's PostgreSQL 18 and the server's agree), and every sequence's position.
 */
async function fingerprint(query: Query): Promise<Record<string, string>> {
  await query(`set timezone = 'UTC'`);
  const { rows: tables } = await query(
    `select schemaname || '.' || tablename as name from pg_tables
     where schemaname in ('public', 'drizzle') order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = (
      await query(
        `select count(*) as n, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as sum from ${String(name)} t`,
      )
    ).rows;
    out[String(name)] = `${String(row!.n)} ${String(row!.sum)}`;
  }
  const { rows: sequences } = await query(
    `select sequencename, coalesce(last_value, 0) as v from pg_sequences where schemaname = 'public'`,
  );
  for (const s of sequences) out[`sequence ${String(s.sequencename)}`] = String(s.v);
  return out;
}

async function pgliteFingerprint(config: Config) {
  const db = new PGlite(path.join(config.DATA_DIR, 'pglite'), { extensions: { pg_trgm } });
  try {
    return await fingerprint((text) => db.query(text));
  } finally {
    await db.close();
  }
}

async function postgresFingerprint(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fingerprint((text) => client.query(text));
  } finally {
    await client.end();
  }
}

let source: Config;
let expected: Record<string, string>;
let sourceFile: string;

beforeAll(async () => {
  // The demo data, as `npm start` writes it, with an upload and a queued mail besides.
  source = await configOn();
  const database = await openDatabase({ dataDir: path.join(source.DATA_DIR, 'pglite') });
  await seed(database.db, source, log);
  await storeFile(database.db, 'media/backup-test.bin', 'application/octet-stream', upload);
  await database.db.insert(mailOutbox).values({ to: 'a@example.com', subject: 'Votre badge', text: 'Bonjour' });
  expect(await keysProblem(database.db, source)).toBeNull(); // records the keys, as a start does
  expected = await fingerprint(async (text) => ({ rows: await queryRows(database.db, sql.raw(text)) }));
  await database.close();
  sourceFile = (await backup(source, undefined, () => undefined)).file;
  // The demo's seed and a dump: about 12 s on a quiet machine, four times that on a busy CI.
}, 180_000);

afterAll(async () => {
  for (const dir of temp) await rm(dir, { recursive: true, force: true });
});

// Each case opens a PGlite database three to five times: about a second each, up to ten on a busy CI.
describe('npm run backup and npm run restore on PGlite', { timeout: 150_000 }, () => {
  it('writes a gzipped SQL dump under DATA_DIR/backups that restores into a fresh DATA_DIR identical, uploads and mails included', async () => {
    expect(path.dirname(sourceFile)).toBe(path.join(source.DATA_DIR, 'backups'));
    expect(path.basename(sourceFile)).toMatch(/^salon-\d{8}T\d{6}Z\.sql\.gz$/);
    expect((await readFile(sourceFile)).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(expected['public.media_files']).toMatch(/^[1-9]\d* /);
    expect(expected['public.mail_outbox']).toMatch(/^1 /);

    const target = await configOn({}, source);
    const result = await restore(target, sourceFile, { warn: () => undefined });
    expect(result.counts).toMatchObject({ mail_outbox: 1 });
    expect(result.counts.users).toBeGreaterThan(200);
    expect(result.startProblem).toBeNull();
    expect(await pgliteFingerprint(target)).toEqual(expected);
  });

  it('refuses a DATA_DIR that already holds a database; --force replaces it, says what it erased and that the keys differ', async () => {
    // A server that started once on its own DATA_DIR: reference data, and keys of its own.
    const target = await configOn();
    const database = await openDatabase({ dataDir: path.join(target.DATA_DIR, 'pglite') });
    await seed(database.db, { ...target, DEMO_DATA: false }, log);
    await database.close();

    await expect(restore(target, sourceFile)).rejects.toThrow(
      /pglite already holds a database \(\d+ users, 0 registrations, .*\): restore goes only into an empty one/,
    );
    const result = await restore(target, sourceFile, { force: true });
    expect(result.erased).toMatchObject({ registrations: 0, mail_outbox: 0 });
    expect(await pgliteFingerprint(target)).toEqual(expected);
    // The backup's server recorded its keys in the database: this one's would void its badges.
    expect(result.startProblem).toMatch(/^JWT_SECRET and BADGE_PRIVATE_KEY: not the one the other instances/);
  });

  it('leaves the target as it was when the dump fails half way', async () => {
    const broken = path.join(await dataDir(), 'broken.sql');
    await writeFile(broken, 'create table t (id int);\ninsert into t values (1);\nselect 1 / 0;\n');
    await expect(restore(source, broken, { force: true })).rejects.toThrow(
      /Restore failed; .*pglite is as it was: division by zero/,
    );
    expect(await pgliteFingerprint(source)).toEqual(expected);
  });

  it('refuses to back up while another process has the PGlite directory open', async () => {
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { PGlite } from '@electric-sql/pglite';
         const db = new PGlite(${JSON.stringify(path.join(source.DATA_DIR, 'pglite'))});
         await db.query('select 1'); console.log('open'); setInterval(() => {}, 1000);`,
      ],
      { cwd: apiRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise((resolve) => holder.stdout.once('data', resolve));
      await expect(backup(source, path.join(await dataDir(), 'x.sql.gz'))).rejects.toThrow(
        new RegExp(`pglite is open in process ${holder.pid} .*: stop the server first`),
      );
    } finally {
      holder.kill();
      await new Promise((resolve) => holder.once('exit', resolve));
    }
  });

  it("applies this build's newer migrations to a backup made by an older build", async () => {
    // A database migrated by the build before the last migration.
    const older = await dataDir();
    await cp(migrationsFolder, older, { recursive: true });
    const journal = JSON.parse(await readFile(path.join(older, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const all = journal.entries.length;
    journal.entries.pop();
    await writeFile(path.join(older, 'meta/_journal.json'), JSON.stringify(journal));
    const config = await configOn();
    const db = new PGlite(path.join(config.DATA_DIR, 'pglite'), { extensions: { pg_trgm } });
    await migrate(drizzle(db), { migrationsFolder: older });
    await db.close();
    const { file } = await backup(config);

    const target = await configOn();
    await restore(target, file);
    const restored = await pgliteFingerprint(target);
    expect(restored['drizzle.__drizzle_migrations']).toMatch(new RegExp(`^${all} `));
  });
});

// The PostgreSQL pass of CI (TEST_DATABASE_URL set): a database next to the test's, per case.
if (process.env.TEST_DATABASE_URL) {
  const base = process.env.TEST_DATABASE_URL;
  const databases: string[] = [];
  const admin = (query: string) => adminQuery(base, query);
  async function emptyDatabase(): Promise<string> {
    const name = `salon_backup_${randomBytes(6).toString('hex')}`;
    await admin(`create database ${name}`);
    databases.push(name);
    return databaseUrl(base, name);
  }
  afterAll(async () => {
    for (const name of databases) await admin(`drop database if exists ${name} with (force)`);
  });

  describe('npm run backup and npm run restore with PostgreSQL', { timeout: 150_000 }, () => {
    let laptop: Config;
    let postgresFile: string;

    it('restores a PGlite backup into PostgreSQL (a laptop demo moving to production)', async () => {
      laptop = await configOn({ DATABASE_URL: await emptyDatabase() }, source);
      const result = await restore(laptop, sourceFile, { warn: () => undefined });
      expect(result.startProblem).toBeNull();
      expect(await postgresFingerprint(laptop.DATABASE_URL!)).toEqual(expected);
    });

    it("backs PostgreSQL up with the machine's pg_dump and restores it into another PostgreSQL database", async () => {
      postgresFile = (await backup(laptop)).file;
      const target = await configOn({ DATABASE_URL: await emptyDatabase() }, source);
      await restore(target, postgresFile);
      expect(await postgresFingerprint(target.DATABASE_URL!)).toEqual(expected);
    });

    it('restores a PostgreSQL backup into PGlite', async () => {
      const target = await configOn({}, source);
      await restore(target, postgresFile);
      expect(await pgliteFingerprint(target)).toEqual(expected);
    });

    it('refuses a PostgreSQL database that has tables, and with --force replaces it in one transaction', async () => {
      await expect(restore(laptop, postgresFile)).rejects.toThrow(
        /DATABASE_URL's database already has tables \(\d+ users, .*\): restore goes only into an empty one/,
      );
      const broken = path.join(await dataDir(), 'broken.sql');
      await writeFile(broken, 'create table t (id int);\nselect 1 / 0;\n');
      await expect(restore(laptop, broken, { force: true })).rejects.toThrow(/psql failed .*division by zero/);
      expect(await postgresFingerprint(laptop.DATABASE_URL!)).toEqual(expected);

      const result = await restore(laptop, postgresFile, { force: true });
      expect(result.erased).toMatchObject({ mail_outbox: 1 });
      expect(await postgresFingerprint(laptop.DATABASE_URL!)).toEqual(expected);
    });
  });
}
