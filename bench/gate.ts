/**
 * The gates on a show day of the demo edition (lib/show-clock.ts: the second day, the queue filled from 09:00 to noon).
 *
 * 1. On the device: the time to decide on one badge with the code the gate screens run, the
 *    shared `createBadgeVerifier` (WebCrypto Ed25519) then `gateDecision`, over BADGES genuine
 *    tokens signed with a fresh key. Target: median and p99 ≤ 1 ms. Also, for information, the
 *    same with the @noble/ed25519 fallback of browsers without WebCrypto Ed25519.
 * 2. The sync: CHECKINS check-ins queued on two gate devices, sent through `POST checkins` in
 *    batches of CHECKIN_BATCH_MAX as a device sends them (each device one batch after the other,
 *    the two devices at once), signed in as a controller (`POST auth/controller`). The badges are
 *    genuine badges of real registrations; the queue mixes first entries, re-entries, refusals,
 *    double admissions (the same badge admitted by both devices: conflict marking) and re-sent
 *    batches (an answer lost on the way: idempotent). Target: ≤ 5 s on PostgreSQL (BENCH_DATABASE_URL,
 *    default the local server; a database made for the run and dropped after it); PGlite reported
 *    with the same target. Afterwards the database must hold exactly CHECKINS check-ins and the
 *    expected conflicts, or the run fails.
 *
 *   npm run bench:gate
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import {
  CHECKIN_BATCH_MAX,
  createBadgeVerifier,
  DEFAULT_ROLE_ID,
  DEMO_EDITION_ID,
  gateDecision,
  showDay,
  XSRF_HEADER,
  type CheckinResult,
  type CheckinSubmission,
  type GateHours,
  type RegistrationType,
} from '@salon/shared';
import { openDatabase, type Db } from '../apps/api/src/db/client';
import { checkins, halls, registrations, users } from '../apps/api/src/db/schema';
import { CONTROLLER_ROLE_ID, seedReference } from '../apps/api/src/db/seed';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { createBadgeSigner } from '../apps/api/src/domains/badges/badge-token';
import { printTable, startServer, withBenchDatabase } from './start-server';
import { BADGE_HOURS, BEFORE_DOORS, SHOW_DAY } from './lib/show-clock';
import { verdict } from './lib/stats';

const BADGES = 5_000;
const CHECKINS = 5_000;
/** Badges admitted by both devices (two gates offline): 2 × DOUBLE check-ins marked as conflicts. */
const DOUBLE = 200;
/**
 * People who came back and were let in again: each is two check-ins, 'already_entered' at once,
 * then a new one with `reentry` when the controller taps 'Laisser entrer'.
 */
const REENTRIES = 100;
/** Forged badges, refused by the device (and by the server). */
const FORGED = 100;
/** First entries, one per registration: the rest of the queue. */
const FIRST = CHECKINS - DOUBLE - 2 * REENTRIES - FORGED;
/** Batches each device sends a second time, its first answer lost. */
const RESENT_BATCHES = 1;
const TARGETS = { verifyMs: 1, syncSeconds: 5 };

const EMAIL = 'controleur@bench.example.com';
const PASSWORD = 'Bench-Gate-2024!';
// A show day of the demo edition at 12:00 in Marrakech (lib/show-clock.ts); the queue was filled
// from 09:00 on.
const APP_NOW = SHOW_DAY;
const QUEUE_SPAN_MS = 3 * 3600 * 1000;
const QUEUE_FROM = Date.parse(APP_NOW) - QUEUE_SPAN_MS;

const privateKeyPem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const signer = createBadgeSigner(privateKeyPem);
// Badges issued before the show.
const issuedAt = Math.floor(Date.parse(BEFORE_DOORS) / 1000);
const hours: GateHours[] = BADGE_HOURS;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const at = (values: number[], q: number) => sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const ms = (v: number) => `${v.toFixed(3)} ms`;

