/**
 * Apple Wallet passes (issue 42): a badge's `.pkpass` made and signed on demand, as a visitor's
 * tap on 'Ajouter à Apple Wallet' asks for it. The built server runs on a fresh PGlite directory
 * holding one visitor's badge, with a certificate chain made for the run (a throwaway CA in
 * Apple's place, apps/api/test/wallet-certificates.ts). BENCH_PASSES (default 200) calls in a row
 * after ten to warm up (the logo's images are drawn once): median and p99 time to the last byte,
 * and the pass's size; each pass is checked to be a zip holding pass.json and its signature.
 *
 * Targets: a pass made in ≤ 20 ms (median), ≤ 60 KB.
 *
 *   npm run bench:wallet
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_ROLE_ID, DEMO_EDITION_ID, normalizePhone } from '@salon/shared';
import { openDatabase } from '../apps/api/src/db/client';
import { registrations, users } from '../apps/api/src/db/schema';
import { seedReference } from '../apps/api/src/db/seed';
import { walletCertificates } from '../apps/api/test/wallet-certificates';
import { median, percentile, verdict } from './lib/stats';
import { printTable, startServer } from './start-server';

const PASSES = Number(process.env.BENCH_PASSES ?? 200);
const TARGETS = { medianMs: 20, kb: 60 };

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
printTable(['database', 'measure', 'value', 'target', 'result'], rows);
process.exit(rows.some((r) => r[4] === 'MISS') ? 1 : 0);
