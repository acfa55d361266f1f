/**
 * The exhibitor directory under load: 5,000 confirmed exhibitors, then the directory call of
 * the specification (company search matching about 2% of them, the hall variant, and no text),
 * on PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the local server), with autocannon:
 * every search with the directory's cache off, then the company search with it on. The two
 * databases are printed side by side; MISS and a non-zero exit when a target below is missed
 * or any request failed.
 *
 *   npm run bench:directory
 */
import autocannon from 'autocannon';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEFAULT_ROLE_ID, DEMO_EDITION_ID, toQueryString } from '@salon/shared';
import type { Db } from '../apps/api/src/db/client';
import { halls, registrations, users } from '../apps/api/src/db/schema';
import { seedReference } from '../apps/api/src/db/seed';
import { onBothDatabases, printTable, startServer } from './start-server';

const EXHIBITORS = 5000;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
// Fifty words, one per company name in turn: each word matches 2% of the exhibitors.
const WORDS = 'Atlas Menara Kasbah Oasis Cedre Saharienne Argan Zellige Medina Riad'.split(' ');
const KINDS = 'Beton Acier Bois Verre Energie'.split(' ');

async function fill(db: Db): Promise<void> {
  await seedReference(db);
  const hallRows = await db.select().from(halls).where(eq(halls.eventId, DEMO_EDITION_ID));
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
        const hall = hallRows[(start + k) % hallRows.length]!;
        return {
          eventId: DEMO_EDITION_ID,
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
      event: { id: DEMO_EDITION_ID },
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
  // The pickers: a hall by id, a sector of the show's list, a letter; their counts.
  { name: 'hall picker', path: query({ gate: { id: '{hall}' } }) },
  {
    name: 'sector + letter',
    path: query({ sectors: { id: '{sector}' }, user: { company: { $notNull: true, $startsWithi: 'm' } } }),
  },
  { name: 'picker counts', path: '/backend/api/directory/facets' },
];
const [COMPANY] = CASES;

/** The cases' paths with the server's ids of its third hall and of the sector 'Gros Oeuvre'. */
async function resolved(base: string, cases: typeof CASES): Promise<typeof CASES> {
  const halls = ((await (await fetch(`${base}/backend/api/gates`)).json()) as { data: { id: number }[] }).data;
  const sectors = (
    (await (await fetch(`${base}/backend/api/sectors`)).json()) as {
      data: { id: number; kind: string; nameFr: string }[];
    }
  ).data;
  const sector = sectors.find((x) => x.kind === 'choice' && x.nameFr === 'Gros Oeuvre')!;
  return cases.map((c) => ({
    ...c,
    path: c.path
      .replace(encodeURIComponent('{hall}'), String(halls[2]!.id))
      .replace(encodeURIComponent('{sector}'), String(sector.id)),
  }));
}

/**
 * The targets, cache off (the cache is a bonus, not the reason the directory is fast), for
 * the company search: Strapi 5 serves the same call at about 12 req/s on this machine.
 */
const TARGETS = {
  PostgreSQL: { rate: 1000, p99: 25 },
  PGlite: { rate: 500, p99: Infinity },
} as const;
type Database = keyof typeof TARGETS;

interface Run {
  database: Database;
  cache: 'off' | 'on';
  search: string;
  matches: number;
  rate: number;
  p99: number;
  errors: number;
}

async function measure(database: Database, cache: Run['cache'], base: string, cases: typeof CASES): Promise<Run[]> {
  const runs: Run[] = [];
  for (const c of await resolved(base, cases)) {
    const check = await fetch(base + c.path);
    const body = (await check.json()) as { data?: unknown[]; meta?: { pagination?: { total?: number } } };
    if (!check.ok) throw new Error(`${c.name}: HTTP ${check.status}`);
    const wide = await autocannon({ url: base + c.path, connections: 50, duration: DURATION });
    const narrow = await autocannon({ url: base + c.path, connections: 10, duration: DURATION });
    runs.push({
      database,
      cache,
      search: c.name,
      matches: body.meta?.pagination?.total ?? body.data?.length ?? 0,
      rate: Math.round(wide.requests.average),
      p99: narrow.latency.p99,
      // autocannon counts timeouts among errors.
      errors: wide.non2xx + wide.errors + narrow.non2xx + narrow.errors,
    });
  }
  return runs;
}

/**
 * Every search with the cache off (each request runs the query), then the company search as
 * configured by default (answers kept DIRECTORY_CACHE_SECONDS), for the record. Both servers use
 * the same database, so they are given the same keys (the second would refuse others).
 */
async function measureBoth(database: Database, env: Record<string, string>): Promise<Run[]> {
  const keys = {
    JWT_SECRET: randomBytes(48).toString('base64url'),
    BADGE_PRIVATE_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
  const uncached = await startServer({ ...env, ...keys, DEMO_DATA: 'false', DIRECTORY_CACHE_SECONDS: '0' });
  const runs = await measure(database, 'off', uncached.base, CASES);
  await uncached.stop();
  const cached = await startServer({ ...env, ...keys, DEMO_DATA: 'false' });
  runs.push(...(await measure(database, 'on', cached.base, [COMPANY!])));
  await cached.stop();
  return runs;
}

const runs = await onBothDatabases(fill, measureBoth);

/** PASS or MISS for the cache-off company search, 'MISS (errors)' for any run with an error. */
function verdict(run: Run | undefined): string {
  if (!run) return '';
  if (run.errors) return 'MISS (errors)';
  if (run.cache === 'on' || run.search !== COMPANY!.name) return 'no target';
  const target = TARGETS[run.database];
  return run.rate >= target.rate && run.p99 <= target.p99 ? 'PASS' : 'MISS';
}

const row = (database: Database, search: string, cache: Run['cache']) =>
  runs.find((r) => r.database === database && r.search === search && r.cache === cache);
const rows = [...CASES.map((c) => [c.name, 'off'] as const), [COMPANY!.name, 'on'] as const].map(([search, cache]) => {
  const cells = (['PGlite', 'PostgreSQL'] as const).flatMap((database) => {
    const r = row(database, search, cache);
    return r ? [String(r.rate), String(r.p99), String(r.errors), verdict(r)] : ['', '', '', ''];
  });
  return [search, cache, String(row('PostgreSQL', search, cache)?.matches ?? ''), ...cells];
});

console.info(
  `${EXHIBITORS} confirmed exhibitors, ${DURATION} s per run, measured on a shared machine. Targets for the company ` +
    `search with the cache off (DIRECTORY_CACHE_SECONDS=0): PostgreSQL ≥ ${TARGETS.PostgreSQL.rate} req/s at 50 ` +
    `connections and p99 ≤ ${TARGETS.PostgreSQL.p99} ms at 10; PGlite ≥ ${TARGETS.PGlite.rate} req/s at 50 and no ` +
    `error. Strapi 5 serves the same call at about 12 req/s here.`,
);
printTable(
  [
    'search',
    'cache',
    'matches',
    'PGlite req/s @50',
    'p99 ms @10',
    'errors',
    'PGlite',
    'PostgreSQL req/s @50',
    'p99 ms @10',
    'errors',
    'PostgreSQL',
  ],
  rows,
);
process.exit(runs.some((r) => verdict(r).startsWith('MISS')) ? 1 : 0);