/** The same token with one signature character changed: what a forger gets. */
function forge(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.slice(-1)}`;
}

// ---------------------------------------------------------------------------------------------
// 1. One badge on the device
// ---------------------------------------------------------------------------------------------

const TYPES: RegistrationType[] = ['visitor', 'visitor', 'visitor', 'exhibitor', 'collaborator'];

/** Times verify + verdict for each of `tokens`; every badge must be admitted. */
async function timeDecisions(tokens: string[]): Promise<number[]> {
  const verify = await createBadgeVerifier(signer.publicKeyJwk);
  const now = new Date(APP_NOW);
  const decide = async (token: string) =>
    gateDecision({ claims: await verify(token), eventId: DEMO_EDITION_ID, revoked: false, hours, now, entry: null });
  // Warm up as a gate screen does with its first badges; a forged badge must be refused.
  for (const token of tokens.slice(0, 200)) await decide(token);
  const forged = await decide(forge(tokens[0]!));
  if (forged.verdict !== 'refused' || forged.reason !== 'invalid') throw new Error('a forged badge was not refused');
  const times: number[] = [];
  for (const token of tokens) {
    const t0 = performance.now();
    const decision = await decide(token);
    times.push(performance.now() - t0);
    if (decision.verdict !== 'admitted') throw new Error(`a genuine badge got ${JSON.stringify(decision)}`);
  }
  return times;
}

/** The same, with WebCrypto's Ed25519 hidden as in a browser that lacks it (@noble/ed25519 then). */
async function timeDecisionsWithoutWebCryptoEd25519(tokens: string[]): Promise<number[]> {
  const subtle = globalThis.crypto.subtle;
  const importKey = subtle.importKey.bind(subtle);
  Object.defineProperty(subtle, 'importKey', {
    configurable: true,
    value: (...args: unknown[]) => {
      const algorithm = args[2] as string | { name?: string };
      const name = typeof algorithm === 'string' ? algorithm : algorithm.name;
      if (name === 'Ed25519') return Promise.reject(new DOMException('Unrecognized name.', 'NotSupportedError'));
      return Reflect.apply(importKey, undefined, args) as unknown;
    },
  });
  try {
    return await timeDecisions(tokens);
  } finally {
    Reflect.deleteProperty(subtle, 'importKey');
  }
}

const tokens = Array.from({ length: BADGES }, (_, i) =>
  signer.sign({
    registrationId: 1_000 + i,
    type: TYPES[i % TYPES.length]!,
    eventId: DEMO_EDITION_ID,
    issuedAt: issuedAt + i,
  }),
);
const webCrypto = await timeDecisions(tokens);
const noble = await timeDecisionsWithoutWebCryptoEd25519(tokens.slice(0, 1_000));

const rows: string[][] = [
  [
    'device',
    `verify + verdict, WebCrypto Ed25519 (${BADGES.toLocaleString('en')} badges)`,
    `median ${ms(at(webCrypto, 0.5))}, p99 ${ms(at(webCrypto, 0.99))}`,
    `≤ ${TARGETS.verifyMs} ms`,
    verdict(at(webCrypto, 0.99) <= TARGETS.verifyMs),
  ],
  [
    'device',
    'verify + verdict, @noble/ed25519 fallback (1,000 badges)',
    `median ${ms(at(noble, 0.5))}, p99 ${ms(at(noble, 0.99))}`,
    '',
    'no target',
  ],
];

// ---------------------------------------------------------------------------------------------
// 2. The sync
// ---------------------------------------------------------------------------------------------

interface Plan {
  /** Each device's queue, oldest first. */
  queues: [CheckinSubmission[], CheckinSubmission[]];
  conflicts: number;
}

/** The controller and FIRST visitors with a registration each; the queued check-ins of two devices. */
async function fill(db: Db): Promise<Plan> {
  await seedReference(db);
  const [gateA, gateB] = await db
    .select({ id: halls.id })
    .from(halls)
    .where(eq(halls.eventId, DEMO_EDITION_ID))
    .limit(2);
  await db.insert(users).values({
    type: 'controller',
    roleId: CONTROLLER_ROLE_ID,
    name: 'Contrôleur Bench',
    email: EMAIL,
    username: EMAIL,
    confirmed: true,
    passwordHash: await hashPassword(PASSWORD),
  });
  const registrationIds: number[] = [];
  for (let start = 0; start < FIRST; start += 1000) {
    const people = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(1000, FIRST - start) }, (_, k) => ({
          type: 'visitor' as const,
          roleId: DEFAULT_ROLE_ID,
          name: `Visiteur Bench ${start + k}`,
          email: `visiteur-${start + k}@bench.example.com`,
          username: `visiteur-${start + k}@bench.example.com`,
          phone: `+212 6 ${String(30_000_000 + start + k)}`,
          confirmed: true,
        })),
      )
      .returning({ id: users.id });
    const regs = await db
      .insert(registrations)
      .values(
        people.map((p) => ({ eventId: DEMO_EDITION_ID, userId: p.id, type: 'visitor' as const, confirmed: true })),
      )
      .returning({ id: registrations.id });
    registrationIds.push(...regs.map((r) => r.id));
  }

  const badgeOf = (registrationId: number) =>
    signer.sign({ registrationId, type: 'visitor', eventId: DEMO_EDITION_ID, issuedAt });
  let clock = 0;
  const step = QUEUE_SPAN_MS / CHECKINS;
  const checkin = (device: 0 | 1, badge: string, more: Partial<CheckinSubmission> = {}): CheckinSubmission => ({
    id: randomUUID(),
    badge,
    gateId: device === 0 ? gateA!.id : gateB!.id,
    deviceId: `bench-device-${device}`,
    scannedAt: new Date(QUEUE_FROM + clock++ * step).toISOString(),
    verdict: 'admitted',
    reason: null,
    reentry: false,
    ...more,
  });
  const queues: Plan['queues'] = [[], []];
  registrationIds.forEach((id, i) => {
    const device = (i % 2) as 0 | 1;
    queues[device].push(checkin(device, badgeOf(id)));
    // The other gate, offline too, admitted the same badge.
    if (i < DOUBLE) queues[1 - device]!.push(checkin((1 - device) as 0 | 1, badgeOf(id)));
    // Came back later and was let in again by the controller.
    if (i >= DOUBLE && i < DOUBLE + REENTRIES) {
      queues[device].push(checkin(device, badgeOf(id), { verdict: 'already_entered' }));
      queues[device].push(checkin(device, badgeOf(id), { verdict: 'already_entered', reentry: true }));
    }
  });
  for (let i = 0; i < FORGED; i++) {
    const device = (i % 2) as 0 | 1;
    queues[device].push(
      checkin(device, forge(badgeOf(registrationIds[i]!)), { verdict: 'refused', reason: 'invalid' }),
    );
  }
  return { queues, conflicts: 2 * DOUBLE };
}

/** The controller's bearer token, signed in as the gate screens do (XSRF cookie and header). */
async function signIn(base: string): Promise<{ auth: Record<string, string>; headers: Record<string, string> }> {
  const cookie = (await fetch(`${base}/backend/api/health`)).headers.get('set-cookie')!.split(';')[0]!;
  const xsrf = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  const xsrfHeaders = { 'content-type': 'application/json', cookie, [XSRF_HEADER]: xsrf };
  const res = await fetch(`${base}/backend/api/auth/controller`, {
    method: 'POST',
    headers: xsrfHeaders,
    body: JSON.stringify({ identifier: EMAIL, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in: HTTP ${res.status} ${await res.text()}`);
  const { jwt } = (await res.json()) as { jwt: string };
  const auth = { authorization: `Bearer ${jwt}` };
  return { auth, headers: { ...xsrfHeaders, ...auth } };
}

