import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_ID, DEMO_EDITION_ID } from '@salon/shared';
import { queryRows } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { halls, media, registrations, users } from '../../db/schema';
import { directoryCall, directoryStatement } from './directory.service';
import { call, createMedia, createTestApp, createUser, type TestContext } from '../../../test/helper';
import { serializeMedia } from '../media/media-view';

/**
 * The directory's single statement (domains/directory/directory.service.ts): the reply's JSON is written
 * by the database, so these tests hold it to what the former Node serialisation gave, byte for
 * byte, and check the total against the rows page after page.
 */

interface Entry {
  id: number;
  user: { company: string };
}
interface ListBody {
  data: Entry[];
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } };
}

const BASE =
  'registrations?filters[event][id]=7&filters[type]=exhibitor&filters[confirmed]=true' +
  '&filters[user][company][$notNull]=true&filters[conference][id][$null]=true' +
  '&populate[gate]=true&populate[user][populate][0]=avatar';
const company = (text: string) => `&filters[user][company][$containsi]=${encodeURIComponent(text)}`;
const page = (n: number, size: number) => `&pagination[page]=${n}&pagination[pageSize]=${size}`;

let ctx: TestContext;
/** The listed exhibitors' companies, as created. */
const companies = [
  'Kilo "Guillemets" \\ Oblique',
  'kilo Ligne\nsuivante',
  'Kilo Énergie ☀ 𝄞',
  'Kilo 50% Remise',
  'Kilo_Souligné',
  'KILO Majuscules',
  'Kilo Sans Hall',
];

beforeAll(async () => {
  ctx = await createTestApp({ DIRECTORY_CACHE_SECONDS: '0' });
  const hallRows = await ctx.db.select().from(halls).where(eq(halls.eventId, DEMO_EDITION_ID)).orderBy(asc(halls.id));
  const logo = await createMedia(ctx.db, { name: 'logo "kilo".svg', alt: null, width: null, height: null });
  for (const [i, name] of companies.entries()) {
    const user = await createUser(ctx.db, {
      type: 'exhibitor',
      company: name,
      secteurActivite: i % 2 ? 'Second Oeuvre' : null,
      businessSector: i === 0 ? 'Béton "prêt"' : null,
      avatarId: i < 2 ? logo.id : null,
    });
    await ctx.db.insert(registrations).values({
      eventId: DEMO_EDITION_ID,
      userId: user.id,
      type: 'exhibitor',
      confirmed: true,
      gateId: name.includes('Sans Hall') ? null : hallRows[i % hallRows.length]!.id,
      booth: i === 3 ? null : `K-${i}`,
    });
  }
});
afterAll(() => ctx.close());

