import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { conferences, halls, registrations, users } from '../../db/schema';
import { call, createMedia, createTestApp, createUser, login, type TestContext } from '../../../test/helper';

interface Entry {
  id: number;
  booth: string | null;
  gate: { id: number; name: string } | null;
  user: {
    id: number;
    company: string;
    secteur_activite: string | null;
    businessSector: string | null;
    avatar: { url: string; formats: { small: { url: string } } } | null;
  };
}
interface ListBody {
  data: Entry[];
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } };
}
interface ErrorBody {
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

/** The specification's directory call, as the web client sends it. */
const BASE =
  'registrations?filters[event][id]=7&filters[type]=exhibitor&filters[confirmed]=true' +
  '&filters[user][company][$notNull]=true&filters[conference][id][$null]=true' +
  '&populate[gate]=true&populate[user][populate][0]=avatar&pagination[pageSize]=100';
const company = (text: string) => `&filters[user][company][$containsi]=${encodeURIComponent(text)}`;
const hall = (text: string) =>
  `&filters[$or][0][gate][name][$containsi]=${encodeURIComponent(text)}` +
  `&filters[$or][1][booth][$containsi]=${encodeURIComponent(text)}`;

let ctx: TestContext;
let hallIds: Map<string, number>;
const listed: Record<string, number> = {};

async function exhibitor(
  name: string,
  hallName: string | null,
  booth: string | null,
  options: {
    user?: Partial<typeof users.$inferInsert> & { password?: string };
    registration?: Partial<typeof registrations.$inferInsert>;
  } = {},
) {
  const user = await createUser(ctx.db, { type: 'exhibitor', company: name, ...options.user });
  const [registration] = await ctx.db
    .insert(registrations)
    .values({
      eventId: DEMO_EDITION_ID,
      userId: user.id,
      type: 'exhibitor',
      confirmed: true,
      gateId: hallName ? hallIds.get(hallName)! : null,
      booth,
      ...options.registration,
    })
    .returning();
  return { user, registration: registration! };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const hallRows = await ctx.db.select().from(halls).where(eq(halls.eventId, DEMO_EDITION_ID));
  hallIds = new Map(hallRows.map((g) => [g.name, g.id]));
  const avatar = await createMedia(ctx.db);
  const [conference] = await ctx.db.select().from(conferences).limit(1);

  // Listed: confirmed exhibitors of event 7 with a company.
  const alpha = await exhibitor('Alpha Béton', 'Hall A', 'A-01', {
    user: { avatarId: avatar.id, secteurActivite: 'Gros Oeuvre', businessSector: 'Béton prêt à l’emploi' },
  });
  listed.alpha = alpha.registration.id;
  listed.bravo = (await exhibitor('bravo Acier', 'Hall B', 'B-12')).registration.id;
  listed.charlie = (await exhibitor('Charlie 100% Bois', 'Hall C', 'C-07')).registration.id;
  listed.delta = (await exhibitor('Delta_Verre', 'Hall D', 'D-03')).registration.id;
  listed.echo = (await exhibitor('Echo Energie', null, 'EXT-9')).registration.id;

  // Never listed.
  await exhibitor('Alpha Non Confirmé', 'Hall A', 'A-02', { registration: { confirmed: false } });
  await exhibitor('Alpha Ancien', 'Hall A', 'A-03', { registration: { eventId: 5 } });
  await exhibitor('Alpha Conférence', 'Hall A', 'A-04', { registration: { conferenceId: conference!.id } });
  await exhibitor('Alpha Révoqué', 'Hall A', 'A-05', { registration: { revokedAt: new Date() } });
  await exhibitor('Alpha Supprimé', 'Hall A', 'A-06', { user: { deletedAt: new Date() } });
  await exhibitor('', 'Hall A', 'A-07');
  await exhibitor('   ', 'Hall A', 'A-08');
  await exhibitor('ignored', 'Hall A', 'A-09', { user: { company: null } });
  const visitor = await createUser(ctx.db, { type: 'visitor', company: 'Alpha Visiteur' });
  await ctx.db.insert(registrations).values([
    { eventId: DEMO_EDITION_ID, userId: visitor.id, type: 'visitor', confirmed: true },
    { eventId: DEMO_EDITION_ID, userId: visitor.id, type: 'others', confirmed: true, conferenceId: conference!.id },
  ]);
  const collaborator = await createUser(ctx.db, {
    type: 'collaborator',
    company: 'Alpha Béton',
    exhibitorId: alpha.user.id,
  });
  await ctx.db.insert(registrations).values({
    eventId: DEMO_EDITION_ID,
    userId: collaborator.id,
    type: 'collaborator',
    confirmed: true,
    gateId: alpha.registration.gateId,
    booth: 'A-01',
  });
});
afterAll(() => ctx.close());

