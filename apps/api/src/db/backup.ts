import { execFile, execFileSync, spawn } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
} from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, createGzip, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../config/env';
import { keysProblem } from '../domains/auth/instance-keys';
import { openDatabase, queryRows } from './client';
import { buildMigrations, migrationsState, newerDatabaseProblem } from './migrations-state';
import { publishedPasswordProblem } from './seed';

/**
 * `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts). One format for
 * both databases: pg_dump's plain SQL with INSERT statements, gzipped. PGlite's pg_dump (compiled
 * to WebAssembly by @electric-sql/pglite-tools) writes only that, pg_dump's custom format of
 * PostgreSQL 18 is unreadable by older pg_restore, and PGlite cannot load COPY data from a script:
 * so a laptop's PGlite backup restores into PostgreSQL, and a PostgreSQL backup into PGlite.
 * Generated keys (DATA_DIR/secrets) are not in the dump: see generatedSecrets.
 */

export class BackupError extends Error {}

/** Tables whose row counts are printed after a backup or a restore. */
const COUNTED = ['users', 'registrations', 'scans', 'media_files', 'mail_outbox'] as const;

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

export function pgliteDir(config: Config): string {
  return path.join(config.DATA_DIR, 'pglite');
}

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

async function countRows(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    const [exists] = (await query(`select to_regclass('public.${table}') is not null as ok`)).rows;
    if (!exists?.ok) continue;
    const [row] = (await query(`select count(*)::int as n from public.${table}`)).rows;
    counts[table] = Number(row?.n);
  }
  return counts;
}

export function describeCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');
}

/**
 * The processes that have files under `dir` open, or null when this system cannot tell. PGlite
 * writes no lock file, but a running PGlite always keeps its catalog files open, and two processes
 * on one directory corrupt it.
 */
export function processesUsing(dir: string): string[] | null {
  const real = realpathSync(dir) + path.sep;
  if (existsSync('/proc/self/fd')) {
    const found: string[] = [];
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let fds: string[];
      try {
        fds = readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue; // gone, or another user's (who cannot enter an owner-only DATA_DIR anyway)
      }
      const holds = fds.some((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(real);
        } catch {
          return false;
        }
      });
      if (!holds) continue;
      let command = '';
      try {
        command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      } catch {
        // it ended meanwhile: its pid still names it
      }
      // The end of a long command line names the script (tsx's own options come first).
      found.push(command ? `${pid} (${command.length > 80 ? `…${command.slice(-79)}` : command})` : pid);
    }
    return found;
  }
  try {
    // macOS and other systems without /proc. lsof exits 1 when no process has a file open there.
    return execFileSync('lsof', ['-t', '+D', dir], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? null : [];
  }
}

function assertNotInUse(dir: string, warn: (line: string) => void): void {
  const users = processesUsing(dir);
  if (users === null) warn(`Cannot tell whether a server uses ${dir} (no /proc, no lsof): make sure it is stopped.`);
  else if (users.length) {
    throw new BackupError(
      `${dir} is open in process ${users.join(', ')}: stop the server first (PGlite allows one process at a time).`,
    );
  }
}

async function openPglite(dir: string) {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  // The extensions openDatabase loads: the dump creates them.
  return new PGlite(dir, { extensions: { pg_trgm } });
}

/** Connection arguments without the password, which goes in PGPASSWORD: argv is visible to `ps`. */
function libpqArgs(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** The major version of a PostgreSQL client tool, or a clear error when it is not installed. */
async function toolMajor(tool: string, serverMajor?: number): Promise<number> {
  const install = `install the PostgreSQL client tools (Debian: apt-get install postgresql-client${serverMajor ? `-${serverMajor}` : ''})`;
  try {
    const { stdout } = await promisify(execFile)(tool, ['--version']);
    return Number(/\(PostgreSQL\) (\d+)/.exec(stdout)?.[1]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`${tool} not found: ${install}.`);
    throw err;
  }
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs a PostgreSQL client tool, feeding it `input` if given; its stderr is the error's message. */
async function run(
  tool: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  io: { input?: Readable; output?: NodeJS.WritableStream },
) {
  const child = spawn(tool, args, {
    env,
    stdio: [io.input ? 'pipe' : 'ignore', io.output ? 'pipe' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
  const streams: Promise<void>[] = [];
  if (io.input) streams.push(pipeline(io.input, child.stdin!));
  if (io.output) streams.push(pipeline(child.stdout!, io.output));
  // A stream broken by the tool's exit says less than the tool's own message.
  const streamed = Promise.all(streams).then(
    () => null,
    (err: unknown) => err,
  );
  const code = await exited;
  const streamError = await streamed;
  if (code !== 0) {
    const cause = streamError instanceof Error ? ` (its input: ${streamError.message})` : '';
    throw new BackupError(`${tool} failed (exit ${code}): ${stderr.trim()}${cause}`);
  }
  if (streamError) throw streamError;
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
