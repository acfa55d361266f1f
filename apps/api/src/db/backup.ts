import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Config } from '../config/env';
import {
  assertNotInUse,
  BackupError,
  countRows,
  libpqArgs,
  openPglite,
  pgliteDir,
  run,
  toolMajor,
  withClient,
} from './backup-tools';

/**
 * `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts). One format for
 * both databases: pg_dump's plain SQL with INSERT statements, gzipped. PGlite's pg_dump (compiled
 * to WebAssembly by @electric-sql/pglite-tools) writes only that, pg_dump's custom format of
 * PostgreSQL 18 is unreadable by older pg_restore, and PGlite cannot load COPY data from a script:
 * so a laptop's PGlite backup restores into PostgreSQL, and a PostgreSQL backup into PGlite.
 * Generated keys (DATA_DIR/secrets) are not in the dump: see generatedSecrets. The restore is
 * in restore.ts, what both share in backup-tools.ts.
 */

/** DATA_DIR/backups (owner-only like DATA_DIR: a dump holds password hashes and personal data). */
export function defaultBackupFile(config: Config, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return path.join(config.DATA_DIR, 'backups', `salon-${stamp}.sql.gz`);
}

/** The keys this server reads from DATA_DIR/secrets because the environment does not set them. */
export function generatedSecrets(config: Config, env: NodeJS.ProcessEnv = process.env): string[] {
  const files = [...(env.BADGE_PRIVATE_KEY ? [] : ['badge-ed25519.pem']), ...(env.JWT_SECRET ? [] : ['jwt'])];
  return files.map((name) => path.join(config.DATA_DIR, 'secrets', name));
}

/** Writes `file` through a temporary name, so that a failed backup never looks like a backup. */
async function writeAtomically(file: string, write: (out: NodeJS.WritableStream) => Promise<void>): Promise<void> {
  if (existsSync(file)) throw new BackupError(`${file} exists already: give another file name.`);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  try {
    await write(createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  counts: Record<string, number>;
}

export async function backup(
  config: Config,
  file = defaultBackupFile(config),
  warn: (line: string) => void = console.warn,
): Promise<BackupResult> {
  let counts: Record<string, number>;
  if (config.DATABASE_URL) {
    const { url, env } = libpqArgs(config.DATABASE_URL);
    const [serverMajor, serverCounts] = await withClient(config.DATABASE_URL, async (client) => {
      const { rows } = await client.query<{ v: string }>(`select current_setting('server_version_num') as v`);
      return [Math.floor(Number(rows[0]!.v) / 10000), await countRows((text) => client.query(text))] as const;
    });
    const major = await toolMajor('pg_dump', serverMajor);
    if (major < serverMajor) {
      throw new BackupError(
        `pg_dump ${major} cannot dump a PostgreSQL ${serverMajor} server: install postgresql-client-${serverMajor} (or later).`,
      );
    }
    counts = serverCounts;
    // --inserts: what PGlite can load (and what PGlite's own pg_dump writes). One row per INSERT:
    // a statement is at most one upload (PostgreSQL refuses a query string over 1 GB).
    const args = ['--dbname', url, '--no-owner', '--no-privileges', '--inserts'];
    await writeAtomically(file, async (output) => {
      const gzip = createGzip();
      await Promise.all([run('pg_dump', args, env, { output: gzip }), pipeline(gzip, output)]);
    });
  } else {
    const dir = pgliteDir(config);
    if (!existsSync(dir)) throw new BackupError(`No database at ${dir}: nothing to back up.`);
    assertNotInUse(dir, warn);
    const db = await openPglite(dir);
    try {
      const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
      const dump = await pgDump({ pg: db, args: ['--no-owner', '--no-privileges'] });
      // PostgreSQL 18's pg_dump sets transaction_timeout, which servers before 17 refuse; 0 is its
      // default anyway. Only the header's line is dropped (the first), never a line of data.
      const text = (await dump.text()).replace(/^SET transaction_timeout = 0;\n/m, '');
      counts = await countRows((q) => db.query(q));
      await writeAtomically(file, (output) => pipeline(Readable.from([text]), createGzip(), output));
    } finally {
      await db.close();
    }
  }
  return { file, bytes: (await stat(file)).size, counts };
}
