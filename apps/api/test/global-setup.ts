/**
 * Once per run of the API suite, before any file: two databases that every file's
 * `freshDatabase()` (helper.ts) copies instead of making its own: one migrated, and one also
 * seeded as every test app starts (fixtures.ts's seedForTests). Creating PGlite's files (its
 * initdb, in WebAssembly) took 4.4 to 5.8 s of a file's set-up, and seeding about 1 s more on a
 * loaded machine; starting from their dumped copy takes about 1 s. On PostgreSQL,
 * `create database … template` copies them. Each copy still runs the migrator at its opening
 * (openDatabase), which finds nothing to do: the code path is the server's.
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
import * as schema from '../src/db/schema';
import { migrationsFolder } from '../src/paths';
import { seedForTests } from './fixtures';
import { adminQuery, databaseUrl } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dumped files of each PGlite database to copy (PGlite's `dumpDataDir`), on the embedded pass. */
    pgliteTemplates?: Templates;
    /** The name of each PostgreSQL database to copy, on the PostgreSQL pass. */
    postgresTemplates?: Templates;
  }
}

/** What each kind of fresh database is copied from: a file of dumped files, or a database's name. */
interface Templates {
  migrated: string;
  seeded: string;
}

export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const suffix = randomBytes(6).toString('hex');
    const names = { migrated: `salon_template_${suffix}`, seeded: `salon_template_seeded_${suffix}` };
    await adminQuery(base, `create database ${names.migrated}`);
    // Migrated as the server migrates, then seeded in a copy; each closed, so that nobody is
    // connected when it is copied.
    await (await openDatabase({ url: databaseUrl(base, names.migrated) })).close();
    await adminQuery(base, `create database ${names.seeded} template ${names.migrated}`);
    const seeded = await openDatabase({ url: databaseUrl(base, names.seeded) });
    await seedForTests(seeded.db);
    await seeded.close();
    project.provide('postgresTemplates', names);
    return async () => {
      for (const name of Object.values(names)) await adminQuery(base, `drop database if exists ${name} with (force)`);
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'salon-template-'));
  const files = { migrated: path.join(dir, 'migrated.tar'), seeded: path.join(dir, 'seeded.tar') };
  const db = new PGlite({ extensions: { pg_trgm } });
  await migratePglite(drizzlePglite(db), { migrationsFolder });
  await writeFile(files.migrated, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  await seedForTests(drizzlePglite(db, { schema }));
  await writeFile(files.seeded, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplates', files);
  return () => rm(dir, { recursive: true, force: true });
}