async function directory(query = '', token?: string): Promise<ListBody> {
  const res = await call(ctx.app, 'GET', `${BASE}${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListBody>();
}
async function refused(url: string, status = 400): Promise<ErrorBody['error']> {
  const res = await call(ctx.app, 'GET', url);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<ErrorBody>().error;
}
const ids = (body: ListBody) => body.data.map((e) => e.id);
const all = () => [listed.alpha, listed.bravo, listed.charlie, listed.delta, listed.echo];

describe('GET registrations (public directory)', () => {
  it('lists only confirmed exhibitors of event 7 with a company and no conference, by company', async () => {
    const body = await directory();
    expect(ids(body)).toEqual(all());
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 100, pageCount: 1, total: 5 });
  });

  it('gives public fields only: stand, hall, company, sector and logo, never an e-mail or a phone', async () => {
    const body = await directory();
    const alpha = body.data[0]!;
    expect(alpha).toEqual({
      id: listed.alpha,
      booth: 'A-01',
      gate: { id: hallIds.get('Hall A'), name: 'Hall A' },
      user: {
        id: expect.any(Number) as unknown,
        company: 'Alpha Béton',
        secteur_activite: 'Gros Oeuvre',
        businessSector: 'Béton prêt à l’emploi',
        avatar: expect.objectContaining({
          url: expect.stringMatching(/^\/uploads\/test\//) as unknown,
          formats: expect.objectContaining({
            small: { url: expect.stringMatching(/^\/uploads\//) as unknown },
          }) as unknown,
        }) as unknown,
      },
    });
    expect(body.data.find((e) => e.id === listed.echo)).toMatchObject({
      gate: null,
      booth: 'EXT-9',
      user: { avatar: null },
    });
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/@example\.com|\+212|email|phone/i);
  });

  it('finds a company whatever the case, with the text trimmed', async () => {
    expect(ids(await directory(company('  ALPHA  ')))).toEqual([listed.alpha]);
    expect(ids(await directory(company('acier')))).toEqual([listed.bravo]);
    expect(ids(await directory(company('BÉTON')))).toEqual([listed.alpha]);
    expect(ids(await directory(company('o')))).toEqual([listed.alpha, listed.bravo, listed.charlie, listed.echo]);
  });

  it('ignores an empty search text', async () => {
    expect(ids(await directory(company('   ')))).toEqual(all());
    expect(ids(await directory(hall(' ')))).toEqual(all());
  });

  it('matches %, _ and \\ literally', async () => {
    expect(ids(await directory(company('100%')))).toEqual([listed.charlie]);
    expect(ids(await directory(company('%')))).toEqual([listed.charlie]);
    expect(ids(await directory(company('_')))).toEqual([listed.delta]);
    expect(ids(await directory(company('a_v')))).toEqual([listed.delta]);
    expect(ids(await directory(company('\\')))).toEqual([]);
  });

  it('finds a hall by its name or a stand through $or', async () => {
    expect(ids(await directory(hall('hall b')))).toEqual([listed.bravo]);
    expect(ids(await directory(hall('c-07')))).toEqual([listed.charlie]);
    expect(ids(await directory(hall('ext')))).toEqual([listed.echo]);
    expect(ids(await directory(hall('Hall')))).toEqual([listed.alpha, listed.bravo, listed.charlie, listed.delta]);
  });

  it('reads $contains in the hall group as $containsi, the specification saying only “contains”', async () => {
    const hallContains = (text: string) =>
      `&filters[$or][0][gate][name][$contains]=${encodeURIComponent(text)}` +
      `&filters[$or][1][booth][$contains]=${encodeURIComponent(text)}`;
    expect(ids(await directory(hallContains('hall b')))).toEqual([listed.bravo]);
    expect(ids(await directory(hallContains('C-07')))).toEqual([listed.charlie]);
    expect(ids(await directory(hallContains('nowhere')))).toEqual([]);
    // Other operators are still refused in that group.
    const refusedOp = await refused(`${BASE}&filters[$or][0][booth][$eq]=A-01`);
    expect(refusedOp.message).toBe('Opérateur $eq non pris en charge pour booth.');
  });

  it('combines the company and hall searches', async () => {
    expect(ids(await directory(company('a') + hall('hall a')))).toEqual([listed.alpha]);
    expect(ids(await directory(company('bravo') + hall('hall a')))).toEqual([]);
  });

  it('pages the results', async () => {
    const page = (size: number, n: number) =>
      call(
        ctx.app,
        'GET',
        BASE.replace('pagination[pageSize]=100', `pagination[pageSize]=${size}&pagination[page]=${n}`),
      );
    const second = (await page(2, 2)).json<ListBody>();
    expect(ids(second)).toEqual([listed.charlie, listed.delta]);
    expect(second.meta.pagination).toEqual({ page: 2, pageSize: 2, pageCount: 3, total: 5 });
    const beyond = (await page(2, 9)).json<ListBody>();
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.pagination.total).toBe(5);
  });

  it('caps the page size at 100', async () => {
    const res = await call(ctx.app, 'GET', BASE.replace('pagination[pageSize]=100', 'pagination[pageSize]=5000'));
    expect(res.statusCode).toBe(200);
    expect(res.json<ListBody>().meta.pagination.pageSize).toBe(100);
    const noSize = await call(ctx.app, 'GET', BASE.replace('&pagination[pageSize]=100', ''));
    expect(noSize.json<ListBody>().meta.pagination.pageSize).toBe(100);
  });

  it('works with the minimal call and every populate form', async () => {
    for (const url of [
      'registrations?filters[type]=exhibitor',
      'registrations?filters[type][$eq]=exhibitor&populate=*',
      'registrations?filters[type]=exhibitor&populate=gate,user.avatar',
      'registrations?filters[type]=exhibitor&populate[0]=gate&populate[1]=user&populate[2]=user.avatar',
      'registrations?filters[type]=exhibitor&populate[user][populate][avatar]=true&populate[gate]=*',
      'registrations?filters[type]=exhibitor&filters[conference][$null]=true&sort=user.company:asc',
      'registrations?filters[type]=exhibitor&sort[0]=user.company',
    ]) {
      const res = await call(ctx.app, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(ids(res.json<ListBody>()), url).toEqual(all());
    }
  });

  it('lists the edition the call names with the same scope, nobody for an edition that does not exist, the current one without', async () => {
    const companies = async (url: string) => {
      const res = await call(ctx.app, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { user: { company: string } }[] }>().data.map((r) => r.user.company);
    };
    expect(await companies(BASE.replace('filters[event][id]=7', 'filters[event][id]=5'))).toEqual(['Alpha Ancien']);
    expect(await companies(BASE.replace('filters[event][id]=7', 'filters[event][id]=999'))).toEqual([]);
    expect(await companies(BASE.replace('filters[event][id]=7&', ''))).toEqual(await companies(BASE));
    expect((await refused(BASE.replace('filters[event][id]=7', 'filters[event][id]=sept'))).status).toBe(400);
  });

  it('never widens the scope: asking for unconfirmed or conference sign-ups is a 400', async () => {
    const cases: [string, string][] = [
      [
        BASE.replace('filters[confirmed]=true', 'filters[confirmed]=false'),
        'L’annuaire ne montre que les exposants confirmés.',
      ],
      [
        BASE.replace('filters[conference][id][$null]=true', 'filters[conference][id][$null]=false'),
        'L’annuaire ne montre pas les inscriptions aux conférences.',
      ],
      [
        BASE.replace('filters[user][company][$notNull]=true', 'filters[user][company][$notNull]=false'),
        'L’annuaire ne montre que les exposants avec une société.',
      ],
      [`${BASE}&filters[user][company][$null]=true`, 'Opérateur $null non pris en charge pour user.company.'],
    ];
    for (const [url, message] of cases) {
      expect((await refused(url)).message, url).toBe(message);
    }
  });

  it('refuses filters, sorts and parameters the directory does not offer', async () => {
    const unknown = await refused(`${BASE}&filters[user][email][$containsi]=example`);
    expect(unknown).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Filtre non autorisé : filters[user][email].',
      details: { allowed: ['event.id', 'type', 'confirmed', 'user.company', 'conference.id', 'gate.id', 'sectors.id'] },
      requestId: expect.any(String) as unknown,
    });
    expect((await refused(`${BASE}&filters[$or][0][user][phone][$containsi]=6`)).message).toBe(
      'Filtre non autorisé : filters[user][phone].',
    );
    expect((await refused(`${BASE}&filters[$or][0][booth][$eq]=A-01`)).message).toBe(
      'Opérateur $eq non pris en charge pour booth.',
    );
    expect((await refused(`${BASE}&sort=user.company:desc`)).message).toMatch(/^L’annuaire est trié par société/);
    expect((await refused(`${BASE}&sort=booth:asc`)).message).toBe('Tri non autorisé : booth.');
    expect((await refused(`${BASE}&populate[user][populate][1]=registrations`)).message).toBe(
      'Relation non autorisée dans populate : user.registrations.',
    );
    expect((await refused(`${BASE}&fields[0]=email`)).message).toBe('Paramètre de requête non autorisé : fields.');
    expect((await refused(`${BASE}&pagination[page]=0`)).message).toBe('pagination[page] doit être un entier positif.');
  });

  it('still needs a sign-in for anything but the exhibitor directory', async () => {
    for (const url of [
      'registrations',
      'registrations?filters[type]=visitor',
      'registrations?filters[type][$in][0]=exhibitor',
      'registrations?filters[event][id]=7',
      'registrations?filters[type]=exhibitor&filters[type]=visitor',
      'registrations?filters[type][$ne]=visitor',
    ]) {
      const error = await refused(url, 401);
      expect(error).toEqual({
        status: 401,
        name: 'UnauthorizedError',
        message: 'Authentification requise.',
        details: {},
        requestId: expect.any(String) as unknown,
      });
    }
  });

  it('answers a signed-in client’s directory call with the directory', async () => {
    const me = await exhibitor('Zoulou Signé', 'Hall E', 'E-01', { user: { password: 'Secret-2024!' } });
    const token = await login(ctx.app, me.user.email);
    const body = await directory(company('a'), token);
    expect(ids(body)).toContain(listed.alpha);
    // Without the directory's filters the same caller still gets its own registrations.
    const own = await call(ctx.app, 'GET', 'registrations?filters[type]=exhibitor', { token });
    expect(own.json<ListBody>().data.map((r) => r.id)).toEqual([me.registration.id]);
  });
});

describe('directory search index', () => {
  /** Raw rows: both drivers answer `{ rows }`. */
  const rows = async (run: Promise<unknown>) => ((await run) as { rows: Record<string, string>[] }).rows;

  it('has the pg_trgm extension and a trigram index on lower(company) that the search can use', async () => {
    const ext = await rows(ctx.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`));
    expect(ext.length).toBe(1);
    const index = await rows(
      ctx.db.execute(
        sql`select indexdef from pg_indexes where tablename = 'users' and indexname = 'users_company_trgm'`,
      ),
    );
    expect(index[0]?.indexdef).toMatch(/USING gin \(lower\(company\) gin_trgm_ops\)/);
    const plan = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const lines = await rows(
        tx.execute(sql`explain select id from ${users} where lower(${users.company}) like lower(${'%béton%'})`),
      );
      return lines.map((line) => Object.values(line)[0]).join('\n');
    });
    expect(plan).toContain('users_company_trgm');
  });
});

describe('the directory kept in memory', () => {
  it('answers a repeated call from memory and a new search from the data', async () => {
    expect(ids(await directory(company('zulu')))).toEqual([]);
    const zulu = await exhibitor('Zulu Travaux', 'Hall B', 'B-40');
    expect(ids(await directory(company('zulu')))).toEqual([]);
    expect(ids(await directory(company('zulu trav')))).toEqual([zulu.registration.id]);
  });

  it('reads the data on every call when DIRECTORY_CACHE_SECONDS is 0', async () => {
    const uncached = await createTestApp({ DIRECTORY_CACHE_SECONDS: '0' });
    try {
      const search = `${BASE}${company('yankee')}`;
      expect((await call(uncached.app, 'GET', search)).json<ListBody>().data).toEqual([]);
      const user = await createUser(uncached.db, { type: 'exhibitor', company: 'Yankee Levage' });
      await uncached.db
        .insert(registrations)
        .values({ eventId: DEMO_EDITION_ID, userId: user.id, type: 'exhibitor', confirmed: true });
      expect((await call(uncached.app, 'GET', search)).json<ListBody>().data.map((e) => e.user.company)).toEqual([
        'Yankee Levage',
      ]);
    } finally {
      await uncached.close();
    }
  });
});