async function text(url: string): Promise<string> {
  const res = await call(ctx.app, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.body;
}
const body = async (url: string) => JSON.parse(await text(url)) as ListBody;

/** The directory's answer as the former code built it: rows read with drizzle, JSON.stringify. */
async function expectedAnswer(search: string, n: number, size: number): Promise<string> {
  const rows = await ctx.db
    .select({ r: registrations, g: halls, u: users, m: media })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(halls, eq(halls.id, registrations.gateId))
    .leftJoin(media, eq(media.id, users.avatarId))
    .where(sql`${registrations.type} = 'exhibitor' and lower(${users.company}) like ${`%${search}%`}`)
    .orderBy(sql`lower(${users.company})`, asc(registrations.id));
  const data = rows.slice((n - 1) * size, n * size).map(({ r, g, u, m }) => ({
    id: r.id,
    booth: r.booth,
    gate: g ? { id: g.id, name: g.name } : null,
    user: {
      id: u.id,
      company: u.company,
      secteur_activite: u.secteurActivite,
      businessSector: u.businessSector,
      avatar: serializeMedia(m),
    },
  }));
  const total = rows.length;
  return JSON.stringify({
    data,
    meta: { pagination: { page: n, pageSize: size, pageCount: Math.ceil(total / size), total } },
  });
}

describe('the directory statement', () => {
  it('answers byte for byte as JSON.stringify of the former objects: key order, nulls, escapes, logo', async () => {
    for (const [n, size] of [
      [1, 100],
      [1, 3],
      [3, 3],
      [4, 3],
    ] as const) {
      expect(await text(BASE + company('kilo') + page(n, size))).toBe(await expectedAnswer('kilo', n, size));
    }
    const first = await body(BASE + company('guillemets'));
    expect(first.data[0]!.user.company).toBe('Kilo "Guillemets" \\ Oblique');
  });

  it('gives the same total on every page, and the pages together give every row once', async () => {
    const all = await body(BASE + company('kilo') + page(1, 100));
    expect(all.data).toHaveLength(companies.length);
    const seen: number[] = [];
    for (let n = 1; n <= 4; n++) {
      const p = await body(BASE + company('kilo') + page(n, 2));
      expect(p.meta.pagination).toEqual({ page: n, pageSize: 2, pageCount: 4, total: companies.length });
      seen.push(...p.data.map((e) => e.id));
    }
    expect(seen).toEqual(all.data.map((e) => e.id));
    // Past the last page: no rows, the total still counted.
    const beyond = await body(BASE + company('kilo') + page(9, 2));
    expect(beyond).toEqual({ data: [], meta: { pagination: { page: 9, pageSize: 2, pageCount: 4, total: 7 } } });
    // Nothing found: the same form.
    expect(await text(BASE + company('nulle part'))).toBe(
      '{"data":[],"meta":{"pagination":{"page":1,"pageSize":100,"pageCount":0,"total":0}}}',
    );
  });

  it('reads %, _ and \\ literally in short texts and long ones, whatever the case', async () => {
    const companiesOf = async (search: string) => (await body(BASE + company(search))).data.map((e) => e.user.company);
    // One or two characters: no trigram, looked for with position().
    expect(await companiesOf('%')).toEqual(['Kilo 50% Remise']);
    expect(await companiesOf('_')).toEqual(['Kilo_Souligné']);
    expect(await companiesOf('\\')).toEqual(['Kilo "Guillemets" \\ Oblique']);
    expect(await companiesOf('☀')).toEqual(['Kilo Énergie ☀ 𝄞']);
    expect(await companiesOf('ÉN')).toEqual(['Kilo Énergie ☀ 𝄞']);
    // Three letters or more: the trigram index's like.
    expect(await companiesOf('0% r')).toEqual(['Kilo 50% Remise']);
    expect(await companiesOf('o_s')).toEqual(['Kilo_Souligné']);
    expect(await companiesOf('o_souligné')).toEqual(['Kilo_Souligné']);
    expect(await companiesOf('ÉNERGIE')).toEqual(['Kilo Énergie ☀ 𝄞']);
    expect(await companiesOf('kilo%')).toEqual([]);
    expect(await companiesOf('ki_o')).toEqual([]);
  });

  it('combines several hall groups, leaving out a group whose texts are empty', async () => {
    const hallGroups =
      `&filters[$or][0][gate][name][$containsi]=${encodeURIComponent('hall a')}` +
      `&filters[$or][1][booth][$containsi]=K-2` +
      `&filters[$or][2][booth][$containsi]=${encodeURIComponent(' ')}`;
    const found = await body(BASE + company('kilo') + hallGroups);
    const hallA = (await ctx.db.select().from(halls).where(eq(halls.name, 'Hall A')))[0]!;
    const rows = await ctx.db
      .select({ id: registrations.id })
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.userId))
      .where(
        sql`lower(${users.company}) like 'kilo%' and (${registrations.gateId} = ${hallA.id} or ${registrations.booth} = 'K-2')`,
      );
    expect(found.data.map((e) => e.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(found.data.length).toBeGreaterThan(1);
    // Both columns in one group: both must hold.
    const both = await body(
      `${BASE}${company('kilo')}&filters[$or][0][gate][name][$containsi]=hall&filters[$or][0][booth][$containsi]=K-1`,
    );
    expect(both.data.map((e) => e.user.company)).toEqual(['kilo Ligne\nsuivante']);
  });

  it('never sends an e-mail or a phone number, the exhibitors having both', async () => {
    const answer = await text(BASE + page(1, 100));
    const people = await ctx.db.select({ email: users.email, phone: users.phone }).from(users);
    for (const p of people) {
      expect(answer).not.toContain(p.email);
      if (p.phone) expect(answer).not.toContain(p.phone);
    }
    expect(answer).not.toMatch(/email|phone|password/i);
  });

  it('keeps the cached answer byte for byte', async () => {
    const cached = await createTestApp();
    try {
      await createUser(cached.db, { type: 'exhibitor', company: 'Lima Cache' }).then((u) =>
        cached.db
          .insert(registrations)
          .values({ eventId: DEMO_EDITION_ID, userId: u.id, type: 'exhibitor', confirmed: true }),
      );
      const first = await call(cached.app, 'GET', BASE + company('lima'));
      const again = await call(cached.app, 'GET', BASE + company('lima'));
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(again.body)).toMatchObject({ data: [{ user: { company: 'Lima Cache' } }] });
    } finally {
      await cached.close();
    }
  });
});

