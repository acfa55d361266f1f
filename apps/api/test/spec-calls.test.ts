/**
 * The specification's call table (section 7), each call written from the table as its original
 * client sends it: Strapi 4 query strings as `qs` encodes them (`encodeValuesOnly`, as Strapi's
 * documentation does), trailing slashes, `data` wrappers, the bearer token after `POST auth/local`
 * and the XSRF cookie and header on writes (helper.ts `call`), against the demo data. Each
 * answer's status and the fields the specification names are checked; then the same calls by
 * callers who must be refused.
 *
 * One file on purpose, over 400 lines: every call runs on the demo data the seed loads (the
 * costliest set-up of the suite, up to two minutes), in the table's order, and later calls read
 * what earlier ones made (DELETE users/{id} removes the collaborator POST auth/local/register/
 * added); the refused calls are the same table's rows by other callers.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, type ErrorAnswer } from '@salon/shared';
import { demandesExposants, registrations, scans, users } from '../src/db/schema';
import { DEMO_ACCOUNTS, seed } from '../src/db/seed';
import { call, login, type TestContext, createTestApp } from './helper';

const strapi = (query: Record<string, unknown>) => qs.stringify(query, { encodeValuesOnly: true });
const ORGANISER = 'organisation@salon.example';

type User = typeof users.$inferSelect;
interface Party {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  jobPosition: string | null;
  type: string;
  exhibitor?: { id: number; company: string | null } | null;
}
interface Scan {
  id: string;
  typeScanned: string;
  createdAt: string;
  person: { name: string; email: string | null };
  scanner: { id: number; name: string };
  users: Party[];
}
interface Page<T> {
  data: T[];
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } };
}
interface ErrorBody {
  error: { status: number; name: string; message: string; details: { errors?: { path: string[]; message: string }[] } };
}

let ctx: TestContext;
let exhibitor: User;
let collaborator: User;
let exhibitor2: User;
let exhibitorToken: string;
let collaboratorToken: string;
let exhibitor2Token: string;
let address = 0;
/** Each public form from its own address: the per-address budgets are not what is tested here. */
const nextAddress = () => `10.21.${Math.floor(++address / 250)}.${address % 250}`;

/** What a client that sets the JSON header on every request sends when a call has no body. */
const emptyJson = { headers: { 'content-type': 'application/json' }, body: '' };
const userByEmail = async (email: string) =>
  (
    await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
  )[0]!;
const areaRegistration = async (userId: number) =>
  (
    await ctx.db
      .select()
      .from(registrations)
      .where(
        and(
          eq(registrations.userId, userId),
          eq(registrations.eventId, DEMO_EDITION_ID),
          isNull(registrations.conferenceId),
        ),
      )
  )[0]!;

beforeAll(async () => {
  ctx = await createTestApp({ DEMO_DATA: 'true', ORGANISER_EMAIL: ORGANISER, PUBLIC_URL: 'http://localhost:3000' });
  await seed(ctx.db, ctx.config, ctx.app.log);
  exhibitor = await userByEmail(DEMO_ACCOUNTS.exhibitor.email);
  collaborator = await userByEmail(DEMO_ACCOUNTS.collaborator.email);
  exhibitor2 = await userByEmail(DEMO_ACCOUNTS.exhibitor2.email);
  exhibitorToken = await login(ctx.app, exhibitor.email, DEMO_ACCOUNTS.exhibitor.password);
  collaboratorToken = await login(ctx.app, collaborator.email, DEMO_ACCOUNTS.collaborator.password);
  exhibitor2Token = await login(ctx.app, exhibitor2.email, DEMO_ACCOUNTS.exhibitor2.password);
}, 120_000);
afterAll(() => ctx?.close());

/** The visitor form as the specification's client fills it: fields, hidden values, username and password. */
const specVisitor = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Youssef Alaoui',
  email,
  phone: '+212 6 70 11 22 33',
  company: 'Alaoui BTP',
  jobPosition: 'Conducteur de travaux',
  event: DEMO_EDITION_ID,
  confirmed: true,
  emailOTPConfirmed: true,
  type: 'visitor',
  provider: 'local',
  role: 1,
  username: email,
  password: email,
  ...extra,
});