/** One device's sync: its batches one after the other, each once answered; some sent twice. */
async function syncDevice(base: string, headers: Record<string, string>, queue: CheckinSubmission[]) {
  const batches: CheckinSubmission[][] = [];
  for (let start = 0; start < queue.length; start += CHECKIN_BATCH_MAX) {
    batches.push(queue.slice(start, start + CHECKIN_BATCH_MAX));
  }
  const sends = [...batches, ...batches.slice(0, RESENT_BATCHES)];
  const times: number[] = [];
  for (const batch of sends) {
    const t0 = performance.now();
    const res = await fetch(`${base}/backend/api/checkins`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ checkins: batch }),
      // A batch that takes a minute is a failure to report, not a wait.
      signal: AbortSignal.timeout(60_000),
    });
    const body = (await res.json()) as { data?: CheckinResult[] };
    times.push(performance.now() - t0);
    if (!res.ok || body.data?.length !== batch.length || body.data.some((r) => r.status !== 'recorded')) {
      throw new Error(`checkins: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
  }
  return { times, sent: sends.reduce((n, b) => n + b.length, 0) };
}

/** What the database holds after the sync. */
async function stored(db: Db) {
  const n = async (where?: SQL) => (await db.select({ n: count() }).from(checkins).where(where))[0]!.n;
  return {
    all: await n(),
    conflicts: await n(eq(checkins.conflict, true)),
    refused: await n(eq(checkins.verdict, 'refused')),
    reentries: await n(eq(checkins.reentry, true)),
    today: await n(eq(checkins.checkinDay, showDay(new Date(APP_NOW)))),
    distinctIds: (
      await db.select({ n: sql<number>`count(distinct ${checkins.clientId})`.mapWith(Number) }).from(checkins)
    )[0]!.n,
  };
}

async function measure(label: string, env: Record<string, string>, plan: Plan) {
  const server = await startServer({ ...env, DEMO_DATA: 'false', APP_NOW, BADGE_PRIVATE_KEY: privateKeyPem });
  let result: { seconds: number; batchTimes: number[]; sent: number };
  try {
    const { auth, headers } = await signIn(server.base);
    // A device opens the gate screen with the roster first (not timed): the server is warm.
    const roster = await fetch(`${server.base}/backend/api/gate/roster`, { headers: auth });
    const { data } = (await roster.json()) as { data: { people: unknown[] } };
    if (data.people.length !== FIRST) throw new Error(`${label}: roster of ${data.people.length} people`);
    const t0 = performance.now();
    const devices = await Promise.all(plan.queues.map((q) => syncDevice(server.base, headers, q)));
    const seconds = (performance.now() - t0) / 1000;
    result = { seconds, batchTimes: devices.flatMap((d) => d.times), sent: devices.reduce((n, d) => n + d.sent, 0) };
  } finally {
    // A server stuck in a query (PGlite runs in the server's thread) does not hear SIGTERM.
    const stopping = server.stop();
    setTimeout(() => server.child.kill('SIGKILL'), 10_000).unref();
    await stopping;
  }
  return result;
}

function syncRows(
  label: string,
  run: { seconds: number; batchTimes: number[]; sent: number },
  held: Awaited<ReturnType<typeof stored>>,
  plan: Plan,
): string[][] {
  const expected = plan.queues[0].length + plan.queues[1].length;
  const want = {
    all: expected,
    conflicts: plan.conflicts,
    refused: FORGED,
    reentries: REENTRIES,
    today: expected,
    distinctIds: expected,
  };
  if (JSON.stringify(held) !== JSON.stringify(want)) {
    throw new Error(`${label}: the server holds ${JSON.stringify(held)}; expected ${JSON.stringify(want)}`);
  }
  const requests = run.batchTimes.length;
  return [
    [
      label,
      `sync ${expected.toLocaleString('en')} check-ins, 2 devices × batches of ${CHECKIN_BATCH_MAX} (${requests} POSTs, ${run.sent.toLocaleString('en')} sent incl. re-sends)`,
      `${run.seconds.toFixed(2)} s; per batch median ${at(run.batchTimes, 0.5).toFixed(0)} ms, max ${Math.max(...run.batchTimes).toFixed(0)} ms; server holds ${held.all.toLocaleString('en')}, ${held.conflicts} conflicts`,
      `≤ ${TARGETS.syncSeconds} s`,
      verdict(run.seconds <= TARGETS.syncSeconds),
    ],
  ];
}

// PGlite: fill a data directory, then start the server on it; count once it has stopped.
{
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-gate-bench-'));
  const pglite = { dataDir: path.join(dataDir, 'pglite') };
  let database = await openDatabase(pglite);
  const plan = await fill(database.db);
  await database.close();
  const run = await measure('PGlite', { DATA_DIR: dataDir }, plan);
  database = await openDatabase(pglite);
  const held = await stored(database.db);
  await database.close();
  rows.push(...syncRows('PGlite', run, held, plan));
  rmSync(dataDir, { recursive: true, force: true });
}

// PostgreSQL: a database made for the run, dropped after it.
await withBenchDatabase(async (url) => {
  let database = await openDatabase({ url });
  const plan = await fill(database.db);
  await database.db.execute(sql`vacuum analyze`);
  await database.close();
  const run = await measure('PostgreSQL', { DATABASE_URL: url }, plan);
  database = await openDatabase({ url });
  const held = await stored(database.db);
  await database.close();
  rows.push(...syncRows('PostgreSQL', run, held, plan));
});

console.info(
  `Gate devices: one badge decided on the device (${BADGES.toLocaleString('en')} genuine badges, Node ${process.version}); ${CHECKINS.toLocaleString('en')} queued check-ins synced by two devices (${FIRST.toLocaleString('en')} first entries, ${DOUBLE} badges admitted by both, ${REENTRIES} let in again (2 check-ins each), ${FORGED} forged, ${RESENT_BATCHES} batch re-sent per device); targets: ≤ ${TARGETS.verifyMs} ms per badge, sync ≤ ${TARGETS.syncSeconds} s`,
);
printTable(['database', 'measure', 'value', 'target', 'result'], rows);
process.exit(rows.some((r) => r[4] === 'MISS') ? 1 : 0);
