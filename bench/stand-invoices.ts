/**
 * Invoices and payments of stands sold online, at the size of a show's sale: 500 options
 * confirmed at once by organisers (`POST admin/stand-bookings/:id/confirm`), spread over the
 * instances, on PGlite behind one instance and on PostgreSQL (BENCH_DATABASE_URL, default the
 * local server) behind three; then a bank statement of 5,000 lines (ten partial transfers for
 * each booking, named by its reference) matched (`POST admin/payments/import`, the preview) and
 * recorded (`commit`). Every answer is checked: 1,000 invoices (a deposit and a balance a
 * booking) numbered 1 to 1,000 without a gap or a repeat, 5,000 lines matched, 5,000 payments
 * recorded, each booking settled.
 *
 * Targets: 500 confirmations give their invoices without gap or repeat; the statement matched in
 * ≤ 5 s.
 *
 *   npm run bench:stand-invoices
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DEMO_EDITION_ID, XSRF_COOKIE, XSRF_HEADER } from '@salon/shared';
import { openDatabase, queryRows, type Db } from '../apps/api/src/db/client';
import { seedReference } from '../apps/api/src/db/seed';
import { createJwt } from '../apps/api/src/lib/jwt';
import { onBothDatabases, printTable, startServer, type RunningServer } from './start-server';
import { ms, percentile, verdict } from './lib/stats';

const BOOKINGS = 500;
const TRANSFERS = 10;
const TARGET_STATEMENT_MS = 5_000;
const XSRF = 'bench-xsrf';
const EMAIL = 'organisateur@bench.example.com';
const ORGANISER_ID = 900_000;

/** 500 options of one stand of 9 m² each (13,500 MAD excl. tax, 16,200 incl.), the offer open with its seller. */
async function fill(db: Db): Promise<void> {
  await seedReference(db);
  const run = (text: string) => db.execute(sql.raw(text));
  const e = DEMO_EDITION_ID;
  await run(
    `insert into users (id, type, role_id, name, email, username, confirmed) values (${ORGANISER_ID}, 'organiser', 4, 'Organisatrice Bench', '${EMAIL}', '${EMAIL}', true)`,
  );
  await run(
    `insert into gates (event_id, name, position, plan_width, plan_height) values (${e}, 'Hall Factures', 99, ${BOOKINGS * 3}, 3)`,
  );
  await run(
    `insert into stand_classes (event_id, name, price_per_m2) values (${e}, '{"fr":"Stand nu","en":"Space only"}', 150000)`,
  );
  await run(`insert into stands (event_id, gate_id, number, x, y, width, height, class_id, area)
    select ${e}, (select id from gates where name = 'Hall Factures'), 'F-' || i, (i - 1) * 3, 0, 3, 3,
      (select id from stand_classes where event_id = ${e}), 9 from generate_series(1, ${BOOKINGS}) i`);
  await run(`insert into media (name, mime, size, path) values ('cgv.pdf', 'application/pdf', 100, 'bench/cgv.pdf')`);
  await run(
    `insert into sale_conditions (event_id, version, media_id) values (${e}, 1, (select id from media where path = 'bench/cgv.pdf'))`,
  );
  await run(`insert into sales_offers (event_id, open, minimum_area, deposit_share, seller) values (${e}, true, 9, 3000,
    '{"name":"Agence Bench SARL","ice":"002345678000091","taxId":"50123456","tradeRegister":"RC Marrakech 1","address":"1, avenue Bench","city":"Marrakech","bank":"Banque Bench","rib":"181810212111234567890123"}')`);
  await run(`insert into stand_bookings (event_id, reference, hold_until, company_name, ice, tax_id, trade_register, address, city,
      signatory_name, signatory_role, contact_name, email, phone, conditions_id, total_excl_tax, vat, vat_rate)
    select ${e}, 'S2024-' || lpad(i::text, 6, '0') || '-0', '2100-01-01', 'Société ' || i, '001234567000089', '40123456', 'RC 1',
      '1, rue Bench', 'Casablanca', 'Signataire ' || i, 'Gérant', 'Contact ' || i, 'societe-' || i || '@bench.example.com',
      '+212 522 00 00 00', (select id from sale_conditions where event_id = ${e}), 1350000, 270000, 2000
    from generate_series(1, ${BOOKINGS}) i`);
  await run(`insert into booking_stands (booking_id, event_id, number, hall, class_name, area, corner, price_per_m2, price)
    select b.id, ${e}, 'F-' || substr(b.reference, 7, 6)::int, 'Hall Factures', '{"fr":"Stand nu","en":"Space only"}', 9, false, 150000, 1350000
      from stand_bookings b`);
}

