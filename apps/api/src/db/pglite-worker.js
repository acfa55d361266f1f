// @ts-check
/**
 * The embedded database's thread: it owns the PGlite instance, so a slow query (an export, a
 * dashboard) runs here while the API's thread keeps answering. client.ts starts it and speaks to
 * it through pglite-channel.ts. Plain JavaScript: Node runs it as it is under tsx, Vitest and the
 * built server (dist/pglite-worker.js), where a TypeScript worker would need a loader.
 *
 * Messages in: { id, op: 'query' | 'exec', sql, params?, rowMode?, raw, tx? } (raw: the type OIDs
 * the caller parses itself, left as text here), { id, op: 'begin' } (answers a transaction's id
 * once it holds PGlite's lock), { id, op: 'commit' | 'rollback', tx }, { id, op: 'close' }.
 * Messages out: { ready: true } or { fatal }, then { id, result } or { id, error }.
 */
import { Blob } from 'node:buffer';
import process from 'node:process';
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (!parentPort) {
  // `node pglite-worker.js DIR`: creates the database in the new directory DIR and exits. initdb
  // leaves about 100 MB of the C library's heap behind, which only the end of its process returns.
  const created = new PGlite(process.argv[2]);
  await created.waitReady;
  await created.close();
  process.exit(0);
}
const port = parentPort;

/** @type {{ dataDir?: string; settings: string[]; loadDataDir?: Uint8Array }} */
const { dataDir, settings, loadDataDir } = workerData;
// pg_trgm backs the directory's company search index (migration 0001 creates the extension).
// `settings` are `-c name=value` pairs added to PGlite's own start parameters (memory).
// `loadDataDir`: the files of a database dumped by `dumpDataDir`, to start from a copy of it in
// memory instead of creating one (the API suite's migrated database, test/global-setup.ts).
const options = {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, ...settings.flatMap((s) => ['-c', s])],
  ...(loadDataDir && { loadDataDir: new Blob([loadDataDir]) }),
};
const db = dataDir ? new PGlite(dataDir, options) : new PGlite(options);

/** @type {Map<number, { tx: import('@electric-sql/pglite').Transaction; end: (commit: boolean) => void; settled: Promise<unknown> }>} */
const transactions = new Map();
let lastTx = 0;
const ROLLBACK = Symbol('rollback');

/** @type {Map<string, Record<number, (value: string) => string>>} */
const rawParsers = new Map();
/** Parsers that leave the given types as PostgreSQL's text (the caller applies its own functions). */
function keepText(/** @type {number[]} */ oids) {
  const key = oids.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(oids.map((oid) => [oid, (/** @type {string} */ value) => value]));
    rawParsers.set(key, parsers);
  }
  return parsers;
}

/** What crosses to the other thread: the fields of a results object, without its functions. */
function plain(/** @type {import('@electric-sql/pglite').Results} */ r) {
  return { rows: r.rows, affectedRows: r.affectedRows, fields: r.fields };
}

/** An error as data: message, PostgreSQL's code, detail, constraint… (whatever is cloneable). */
function errorData(/** @type {unknown} */ err) {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  /** @type {Record<string, unknown>} */
  const out = { name: err.name, message: err.message, stack: err.stack };
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  return out;
}

function begin() {
  const id = ++lastTx;
  /** @type {(commit: boolean) => void} */
  let end = () => undefined;
  const ended = new Promise((resolve) => (end = resolve));
  /** @type {(value: number) => void} */
  let started = () => undefined;
  const holding = new Promise((resolve) => (started = resolve));
  // PGlite's transaction holds its lock until the callback returns: every other query and
  // transaction waits, as when PGlite ran in the API's thread.
  const settled = db
    .transaction(async (tx) => {
      transactions.set(id, { tx, end, settled });
      started(id);
      if (!(await ended)) throw ROLLBACK;
    })
    .catch((/** @type {unknown} */ err) => {
      if (err !== ROLLBACK) throw err;
    })
    .finally(() => transactions.delete(id));
  // BEGIN itself failing (it does not, but then the caller must hear of it).
  return Promise.race([holding, settled.then(() => id)]);
}

/**
 * Statements parsed and planned once, by their text. PGlite's own `query` sends Parse, Describe,
 * Bind, Describe, Execute and Sync to PostgreSQL one call at a time and plans the statement every
 * time: about 0.8 ms for a lookup by id, where binding a statement prepared once, in one call,
 * takes about 0.1 ms (and the directory's search saves its 0.5–0.9 ms of planning). PostgreSQL's
 * plan cache then decides, as for any prepared statement, whether a generic plan serves. The
 * least recently used statement is closed past MAX_STATEMENTS (the back-office's searches make
 * many shapes).
 * @type {Map<string, { name: string; types: number[] }>}
 */
const statements = new Map();
const MAX_STATEMENTS = 200;
let lastStatement = 0;
const { serialize } = protocol;

