/**
 * Stands sold online when a sale opens: 200 prospects, each with its own address, ask at the same
 * moment for one of 20 free stands (ten for each stand) with `POST stand-bookings`, on PGlite
 * (one instance, as the embedded database runs) and on PostgreSQL (BENCH_DATABASE_URL, default
 * the local server) behind three instances, the prospects spread over them. Every answer is
 * checked: exactly 20 holds, 180 refusals that name the stand taken ('standTaken', 409), no
 * other answer, and the database holds each stand in one live booking. The whole wave runs
 * BENCH_ROUNDS times (default 3) on stands of their own; the latencies are all the rounds'.
 *
 * Target: exactly 20 holds and 180 clear refusals, p99 ≤ 300 ms.
 *
 *   npm run bench:stand-sales
 */
import { sql } from 'drizzle-orm';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEMO_EDITION_ID, XSRF_COOKIE, XSRF_HEADER } from '@salon/shared';
import { openDatabase, queryRows, type Db } from '../apps/api/src/db/client';
import { seedReference } from '../apps/api/src/db/seed';
import { onBothDatabases, printTable, startServer, type RunningServer } from './start-server';
import { median, ms, percentile, verdict } from './lib/stats';

const PROSPECTS = 200;
const STANDS = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_P99 = 300;
const XSRF = 'bench-xsrf';
/** Stands held one at a time first, then asked for again: what one hold and one refusal cost alone. */
const ALONE = 20;

/** A hall of its own with ROUNDS × STANDS stands of 9 m² side by side, a class, conditions, and the sale open. */
async function fill(db: Db): Promise<void> {
  await seedReference(db);
  const run = (text: string) => db.execute(sql.raw(text));
  const edition = DEMO_EDITION_ID;
  const count = ROUNDS * STANDS + ALONE;
  await run(`insert into gates (event_id, name, position, plan_width, plan_height)
    values (${edition}, 'Hall Bench', 99, ${count * 3}, 3)`);
  await run(
    `insert into stand_classes (event_id, name, price_per_m2) values (${edition}, '{"fr":"Stand nu","en":"Space only"}', 150000)`,
  );
  await run(`insert into stands (event_id, gate_id, number, x, y, width, height, class_id, area)
    select ${edition}, (select id from gates where name = 'Hall Bench'), 'S-' || i, (i - 1) * 3, 0, 3, 3,
      (select id from stand_classes where event_id = ${edition}), 9
    from generate_series(1, ${count}) i`);
  await run(`insert into media (name, mime, size, path) values ('cgv.pdf', 'application/pdf', 100, 'bench/cgv.pdf')`);
  await run(
    `insert into sale_conditions (event_id, version, media_id) values (${edition}, 1, (select id from media where path = 'bench/cgv.pdf'))`,
  );
  await run(`insert into sales_offers (event_id, open, minimum_area) values (${edition}, true, 9)`);
}

const form = (stand: string, i: number) => ({
  stands: [stand],
  companyName: `Société Bench ${i}`,
  ice: '001234567000089',
  taxId: '40123456',
  tradeRegister: 'RC Casablanca 123456',
  address: '12, boulevard Zerktouni',
  city: 'Casablanca',
  signatoryName: 'Amina Berrada',
  signatoryRole: 'Directrice générale',
  contactName: `Contact ${i}`,
  email: `prospect-${i}-${Date.now()}@bench.example.com`,
  phone: '+212 522 00 00 00',
  conditionsVersion: 1,
  accept: true,
});

interface Answer {
  status: number;
  code: string;
  ms: number;
}

async function hold(base: string, stand: string, i: number): Promise<Answer> {
  const start = performance.now();
  const res = await fetch(`${base}/backend/api/stand-bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${XSRF_COOKIE}=${XSRF}`, [XSRF_HEADER]: XSRF },
    body: JSON.stringify({ data: form(stand, i) }),
  });
  const body = (await res.json()) as { error?: { details?: { code?: string } } };
  return { status: res.status, code: body.error?.details?.code ?? '', ms: performance.now() - start };
}

