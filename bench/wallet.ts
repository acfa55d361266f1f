/**
 * Apple Wallet passes: a badge's `.pkpass` made and signed on demand, as a visitor's
 * tap on 'Ajouter à Apple Wallet' asks for it. The built server runs on a fresh PGlite directory
 * holding one visitor's badge, with a certificate chain made for the run (a throwaway CA in
 * Apple's place, apps/api/test/wallet-certificates.ts). BENCH_PASSES (default 200) calls in a row
 * after ten to warm up (the logo's images are drawn once): median and p99 time to the last byte,
 * and the pass's size; each pass is checked to be a zip holding pass.json and its signature.
 *
 * Then the pushes (item 2), in this process on a PGlite database of BENCH_DEVICES (default 60,000)
 * badges each held by one phone: the organiser's change of the opening hours (the triggers mark
 * every pass changed in that statement), and the time until a local HTTP/2 server standing in
 * for APNs has received one push per phone, the push job ticking without pause.
 *
 * Targets: a pass made in ≤ 20 ms (median), ≤ 60 KB; the hours' change saved in ≤ 2 s and every
 * phone told within 60 s.
 *
 *   npm run bench:wallet
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_ROLE_ID, DEMO_EDITION_ID, normalizePhone } from '@salon/shared';
import { openDatabase } from '../apps/api/src/db/client';
import { openingHours, registrations, users } from '../apps/api/src/db/schema';
import { createApnsClient } from '../apps/api/src/domains/badges/wallet/apns';
import { createPassPushes } from '../apps/api/src/domains/badges/wallet/pass-updates';
import { seedReference } from '../apps/api/src/db/seed';
import { walletCertificates } from '../apps/api/test/wallet-certificates';
import { median, percentile, verdict } from './lib/stats';
import { printTable, startServer } from './start-server';

const PASSES = Number(process.env.BENCH_PASSES ?? 200);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 60_000);
const TARGETS = { medianMs: 20, kb: 60, saveMs: 2000, pushedS: 60 };

const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-bench-wallet-'));
const badgeKey = randomUUID();
const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
await seedReference(database.db);
const [visitor] = await database.db
  .insert(users)
  .values({
    type: 'visitor',
    roleId: DEFAULT_ROLE_ID,
    name: 'Yasmine Alaoui El Idrissi',
    email: 'yasmine@bench.example.com',
    username: 'yasmine@bench.example.com',
    phone: '+212 6 12345678',
    phoneNormalized: normalizePhone('+212 6 12345678'),
    company: 'Société des Travaux du Sud',
    confirmed: true,
    emailOTPConfirmed: true,
  })
  .returning({ id: users.id });
await database.db
  .insert(registrations)
  .values({ eventId: DEMO_EDITION_ID, userId: visitor!.id, type: 'visitor', confirmed: true, badgeKey });
await database.close();

const chain = walletCertificates();
const server = await startServer({ ...chain.env, DATA_DIR: dataDir, DEMO_DATA: 'false' });
const rows: string[][] = [];
try {
  const url = `${server.base}/backend/api/registrations/ebadge/wallet.pkpass?token=${badgeKey}`;
  const fetchPass = async () => {
    const started = performance.now();
    const res = await fetch(url);
    const bytes = Buffer.from(await res.arrayBuffer());
    const elapsed = performance.now() - started;
    // A zip (PK\x03\x04) holding the pass and its signature, or the run fails.
    const names = bytes.toString('latin1');
    if (
      res.status !== 200 ||
      bytes.readUInt32LE(0) !== 0x04034b50 ||
      !names.includes('pass.json') ||
      !names.includes('signature')
    ) {
      throw new Error(`HTTP ${res.status}: not a pass`);
    }
    return { elapsed, size: bytes.length };
  };
  for (let i = 0; i < 10; i++) await fetchPass();
  const runs = [];
  for (let i = 0; i < PASSES; i++) runs.push(await fetchPass());
  const times = runs.map((r) => r.elapsed);
  const size = Math.max(...runs.map((r) => r.size)) / 1024;
  rows.push(
    [
      'PGlite',
      `GET …/wallet.pkpass, made and signed (${PASSES} in a row)`,
      `median ${median(times).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms`,
      `≤ ${TARGETS.medianMs} ms (median)`,
      verdict(median(times) <= TARGETS.medianMs),
    ],
    ['PGlite', 'the pass’s size', `${size.toFixed(1)} KB`, `≤ ${TARGETS.kb} KB`, verdict(size <= TARGETS.kb)],
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(chain.dir, { recursive: true, force: true });
}
rows.push(...(await pushes()));
printTable(['database', 'measure', 'value', 'target', 'result'], rows);

/** The hours change with DEVICES phones holding a pass: the save, then every phone told. */
async function pushes(): Promise<string[][]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'salon-bench-pushes-'));
  const db = await openDatabase({ dataDir: path.join(dir, 'pglite') });
  let received = 0;
  const apns = createServer();
  apns.on('stream', (stream) => {
    stream.resume();
    stream.on('end', () => {
      received++;
      stream.respond({ ':status': 200 });
      stream.end();
    });
  });
  await new Promise<void>((resolve) => apns.listen(0, '127.0.0.1', resolve));
  try {
    await seedReference(db.db);
    await db.db.execute(sql`
      insert into users (type, role_id, name, email, username)
        select 'visitor', ${DEFAULT_ROLE_ID}, 'Visiteur ' || n, 'v' || n || '@bench.example.com', 'v' || n || '@bench.example.com'
        from generate_series(1, ${DEVICES}) n`);
    await db.db.execute(sql`
      insert into registrations (event_id, user_id, type, confirmed)
        select ${DEMO_EDITION_ID}, id, 'visitor', true from users where email like '%@bench.example.com'`);
    await db.db.execute(sql`
      insert into wallet_devices (device_library_id, registration_id, push_token)
        select 'device' || id, id, lpad(to_hex(id), 64, '0') from registrations`);
    const key = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const url = `http://127.0.0.1:${(apns.address() as AddressInfo).port}`;
    const client = createApnsClient({ url, keyId: 'KEY1234567', teamId: 'ABCDE12345', key }, 'pass.test.salon');
    const job = createPassPushes({ db: db.db, apns: client, log: console as never });
    const started = performance.now();
    await db.db.update(openingHours).set({ closesAt: '18:30' }).where(eq(openingHours.eventId, DEMO_EDITION_ID));
    const saved = performance.now() - started;
    while ((await job.tick()) > 0);
    const told = (performance.now() - started) / 1000;
    await job.stop();
    if (received !== DEVICES) throw new Error(`${received} pushes for ${DEVICES} phones`);
    return [
      [
        'PGlite',
        `opening hours changed, ${DEVICES.toLocaleString('en')} phones holding a pass`,
        `${saved.toFixed(0)} ms`,
        `≤ ${TARGETS.saveMs} ms`,
        verdict(saved <= TARGETS.saveMs),
      ],
      [
        'PGlite',
        'every phone told (one push each, local APNs)',
        `${told.toFixed(1)} s (${Math.round(DEVICES / told)} pushes/s)`,
        `≤ ${TARGETS.pushedS} s`,
        verdict(told <= TARGETS.pushedS),
      ],
    ];
  } finally {
    apns.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
process.exit(rows.some((r) => r[4] === 'MISS') ? 1 : 0);
