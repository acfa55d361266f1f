/**
 * Once per run of the API suite, before any file: a migrated database that every file's
 * `freshDatabase()` (helper.ts) copies instead of creating and migrating one of its own. Creating
 * PGlite's files (its initdb, in WebAssembly) took 4.4 to 5.8 s of a file's set-up; starting from
 * their dumped copy takes about 1 s. On PostgreSQL, `create database … template` copies the
 * migrated one. Each copy still runs the migrator at its opening (openDatabase), which finds
 * nothing to do: the code path is the server's.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrationsFolder } from '../src/paths';
import { adminQuery, databaseUrl } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dumped files of a migrated PGlite database (PGlite's `dumpDataDir`), on the embedded pass. */
    pgliteTemplate?: string;
    /** The name of a migrated PostgreSQL database to copy, on the PostgreSQL pass. */
    postgresTemplate?: string;
  }
}

export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const name = `salon_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(base, `create database ${name}`);
    // Migrated as the server migrates; closed, so that nobody is connected when it is copied.
    await (await openDatabase({ url: databaseUrl(base, name) })).close();
    project.provide('postgresTemplate', name);
    return () => adminQuery(base, `drop database if exists ${name} with (force)`);
  }
  const db = new PGlite({ extensions: { pg_trgm } });
  await migratePglite(drizzlePglite(db), { migrationsFolder });
  const files = await db.dumpDataDir('none');
  await db.close();
  const dir = await mkdtemp(path.join(tmpdir(), 'salon-template-'));
  const file = path.join(dir, 'pglite.tar');
  await writeFile(file, Buffer.from(await files.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