async function measure(database: 'PGlite' | 'PostgreSQL', env: Record<string, string>): Promise<string[][]> {
  const instances = database === 'PGlite' ? 1 : Number(process.env.BENCH_INSTANCES ?? 3);
  const servers: RunningServer[] = [];
  // The instances of one database share their keys, as a cluster's do.
  const keys = {
    JWT_SECRET: randomBytes(48).toString('base64url'),
    BADGE_PRIVATE_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
  try {
    for (let i = 0; i < instances; i++)
      servers.push(
        await startServer({
          ...env,
          ...keys,
          DEMO_DATA: 'false',
          STAND_HOLD_RATE_LIMIT: '100000000',
          MAIL_WORKER: 'false',
        }),
      );
    const alone = { held: [] as number[], refused: [] as number[] };
    for (let i = 0; i < ALONE; i++) {
      const a = await hold(servers[0]!.base, `S-${ROUNDS * STANDS + i + 1}`, 1_000_000 + i);
      if (a.status === 201) alone.held.push(a.ms);
    }
    for (let i = 0; i < ALONE; i++) {
      const a = await hold(servers[0]!.base, `S-${ROUNDS * STANDS + i + 1}`, 2_000_000 + i);
      if (a.status === 409) alone.refused.push(a.ms);
    }
    const answers: Answer[] = [];
    let wrong = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const stands = Array.from({ length: STANDS }, (_, s) => `S-${round * STANDS + s + 1}`);
      // All at once: each prospect its stand (ten per stand) and its instance.
      const wave = await Promise.all(
        Array.from({ length: PROSPECTS }, (_, i) =>
          hold(servers[i % instances]!.base, stands[i % STANDS]!, round * PROSPECTS + i),
        ),
      );
      const held = wave.filter((a) => a.status === 201).length;
      const refused = wave.filter((a) => a.status === 409 && a.code === 'standTaken').length;
      if (held !== STANDS || refused !== PROSPECTS - STANDS) wrong += 1;
      answers.push(...wave);
    }
    for (const server of servers.splice(0)) await server.stop();
    const live = await liveStands(env);
    const times = answers.map((a) => a.ms);
    const held = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status === 409 && a.code === 'standTaken').length;
    const other = answers.length - held - refused;
    const p99 = percentile(times, 0.99);
    const label = `${database} × ${instances}`;
    return [
      [
        label,
        'one at a time: a hold, a refusal',
        `${ms(median(alone.held))} ms, ${ms(median(alone.refused))} ms (median of ${ALONE} each)`,
        '—',
        alone.held.length === ALONE && alone.refused.length === ALONE ? 'info' : 'MISS',
      ],
      [
        label,
        'holds / refusals / other',
        `${held} / ${refused} / ${other} (${ROUNDS} waves of ${PROSPECTS})`,
        `${STANDS * ROUNDS} / ${(PROSPECTS - STANDS) * ROUNDS} / 0`,
        verdict(wrong === 0 && other === 0),
      ],
      [
        label,
        'stands in one live booking',
        `${live.distinct} of ${live.lines} lines`,
        `${STANDS * ROUNDS + ALONE}`,
        verdict(live.distinct === STANDS * ROUNDS + ALONE && live.lines === live.distinct),
      ],
      [
        label,
        'answer time',
        `p50 ${ms(percentile(times, 0.5))} ms, p99 ${ms(p99)} ms, max ${ms(Math.max(...times))} ms`,
        `p99 ≤ ${TARGET_P99} ms`,
        verdict(p99 <= TARGET_P99),
      ],
    ];
  } finally {
    for (const s of servers) await s.stop();
  }
}

/** The live bookings' lines, read from the database the servers used, once they stopped (PGlite's files are one process's). */
async function liveStands(env: Record<string, string>): Promise<{ lines: number; distinct: number }> {
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(env.DATA_DIR!, 'pglite') },
  );
  try {
    const [row] = await queryRows<{ lines: number; distinct: number }>(
      database.db,
      sql`select count(*)::int as lines, count(distinct lower(number))::int as distinct
            from booking_stands where released_at is null`,
    );
    return row!;
  } finally {
    await database.close();
  }
}

const rows = await onBothDatabases(fill, measure);
console.info(
  `${PROSPECTS} prospects at once on ${STANDS} free stands, ${ROUNDS} waves; PGlite behind one instance, PostgreSQL behind three`,
);
printTable(['database', 'measure', 'value', 'target', 'result'], rows);
process.exit(rows.some((r) => r[4] === 'MISS') ? 1 : 0);
