/**
 * What bench/peak.ts and bench/crash.ts share: a cluster of their own run by `npm run cluster`
 * (scripts/cluster.ts) in a temporary CLUSTER_DIR on other ports, an SMTP server that records
 * every mail (smtp-recorder.ts), an HTTPS client for Caddy's own certificate, per-endpoint
 * figures, the home page's registration under load, the checks of what the database holds and
 * the CPU each process used. Everything started here is stopped on the way out, also on Ctrl-C.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type pg from 'pg';
import { EVENT_ID, XSRF_HEADER } from '@salon/shared';
import { createBadgeSigner } from '../apps/api/src/domains/badges/badge-token';
import { ms, percentile, verdict } from './lib/stats';
import { root } from './start-server';

// ---------------------------------------------------------------------------------------------
// Ctrl-C: every wait of the bench ends with it, so that each `finally` (cluster, sink, database)
// runs on the way out.
// ---------------------------------------------------------------------------------------------

let interrupt: (reason: Error) => void = () => undefined;
const interrupted = new Promise<never>((_, reject) => {
  interrupt = reject;
});
interrupted.catch(() => undefined);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.error(`\n${signal}: stopping what the bench started…`);
    interrupt(new Error(`interrupted (${signal})`));
  });
}
let stopping = false;
// A failure that escapes the bench's own code takes the same way out as Ctrl-C.
process.on('uncaughtException', (err) => {
  console.error(err);
  if (stopping) process.exit(1);
  stopping = true;
  interrupt(err);
});

/**
 * Pids of what the bench started, killed on the way out whatever happens: even when the `finally`
 * blocks did not run, no instance, proxy or SMTP server outlives the bench.
 */
