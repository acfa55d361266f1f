import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Config } from '../config/env';
import { keysProblem } from '../domains/auth/instance-keys';
import {
  assertNotInUse,
  BackupError,
  countRows,
  describeCounts,
  libpqArgs,
  openPglite,
  pgliteDir,
  run,
  toolMajor,
  withClient,
} from './backup-tools';
import { openDatabase, queryRows } from './client';
import { buildMigrations, migrationsState, newerDatabaseProblem } from './migrations-state';
import { publishedPasswordProblem } from './seed';

/** `npm run restore` (scripts/restore.ts): loads a dump in the format backup.ts describes. */

async function readSql(file: string): Promise<string> {
  const bytes = await readFile(file);
  try {
    return (isGzip(bytes) ? gunzipSync(bytes) : bytes).toString('utf8');
  } catch (err) {
    throw new BackupError(`${file} cannot be read (${(err as Error).message}): a copy cut short?`);
  }
}

const isGzip = (head: Buffer) => head[0] === 0x1f && head[1] === 0x8b;

/**
 * The dump without psql's `\restrict KEY` and `\unrestrict KEY` lines (pg_dump 15.14 and later
 * write them; PGlite runs SQL, not psql commands). KEY is random per dump, so no data can match.
 */
function withoutPsqlCommands(sql: string): string {
  const key = /^\\restrict (\S+)$/m.exec(sql.slice(0, 4096))?.[1];
  if (!key) return sql;
  return sql.replace(`\\restrict ${key}\n`, '').replace(`\n\\unrestrict ${key}\n`, '\n');
}

export interface RestoreResult {
  counts: Record<string, number>;
  /** What --force erased before the restore. */
  erased?: Record<string, number>;
  /**
   * Why the server would refuse to start on the restored database with this configuration (e.g.
   * other keys than the backup's server, whose fingerprints the dump holds), or null.
   */
  startProblem: string | null;
}

const refusal = (what: string, counts: Record<string, number>) =>
  new BackupError(
    `${what} (${describeCounts(counts) || 'no rows counted'}): restore goes only ` +
      'into an empty one. To replace it, npm run backup first if you may need it, then npm run restore -- --force FILE.',
  );

/**
 * Loads a dump into an empty database (the server stopped), then applies the migrations this
 * build has and the dump lacks, as the server's start would. With `force`, what the target holds
 * is replaced only once the dump has loaded: a failed restore leaves it as it was.
 */
export async function restore(
  config: Config,
  file: string,
  options: { force?: boolean; warn?: (line: string) => void } = {},
): Promise<RestoreResult> {
  const warn = options.warn ?? console.warn;
  const handle = await open(file).catch(() => {
    throw new BackupError(`${file}: no such file.`);
  });
  const { buffer: head } = await handle.read(Buffer.alloc(5), 0, 5, 0);
  await handle.close();
  const custom = head.toString('latin1') === 'PGDMP';
  let erased: Record<string, number> | undefined;

  if (config.DATABASE_URL) {
    const { url, env } = libpqArgs(config.DATABASE_URL);
    const [tables, counts] = await withClient(config.DATABASE_URL, async (client) => {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
         where s.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')`,
      );
      return [rows[0]!.n, await countRows((text) => client.query(text))] as const;
    });
    if (tables && !options.force) throw refusal(`DATABASE_URL's database already has tables`, counts);
    if (tables) erased = counts;
    await toolMajor('psql');
    let dump: AsyncIterable<Buffer>;
    let converted = Promise.resolve();
    if (custom) {
      // A custom-format archive (pg_dump -Fc, made elsewhere): pg_restore turns it into SQL.
      await toolMajor('pg_restore');
      const output = new PassThrough();
      dump = output;
      converted = run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--file=-', file], env, {
        output,
      });
      converted.catch(() => undefined); // awaited below, unless psql stopped first
    } else {
      const raw = createReadStream(file);
      const gunzip = createGunzip();
      if (isGzip(head)) pipeline(raw, gunzip).catch(() => undefined); // its error reaches the reader of gunzip
      dump = isGzip(head) ? gunzip : raw;
    }
    // One transaction, committed only once the whole dump went through: a truncated file or a
    // failed statement (psql stops at it) leaves the database as it was, erased tables included.
    const erase = tables
      ? 'drop schema if exists drizzle cascade; drop schema public cascade; create schema public;'
      : '';
    const feed = async function* () {
      yield Buffer.from(`set client_min_messages = warning;\nbegin;\n${erase}\n`); // no notice of each dropped table
      yield* dump;
      await converted;
      yield Buffer.from('\ncommit;\n');
    };
    await run('psql', ['--no-psqlrc', '--quiet', '-v', 'ON_ERROR_STOP=1', '--dbname', url], env, {
      input: Readable.from(feed()),
    });
  } else {
    if (custom) {
      throw new BackupError(
        `${file} is a pg_dump custom-format archive, which only PostgreSQL loads: restore it there, or use a backup made by npm run backup.`,
      );
    }
    const dir = pgliteDir(config);
    if (existsSync(dir) && readdirSync(dir).length) {
      assertNotInUse(dir, warn);
      const existing = await openPglite(dir);
      const counts = await countRows((q) => existing.query(q)).finally(() => existing.close());
      if (!options.force) throw refusal(`${dir} already holds a database`, counts);
      erased = counts;
    }
    const dump = withoutPsqlCommands(await readSql(file));
    const loading = `${dir}.restoring`;
    await rm(loading, { recursive: true, force: true });
    const db = await openPglite(loading);
    try {
      // One simple query: PostgreSQL runs its statements as one transaction, all or nothing.
      await db.exec(dump);
      await db.close();
    } catch (err) {
      await db.close().catch(() => undefined);
      await rm(loading, { recursive: true, force: true });
      const copy = /^COPY .* FROM stdin;$/m.test(dump)
        ? ' (COPY data: PGlite loads INSERT dumps, as npm run backup writes)'
        : '';
      throw new BackupError(`Restore failed${copy}; ${dir} is as it was: ${(err as Error).message}`);
    }
    await rm(dir, { recursive: true, force: true });
    await rename(loading, dir);
  }
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: pgliteDir(config) },
  );
  try {
    const counts = await countRows(async (text) => ({ rows: await queryRows(database.db, sql.raw(text)) }));
    // The server's own start checks, in its order (keysProblem records this machine's keys when
    // the dump has none, as a start would).
    const startProblem =
      newerDatabaseProblem(await migrationsState(database.db, buildMigrations())) ??
      (await publishedPasswordProblem(database.db, config)) ??
      (await keysProblem(database.db, config));
    return { counts, erased, startProblem };
  } finally {
    await database.close();
  }
}
