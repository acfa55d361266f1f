import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../config/env';

/**
 * What backup.ts and restore.ts share: their error, the row counts they print, the PGlite
 * directory and the check that no server has it open, and PostgreSQL's client tools.
 */

export class BackupError extends Error {}

/** Tables whose row counts are printed after a backup or a restore. */
const COUNTED = ['users', 'registrations', 'scans', 'media_files', 'mail_outbox'] as const;

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

export function pgliteDir(config: Config): string {
  return path.join(config.DATA_DIR, 'pglite');
}

export async function countRows(query: Query): Promise<Record<string, number>> {
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

export function assertNotInUse(dir: string, warn: (line: string) => void): void {
  const users = processesUsing(dir);
  if (users === null) warn(`Cannot tell whether a server uses ${dir} (no /proc, no lsof): make sure it is stopped.`);
  else if (users.length) {
    throw new BackupError(
      `${dir} is open in process ${users.join(', ')}: stop the server first (PGlite allows one process at a time).`,
    );
  }
}

export async function openPglite(dir: string) {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  // The extensions openDatabase loads: the dump creates them.
  return new PGlite(dir, { extensions: { pg_trgm } });
}

/** Connection arguments without the password, which goes in PGPASSWORD: argv is visible to `ps`. */
export function libpqArgs(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** The major version of a PostgreSQL client tool, or a clear error when it is not installed. */
export async function toolMajor(tool: string, serverMajor?: number): Promise<number> {
  const install = `install the PostgreSQL client tools (Debian: apt-get install postgresql-client${serverMajor ? `-${serverMajor}` : ''})`;
  try {
    const { stdout } = await promisify(execFile)(tool, ['--version']);
    return Number(/\(PostgreSQL\) (\d+)/.exec(stdout)?.[1]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`${tool} not found: ${install}.`);
    throw err;
  }
}

export async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs a PostgreSQL client tool, feeding it `input` if given; its stderr is the error's message. */
export async function run(
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