const lastResort = new Set<() => number[]>();
process.on('exit', () => {
  for (const pids of lastResort) {
    for (const pid of pids()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
});

/** `work`, or the interruption, whichever comes first. */
export function orInterrupt<T>(work: Promise<T>): Promise<T> {
  return Promise.race([work, interrupted]);
}

export const sleep = (ms: number) => orInterrupt(new Promise<void>((r) => setTimeout(r, Math.max(0, ms))));

/** A wait of about `ms`, ±25%: devices do not all tick together. */
export const jitter = (ms: number) => ms * (0.75 + Math.random() / 2);

// ---------------------------------------------------------------------------------------------
// The cluster
// ---------------------------------------------------------------------------------------------

/** True when nothing listens on 127.0.0.1:`port`. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** `count` free ports in a row from 3201 up (the demo cluster has 3101–3104), for CLUSTER_FIRST_PORT. */
async function freeRun(count: number, from: number): Promise<number> {
  for (let first = from; first < from + 2000; first += 10) {
    const ports = Array.from({ length: count }, (_, i) => first + i);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return first;
  }
  throw new Error(`no ${count} free ports in a row from ${from}`);
}

export interface ClusterOptions {
  /** Folder name prefix under the system's temporary folder. */
  name: string;
  databaseUrl: string;
  /** A Redis database of its own (rate limits are counted per address: all of ours are 127.0.0.1). */
  redisUrl: string;
  /** Instances of the largest layout the bench starts; the first `instances` ports are used. */
  maxInstances: number;
  /** Variables for the instances (rate limits, SMTP_URL, …). */
  env: Record<string, string>;
}

export interface BenchCluster {
  dir: string;
  url: string;
  httpsPort: number;
  /** Ports of the instances behind Caddy in the current layout (the mailer is not one). */
  ports: number[];
  /** The key badges are signed with (written in the cluster's secrets before its start). */
  badgeKey: string;
  /** `npm run cluster -- <command>` with this cluster's variables; resolves once it is done. */
  run(command: 'start' | 'restart' | 'stop' | 'status', env?: Record<string, string>): Promise<string>;
  /** Sets how many instances the next start runs. */
  resize(instances: number): void;
  /** The pid of an instance behind Caddy (by port), the mailer or Caddy, or null when it is not running. */
  pidOf(name: number | 'mailer' | 'caddy'): number | null;
  /** The pids of every API process running: the instances behind Caddy and the mailer. */
  apiPids(): number[];
  /** Every process of the cluster, stopped with SIGTERM then SIGKILL after 15 s. */
  stopAll(): Promise<void>;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits for `pid` to end, `seconds` at most; true when it did. */
export async function exited(pid: number, seconds: number): Promise<boolean> {
  for (let i = 0; i < seconds * 20; i++) {
    if (!alive(pid)) return true;
    await sleep(50);
  }
  return !alive(pid);
}

/**
 * Runs `use` with a cluster of its own (started by `npm run cluster`, which builds first), then
 * stops every process it has and removes its folder (kept, with its logs, when `use` failed).
 */
export async function withCluster<T>(options: ClusterOptions, use: (cluster: BenchCluster) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), `salon-${options.name}-`));
  // The mailer listens on the port after the last instance's.
  const firstPort = await freeRun(options.maxInstances + 1, 3201);
  const httpsPort = await freeRun(1, 8543);
  const httpPort = await freeRun(1, 8180);
  // The secrets are ours, so that the bench signs badges as the instances' key does.
  const badgeKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  writeFileSync(
    path.join(dir, 'secrets.json'),
    JSON.stringify({ JWT_SECRET: randomBytes(48).toString('base64url'), BADGE_PRIVATE_KEY: badgeKey }),
    { mode: 0o600 },
  );
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  let instances = options.maxInstances;
  const layout = () => ({
    CLUSTER_DIR: dir,
    CLUSTER_INSTANCES: String(instances),
    CLUSTER_FIRST_PORT: String(firstPort),
    CLUSTER_HTTPS_PORT: String(httpsPort),
    CLUSTER_HTTP_PORT: String(httpPort),
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
  });
  const running = new Set<ChildProcess>();
  const runDir = path.join(dir, 'run');
  const pidFile = (name: string) => path.join(runDir, `${name}.pid`);
  const pids = () =>
    existsSync(runDir) ? readdirSync(runDir).map((f) => Number(readFileSync(path.join(runDir, f), 'utf8'))) : [];

  const cluster: BenchCluster = {
    dir,
    url: `https://localhost:${httpsPort}`,
    httpsPort,
    get ports() {
      return Array.from({ length: instances }, (_, i) => firstPort + i);
    },
    badgeKey,
    run(command, env = {}) {
      // Its own process group: on Ctrl-C the command (npm, tsx, node) goes with it.
      const child = spawn('npm', ['run', '--silent', 'cluster', '--', command], {
        cwd: root,
        env: { ...process.env, ...options.env, ...env, ...layout() },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      running.add(child);
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const done = new Promise<string>((resolve, reject) => {
        child.once('exit', (code) => {
          running.delete(child);
          writeFileSync(path.join(dir, 'logs', 'bench-cluster-commands.log'), `$ cluster ${command}\n${output}\n`, {
            flag: 'a',
          });
          if (code === 0) resolve(output);
          else reject(new Error(`npm run cluster -- ${command} failed (${code}):\n${output}`));
        });
      });
      return orInterrupt(done);
    },
    resize(n) {
      instances = n;
    },
    pidOf(name) {
      const file = pidFile(typeof name === 'number' ? `api-${name}` : name);
      if (!existsSync(file)) return null;
      const pid = Number(readFileSync(file, 'utf8'));
      return alive(pid) ? pid : null;
    },
    apiPids() {
      return [...cluster.ports, 'mailer' as const].map((n) => cluster.pidOf(n)).filter((p): p is number => p !== null);
    },
    async stopAll() {
      for (const child of running) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      const live = pids().filter(alive);
      for (const pid of live) process.kill(pid, 'SIGTERM');
      for (const pid of live) {
        // Not `sleep`: this runs on the way out of an interruption too.
        for (let i = 0; i < 300 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
        if (alive(pid)) process.kill(pid, 'SIGKILL');
      }
      if (existsSync(runDir)) for (const f of readdirSync(runDir)) rmSync(path.join(runDir, f), { force: true });
    },
  };

  lastResort.add(pids);
  let failed = true;
  try {
    const result = await use(cluster);
    failed = false;
    return result;
  } finally {
    await cluster.stopAll();
    lastResort.delete(pids);
    if (failed) console.error(`The cluster's logs are kept in ${path.join(dir, 'logs')}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The SMTP server that records every mail
// ---------------------------------------------------------------------------------------------

export interface MailRecorder {
  url: string;
  pid: number;
  /** Recipient → when each copy arrived (ms since 1970). */
  received(): Promise<Map<string, number[]>>;
}

export async function withMailRecorder<T>(use: (recorder: MailRecorder) => Promise<T>): Promise<T> {
  const child = fork(path.join(import.meta.dirname, 'smtp-recorder.ts'), [], { execArgv: ['--import', 'tsx'] });
  const pid = () => [child.pid!];
  lastResort.add(pid);
  // A dead recorder shows as a failed question below, not as an unhandled event.
  child.on('error', (err) => console.error(`SMTP recorder: ${err.message}`));
  try {
    const { port } = await orInterrupt(
      new Promise<{ port: number }>((r) => child.once('message', (m) => r(m as never))),
    );
    return await use({
      url: `smtp://127.0.0.1:${port}`,
      pid: child.pid!,
      async received() {
        if (!child.connected) throw new Error(`the SMTP recorder stopped (exit code ${child.exitCode})`);
        const answer = new Promise<{ received: [string, number[]][] }>((r) =>
          child.once('message', (m) => r(m as never)),
        );
        child.send('list');
        return new Map((await orInterrupt(answer)).received);
      },
    });
  } finally {
    child.kill('SIGTERM');
    lastResort.delete(pid);
  }
}

// ---------------------------------------------------------------------------------------------
// HTTPS through Caddy, and the figures of each endpoint
// ---------------------------------------------------------------------------------------------

export interface Reply {
  /** 0 when no answer came (socket error, timeout). */
  status: number;
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
  error?: string;
  /** Milliseconds since the run's start. */
  start: number;
  end: number;
}

/** The run's clock: milliseconds since `resetClock()`. */
let origin = performance.now();
export const resetClock = () => {
  origin = performance.now();
};
export const now = () => performance.now() - origin;

/**
 * Requests to the cluster's Caddy over `connections` keep-alive sockets at most, as a browser or
 * a phone does: TLS with Caddy's own authority (not checked: the bench only), compressed answers.
 */
export class Client {
  private agent: https.Agent;
  constructor(
    private readonly port: number,
    connections: number,
  ) {
    this.agent = new https.Agent({ keepAlive: true, maxSockets: connections, rejectUnauthorized: false });
  }

  request(
    method: string,
    urlPath: string,
    options: { headers?: Record<string, string>; json?: unknown; timeoutMs?: number } = {},
  ): Promise<Reply> {
    const start = now();
    const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
    return new Promise((resolve) => {
      const req = https.request(
        {
          agent: this.agent,
          host: '127.0.0.1',
          port: this.port,
          servername: 'localhost',
          method,
          path: urlPath,
          headers: {
            host: `localhost:${this.port}`,
            'accept-encoding': 'gzip',
            ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
            ...options.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks),
              headers: res.headers,
              start,
              end: now(),
            }),
          );
          res.on('error', (err) =>
            resolve({ status: 0, body: Buffer.alloc(0), headers: {}, error: err.message, start, end: now() }),
          );
        },
      );
      req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error('timeout')));
      req.on('error', (err: NodeJS.ErrnoException) =>
        resolve({ status: 0, body: Buffer.alloc(0), headers: {}, error: err.code ?? err.message, start, end: now() }),
      );
      req.end(body);
    });
  }

  close() {
    this.agent.destroy();
  }
}

