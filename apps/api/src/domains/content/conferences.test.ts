import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_ID, DEMO_EDITION_ID } from '@salon/shared';
import { conferences, registrations, users } from '../../db/schema';
import { call, createTestApp, createUser, type TestContext } from '../../../test/helper';

interface ConferenceView {
  id: number;
  number: string;
  kind: string;
  title: Record<string, string | null>;
  theme: Record<string, string | null>;
  description: Record<string, string | null>;
  titleFr: string;
  titleEn: string;
  themeFr: string | null;
  themeEn: string | null;
  descriptionFr: string | null;
  descriptionEn: string | null;
  day: string;
  startsAt: string;
  endsAt: string;
}
interface ListBody {
  data: ConferenceView[];
  meta: { pagination: { total: number } };
}
interface ErrorBody {
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

let ctx: TestContext;
let programme: (typeof conferences.$inferSelect)[];
/** Each sign-up from its own address, so that the per-address limit never gets in the way. */
let address = 0;
const nextAddress = () => `10.1.0.${++address}`;

beforeAll(async () => {
  ctx = await createTestApp();
  programme = await ctx.db.select().from(conferences).where(eq(conferences.eventId, DEMO_EDITION_ID));
});
afterAll(() => ctx.close());

async function list(query = ''): Promise<ListBody> {
  const res = await call(ctx.app, 'GET', `conferences${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListBody>();
}
const numbers = (body: ListBody) => body.data.map((c) => c.number);

function signUp(conferenceId: number | string, body: unknown, remoteAddress = nextAddress()) {
  return call(ctx.app, 'POST', `conferences/${conferenceId}/registrations`, { body, remoteAddress });
}
const form = (email: string) => ({
  name: 'Salma Idrissi',
  email,
  phone: '06 11 22 33 44',
  company: 'Cabinet Idrissi',
  message: 'Je viendrai avec un collègue.',
});

describe('GET conferences', () => {
  it('lists the forum programme by day and start time, with HH:MM times', async () => {
    const body = await list();
    expect(numbers(body).slice(0, 3)).toEqual(['N°1', 'N°2.1', 'N°2.2']);
    expect(body.data.length).toBe(programme.length);
    const keys = body.data.map((c) => `${c.day} ${c.startsAt}`);
    expect(keys).toEqual([...keys].sort());
    expect(body.data[0]).toEqual({
      id: expect.any(Number) as unknown,
      number: 'N°1',
      kind: 'conference',
      title: { fr: body.data[0]!.titleFr, en: body.data[0]!.titleEn },
      theme: { fr: body.data[0]!.themeFr, en: body.data[0]!.themeEn },
      description: { fr: body.data[0]!.descriptionFr, en: body.data[0]!.descriptionEn },
      titleFr: expect.stringMatching(/^Construire le Maroc de demain/) as unknown,
      titleEn: expect.any(String) as unknown,
      themeFr: expect.any(String) as unknown,
      themeEn: expect.any(String) as unknown,
      descriptionFr: expect.any(String) as unknown,
      descriptionEn: expect.any(String) as unknown,
      day: '2024-05-29',
      startsAt: '10:00',
      endsAt: '12:00',
    });
  });

  it('searches the number, titles and descriptions, trimmed and in any case', async () => {
    expect(numbers(await list('?search=%20n%C2%B02.1%20'))).toEqual(['N°2.1']);
    const sporting = await list('?search=SPORTING%20EVENTS');
    expect(numbers(sporting)).toContain('N°2.1');
    expect(sporting.data.length).toBeLessThan(programme.length);
    const french = await list('?search=grands%20%C3%A9v%C3%A9nements%20sportifs');
    expect(numbers(french)).toContain('N°2.1');
    const inDescription = await list(`?search=${encodeURIComponent('état des lieux')}`);
    expect(numbers(inDescription)).toEqual(['N°1']);
  });

  it('filters on the theme in French or English', async () => {
    const fr = await list(`?theme=${encodeURIComponent(' vision et stratégie ')}`);
    expect(numbers(fr)).toEqual(['N°1']);
    const en = await list('?theme=sector%20VISION');
    expect(numbers(en)).toEqual(['N°1']);
    expect(numbers(await list('?theme=vision&search=N%C2%B02'))).toEqual([]);
  });

  it('ignores empty search texts', async () => {
    expect((await list('?search=%20%20&theme=')).data.length).toBe(programme.length);
  });

  it('matches % and _ literally', async () => {
    expect((await list('?search=%25')).data).toEqual([]);
    expect((await list('?search=_')).data).toEqual([]);
  });

  it('refuses filters and unknown parameters', async () => {
    const filtered = await call(ctx.app, 'GET', 'conferences?filters[q]=forum');
    expect(filtered.statusCode).toBe(400);
    expect(filtered.json<ErrorBody>().error.message).toBe('Filtre non autorisé : filters[q].');
    const unknown = await call(ctx.app, 'GET', 'conferences?q=forum');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().error.message).toBe('Paramètre de requête non autorisé : q.');
    const twice = await call(ctx.app, 'GET', 'conferences?search=a&search=b');
    expect(twice.statusCode).toBe(400);
  });
});

describe('GET conferences/:id', () => {
  it('gives one conference', async () => {
    const conference = programme.find((c) => c.number === 'N°3')!;
    const res = await call(ctx.app, 'GET', `conferences/${conference.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: ConferenceView }>().data).toMatchObject({
      id: conference.id,
      number: 'N°3',
      day: '2024-05-30',
      startsAt: '10:00',
      endsAt: '12:00',
    });
  });

  it('answers 404 for an unknown conference and 400 for an id that is not an integer', async () => {
    for (const id of ['999999', '99999999999']) {
      const res = await call(ctx.app, 'GET', `conferences/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorBody>().error).toEqual({
        status: 404,
        name: 'NotFoundError',
        message: 'Conférence introuvable.',
        details: {},
        requestId: expect.any(String) as unknown,
      });
    }
    for (const id of ['abc', '1.5', '-2']) {
      const res = await call(ctx.app, 'GET', `conferences/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json<ErrorBody>().error.name).toBe('ValidationError');
    }
  });
});