describe('the directory statement on a large directory', () => {
  // As bench/directory.ts names them: 'atlas be' is in 2% of the names.
  const WORDS = 'Atlas Menara Kasbah Oasis Cedre Saharienne Argan Zellige Medina Riad'.split(' ');
  const KINDS = 'Beton Acier Bois Verre Energie'.split(' ');
  let big: TestContext;
  const planText = (lines: Record<string, string>[]) => lines.map((line) => Object.values(line)[0]).join('\n');
  const planOf = async (query: SQL) => planText(await queryRows<Record<string, string>>(big.db, query));
  const explain = preparedStatements<Record<string, string>>('explain_directory', 0);
  /** The plan of the statement listDirectory runs for this call, with its values. */
  const planOfCall = async (query: Record<string, unknown>) => {
    const call = directoryCall(query);
    const statement = explain(big.db, call.key, () => sql`explain ${directoryStatement(call.shape)}`);
    return planText((await statement.execute(call.values)).rows);
  };

  beforeAll(async () => {
    big = await createTestApp();
    for (let start = 0; start < 5000; start += 500) {
      const added = await big.db
        .insert(users)
        .values(
          Array.from({ length: 500 }, (_, k) => ({
            type: 'exhibitor' as const,
            roleId: DEFAULT_ROLE_ID,
            name: `Contact ${start + k}`,
            email: `index-${start + k}@example.com`,
            username: `index-${start + k}@example.com`,
            company: `${WORDS[(start + k) % 10]} ${KINDS[Math.floor((start + k) / 10) % 5]} ${start + k}`,
          })),
        )
        .returning({ id: users.id });
      await big.db
        .insert(registrations)
        .values(
          added.map((u) => ({ eventId: DEMO_EDITION_ID, userId: u.id, type: 'exhibitor' as const, confirmed: true })),
        );
    }
    // Statistics as the server gathers them (PGlite: analyze at start and every few minutes).
    await big.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => big.close());

  it('uses the company search index once 5,000 exhibitors were added, with no vacuum since, and joins each company found to its registration by index', async () => {
    // With GIN's pending list (fastupdate on, migration 0019 turns it off) the planner read the
    // whole table here: PGlite has no vacuum to merge the list.
    expect(
      await planOf(sql`explain select id from ${users} where lower(${users.company}) like lower(${'%atlas be%'})`),
    ).toContain('users_company_trgm');
    // The planner's cost of an index probe (client.ts): at PostgreSQL's default it read all 5,000
    // registrations to join the 100 companies found.
    expect(
      await planOf(
        sql`explain select ${registrations.id} from ${registrations} join ${users} on ${users.id} = ${registrations.userId}
          where ${registrations.eventId} = ${DEMO_EDITION_ID} and lower(${users.company}) like lower(${'%atlas be%'})`,
      ),
    ).toMatch(/Index Scan using registrations_user/);
    expect(
      await planOfCall({ filters: { type: 'exhibitor', user: { company: { $containsi: 'atlas be' } } } }),
    ).toContain('users_company_trgm');
  });

  it('walks the exhibitors in company order for a page without a search, instead of sorting all 5,000', async () => {
    const plan = await planOfCall({ filters: { type: 'exhibitor' }, pagination: { page: '1', pageSize: '100' } });
    expect(plan).toContain('Index Scan using users_company_order');
    // The total still counts every listed exhibitor, apart from the page.
    expect(plan).toMatch(/Aggregate/);
  });
});