/** The answer's JSON (gunzipped when it came compressed). */
export function json<T>(reply: Reply): T {
  const raw = reply.headers['content-encoding'] === 'gzip' ? gunzipSync(reply.body) : reply.body;
  return JSON.parse(raw.toString('utf8')) as T;
}

export interface Failure {
  start: number;
  end: number;
  what: string;
}

/** Requests of one endpoint: latencies of every answer, and what failed. */
export class Endpoint {
  latencies: number[] = [];
  /** Latencies of the 2xx answers alone. */
  okLatencies: number[] = [];
  ok = 0;
  /** 4xx answers the caller expected (none of the benches' calls expects one today). */
  expected = 0;
  failures: Failure[] = [];
  constructor(readonly name: string) {}

  /** Records `reply`; true when it is a 2xx. */
  record(reply: Reply, expected: (status: number) => boolean = () => false): boolean {
    this.latencies.push(reply.end - reply.start);
    if (reply.status >= 200 && reply.status < 300) {
      this.okLatencies.push(reply.end - reply.start);
      this.ok += 1;
      return true;
    }
    if (expected(reply.status)) this.expected += 1;
    else this.failures.push({ start: reply.start, end: reply.end, what: reply.error ?? `HTTP ${reply.status}` });
    return false;
  }

  get requests() {
    return this.latencies.length;
  }