async function post(base: string, token: string, url: string, body?: unknown) {
  const start = performance.now();
  const res = await fetch(`${base}/backend/api/${url}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      cookie: `${XSRF_COOKIE}=${XSRF}`,
      [XSRF_HEADER]: XSRF,
    },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, ms: performance.now() - start };
}

async function measure(database: 'PGlite' | 'PostgreSQL', env: Record<string, string>): Promise<string[][]> {
  const instances = database === 'PGlite' ? 1 : 3;
  const keys = {
    JWT_SECRET: randomBytes(48).toString('base64url'),
    BADGE_PRIVATE_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
  const servers: RunningServer[] = [];
  const label = `${database} × ${instances}`;
  try {
    for (let i = 0; i < instances; i++)
      servers.push(await startServer({ ...env, ...keys, DEMO_DATA: 'false', MAIL_WORKER: 'false' }));
    const token = await createJwt(keys.JWT_SECRET).sign(ORGANISER_ID, 0, new Date());
    const started = performance.now();
    const confirmed = await Promise.all(
      Array.from({ length: BOOKINGS }, (_, i) =>
        post(servers[i % instances]!.base, token, `admin/stand-bookings/${i + 1}/confirm`),
      ),
    );
    const wave = performance.now() - started;
    const times = confirmed.map((c) => c.ms);
    const ok = confirmed.filter((c) => c.status === 200).length;

    const lines = ['Date;Libellé;Montant'];
    for (let t = 0; t < TRANSFERS; t++)
      for (let i = 1; i <= BOOKINGS; i++)
        lines.push(
          `0${1 + (t % 9)}/05/2024;VIR SOCIETE ${i} S2024-${String(i).padStart(6, '0')}-0 PART ${t + 1};1 620,00`,
        );
    const csv = lines.join('\n');
    const preview = await post(servers[0]!.base, token, 'admin/payments/import', { csv });
    const commit = await post(servers[0]!.base, token, 'admin/payments/import', { csv, commit: true });
    for (const server of servers.splice(0)) await server.stop();
    const check = await afterwards(env);
    const numbered = check.numbers.length === 2 * BOOKINGS && check.numbers.every((n, i) => n === i + 1);
    return [
      [
        label,
        `${BOOKINGS} confirmations at once`,
        `${ok} confirmed in ${ms(wave)} ms (p50 ${ms(percentile(times, 0.5))} ms, p99 ${ms(percentile(times, 0.99))} ms)`,
        `${BOOKINGS}`,
        verdict(ok === BOOKINGS),
      ],
      [
        label,
        'invoices numbered',
        `${check.numbers.length}, from ${check.numbers[0] ?? '-'} to ${check.numbers.at(-1) ?? '-'}`,
        `1 to ${2 * BOOKINGS}, no gap or repeat`,
        verdict(numbered),
      ],
      [
        label,
        `statement of ${lines.length - 1} lines matched (preview)`,
        `${String(preview.body.matched)} matched in ${ms(preview.ms)} ms`,
        `≤ ${TARGET_STATEMENT_MS} ms`,
        verdict(
          preview.status === 200 && preview.body.matched === lines.length - 1 && preview.ms <= TARGET_STATEMENT_MS,
        ),
      ],
      [
        label,
        'statement recorded (commit)',
        `${String(commit.body.recorded)} payments in ${ms(commit.ms)} ms; ${check.paid} bookings settled`,
        `${lines.length - 1}; ${BOOKINGS}`,
        verdict(commit.body.recorded === lines.length - 1 && check.paid === BOOKINGS),
      ],
    ];
  } finally {
    for (const s of servers) await s.stop();
  }
}

async function afterwards(env: Record<string, string>) {
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(env.DATA_DIR!, 'pglite') },
  );
  try {
    const numbers = (
      await queryRows<{ number: number }>(
        database.db,
        sql`select number from invoices where series = 'F' order by number`,
      )
    ).map((r) => r.number);
    const [paid] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from stand_bookings where status = 'paid'`,
    );
    return { numbers, paid: paid!.n };
  } finally {
    await database.close();
  }
}

const rows = await onBothDatabases(fill, measure);
console.info(
  `${BOOKINGS} options confirmed at once, then a statement of ${BOOKINGS * TRANSFERS} transfers; PGlite behind one instance, PostgreSQL behind three`,
);
printTable(['database', 'measure', 'value', 'target', 'result'], rows);
process.exit(rows.some((r) => r[4] === 'MISS') ? 1 : 0);
