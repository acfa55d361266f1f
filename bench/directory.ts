/**
 * The exhibitor directory under load: 5,000 confirmed exhibitors, then the directory call of
 * the specification (company search matching about 2% of them, the hall variant, and no text),
 * on PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the local server), with autocannon.
 *
 *   npm run bench:directory
 */
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { DEFAULT_ROLE_ID, EVENT_ID, toQueryString } from '@salon/shared';
import type { Db } from '../apps/api/src/db/client';
import { gates, registrations, users } from '../apps/api/src/db/schema';
import { seedReference } from '../apps/api/src/db/seed';
import { onBothDatabases, printTable, startServer } from './start-server';

const EXHIBITORS = 5000;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
// Fifty words, one per company name in turn: each word matches 2% of the exhibitors.
const WORDS = 'Atlas Menara Kasbah Oasis Cedre Saharienne Argan Zellige Medina Riad'.split(' ');
const KINDS = 'Beton Acier Bois Verre Energie'.split(' ');

async function fill(db: Db): Promise<void> {
  await seedReference(db);
  const halls = await db.select().from(gates).where(eq(gates.eventId, EVENT_ID));
  for (let start = 0; start < EXHIBITORS; start += 500) {
    const batch = Array.from({ length: Math.min(500, EXHIBITORS - start) }, (_, k) => start + k);
    const rows = await db
      .insert(users)
      .values(
        batch.map((i) => ({
          type: 'exhibitor' as const,
          roleId: DEFAULT_ROLE_ID,
          name: `Contact ${i}`,
          email: `bench-${i}@example.com`,
          username: `bench-${i}@example.com`,
          company: `${WORDS[i % WORDS.length]} ${KINDS[Math.floor(i / WORDS.length) % KINDS.length]} ${i}`,
          secteurActivite: 'Gros Oeuvre',
          confirmed: true,
        })),
      )
      .returning({ id: users.id });
    await db.insert(registrations).values(
      rows.map((u, k) => {
        const hall = halls[(start + k) % halls.length]!;
        return {
          eventId: EVENT_ID,
          userId: u.id,
          type: 'exhibitor' as const,
          confirmed: true,
          gateId: hall.id,
          booth: `${hall.name.slice(-1)}-${start + k}`,
        };
      }),
    );
  }
}

const query = (extra: Record<string, unknown>) =>
  `/backend/api/registrations?${toQueryString({
    filters: {
      event: { id: EVENT_ID },
      type: 'exhibitor',
      confirmed: true,
      user: { company: { $notNull: true } },
      conference: { id: { $null: true } },
      ...extra,
    },
    populate: { gate: true, user: { populate: ['avatar'] } },
    pagination: { pageSize: 100 },
  })}`;

const CASES = [
  // 'Menara Bois' is in 1% of names, 'Menara' in 10%: 'Atlas Be' matches Atlas Beton only: 2%.
  { name: 'company search (~2%)', path: query({ user: { company: { $notNull: true, $containsi: 'atlas be' } } }) },
  {
    name: 'hall search',
    path: query({ $or: [{ gate: { name: { $containsi: 'Hall C' } } }, { booth: { $containsi: 'Hall C' } }] }),
  },
  { name: 'no text', path: query({}) },
];

async function measure(label: string, base: string, cases = CASES): Promise<string[][]> {
  const rows: string[][] = [];
  for (const c of cases) {
    const check = await fetch(base + c.path);
    const body = (await check.json()) as { data?: unknown[]; meta?: { pagination?: { total?: number } } };
    if (!check.ok) throw new Error(`${c.name}: HTTP ${check.status}`);
    const wide = await autocannon({ url: base + c.path, connections: 50, duration: DURATION });
    const narrow = await autocannon({ url: base + c.path, connections: 10, duration: DURATION });
    const isTarget = label === 'PostgreSQL' && c === CASES[0];
    const ok =
      wide.non2xx + wide.errors + narrow.non2xx + narrow.errors === 0 &&
      (!isTarget || (wide.requests.average >= 1000 && narrow.latency.p99 <= 25));
    rows.push([
      label,
      c.name,
      String(body.meta?.pagination?.total ?? body.data?.length ?? 0),
      String(Math.round(wide.requests.average)),
      String(narrow.latency.p99),
      String(wide.non2xx + wide.errors + narrow.non2xx + narrow.errors),
      isTarget
        ? ok
          ? 'PASS'
          : 'MISS'
        : label.endsWith('no cache')
          ? 'for the record'
          : ok
            ? 'no target'
            : 'MISS (errors)',
    ]);
  }
  return rows;
}

/**
 * The server as configured by default (answers kept DIRECTORY_CACHE_SECONDS), then, for the
 * record, the company search with the cache off: every request runs the query (on PGlite, some
 * of the 50 connections then time out: at that load, run on PostgreSQL).
 */
async function measureBoth(label: string, env: Record<string, string>): Promise<string[][]> {
  const cached = await startServer({ ...env, DEMO_DATA: 'false' });
  const rows = await measure(label, cached.base);
  await cached.stop();
  const uncached = await startServer({ ...env, DEMO_DATA: 'false', DIRECTORY_CACHE_SECONDS: '0' });
  rows.push(...(await measure(`${label}, no cache`, uncached.base, [CASES[0]!])));
  await uncached.stop();
  return rows;
}

const rows = await onBothDatabases(fill, measureBoth);

console.info(
  `${EXHIBITORS} confirmed exhibitors, ${DURATION} s per run; target on PostgreSQL for the company search: ≥ 1000 req/s at 50 connections and p99 ≤ 25 ms at 10 (Strapi 5 serves the original call at about 25 req/s here)`,
);
printTable(['database', 'search', 'matches', 'req/s @50', 'p99 ms @10', 'errors', 'result'], rows);
process.exit(rows.some((r) => r[6]!.startsWith('MISS')) ? 1 : 0);