  /** Of every answer (failures included), or of the 2xx alone. */
  percentile(q: number, okOnly = false): number {
    return percentile(okOnly ? this.okLatencies : this.latencies, q);
  }

  /** '502 ×3, ECONNRESET ×1' */
  failureKinds(): string {
    const kinds = new Map<string, number>();
    for (const f of this.failures) kinds.set(f.what, (kinds.get(f.what) ?? 0) + 1);
    return [...kinds].map(([k, n]) => `${k} ×${n}`).join(', ');
  }
}

export { ms, verdict };

// ---------------------------------------------------------------------------------------------
// Sessions and the home page's registration
// ---------------------------------------------------------------------------------------------

/** The XSRF cookie a first answer sets, and the header the web app sends back on state changes. */
export async function xsrfHeaders(client: Client): Promise<Record<string, string>> {
  for (let attempt = 0; ; attempt++) {
    const reply = await client.request('GET', '/backend/api/health/live');
    const cookie = [reply.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('XSRF-TOKEN='));
    if (cookie) {
      const pair = cookie.split(';')[0]!;
      return { cookie: pair, [XSRF_HEADER]: decodeURIComponent(pair.slice(pair.indexOf('=') + 1)) };
    }
    if (attempt > 20) throw new Error(`no XSRF cookie: HTTP ${reply.status} ${reply.error ?? ''}`);
    await sleep(500);
  }
}

/** Signs in on `route` (auth/local, auth/controller, auth/organiser): the headers of that session. */
export async function signIn(
  client: Client,
  route: string,
  email: string,
  password: string,
): Promise<Record<string, string>> {
  const xsrf = await xsrfHeaders(client);
  const reply = await client.request('POST', `/backend/api/${route}`, {
    headers: xsrf,
    json: { identifier: email, password },
  });
  if (reply.status !== 200)
    throw new Error(`${route} for ${email}: HTTP ${reply.status} ${reply.body.toString().slice(0, 200)}`);
  return { ...xsrf, authorization: `Bearer ${json<{ jwt: string }>(reply).jwt}` };
}

export interface Registered {
  email: string;
  registrationId: number;
  /** When the 201 came (run clock). */
  at: number;
}

/**
 * Visitors registering from the home page on `connections` connections, each request as soon as
 * the last one answered, each with a new address, as the form sends it (XSRF cookie and header,
 * `{ data: { …form, eBadge: true } }`). Every 201 is appended to `acked`.
 */