describe('the specification’s calls, as its client sends them', () => {
  it('POST auth/local/register (visitor) as the table sends it, no consent field: 201, a visitor registration for event 7 and its badge link', async () => {
    const email = 'spec-visitor-1@example.com';
    const res = await call(ctx.app, 'POST', 'auth/local/register', {
      body: specVisitor(email),
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json<{ data: { registration: { id: number; type: string }; badgeUrl: string } }>();
    expect(data.registration.type).toBe('visitor');
    expect(data.badgeUrl).toMatch(/^\/backend\/api\/registrations\/downloadEbadgeFull\/\d+\?token=/);
    const person = await userByEmail(email);
    // The hidden values are the server's: no password, role 1, type visitor.
    expect(person).toMatchObject({ type: 'visitor', roleId: 1, passwordHash: '' });
    expect(await areaRegistration(person.id)).toMatchObject({
      id: data.registration.id,
      type: 'visitor',
      confirmed: true,
    });
  });

  it('POST auth/local/register with the exhibitor enquiry’s body: 201, stored as an enquiry, no account made', async () => {
    const email = 'spec-prospect@example.com';
    const res = await call(ctx.app, 'POST', 'auth/local/register', {
      body: {
        nom: 'Nadia Berrada',
        email,
        telephone: '+212 6 61 00 11 22',
        societe: 'Berrada Menuiserie',
        secteur_activite: '',
        message: 'Un stand de 18 m² ?',
        username: email,
        password: email,
      },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json<{ data: { id: number } }>();
    const [enquiry] = await ctx.db.select().from(demandesExposants).where(eq(demandesExposants.id, data.id));
    expect(enquiry).toMatchObject({
      nom: 'Nadia Berrada',
      societe: 'Berrada Menuiserie',
      secteurActivite: 'non rempli',
    });
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('POST visiteurs/putVisitor with `data` and eBadge true, as the table sends it: 201, a visitor registration', async () => {
    const res = await call(ctx.app, 'POST', 'visiteurs/putVisitor', {
      body: { data: { ...specVisitor('spec-visitor-3@example.com'), eBadge: true } },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: { registration: { type: string } } }>().data.registration.type).toBe('visitor');
  });

  it('GET sib/ with its three media populated', async () => {
    const query = strapi({ populate: ['logo_sponsor_officiel', 'logo_pays_invite_honneur', 'media_full_background'] });
    const res = await call(ctx.app, 'GET', `sib/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{ data: Record<string, unknown> }>();
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining(['logo_sponsor_officiel', 'logo_pays_invite_honneur', 'media_full_background']),
    );
  });

  it('GET agence/ with logo, logo_footer and image populated', async () => {
    const res = await call(ctx.app, 'GET', `agence/?${strapi({ populate: ['logo', 'logo_footer', 'image'] })}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{ data: Record<string, unknown> }>();
    expect(Object.keys(data)).toEqual(expect.arrayContaining(['logo', 'logo_footer', 'image']));
  });

  it('GET temoignages/ sorted by position then id', async () => {
    const res = await call(ctx.app, 'GET', `temoignages/?${strapi({ sort: ['position:asc', 'id:asc'] })}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<Page<{ id: number; position: number }>>();
    expect(data.length).toBeGreaterThan(0);
    const order = data.map((t) => [t.position, t.id]);
    expect(order).toEqual([...order].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
  });

  it('POST newsletters/ with data.email: 201 (the trailing slash is the same route)', async () => {
    const res = await call(ctx.app, 'POST', 'newsletters/', {
      body: { data: { email: 'spec-news@example.com' } },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ data: { email: 'spec-news@example.com' }, meta: {} });
  });

  it('GET bannieres/ for both placements at once: newest first, one a page, active, files populated', async () => {
    const query = strapi({
      sort: ['id:desc'],
      pagination: { pageSize: 1 },
      filters: { actif: 1, $or: [{ emplacement: 'Haut' }, { emplacement: 'Bas' }] },
      populate: ['fichier_desktop', 'fichier_mobile'],
    });
    const res = await call(ctx.app, 'GET', `bannieres/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<Page<{ emplacement: string; actif: boolean; fichier_desktop: unknown }>>();
    for (const banner of data) {
      expect(banner.actif).toBe(true);
      expect(['Haut', 'Bas']).toContain(banner.emplacement);
      expect(banner).toHaveProperty('fichier_mobile');
    }
  });

  it('GET galeries/ sorted by position with its images', async () => {
    const res = await call(ctx.app, 'GET', `galeries/?${strapi({ sort: ['position:asc'], populate: ['image'] })}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<Page<{ position: number; image: { url: string } | null }>>();
    expect(data.length).toBeGreaterThan(0);
    expect(data[0]!.image?.url).toMatch(/^\/uploads\//);
  });

  it('GET partenaires/ and partenaires-presses/: active ones, logos populated, by position then id', async () => {
    for (const path of ['partenaires/', 'partenaires-presses/']) {
      const query = strapi({ filters: { actif: 1 }, populate: ['logo'], sort: ['position:asc', 'id:asc'] });
      const res = await call(ctx.app, 'GET', `${path}?${query}`);
      expect(res.statusCode, `${path} ${res.body}`).toBe(200);
      const { data } = res.json<Page<{ actif: boolean; logo: unknown }>>();
      expect(data.length, path).toBeGreaterThan(0);
      expect(data.every((p) => p.actif && 'logo' in p)).toBe(true);
    }
  });

  it('GET auth/google/callback?access_token=…: not shown by the specification; we answer 400 “not available”', async () => {
    const res = await call(ctx.app, 'GET', `auth/google/callback?${strapi({ access_token: 'ya29.token' })}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.message).toBe('Connexion Google non disponible');
  });

  it('GET registrations (directory) with every filter, the hall OR group with $contains, 100 a page: the data list', async () => {
    const query = strapi({
      filters: {
        event: { id: { $eq: DEMO_EDITION_ID } },
        type: { $eq: 'exhibitor' },
        confirmed: { $eq: true },
        user: { company: { $notNull: true, $containsi: 'a' } },
        conference: { id: { $null: true } },
        $or: [{ gate: { name: { $contains: 'Hall' } } }, { booth: { $contains: 'Hall' } }],
      },
      populate: { gate: true, user: { populate: ['avatar'] } },
      pagination: { pageSize: 100 },
    });
    const res = await call(ctx.app, 'GET', `registrations?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json<
      Page<{
        id: number;
        booth: string;
        gate: { name: string };
        user: { company: string; avatar: { formats: { small: { url: string } } } };
      }>
    >();
    expect(meta.pagination.pageSize).toBe(100);
    expect(data.length).toBeGreaterThan(10);
    for (const entry of data) {
      expect(entry.user.company.toLowerCase()).toContain('a');
      expect(entry.gate.name).toMatch(/^Hall /);
      expect(entry.booth).toBeTruthy();
      expect(entry.user.avatar.formats.small.url).toMatch(/^\/uploads\//);
      expect(entry).not.toHaveProperty('user.email');
    }
    // The same search with $containsi finds the same exhibitors.
    const insensitive = await call(ctx.app, 'GET', `registrations?${query.replaceAll('$contains]', '$containsi]')}`);
    expect(insensitive.json<Page<{ id: number }>>().data.map((d) => d.id)).toEqual(data.map((d) => d.id));
  });

  it('POST auth/local with identifier and password: the user and the jwt', async () => {
    const res = await call(ctx.app, 'POST', 'auth/local', {
      body: { identifier: exhibitor.email, password: DEMO_ACCOUNTS.exhibitor.password },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ jwt: string; user: { id: number; email: string; type: string } }>();
    expect(body.jwt.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({ id: exhibitor.id, email: exhibitor.email, type: 'exhibitor' });
  });

  it('GET users/me with role and avatar populated', async () => {
    const res = await call(ctx.app, 'GET', `users/me?${strapi({ populate: ['role', 'avatar'] })}`, {
      token: exhibitorToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{
      data: { id: number; role: { id: number }; avatar: { url: string }; company: string };
    }>();
    expect(data).toMatchObject({ id: exhibitor.id, role: { id: 1 }, company: exhibitor.company });
    expect(data.avatar.url).toMatch(/^\/uploads\//);
  });

  it('GET registrations filtered by event and user: the data list with the exhibitor type', async () => {
    const query = strapi({ filters: { event: { id: { $eq: DEMO_EDITION_ID } }, user: { id: { $eq: exhibitor.id } } } });
    const res = await call(ctx.app, 'GET', `registrations?${query}`, { token: exhibitorToken });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<Page<{ type: string; event: { id: number } }>>();
    expect(data.map((r) => [r.type, r.event.id])).toEqual([['exhibitor', DEMO_EDITION_ID]]);
  });

  it('PUT users/{id} with the info form’s values: 200 and the record as saved', async () => {
    const body = {
      name: exhibitor.name,
      email: exhibitor.email,
      phone: exhibitor.phone,
      company: exhibitor.company,
      jobPosition: 'Directeur commercial',
    };
    const res = await call(ctx.app, 'PUT', `users/${exhibitor.id}`, { body, token: exhibitorToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { jobPosition: string; company: string } }>().data).toMatchObject({
      jobPosition: 'Directeur commercial',
      company: exhibitor.company,
    });
  });

  it('GET users filtered by exhibitor, registrations populated for event 7, 50 a page: each with its registrations', async () => {
    for (const event of [{ id: { $eq: DEMO_EDITION_ID } }, { $eq: DEMO_EDITION_ID }]) {
      const query = strapi({
        filters: { exhibitor: { id: { $eq: exhibitor.id } } },
        populate: { registrations: { filters: { event } } },
        pagination: { pageSize: 50 },
      });
      const res = await call(ctx.app, 'GET', `users?${query}`, { token: exhibitorToken });
      expect(res.statusCode, res.body).toBe(200);
      const { data, meta } = res.json<
        Page<{
          id: number;
          email: string;
          registration: { id: number };
          registrations: { id: number; type: string; event: { id: number } }[];
        }>
      >();
      expect(meta.pagination.pageSize).toBe(50);
      expect(data.map((u) => u.email)).toEqual(
        expect.arrayContaining([collaborator.email, 'collaborateur.b@example.com', 'collaborateur.c@example.com']),
      );
      for (const person of data) {
        expect(person.registrations).toEqual([
          expect.objectContaining({ id: person.registration.id, type: 'collaborator', event: { id: DEMO_EDITION_ID } }),
        ]);
      }
    }
  });

  it('GET scans filtered by users, excluding own id: the collaborator’s own scans, each with the scanned person as `users`', async () => {
    const query = strapi({
      filters: { users: { id: { $eq: collaborator.id } } },
      populate: { users: { filters: { id: { $ne: collaborator.id } } } },
    });
    const res = await call(ctx.app, 'GET', `scans?${query}`, { token: collaboratorToken });
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json<Page<Scan>>();
    const own = await ctx.db.select().from(scans).where(eq(scans.scannerId, collaborator.id));
    expect(own.length).toBeGreaterThan(0);
    expect(meta.pagination.total).toBe(own.length);
    expect(data.map((s) => s.id).sort()).toEqual(own.map((s) => s.clientId).sort());
    for (const scan of data) {
      expect(scan.scanner.id).toBe(collaborator.id);
      expect(scan.users).toHaveLength(1);
      const [scanned] = scan.users;
      expect(scanned).toMatchObject({ name: scan.person.name, email: scan.person.email });
      expect(scanned!.id).not.toBe(collaborator.id);
      expect(scanned).not.toHaveProperty('exhibitor');
    }
    // `$in` and the filter's own `$ne` read the same.
    const spelled = strapi({ filters: { users: { id: { $in: [collaborator.id], $ne: collaborator.id } } } });
    const same = await call(ctx.app, 'GET', `scans?${spelled}`, { token: collaboratorToken });
    expect(same.json<Page<Scan>>().data.map((s) => [s.id, s.users.map((u) => u.id)])).toEqual(
      data.map((s) => [s.id, s.users.map((u) => u.id)]),
    );
  });

  it('GET scans filtered by users’ exhibitor id, users and their exhibitor populated: the collaborators’ scans', async () => {
    for (const populate of [{ users: { populate: { exhibitor: '*' } } }, 'users.exhibitor']) {
      const query = strapi({ filters: { users: { exhibitor: { id: { $eq: exhibitor.id } } } }, populate });
      const res = await call(ctx.app, 'GET', `scans?${query}`, { token: exhibitorToken });
      expect(res.statusCode, res.body).toBe(200);
      const { data } = res.json<Page<Scan>>();
      const theirs = await ctx.db
        .select()
        .from(scans)
        .where(and(eq(scans.exhibitorId, exhibitor.id), ne(scans.scannerId, exhibitor.id)));
      expect(theirs.length).toBeGreaterThan(0);
      expect(data.map((s) => s.id).sort()).toEqual(theirs.map((s) => s.clientId).sort());
      for (const scan of data) {
        // The client's userScanner: the party whose exhibitor is the caller; userScanned: the other.
        const scanner = scan.users.find((u) => u.exhibitor?.id === exhibitor.id);
        const scanned = scan.users.find((u) => u !== scanner);
        expect(scanner).toMatchObject({ id: scan.scanner.id, name: scan.scanner.name, type: 'collaborator' });
        expect(scanner!.exhibitor).toEqual({ id: exhibitor.id, company: exhibitor.company });
        expect(scanner!.email).toMatch(/@example\.com$/);
        expect(scanned).toMatchObject({ name: scan.person.name, email: scan.person.email });
        expect(scan.users).toHaveLength(2);
      }
    }
  });

  it('POST registrations/sendEmailEBadge/{registrationId} with no body, or an empty one sent as JSON: 200', async () => {
    const { id } = await areaRegistration(collaborator.id);
    for (const sent of [{}, emptyJson]) {
      const res = await call(ctx.app, 'POST', `registrations/sendEmailEBadge/${id}`, {
        token: exhibitorToken,
        ...sent,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { sent: true }, meta: {} });
    }
    // A call that needs a body still says it is missing.
    const signIn = await call(ctx.app, 'POST', 'auth/local', emptyJson);
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json<ErrorAnswer>().error.message).toBe('Le corps de la requête est vide.');
  });

  it('POST sendAuthCollaborateur/{registrationId} with no body, or an empty one sent as JSON: 200', async () => {
    const { id } = await areaRegistration((await userByEmail('collaborateur.b@example.com')).id);
    for (const sent of [{}, emptyJson]) {
      const res = await call(ctx.app, 'POST', `sendAuthCollaborateur/${id}`, { token: exhibitorToken, ...sent });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { sent: true }, meta: {} });
    }
  });

  it('POST auth/local/register/ (trailing slash) with the collaborator form: 201, a collaborator of the caller', async () => {
    const email = 'spec-collaborator@example.com';
    const res = await call(ctx.app, 'POST', 'auth/local/register/', {
      token: exhibitorToken,
      body: {
        name: 'Omar Tazi',
        jobPosition: 'Commercial',
        email,
        phone: '+212 6 62 33 44 55',
        username: email,
        password: 'default-password',
        confirmed: true,
        emailOTPConfirmed: true,
        role: 1,
        type: 'collaborator',
        exhibitor: exhibitor.id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json<{ data: { id: number; registrationId: number } }>();
    const created = await userByEmail(email);
    expect(created).toMatchObject({ id: data.id, type: 'collaborator', exhibitorId: exhibitor.id, roleId: 1 });
    // The fixed password of the original is not taken (decision: an access link instead).
    expect(created.passwordHash).toBe('');
    expect(await areaRegistration(created.id)).toMatchObject({ id: data.registrationId, type: 'collaborator' });
  });

  it('DELETE users/{id}: 200, the collaborator gone from the list', async () => {
    const target = await userByEmail('spec-collaborator@example.com');
    const res = await call(ctx.app, 'DELETE', `users/${target.id}`, { token: exhibitorToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { id: target.id }, meta: {} });
    const list = await call(
      ctx.app,
      'GET',
      `users?${strapi({ filters: { exhibitor: { id: { $eq: exhibitor.id } } } })}`,
      {
        token: exhibitorToken,
      },
    );
    expect(list.json<Page<{ id: number }>>().data.map((u) => u.id)).not.toContain(target.id);
  });

  it('GET and DELETE notifications/{id}: on a separate backend in the specification, not served here (404)', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await call(ctx.app, method, 'notifications/1', { token: exhibitorToken });
      expect(res.statusCode, method).toBe(404);
    }
  });

  it('Badge download: a bare navigation to registrations/downloadEbadgeFull/{id} is a 400; the signed link the area asks for gives the PDF', async () => {
    const { id } = await areaRegistration(exhibitor.id);
    const bare = await call(ctx.app, 'GET', `registrations/downloadEbadgeFull/${id}`);
    expect(bare.statusCode).toBe(400);
    const link = await call(ctx.app, 'POST', `registrations/${id}/badge-link`, { token: exhibitorToken });
    expect(link.statusCode, link.body).toBe(200);
    const { url } = link.json<{ data: { url: string } }>().data;
    const pdf = await call(ctx.app, 'GET', url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('Static PDFs: the plan, the programme and the catalogue from the assets folder', async () => {
    for (const file of ['plan-2024.pdf', 'programme-2024.pdf', 'catalogue-2024.pdf']) {
      const res = await call(ctx.app, 'GET', `/assets/files/${file}`);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type'], file).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString(), file).toBe('%PDF-');
    }
  });
});

describe('the same calls by a caller who must be refused', () => {
  it('GET users: 401 without a token, 403 for a collaborator, nothing of A for exhibitor B naming A', async () => {
    const query = strapi({
      filters: { exhibitor: { id: { $eq: exhibitor.id } } },
      populate: { registrations: { filters: { event: { id: { $eq: DEMO_EDITION_ID } } } } },
      pagination: { pageSize: 50 },
    });
    expect((await call(ctx.app, 'GET', `users?${query}`)).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', `users?${query}`, { token: collaboratorToken })).statusCode).toBe(403);
    const other = await call(ctx.app, 'GET', `users?${query}`, { token: exhibitor2Token });
    expect(other.statusCode).toBe(200);
    expect(other.json<Page<unknown>>()).toMatchObject({ data: [], meta: { pagination: { total: 0 } } });
  });

  it('GET users: a registrations filter on another event empties each list; one on another field is a 400', async () => {
    const otherEvent = strapi({ populate: { registrations: { filters: { event: { id: { $eq: 5 } } } } } });
    const res = await call(ctx.app, 'GET', `users?${otherEvent}`, { token: exhibitorToken });
    expect(res.statusCode).toBe(200);
    const { data } = res.json<Page<{ registrations: unknown[] }>>();
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((u) => u.registrations.length === 0)).toBe(true);
    const byType = strapi({ populate: { registrations: { filters: { type: { $eq: 'visitor' } } } } });
    const refused = await call(ctx.app, 'GET', `users?${byType}`, { token: exhibitorToken });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().error.message).toBe('Filtre non autorisé : filters[type].');
  });

  it('GET scans: a filter naming another person or another exhibitor gives nothing of theirs', async () => {
    const cases: [string, Record<string, unknown>][] = [
      [exhibitor2Token, { filters: { users: { exhibitor: { id: { $eq: exhibitor.id } } } } }],
      [exhibitor2Token, { filters: { users: { id: { $eq: collaborator.id } } } }],
      [exhibitor2Token, { filters: { users: { id: { $in: [exhibitor2.id, collaborator.id] } } } }],
      [collaboratorToken, { filters: { users: { exhibitor: { id: { $eq: exhibitor.id } } } } }],
      [collaboratorToken, { filters: { users: { id: { $ne: exhibitor.id } } } }],
    ];
    for (const [token, query] of cases) {
      const res = await call(ctx.app, 'GET', `scans?${strapi(query)}`, { token });
      expect(res.statusCode, strapi(query)).toBe(200);
      expect(res.json<Page<Scan>>(), strapi(query)).toMatchObject({ data: [], meta: { pagination: { total: 0 } } });
    }
    expect((await call(ctx.app, 'GET', `scans?${strapi(cases[0]![1])}`)).statusCode).toBe(401);
  });

  it('GET scans: a populate filter only narrows the parties shown, and a former collaborator’s contact details stay hidden', async () => {
    const onlyScanner = strapi({
      filters: { users: { exhibitor: { id: { $eq: exhibitor.id } } } },
      populate: { users: { filters: { id: { $eq: collaborator.id } } } },
    });
    const res = await call(ctx.app, 'GET', `scans?${onlyScanner}`, { token: exhibitorToken });
    const { data } = res.json<Page<Scan>>();
    expect(data.length).toBeGreaterThan(0);
    for (const scan of data) {
      expect(scan.users.map((u) => u.id)).toEqual(scan.scanner.id === collaborator.id ? [collaborator.id] : []);
    }
    // A collaborator deleted by the exhibitor: its scans stay the exhibitor's, under its name only.
    const former = await userByEmail('collaborateur.c@example.com');
    expect((await call(ctx.app, 'DELETE', `users/${former.id}`, { token: exhibitorToken })).statusCode).toBe(200);
    const query = strapi({ filters: { users: { exhibitor: { id: { $eq: exhibitor.id } } } } });
    const after = (await call(ctx.app, 'GET', `scans?${query}`, { token: exhibitorToken })).json<Page<Scan>>().data;
    const byFormer = after.filter((s) => s.scanner.id === former.id);
    expect(byFormer.length).toBeGreaterThan(0);
    for (const scan of byFormer) {
      expect(scan.users[1]).toMatchObject({ id: former.id, name: former.name, email: null, phone: null });
    }
  });

  it('POST auth/local/register/: 401 without a token, 403 for a collaborator; without the slash it is the visitor form', async () => {
    const body = { name: 'Intrus', jobPosition: 'X', email: 'intrus@example.com', phone: '+212 6 99 88 77 66' };
    expect((await call(ctx.app, 'POST', 'auth/local/register/', { body })).statusCode).toBe(401);
    expect((await call(ctx.app, 'POST', 'auth/local/register/', { body, token: collaboratorToken })).statusCode).toBe(
      403,
    );
    // The same body without the slash, even with an exhibitor's token, is a visitor registration,
    // never a collaborator: a visitor of no exhibitor's team.
    const visitor = await call(ctx.app, 'POST', 'auth/local/register', {
      body,
      token: exhibitorToken,
      remoteAddress: nextAddress(),
    });
    expect(visitor.statusCode, visitor.body).toBe(201);
    expect(await userByEmail('intrus@example.com')).toMatchObject({ type: 'visitor', exhibitorId: null });
  });

  it('PUT users/{id}, DELETE users/{id}, sendEmailEBadge and sendAuthCollaborateur on another exhibitor’s people: 404 or 403', async () => {
    const [theirs] = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.exhibitorId, exhibitor2.id), isNull(users.deletedAt)));
    const registration = await areaRegistration(theirs!.id);
    const put = await call(ctx.app, 'PUT', `users/${theirs!.id}`, {
      token: exhibitorToken,
      body: { name: 'X', email: theirs!.email, phone: theirs!.phone, company: 'X' },
    });
    expect(put.statusCode).toBe(404);
    expect((await call(ctx.app, 'DELETE', `users/${theirs!.id}`, { token: exhibitorToken })).statusCode).toBe(404);
    expect(
      (await call(ctx.app, 'POST', `registrations/sendEmailEBadge/${registration.id}`, { token: exhibitorToken }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'POST', `sendAuthCollaborateur/${registration.id}`, { token: exhibitorToken })).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'POST', `sendAuthCollaborateur/${registration.id}`, { token: collaboratorToken }))
        .statusCode,
    ).toBe(403);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, theirs!.id));
    expect(after).toMatchObject({ name: theirs!.name, deletedAt: null });
  });

  it('GET users/me and GET registrations by event and user: 401 without a token; another user’s id gives nothing', async () => {
    expect((await call(ctx.app, 'GET', 'users/me')).statusCode).toBe(401);
    const query = strapi({ filters: { event: { id: { $eq: DEMO_EDITION_ID } }, user: { id: { $eq: exhibitor.id } } } });
    const res = await call(ctx.app, 'GET', `registrations?${query}`, { token: exhibitor2Token });
    expect(res.statusCode).toBe(200);
    expect(res.json<Page<unknown>>().data).toEqual([]);
  });

  it('POST auth/local with a wrong password: 400 and no jwt', async () => {
    const res = await call(ctx.app, 'POST', 'auth/local', {
      body: { identifier: exhibitor.email, password: 'wrong' },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).not.toHaveProperty('jwt');
  });

  it('every write of the table without the XSRF cookie and header: 403', async () => {
    const writes: ['POST' | 'PUT' | 'DELETE', string][] = [
      ['POST', 'auth/local/register'],
      ['POST', 'auth/local/register/'],
      ['POST', 'visiteurs/putVisitor'],
      ['POST', 'newsletters/'],
      ['POST', 'auth/local'],
      ['PUT', `users/${exhibitor.id}`],
      ['POST', 'registrations/sendEmailEBadge/1'],
      ['POST', 'sendAuthCollaborateur/1'],
      ['DELETE', `users/${collaborator.id}`],
    ];
    for (const [method, url] of writes) {
      const res = await call(ctx.app, method, url, { token: exhibitorToken, xsrf: false, body: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json<ErrorBody>().error.message, `${method} ${url}`).toBe('Jeton XSRF manquant ou invalide.');
    }
  });
});