/** Protocol messages sent to PostgreSQL in one call; the closing Sync leaves the session clean after an error. */
function send(/** @type {Uint8Array[]} */ messages) {
  const bytes = new Uint8Array(messages.reduce((n, m) => n + m.length, 0));
  let at = 0;
  for (const m of messages) {
    bytes.set(m, at);
    at += m.length;
  }
  return db.execProtocolStream(bytes, { syncToFs: false });
}

const INT8 = 20;
const LIMIT_PARAM = /\blimit \$(\d+)/gi;

/**
 * The statement's text with each `limit $n` whose value is a whole number written as that number,
 * and the types to declare (int8 for the parameters no longer named in the text, 0, inferred, for
 * the others). PGlite plans each statement once, generically (client.ts), and a generic plan takes
 * an unknown LIMIT to keep a tenth of the rows: it then joins a page of 50 as if it held thousands
 * (hash joins over whole tables; the collaborators' page of 'Mes scans' took twice the time).
 */
function withLimits(/** @type {string} */ text, /** @type {unknown[] | undefined} */ params) {
  /** @type {number[]} */
  const types = [];
  const written = text.replace(LIMIT_PARAM, (whole, /** @type {string} */ n) => {
    const value = params?.[Number(n) - 1];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) return whole;
    types[Number(n) - 1] = INT8;
    return `limit ${value}`;
  });
  return { text: written, types: Array.from(types, (t) => t ?? 0) };
}

/** The named statement for this text, prepared now if it is new (under PGlite's query lock). */
async function statement(/** @type {string} */ sql, /** @type {unknown[] | undefined} */ params) {
  const { text, types: declared } = withLimits(sql, params);
  const known = statements.get(text);
  if (known) {
    statements.delete(text);
    statements.set(text, known);
    return known;
  }
  const name = `s${++lastStatement}`;
  const described = await send([
    serialize.parse({ name, text, types: declared }),
    serialize.describe({ type: 'S', name }),
    serialize.sync(),
  ]);
  const prepared = { name, types: parse.parseDescribeStatementResults(described) };
  statements.set(text, prepared);
  if (statements.size > MAX_STATEMENTS) {
    const [oldest, { name: closed }] = /** @type {[string, { name: string }]} */ (statements.entries().next().value);
    statements.delete(oldest);
    await send([serialize.close({ type: 'S', name: closed }), serialize.sync()]);
  }
  return prepared;
}

/**
 * `query` on a prepared statement, with PGlite's locks, parameters and results as its `query`
 * has them: outside a transaction it takes both of PGlite's locks (no transaction is open
 * meanwhile) and saves to disk after; inside one, the transaction already holds the first.
 */
async function preparedQuery(/** @type {any} */ m, /** @type {import('@electric-sql/pglite').QueryOptions} */ opts) {
  const run = async () => {
    const { name, types } = await statement(m.sql, m.params);
    const values = (m.params ?? []).map((/** @type {any} */ value, /** @type {number} */ i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[types[i] ?? 0];
      return serializer ? serializer(value) : value.toString();
    });
    const messages = await send([
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    return parse.parseResults(messages, db.parsers, opts)[0];
  };
  if (m.tx) {
    if (!transactions.has(m.tx)) throw new Error('Transaction is closed');
    return db.runExclusive(run);
  }
  const results = await db._runExclusiveTransaction(() => db.runExclusive(run));
  await db.syncToFs();
  return results;
}

async function run(/** @type {any} */ m) {
  switch (m.op) {
    case 'query':
    case 'exec': {
      const target = m.tx ? transactions.get(m.tx)?.tx : db;
      if (!target) throw new Error('Transaction is closed');
      const opts = { rowMode: m.rowMode, parsers: keepText(m.raw) };
      if (m.op === 'query') return plain(/** @type {any} */ (await preparedQuery(m, opts)));
      return (await target.exec(m.sql, opts)).map(plain);
    }
    case 'begin':
      return begin();
    case 'commit':
    case 'rollback': {
      const t = transactions.get(m.tx);
      if (!t) throw new Error('Transaction is closed');
      t.end(m.op === 'commit');
      await t.settled;
      return null;
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`pglite-worker: unknown operation ${m.op}`);
  }
}

port.on('message', (/** @type {any} */ m) => {
  run(m).then(
    (result) => {
      port.postMessage({ id: m.id, result });
      if (m.op === 'close') port.close();
    },
    (err) => port.postMessage({ id: m.id, error: errorData(err) }),
  );
});

/**
 * Opening PGlite leaves garbage this thread's heap does not notice: the unpacked start files and,
 * for a new directory, initdb's whole WebAssembly instance (about 300 MB resident in all). Little
 * JavaScript runs here, so V8 would not collect them for hours: one full collection once open
 * returns them to the system. `gc` exists only with --expose-gc, which a worker cannot be given.
 */
function collectGarbage() {
  v8.setFlagsFromString('--expose-gc');
  /** @type {() => void} */ (vm.runInNewContext('gc'))();
}

db.waitReady.then(
  () => {
    collectGarbage();
    port.postMessage({ ready: true });
  },
  (err) => port.postMessage({ fatal: errorData(err) }),
);