export async function registrationLoad(options: {
  client: Client;
  connections: number;
  endpoint: Endpoint;
  acked: Registered[];
  prefix: string;
  running: () => boolean;
  /** At most this many new registrations a second, all connections together (default: no limit). */
  perSecond?: number;
}): Promise<void> {
  const { client, endpoint, acked, prefix, running, perSecond } = options;
  let n = 0;
  let nextAt = performance.now();
  const worker = async () => {
    const xsrf = await xsrfHeaders(client);
    while (running()) {
      if (perSecond) {
        const at = nextAt;
        nextAt = Math.max(nextAt, performance.now() - 1000) + 1000 / perSecond;
        await sleep(at - performance.now());
        if (!running()) break;
      }
      n += 1;
      const email = `${prefix}-${n}@example.com`;
      const data = {
        name: `Visiteur ${n}`,
        email,
        phone: `06${String(10_000_000 + n).slice(-8)}`,
        company: 'Matinale BTP',
        jobPosition: 'Acheteur',
        consent: true,
        lang: 'fr',
        eBadge: true,
      };
      const reply = await client.request('POST', '/backend/api/visiteurs/putVisitor', {
        headers: xsrf,
        json: { data },
      });
      if (endpoint.record(reply)) {
        const body = json<{ data: { registration: { id: number } } }>(reply);
        acked.push({ email, registrationId: body.data.registration.id, at: reply.end });
      } else {
        // A visitor tries again after a moment, not in a tight loop (which would also take the CPU
        // the instances need to come back).
        await sleep(200);
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
}

/** Signs badges of visitor registrations as the instances do. */
export function badgeSigner(key: string) {
  const signer = createBadgeSigner(key);
  const issuedAt = Math.floor(Date.now() / 1000);
  return (registrationId: number) => signer.sign({ registrationId, type: 'visitor', eventId: EVENT_ID, issuedAt });
}

// ---------------------------------------------------------------------------------------------
// What the database holds, and the mails
// ---------------------------------------------------------------------------------------------

/** Acknowledged registrations not stored, or stored more than once (one user, one registration each). */
// The acknowledged lists hold up to 100,000 entries: each is joined as a table (unnest), never
// tested with `= any(array)`, which a scan of mail_outbox would run once per row.

export async function checkRegistrations(db: pg.Pool, acked: Registered[]) {
  const { rows } = await db.query<{ email: string; people: number; registrations: number; ids: number[] }>(
    `select a.email, count(distinct u.id)::int as people, count(r.id)::int as registrations,
       array_agg(r.id) filter (where r.id is not null) as ids
     from unnest($1::text[]) as a(email)
     join users u on lower(u.email) = a.email and u.deleted_at is null
     left join registrations r on r.user_id = u.id and r.event_id = $2 and r.type = 'visitor'
     group by a.email`,
    [acked.map((a) => a.email), EVENT_ID],
  );
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  let missing = 0;
  let duplicated = 0;
  let otherId = 0;
  for (const a of acked) {
    const row = byEmail.get(a.email);
    if (!row || row.registrations === 0) missing += 1;
    else if (row.people > 1 || row.registrations > 1) duplicated += 1;
    else if (row.ids[0] !== a.registrationId) otherId += 1;
  }
  return { acked: acked.length, missing, duplicated, otherId, ok: missing + duplicated + otherId === 0 };
}

/** Acknowledged client ids of `table` (scans, checkins) not stored exactly once. */
export async function checkClientIds(db: pg.Pool, table: 'scans' | 'checkins', ids: string[]) {
  const { rows } = await db.query<{ id: string; n: number }>(
    `select a.id::text as id, count(*)::int as n
     from unnest($1::uuid[]) as a(id) join ${table} t on t.client_id = a.id group by a.id`,
    [ids],
  );
  const stored = new Map(rows.map((r) => [r.id, r.n]));
  const missing = ids.filter((id) => !stored.has(id)).length;
  const duplicated = rows.filter((r) => r.n > 1).length;
  return { acked: ids.length, missing, duplicated, ok: missing + duplicated === 0 };
}

/** Waits until no mail is pending or being sent, `seconds` at most: how many still wait. */
export async function drainOutbox(db: pg.Pool, seconds: number): Promise<{ waiting: number; seconds: number }> {
  const began = performance.now();
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from mail_outbox where status in ('pending', 'sending')`,
    );
    const waited = (performance.now() - began) / 1000;
    if (rows[0]!.n === 0 || waited >= seconds) return { waiting: rows[0]!.n, seconds: waited };
    await sleep(1000);
  }
}

/** The status of each acknowledged address's outbox rows ('sent', 'pending', …), the latest row's. */
export async function outboxStatuses(db: pg.Pool, emails: string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ email: string; status: string }>(
    `select distinct on (o."to") o."to" as email, o.status::text as status
     from unnest($1::text[]) as a(email) join mail_outbox o on o."to" = a.email
     order by o."to", o.id desc`,
    [emails],
  );
  return new Map(rows.map((r) => [r.email, r.status]));
}

/**
 * The badge mails of acknowledged registrations as the SMTP server received them: those not
 * received yet, split into still queued (the outbox row pending or being sent) and lost (no row,
 * a failed row, or a row marked sent that never arrived), and the copies beyond the first.
 */
export function checkMails(acked: Registered[], received: Map<string, number[]>, statuses: Map<string, string>) {
  let missing = 0;
  let queued = 0;
  const duplicates: { email: string; first: number; second: number }[] = [];
  let last = 0;
  for (const a of acked) {
    const times = received.get(a.email);
    if (!times?.length) {
      missing += 1;
      if (['pending', 'sending'].includes(statuses.get(a.email) ?? '')) queued += 1;
      continue;
    }
    const sorted = [...times].sort((x, y) => x - y);
    last = Math.max(last, sorted[0]!);
    if (sorted.length > 1) duplicates.push({ email: a.email, first: sorted[0]!, second: sorted[1]! });
  }
  return { acked: acked.length, missing, queued, lost: missing - queued, duplicates, lastDelivered: last };
}

/**
 * Mails after the outbox drained (`seconds` at most), as the SMTP server and the outbox tell at
 * the same moment.
 */
export async function mailsAfterDrain(db: pg.Pool, recorder: MailRecorder, acked: Registered[], seconds: number) {
  const drain = await drainOutbox(db, seconds);
  // The last rows are settled a few milliseconds after the SMTP server's acceptance.
  await sleep(1000);
  const statuses = await outboxStatuses(
    db,
    acked.map((a) => a.email),
  );
  return { drain, ...checkMails(acked, await recorder.received(), statuses) };
}

// ---------------------------------------------------------------------------------------------
// CPU: who used the two cores
// ---------------------------------------------------------------------------------------------

const TICKS_PER_SECOND = 100;

/** utime + stime of a process, in clock ticks; 0 once it is gone. */
function ticksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function machineTicks(): { busy: number; all: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = cpu as [number, ...number[]];
  const busy = user + nice! + system! + irq! + softirq! + steal!;
  return { busy, all: busy + idle! + iowait! };
}

export type ProcessGroups = Record<string, number[]>;

export interface CpuSample {
  at: number;
  /** Every process of the machine: pid → ticks. */
  ticks: Map<number, number>;
  machine: { busy: number; all: number };
}

export function sampleCpu(): CpuSample {
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) if (/^\d+$/.test(entry)) ticks.set(Number(entry), ticksOf(Number(entry)));
  return { at: performance.now(), ticks, machine: machineTicks() };
}

/**
 * Cores each group used between two samples, and the rest of the machine (other work on it:
 * anyone's tests, the demo cluster) as 'other processes'. Groups are named after `b` (a database
 * connection opened meanwhile counts whole); a process gone by `b` is left out.
 */
export function cpuBetween(a: CpuSample, b: CpuSample, groups: ProcessGroups): { group: string; cores: number }[] {
  const seconds = (b.at - a.at) / 1000;
  const out: { group: string; cores: number }[] = [];
  let ours = 0;
  for (const [group, pids] of Object.entries(groups)) {
    let ticks = 0;
    for (const pid of pids) ticks += (b.ticks.get(pid) ?? 0) - (a.ticks.get(pid) ?? 0);
    ours += ticks;
    out.push({ group, cores: ticks / TICKS_PER_SECOND / seconds });
  }
  const busy = b.machine.busy - a.machine.busy;
  out.push({ group: 'other processes', cores: Math.max(0, busy - ours) / TICKS_PER_SECOND / seconds });
  out.push({ group: 'machine, all busy', cores: busy / TICKS_PER_SECOND / seconds });
  return out;
}

/** The cluster's processes by group: instances, Caddy, PostgreSQL (this database's backends and its background processes), Redis, the bench. */
export async function clusterProcesses(
  cluster: BenchCluster,
  db: pg.Pool,
  databaseName: string,
  extra: ProcessGroups = {},
): Promise<ProcessGroups> {
  const { rows } = await db.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = $1 or backend_type <> 'client backend'`,
    [databaseName],
  );
  const redis = readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'redis-server';
      } catch {
        return false;
      }
    })
    .map(Number);
  const [caddy, mailer] = [cluster.pidOf('caddy'), cluster.pidOf('mailer')];
  return {
    'API instances': cluster.ports.map((p) => cluster.pidOf(p)).filter((p): p is number => p !== null),
    'mailer (nice 10)': mailer ? [mailer] : [],
    Caddy: caddy ? [caddy] : [],
    PostgreSQL: rows.map((r) => r.pid),
    Redis: redis,
    'load generator (this bench)': [process.pid],
    ...extra,
  };
}