describe('POST conferences/:id/registrations', () => {
  it('creates a visitor without a password and a confirmed registration of type others', async () => {
    const conference = programme[0]!;
    const res = await signUp(conference.id, {
      data: { ...form('  Nouvelle.Personne@Example.com '), role: 4, type: 'exhibitor', confirmed: false },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ data: { conference: { id: number } } }>();
    expect(body).toEqual({ data: { conference: { id: conference.id } }, meta: {} });

    const [person] = await ctx.db.select().from(users).where(eq(users.email, 'nouvelle.personne@example.com'));
    expect(person).toMatchObject({
      type: 'visitor',
      roleId: DEFAULT_ROLE_ID,
      name: 'Salma Idrissi',
      username: 'nouvelle.personne@example.com',
      phone: '06 11 22 33 44',
      phoneNormalized: '212611223344',
      company: 'Cabinet Idrissi',
      confirmed: true,
      passwordHash: '',
    });
    const [registration] = await ctx.db.select().from(registrations).where(eq(registrations.userId, person!.id));
    expect(registration).toMatchObject({
      eventId: DEMO_EDITION_ID,
      userId: person!.id,
      type: 'others',
      confirmed: true,
      conferenceId: conference.id,
    });
  });

  it('answers a second sign-up to the same conference exactly like the first, and changes nothing', async () => {
    const conference = programme[1]!;
    const first = await signUp(conference.id, form('deux.fois@example.com'));
    expect(first.statusCode, first.body).toBe(201);
    const again = await signUp(conference.id, { data: form('DEUX.FOIS@example.com ') });
    expect(again.statusCode, again.body).toBe(201);
    // Nothing in the answer tells whether the address had signed up before.
    expect(again.body).toBe(first.body);
    const rows = await ctx.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.conferenceId, conference.id), eq(registrations.type, 'others')));
    expect(rows.length).toBe(1);
    const people = await ctx.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'deux.fois@example.com'`);
    expect(people.length).toBe(1);
  });

  it('reuses the account of an existing person found by e-mail in another case', async () => {
    const exhibitor = await createUser(ctx.db, {
      type: 'exhibitor',
      email: 'exposant.forum@example.com',
      company: 'Béton SA',
    });
    const first = await signUp(programme[2]!.id, { data: form('Exposant.Forum@EXAMPLE.com') });
    const second = await signUp(programme[3]!.id, form('exposant.forum@example.com'));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const rows = await ctx.db.select().from(registrations).where(eq(registrations.userId, exhibitor.id));
    expect(rows.map((r) => r.conferenceId).sort()).toEqual([programme[2]!.id, programme[3]!.id].sort());
    // The person's own details are not overwritten by what the form says.
    const [after] = await ctx.db.select().from(users).where(eq(users.id, exhibitor.id));
    expect(after).toMatchObject({ type: 'exhibitor', company: 'Béton SA' });
    const count = await ctx.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'exposant.forum@example.com'`);
    expect(count.length).toBe(1);
  });

  it('creates a new account when the only one with that e-mail is deleted', async () => {
    const gone = await createUser(ctx.db, { email: 'parti@example.com', deletedAt: new Date() });
    const res = await signUp(programme[0]!.id, form('parti@example.com'));
    expect(res.statusCode).toBe(201);
    const people = await ctx.db.select().from(users).where(eq(users.email, 'parti@example.com')).orderBy(users.id);
    expect(people.map((p) => p.id === gone.id)).toEqual([true, false]);
    const [registration] = await ctx.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.userId, people[1]!.id), eq(registrations.conferenceId, programme[0]!.id)));
    expect(registration).toBeDefined();
    expect(await ctx.db.select().from(registrations).where(eq(registrations.userId, gone.id))).toEqual([]);
  });

  it('answers an invalid form with a 400 naming each field', async () => {
    const res = await signUp(programme[0]!.id, { data: { name: '  ', email: 'pas-un-email', phone: '' } });
    expect(res.statusCode).toBe(400);
    const error = res.json<ErrorBody>().error;
    expect(error.message).toBe('Données invalides.');
    expect(error.details).toEqual({
      errors: [
        { path: ['body', 'name'], message: 'required' },
        { path: ['body', 'email'], message: 'email' },
        { path: ['body', 'phone'], message: 'required' },
      ],
    });
    const bare = await signUp(programme[0]!.id, { email: 'a@example.com' });
    expect(bare.statusCode).toBe(400);
    expect((bare.json<ErrorBody>().error.details.errors as { path: string[] }[]).map((e) => e.path.at(-1))).toEqual([
      'name',
      'phone',
    ]);
  });

  it('refuses a link or an e-mail address in the name or company, since they are those of an account mailed at the typed address, and creates nobody', async () => {
    const email = 'leurre@example.com';
    const res = await signUp(programme[0]!.id, {
      data: { ...form(email), name: 'Gagnant https://lure.example', company: 'Écrivez à x@lure.example' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error).toMatchObject({
      message: 'Données invalides.',
      details: {
        errors: [
          { path: ['body', 'name'], message: 'noLink' },
          { path: ['body', 'company'], message: 'noLink' },
        ],
      },
    });
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const www = await signUp(programme[0]!.id, { data: { ...form(email), company: 'www.lure.example' } });
    expect(www.json<ErrorBody>().error.details.errors).toEqual([{ path: ['body', 'company'], message: 'noLink' }]);
  });

  it('answers 404 for an unknown conference and 400 for an id that is not an integer', async () => {
    const unknown = await signUp(999999, form('perdu@example.com'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorBody>().error.message).toBe('Conférence introuvable.');
    expect((await signUp('abc', form('perdu@example.com'))).statusCode).toBe(400);
    const created = await ctx.db.select().from(users).where(eq(users.email, 'perdu@example.com'));
    expect(created).toEqual([]);
  });

  it('needs the XSRF header like every write', async () => {
    const res = await call(ctx.app, 'POST', `conferences/${programme[0]!.id}/registrations`, {
      body: form('xsrf@example.com'),
      xsrf: false,
    });
    expect(res.statusCode).toBe(403);
  });

  it('allows 20 sign-ups per minute from one address, then answers 429', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 20; i++) {
      const res = await signUp('abc', {}, ip);
      expect(res.statusCode).toBe(400);
    }
    const limited = await signUp(programme[0]!.id, form('limite@example.com'), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorBody>().error.name).toBe('TooManyRequestsError');
    expect((await signUp(programme[0]!.id, form('limite@example.com'))).statusCode).toBe(201);
  });
});
