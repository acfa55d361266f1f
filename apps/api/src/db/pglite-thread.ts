import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { messages, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * The API thread's side of the embedded database: what drizzle-orm's PGlite driver, its migrator
 * and backup/restore call on a PGlite (`query`, `exec`, `transaction`, `close`), each call sent to
 * the worker thread that owns PGlite (pglite-worker.js). See decision 024.
 *
 * - Parsers are functions, which cannot cross threads: the worker leaves the types they name as
 *   PostgreSQL's text and they run here (drizzle's only keep timestamps, dates and intervals as text).
 * - Errors come back with PostgreSQL's fields (code, detail, constraint…) on PGlite's own
 *   DatabaseError, and the query and parameters as PGlite attaches them.
 * - A transaction holds PGlite's lock in the worker from BEGIN to COMMIT: other queries wait.
 * - The worker keeps the process alive only while a call is pending; if it dies, every pending and
 *   later call fails at once with the reason (the health check then reports the database down).
 */

type Params = unknown[] | undefined;

export interface PgliteTx {
  query<T>(sql: string, params?: Params, options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  /** Rolls back and ends the transaction, as PGlite's does (drizzle throws instead). */
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PgliteThread {
  query<T>(sql: string, params?: Params, options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(fn: (tx: PgliteTx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly closed: boolean;
}

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> };

/** An error from the worker as the caller would have had it from PGlite in this thread. */
function rebuildError(data: Record<string, unknown>): Error {
  const { name, message, stack, ...fields } = data as {
    name: string;
    message: string;
    stack?: string;
    length?: number;
  };
  const err: Error =
    name === 'DatabaseError'
      ? new messages.DatabaseError(message, Number(fields.length ?? 0), 'error')
      : new Error(message);
  Object.assign(err, fields);
  err.name = name;
  // Where PGlite failed, in the worker (this thread's stack would only show the message port).
  if (stack) err.stack = stack;
  return err;
}

/** Runs the caller's parsers on the columns of the types they name (the worker left them as text). */
function applyParsers(results: Results, options?: QueryOptions): Results {
  const parsers = options?.parsers;
  if (!parsers) return results;
  const arrays = options.rowMode === 'array';
  results.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = arrays ? index : field.name;
    for (const row of results.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (typeof value === 'string')
        row[key] = (parse as (v: string, typeId: number) => unknown)(value, field.dataTypeID);
    }
  });
  return results;
}

const rawTypes = (options?: QueryOptions) => (options?.parsers ? Object.keys(options.parsers).map(Number) : []);

/** Starts the database's thread; resolves once PGlite is open (data directory created if new). */
export async function startPgliteThread(
  dataDir: string | undefined,
  settings: string[],
  loadDataDir?: Uint8Array,
): Promise<PgliteThread> {
  // dist/server.js and dist/pglite-worker.js sit side by side, as do src/db/client.ts and this one.
  const file = new URL('./pglite-worker.js', import.meta.url);
  // A new directory is created by a process of its own (see pglite-worker.js): the server then
  // opens it as on any later start, without initdb's leftovers.
  if (dataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await promisify(execFile)(process.execPath, [fileURLToPath(file), dataDir]);
  }
  // Plain JavaScript: none of this process's options (a TypeScript loader, --input-type) applies.
  const worker = new Worker(file, { workerData: { dataDir, settings, loadDataDir }, execArgv: [] });
  const pending = new Map<
    number,
    { resolve: (r: unknown) => void; reject: (e: Error) => void; sql?: string; params?: Params }
  >();
  let lastId = 0;
  let dead: Error | undefined;
  let closing = false;

  const fail = (err: Error) => {
    dead ??= err;
    for (const p of pending.values()) p.reject(dead);
    pending.clear();
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: Reply & { ready?: true; fatal?: Record<string, unknown> }) => {
      if (m.ready) return resolve();
      if (m.fatal) {
        const err = rebuildError(m.fatal);
        fail(err);
        void worker.terminate();
        return reject(err);
      }
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (pending.size === 0) worker.unref();
      // PGlite attaches the query and its parameters to its errors.
      if (m.error)
        p.reject(
          p.sql === undefined
            ? rebuildError(m.error)
            : Object.assign(rebuildError(m.error), { query: p.sql, params: p.params }),
        );
      else p.resolve(m.result);
    });
    worker.on('error', (err) => {
      console.error(`The embedded database's thread failed: ${err.stack ?? err.message}`);
      fail(new Error(`The embedded database stopped: ${err.message}`));
      reject(err);
    });
    worker.on('exit', (code) => {
      const err = new Error(
        `The embedded database ${closing ? 'is closed' : `stopped (its thread exited with ${code})`}`,
      );
      if (!closing && !dead) console.error(err.message);
      fail(err);
      reject(err);
    });
  });

  function call<T>(message: Record<string, unknown>, sql?: string, params?: Params): Promise<T> {
    if (dead) return Promise.reject(dead);
    const id = ++lastId;
    // Alive while a call waits for its answer, never because of an idle database.
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (r: unknown) => void, reject, sql, params });
      worker.postMessage({ ...message, id });
    });
  }

  const runQuery = async <T>(sql: string, params: Params, options: QueryOptions | undefined, tx?: number) =>
    applyParsers(
      await call<Results>(
        { op: 'query', sql, params, rowMode: options?.rowMode, raw: rawTypes(options), tx },
        sql,
        params,
      ),
      options,
    ) as Results<T>;
  const runExec = async (sql: string, options: QueryOptions | undefined, tx?: number) =>
    (await call<Results[]>({ op: 'exec', sql, rowMode: options?.rowMode, raw: rawTypes(options), tx }, sql)).map((r) =>
      applyParsers(r, options),
    );

  // Referenced while PGlite opens (a script awaiting it must not end meanwhile), then only while
  // a call is pending.
  await ready;
  if (pending.size === 0) worker.unref();
  ready.catch(() => undefined); // later failures are reported through `fail`

  return {
    query: (sql, params, options) => runQuery(sql, params, options),
    exec: (sql, options) => runExec(sql, options),
    async transaction<T>(fn: (tx: PgliteTx) => Promise<T>): Promise<T> {
      const id = await call<number>({ op: 'begin' });
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const end = async (commit: boolean) => {
        if (closed) return;
        closed = true;
        await call({ op: commit ? 'commit' : 'rollback', tx: id });
      };
      const tx: PgliteTx = {
        query: async (sql, params, options) => (open(), runQuery(sql, params, options, id)),
        exec: async (sql, options) => (open(), runExec(sql, options, id)),
        rollback: () => end(false),
        get closed() {
          return closed;
        },
      };
      let result: T;
      try {
        result = await fn(tx);
      } catch (err) {
        await end(false).catch(() => undefined); // the caller's error says more than the rollback's
        throw err;
      }
      await end(true);
      return result;
    },
    async close() {
      if (closing || dead) return;
      closing = true;
      await call({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
    get closed() {
      return closing || !!dead;
    },
  };
}
