/**
 * The access matrix: every route of the API (read from Fastify's own route table) against every
 * kind of caller, with the status each one must get, in one table. Path parameters point at
 * exhibitor A's things, so that the table also shows what exhibitor B and B's collaborator get
 * when they reach for them.
 *
 * One file on purpose, over 400 lines: the table is read as a whole (a route missing from it
 * fails 'the route table'), and every row runs on the one set-up below (two exhibitors with
 * their collaborators, staff, visitors, a scan, a deleted collaborator's and an expired token)
 * that the rows' cases change as they go; split, no part would show who may call what.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, KIOSK_TOKEN_HEADER } from '@salon/shared';
import {
  checkins,
  conferences,
  demandesExposants,
  editions,
  exhibitorPages,
  participationInvitations,
  registrations,
  salesOffers,
  kioskSessions,
  newsletters,
  standBookings,
  exhibitorServices,
  tokens,
  users,
} from '../src/db/schema';
import { confirmBooking } from '../src/domains/stand-sales/pipeline.service';
import { createLinkSigner } from '../src/lib/links';
import {
  TEST_JWT_SECRET,
  badgeOf,
  createCollaborator,
  createController,
  createExhibitor,
  createOrganiser,
  createVisitor,
  holdForm,
  openStandSale,
  sessionOf,
  signSession,
} from './fixtures';
import { call, createTestApp, login, type TestContext } from './helper';
import { ADMIN_AREAS } from './back-office-cases';
import { keysIn, peopleIn, secretKeysIn, type Person } from './leaks';
import { fastifyRoutes, type Method, type Route } from './route-table';
import type { AudienceName } from '../src/plugins/auth';

type User = typeof users.$inferSelect;
type Exhibitor = Awaited<ReturnType<typeof createExhibitor>>;
type Collaborator = Awaited<ReturnType<typeof createCollaborator>>;

/** The callers, in the order of the table's columns. */
const CALLERS = [
  { id: 'anonymous', label: 'an anonymous caller' },
  { id: 'exhibitorA', label: 'exhibitor A' },
  { id: 'collaboratorA', label: 'a collaborator of A' },
  { id: 'exhibitorB', label: 'exhibitor B' },
  { id: 'collaboratorB', label: 'a collaborator of B' },
  { id: 'deleted', label: 'a deleted collaborator of A (its old token)' },
  { id: 'expired', label: 'an expired token of exhibitor A' },
  { id: 'controller', label: 'a controller' },
  { id: 'organiser', label: 'an organiser' },
] as const;
type CallerId = (typeof CALLERS)[number]['id'];
type Statuses = readonly [number, number, number, number, number, number, number, number, number];

/** What a row's request and check see. */
interface Case {
  f: Fixtures;
  caller: CallerId;
  /** The caller's own account (exhibitor A's for the anonymous caller and the expired token). */
  self: User;
}

/** A row's request; `headers` are sent besides the caller's own (a kiosk's token). */
interface CaseRequest {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Row {
  route: Route;
  /** Completes "<caller> gets <status> when it …". */
  when: string;
  expect: Statuses;
  /** The URL (relative to /backend/api/ unless it starts with '/') and body; default: the route's path. */
  request?: (c: Case) => CaseRequest | Promise<CaseRequest>;
  /** More to assert about the answer. */
  check?: (res: LightMyRequestResponse, c: Case, request: CaseRequest) => void | Promise<void>;
  /** A success ends the caller's session (it signs in again for the next rows). */
  endsSession?: boolean;
  /** The answer describes fields rather than holding values: neither the deny-list nor the contact keys apply. */
  namesFields?: boolean;
  /** A public answer that prints an organisation's e-mail and phone (the contact keys may appear). */
  publishesContact?: boolean;
  /** The answer is what a person wrote, read back with the signed link mailed to that person. */
  readsOwnWithLink?: boolean;
}

/** The `/uploads/*` route (domains/files/files.routes.ts), which printRoutes shows as a bare `*`. */
const UPLOADS = 'GET *' as Route;

/** Routes that are not the API's: the robots and sitemap files and the uploads folder. */
const NOT_API: Route[] = ['GET /robots.txt', 'GET /sitemap.xml', UPLOADS];

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

interface Fixtures {
  ctx: TestContext;
  exhibitorA: Exhibitor;
  collaboratorA: Collaborator;
  exhibitorB: Exhibitor;
  collaboratorB: Collaborator;
  deleted: Collaborator;
  controller: User;
  organiser: User;
  /** A registered visitor nobody scanned: only the organisers may see their details. */
  visitor: Awaited<ReturnType<typeof createVisitor>>;
  /** The visitor A's collaborator scanned before the table runs. */
  scannedVisitor: Awaited<ReturnType<typeof createVisitor>>;
  conferenceId: number;
  links: ReturnType<typeof createLinkSigner>;
}

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;
/** A phone no factory of helper.ts makes (those start with +212 6). */
const freshPhone = () => `+212 7 ${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`;
const freshEmail = (what: string) => `matrix-${what}-${unique()}@example.com`;
/** Each request from its own address, so that the per-address limits of single routes never count. */
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

const DAY = 24 * 3600;

async function readUser(f: Fixtures, id: number): Promise<User> {
  const [row] = await f.ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

let f: Fixtures;
let expiredToken: string;
let deletedToken: string;
/** users/me with the deleted collaborator's token, before the deletion. */
let deletedTokenBefore: number;
const sessions = new Map<CallerId, string>();

/** The caller's bearer token: exhibitors and collaborators sign in, the others get one signed. */
async function tokenOf(caller: CallerId): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  if (caller === 'deleted') return deletedToken;
  if (caller === 'expired') return expiredToken;
  const known = sessions.get(caller);
  if (known) return known;
  let token: string;
  if (caller === 'controller' || caller === 'organiser') {
    // They may not sign in through auth/local: their token is made as the server would.
    token = await sessionOf(f.ctx, await readUser(f, f[caller].id));
  } else {
    token = await login(f.ctx.app, f[caller].user.email);
  }
  sessions.set(caller, token);
  return token;
}

function selfOf(caller: CallerId): User {
  switch (caller) {
    case 'anonymous':
    case 'expired':
    case 'exhibitorA':
      return f.exhibitorA.user;
    case 'collaboratorA':
    case 'exhibitorB':
    case 'collaboratorB':
    case 'deleted':
      return f[caller].user;
    case 'controller':
    case 'organiser':
      return f[caller];
  }
}

// ---------------------------------------------------------------------------------------------
// What a body may show
// ---------------------------------------------------------------------------------------------

const PEOPLE = [
  'exhibitorA',
  'collaboratorA',
  'deleted',
  'exhibitorB',
  'collaboratorB',
  'controller',
  'organiser',
  'visitor',
  'scannedVisitor',
] as const;
type PersonId = (typeof PEOPLE)[number];

/**
 * Whose e-mail and phone number each caller may find in an answer; anyone else's is a leak. An
 * exhibitor sees its own collaborators and the people its collaborators scanned, a collaborator
 * the people it scanned, the organisers everyone (the back-office). Nobody else sees anyone.
 */
const MAY_SEE: Record<CallerId, readonly PersonId[]> = {
  anonymous: [],
  exhibitorA: ['exhibitorA', 'collaboratorA', 'scannedVisitor'],
  collaboratorA: ['collaboratorA', 'scannedVisitor'],
  exhibitorB: ['exhibitorB', 'collaboratorB'],
  collaboratorB: ['collaboratorB'],
  deleted: [],
  expired: [],
  controller: ['controller'],
  organiser: PEOPLE,
};

function person(id: PersonId): Person {
  const user = id === 'controller' || id === 'organiser' ? f[id] : f[id].user;
  return { label: id, email: user.email, phone: user.phone };
}

/**
 * A body's leaks: keys of the deny-list in any JSON answer, and, in a success that is text, the
 * e-mail or phone of a person the caller may not see. What the request itself carried (the
 * e-mail a sign-in sent) is not a leak: the caller knew it.
 */
function leaksOf(res: LightMyRequestResponse, row: Row, caller: CallerId, request: CaseRequest) {
  const type = String(res.headers['content-type'] ?? '');
  const secretKeys = type.includes('json') && res.body && !row.namesFields ? secretKeysIn(res.json()) : [];
  if (res.statusCode >= 300 || !/json|text|javascript|xml/.test(type)) return { secretKeys, people: [] };
  const sent = `${request.url} ${JSON.stringify(request.body ?? null)}`;
  const hidden = PEOPLE.filter((id) => !MAY_SEE[caller].includes(id))
    .map(person)
    .filter((p) => peopleIn(sent, [p]).length === 0);
  return { secretKeys, people: peopleIn(res.body, hidden) };
}

/** Keys that name how to reach a person: a public page shows none. */
const CONTACT_KEYS = ['email', 'phone', 'telephone', 'username'];

/** The 'Informations' form filled with the account's current details (saving changes nothing). */
function ownInfo(user: User) {
  const common = { name: user.name, email: user.email, phone: user.phone };
  return user.type === 'collaborator' ? common : { ...common, company: user.company };
}

/** A collaborator of A made for one case (deleted, or its password set, by that case). */
const freshCollaboratorOfA = () => createCollaborator(f.ctx.db, f.exhibitorA, { email: freshEmail('collab') });

/** A set-password link's secret for this user, as queueAccessMail stores it (hash only). */
async function setPasswordSecret(userId: number): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await f.ctx.db.insert(tokens).values({
    userId,
    purpose: 'set_password',
    tokenHash: createHash('sha256').update(secret).digest('hex'),
    expiresAt: new Date(Date.now() + DAY * 1000),
  });
  return secret;
}

async function freshSubscription(): Promise<number> {
  const [row] = await f.ctx.db
    .insert(newsletters)
    .values({ email: freshEmail('news'), language: 'fr' })
    .returning({ id: newsletters.id });
  return row!.id;
}

/** A scan by A's collaborator, made before the table runs. */
let scanOfCollaboratorA = '';
/** Exhibitor A's stand booking, confirmed: its contract and first invoice. */
let bookingOfA = { id: 0, reference: '', invoiceId: 0 };
/** A service of the current edition's catalogue, in unlimited stock. */
let serviceId = 0;

/** A scan of a new visitor's genuine badge, as a device sends it. */
async function freshVisitorScan() {
  return visitorScan(await createVisitor(f.ctx.db, { email: freshEmail('scanned') }));
}

/** A scan of this visitor's genuine badge, as a device sends it. */
function visitorScan(visitor: Awaited<ReturnType<typeof createVisitor>>) {
  const badge = badgeOf(f.ctx, visitor.registration, { issuedAt: Math.floor(Date.now() / 1000) });
  return { id: randomUUID(), badge, scannedAt: new Date().toISOString() };
}

/** A new visitor A's collaborator scanned: its e-badge key ('Stands visités' lists exhibitor A). */
async function freshScannedKey(): Promise<string> {
  const visitor = await createVisitor(f.ctx.db, { email: freshEmail('visited') });
  const res = await call(f.ctx.app, 'POST', 'scans', {
    token: await tokenOf('collaboratorA'),
    body: { scans: [visitorScan(visitor)] },
  });
  if (res.statusCode !== 200) throw new Error(`could not scan the visitor: ${res.body}`);
  return visitor.registration.badgeKey;
}

/** Exhibitor A's contact card for the visitors it scanned, as its 'Fiche annuaire' saves it. */
async function cardOfA() {
  const card = { visitorContactName: 'Accueil Matrice', visitorContactEmail: 'accueil@matrice.example' };
  await f.ctx.db
    .insert(exhibitorPages)
    .values({ userId: f.exhibitorA.user.id, ...card })
    .onConflictDoUpdate({ target: exhibitorPages.userId, set: card });
}

/** A check-in of a new visitor's genuine badge, as a gate device sends it. */
async function freshCheckin() {
  const { id, badge, scannedAt } = await freshVisitorScan();
  const gateId = f.exhibitorA.gate.id;
  return { id, badge, gateId, deviceId: 'matrix-device', scannedAt, verdict: 'admitted', reason: null, reentry: false };
}

/** A kiosk enabled with the controller's e-mail and password, for one case. */
async function freshKiosk(): Promise<{ token: string; id: number }> {
  const res = await call(f.ctx.app, 'POST', 'kiosk/sessions', {
    body: { email: f.controller.email, password: 'Secret-2024!', name: 'Borne matrice' },
    remoteAddress: nextAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`could not enable a kiosk: ${res.body}`);
  return res.json<{ data: { token: string; id: number } }>().data;
}

const kioskHeader = (token: string) => ({ [KIOSK_TOKEN_HEADER]: token });

/** Whether the kiosk of these headers still opens its session. */
const kioskLive = async (headers: Record<string, string> | undefined) =>
  (await call(f.ctx.app, 'GET', 'kiosk/session', { headers, remoteAddress: nextAddress() })).statusCode === 200;

const badgeLink = (registrationId: number) => f.links.sign('badge_download', registrationId, 15 * 60, new Date());

const json = <T>(res: LightMyRequestResponse) => res.json<T>();
const ids = (res: LightMyRequestResponse) => json<{ data: { id: number }[] }>(res).data.map((d) => d.id);

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

const ok200: Statuses = [200, 200, 200, 200, 200, 200, 200, 200, 200];
const created201: Statuses = [201, 201, 201, 201, 201, 201, 201, 201, 201];
const all = (status: number): Statuses => [status, status, status, status, status, status, status, status, status];

/** Public routes: the same answer whoever calls, with or without a (dead) token. */
const publicGet = (route: Route, when: string): Row => ({ route, when, expect: ok200 });
/** How many stands the hold rows took: each takes the next one. */
let heldStands = 0;
/** An edition's PDF, at its year (the route's pattern takes four digits). */
const editionFile = (kind: string, when: string): Row => ({
  ...publicGet(String.raw`GET /assets/files/${kind}-:year(^\d{4}).pdf` as Route, when),
  request: () => ({ url: `/assets/files/${kind}-2024.pdf` }),
});
/** The row's route called with a trailing slash, as the specification's client writes it: the same route. */
const slashed = (row: Row): Row => ({
  ...row,
  request: () => ({ url: `${row.route.slice(row.route.indexOf(' ') + 1)}/` }),
});

// prettier-ignore
const TABLE: Row[] = [
  //                                                                anon exA  colA exB  colB del  exp  ctrl org
  // --- System ---------------------------------------------------------------------------------------------------
  { route: 'GET /backend', when: 'asks for the bare /backend', expect: all(404) },
  // The document names the fields of the forms (a sign-in's `password`): no key of it is a value.
  { ...publicGet('GET /backend/docs', 'reads the OpenAPI document'), namesFields: true },
  publicGet('GET /backend/api/health', 'checks the health'),
  publicGet('GET /backend/api/health/live', 'asks whether the process runs'),
  publicGet('GET /backend/api/health/ready', 'asks whether the instance is ready for traffic'),
  // Without METRICS_TOKEN only this machine reads them, and every caller here comes from elsewhere.
  { route: 'GET /metrics', when: 'reads the Prometheus metrics from another machine', expect: all(403) },
  publicGet('GET /backend/api/badges/public-key', 'fetches the badge public key'),

  // --- Sign-in and sessions -------------------------------------------------------------------------------------
  {
    route: 'POST /backend/api/auth/local',
    when: 'signs in with exhibitor A’s e-mail and password',
    expect: ok200,
    request: () => ({ url: 'auth/local', body: { identifier: f.exhibitorA.user.email, password: 'Secret-2024!' } }),
    check: (res) => expect(json<{ user: { id: number } }>(res).user.id).toBe(f.exhibitorA.user.id),
  },
  {
    route: 'POST /backend/api/auth/logout',
    when: 'signs out',
    expect:                                                        [401, 204, 204, 204, 204, 401, 401, 204, 204],
    endsSession: true,
  },
  {
    route: 'POST /backend/api/auth/forgot-password',
    when: 'asks for a reset link for A’s collaborator',
    expect: ok200,
    request: () => ({ url: 'auth/forgot-password', body: { email: f.collaboratorA.user.email } }),
  },
  {
    route: 'POST /backend/api/auth/reset-password',
    when: 'sets a password with a valid link (of a fresh collaborator of A)',
    expect: ok200,
    request: async () => {
      const holder = await freshCollaboratorOfA();
      return { url: 'auth/reset-password', body: { token: await setPasswordSecret(holder.user.id), password: 'Nouveau-Secret-2025' } };
    },
  },
  { route: 'GET /backend/api/auth/google/callback', when: 'comes back from Google sign-in (not offered)', expect: all(400) },

  // --- The signed-in user ---------------------------------------------------------------------------------------
  {
    route: 'GET /backend/api/users/me',
    when: 'reads its own record',
    expect:                                                        [401, 200, 200, 200, 200, 401, 401, 200, 200],
    check: (res, c) => {
      if (res.statusCode === 200) expect(json<{ data: { id: number } }>(res).data.id).toBe(c.self.id);
    },
  },
  {
    route: 'PUT /backend/api/users/:id',
    when: 'saves its own record unchanged',
    expect:                                                        [401, 200, 200, 200, 200, 401, 401, 403, 403],
    request: (c) => ({ url: `users/${c.self.id}`, body: ownInfo(c.self) }),
    check: (res, c) => {
      if (res.statusCode === 200) expect(json<{ data: { id: number } }>(res).data.id).toBe(c.self.id);
    },
  },
  {
    route: 'PUT /backend/api/users/:id',
    when: 'saves the record of A’s collaborator',
    expect:                                                        [401, 404, 200, 404, 404, 401, 401, 404, 404],
    request: () => ({ url: `users/${f.collaboratorA.user.id}`, body: ownInfo(f.collaboratorA.user) }),
  },

  {
    route: 'PUT /backend/api/users/:id',
    when: 'saves exhibitor A’s record',
    expect:                                                        [401, 200, 404, 404, 404, 401, 401, 404, 404],
    request: () => ({ url: `users/${f.exhibitorA.user.id}`, body: ownInfo(f.exhibitorA.user) }),
  },

  // --- Its stands bought online (the exhibitor's alone) -------------------------------------------------------------
  {
    route: 'GET /backend/api/my-bookings',
    when: 'lists its own stand bookings and invoices',
    expect:                                                        [401, 200, 403, 200, 403, 401, 401, 403, 403],
    check: (res, c) => {
      if (res.statusCode !== 200) return;
      const mine = json<{ bookings: { reference: string }[] }>(res).bookings;
      expect(mine.map((b) => b.reference)).toEqual(c.self.id === f.exhibitorA.user.id ? [bookingOfA.reference] : []);
    },
  },
  {
    route: 'GET /backend/api/my-bookings/:id/contract',
    when: 'downloads exhibitor A’s contract',
    expect:                                                        [401, 200, 403, 404, 403, 401, 401, 403, 403],
    request: () => ({ url: `my-bookings/${bookingOfA.id}/contract` }),
  },
  {
    route: 'GET /backend/api/my-invoices/:id/pdf',
    when: 'downloads exhibitor A’s invoice',
    expect:                                                        [401, 200, 403, 404, 403, 401, 401, 403, 403],
    request: () => ({ url: `my-invoices/${bookingOfA.invoiceId}/pdf` }),
  },

  {
    route: 'GET /backend/api/my-services',
    when: 'reads the services catalogue and its own orders',
    expect:                                                        [401, 200, 403, 200, 403, 401, 401, 403, 403],
    check: (res, c) => {
      if (res.statusCode !== 200) return;
      const body = json<{ booking: { reference: string } | null; services: { id: number }[] }>(res);
      expect(body.booking?.reference ?? null).toBe(c.self.id === f.exhibitorA.user.id ? bookingOfA.reference : null);
      expect(body.services.map((s) => s.id)).toContain(serviceId);
    },
  },
  {
    route: 'POST /backend/api/my-services/orders',
    when: 'orders a service on its own booking (exhibitor B has none)',
    expect:                                                        [401, 201, 403, 409, 403, 401, 401, 403, 403],
    request: () => ({ url: 'my-services/orders', body: { lines: [{ service: serviceId, quantity: 1 }] } }),
    check: (res) => {
      if (res.statusCode === 201) expect(Object.keys(json<{ invoice: object }>(res).invoice).sort()).toEqual(['dueOn', 'id', 'label', 'totalInclTax']);
    },
  },

  // --- The exhibitor's page of the directory ('Fiche annuaire') -------------------------------------------------
  {
    route: 'GET /backend/api/exhibitor-page',
    when: 'reads its own page of the directory',
    expect:                                                        [401, 200, 403, 200, 403, 401, 401, 403, 403],
    check: (res, c) => {
      if (res.statusCode === 200) expect(json<{ data: { slug: string } }>(res).data.slug).toMatch(new RegExp(`-${c.self.id}$`));
    },
  },
  {
    route: 'PUT /backend/api/exhibitor-page',
    when: 'changes its own page’s brands',
    expect:                                                        [401, 200, 403, 200, 403, 401, 401, 403, 403],
    request: () => ({ url: 'exhibitor-page', body: { brands: ['Matrice'] } }),
  },
  {
    route: 'GET /backend/api/exhibitor-page/visitor-card',
    when: 'reads the contact card it gives the visitors it scanned',
    expect:                                                        [401, 200, 403, 200, 403, 401, 401, 403, 403],
  },
  {
    route: 'PUT /backend/api/exhibitor-page/visitor-card',
    when: 'sets the contact card it gives the visitors it scanned',
    expect:                                                        [401, 200, 403, 200, 403, 401, 401, 403, 403],
    request: () => ({ url: 'exhibitor-page/visitor-card', body: { name: 'Accueil', email: 'accueil@matrice.example' } }),
  },
  {
    route: 'POST /backend/api/exhibitor-page/files',
    when: 'uploads a file for its page without sending one',
    expect:                                                        [401, 400, 403, 400, 403, 401, 401, 403, 403],
  },
  // --- Collaborators --------------------------------------------------------------------------------------------
  {
    route: 'GET /backend/api/users',
    when: 'lists the collaborators with filters[exhibitor][id] naming A',
    expect:                                                        [401, 200, 403, 200, 403, 401, 401, 403, 403],
    request: () => ({ url: `users?filters[exhibitor][id]=${f.exhibitorA.user.id}` }),
    check: (res, c) => {
      if (c.caller === 'exhibitorA') expect(ids(res)).toContain(f.collaboratorA.user.id);
      if (c.caller === 'exhibitorB') expect(ids(res)).toEqual([]);
    },
  },
  {
    route: 'GET /backend/api/users',
    when: 'lists its collaborators',
    expect:                                                        [401, 200, 403, 200, 403, 401, 401, 403, 403],
    check: (res, c) => {
      if (c.caller === 'exhibitorA') expect(ids(res)).toContain(f.collaboratorA.user.id);
      if (c.caller === 'exhibitorB') {
        expect(ids(res)).toContain(f.collaboratorB.user.id);
        expect(ids(res)).not.toContain(f.collaboratorA.user.id);
      }
    },
  },
  {
    route: 'POST /backend/api/auth/local/register/',
    when: 'adds a collaborator',
    expect:                                                        [401, 201, 403, 201, 403, 401, 401, 403, 403],
    request: () => ({
      url: 'auth/local/register/',
      body: { name: 'Nouveau Collaborateur', jobPosition: 'Commercial', email: freshEmail('new'), phone: freshPhone() },
    }),
  },
  {
    route: 'DELETE /backend/api/users/:id',
    when: 'deletes a collaborator of A (a fresh one)',
    expect:                                                        [401, 200, 403, 404, 403, 401, 401, 403, 403],
    request: async () => ({ url: `users/${(await freshCollaboratorOfA()).user.id}` }),
    check: async (res, _c, request) => {
      const id = Number(request.url.slice('users/'.length));
      const target = await readUser(f, id);
      // Only exhibitor A's own request may delete it.
      if (res.statusCode === 200) expect(target.deletedAt).not.toBeNull();
      else expect(target.deletedAt).toBeNull();
    },
  },
  {
    route: 'DELETE /backend/api/users/:id',
    when: 'deletes exhibitor A’s own account',
    expect:                                                        [401, 404, 403, 404, 403, 401, 401, 403, 403],
    request: () => ({ url: `users/${f.exhibitorA.user.id}` }),
    check: async () => expect((await readUser(f, f.exhibitorA.user.id)).deletedAt).toBeNull(),
  },
  {
    route: 'POST /backend/api/sendAuthCollaborateur/:id',
    when: 'sends a new access link to A’s collaborator (its registration)',
    expect:                                                        [401, 200, 403, 404, 403, 401, 401, 403, 403],
    request: () => ({ url: `sendAuthCollaborateur/${f.collaboratorA.registration.id}` }),
  },
  {
    route: 'DELETE /backend/api/collaborator-invitations/:id',
    when: 'cancels an invitation that is not its own',
    expect:                                                        [401, 404, 403, 404, 403, 401, 401, 403, 403],
    request: () => ({ url: 'collaborator-invitations/2147483647' }),
  },
  {
    route: 'POST /backend/api/collaborator-invitations/view',
    when: 'opens an invitation with a wrong link',
    expect: all(400),
    request: () => ({ url: 'collaborator-invitations/view', body: { token: 'x'.repeat(43) } }),
  },
  {
    route: 'POST /backend/api/collaborator-invitations/accept',
    when: 'accepts an invitation with a wrong link',
    expect: all(400),
    request: () => ({ url: 'collaborator-invitations/accept', body: { token: 'x'.repeat(43), password: 'Nouveau-Secret-2025' } }),
  },
  {
    route: 'GET /backend/api/collaborators/former-team',
    when: 'reads who of its last edition’s team is not in this one’s',
    expect:                                                        [401, 200, 403, 200, 403, 401, 401, 403, 403],
    check: (res) => {
      if (res.statusCode === 200) expect(json<{ data: unknown }>(res).data).toEqual({ year: null, collaborators: [] });
    },
  },
  {
    route: 'POST /backend/api/collaborators/former-team',
    when: 'invites its last edition’s team again',
    expect:                                                        [401, 200, 403, 200, 403, 401, 401, 403, 403],
    check: (res) => {
      if (res.statusCode === 200) expect(json<{ data: unknown }>(res).data).toEqual({ invited: 0, postponed: 0 });
    },
  },
  {
    route: 'POST /backend/api/participation/view',
    when: 'opens a participation invitation with a wrong link',
    expect: all(400),
    request: () => ({ url: 'participation/view', body: { token: 'x'.repeat(43) } }),
  },
  {
    route: 'POST /backend/api/participation/confirm',
    when: 'confirms a participation with a wrong link',
    expect: all(400),
    request: () => ({
      url: 'participation/confirm',
      body: { token: 'x'.repeat(43), name: 'Karim', phone: '+212 600 000 000', company: 'Béton Atlas' },
    }),
  },
  {
    route: 'POST /backend/api/users/confirm-email',
    when: 'confirms a new e-mail with a wrong link',
    expect: all(400),
    request: () => ({ url: 'users/confirm-email', body: { token: 'x'.repeat(43) } }),
  },

  // --- Scans ----------------------------------------------------------------------------------------------------
  {
    route: 'POST /backend/api/scans',
    when: 'records a scan of a visitor’s badge',
    expect:                                                        [401, 200, 200, 200, 200, 401, 401, 403, 403],
    request: async () => ({ url: 'scans', body: { scans: [await freshVisitorScan()] } }),
    check: (res) => {
      if (res.statusCode === 200) expect(json<{ data: { status: string }[] }>(res).data[0]?.status).toBe('recorded');
    },
  },
  {
    route: 'GET /backend/api/scans',
    when: 'lists its own scans',
    expect:                                                        [401, 200, 200, 200, 200, 401, 401, 403, 403],
    check: (res, c) => {
      if (res.statusCode !== 200) return;
      const rows = json<{ data: { id: string; scanner: { id: number } }[] }>(res).data;
      expect(rows.every((r) => r.scanner.id === c.self.id)).toBe(true);
      if (c.caller === 'collaboratorA') expect(rows.map((r) => r.id)).toContain(scanOfCollaboratorA);
      else expect(rows.map((r) => r.id)).not.toContain(scanOfCollaboratorA);
    },
  },
  {
    route: 'GET /backend/api/scans',
    when: 'lists the scans of A’s collaborators with filters[scanner][exhibitor][id] naming A',
    expect:                                                        [401, 200, 200, 200, 200, 401, 401, 403, 403],
    request: () => ({ url: `scans?filters[scanner][exhibitor][id][$eq]=${f.exhibitorA.user.id}` }),
    check: (res, c) => {
      if (res.statusCode !== 200) return;
      const rows = json<{ data: { id: string }[] }>(res).data.map((r) => r.id);
      // Filters never widen: only exhibitor A sees its collaborators' scans.
      if (c.caller === 'exhibitorA') expect(rows).toContain(scanOfCollaboratorA);
      else expect(rows).toEqual([]);
    },
  },
  {
    route: 'GET /backend/api/scans/editions',
    when: 'lists the editions its scans can be read in',
    expect:                                                        [401, 200, 200, 200, 200, 401, 401, 403, 403],
    check: (res) => {
      if (res.statusCode === 200) expect(json<{ data: unknown }>(res).data).toEqual([{ year: 2024, current: true }]);
    },
  },
  {
    route: 'GET /backend/api/scans/export',
    when: 'exports the scans of its collaborators as SCANS.xlsx',
    expect:                                                        [401, 200, 200, 200, 200, 401, 401, 403, 403],
    request: () => ({ url: 'scans/export?table=scansByCollaborators' }),
    check: (res) => {
      if (res.statusCode === 200) expect(res.headers['content-disposition']).toContain('SCANS.xlsx');
    },
  },

  {
    route: 'GET /backend/api/scans/report',
    when: 'reads the report of its leads (Bilan)',
    expect:                                                        [401, 200, 403, 200, 403, 401, 401, 403, 403],
    check: (res, c) => {
      if (res.statusCode !== 200) return;
      // A's collaborator's lead is A's alone: B's report never counts it.
      const scanners = json<{ data: { scanners: { id: number }[] } }>(res).data.scanners.map((s) => s.id);
      if (c.caller === 'exhibitorA') expect(scanners).toContain(f.collaboratorA.user.id);
      else expect(scanners).not.toContain(f.collaboratorA.user.id);
    },
  },
  {
    route: 'GET /backend/api/scans/report.pdf',
    when: 'downloads the report of its leads as a PDF',
    expect:                                                        [401, 200, 403, 200, 403, 401, 401, 403, 403],
    check: (res) => {
      if (res.statusCode === 200) expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    },
  },
  {
    route: 'PUT /backend/api/scans/:id',
    when: 'sets the follow-up of a lead of A’s collaborator',
    expect:                                                        [401, 200, 200, 404, 404, 401, 401, 403, 403],
    request: () => ({ url: `scans/${scanOfCollaboratorA}`, body: { followUp: 'contacted' } }),
    check: (res) => {
      if (res.statusCode === 200) expect(json<{ data: { id: string; followUp: string } }>(res).data).toMatchObject({ id: scanOfCollaboratorA, followUp: 'contacted' });
    },
  },
  {
    route: 'GET /backend/api/scans',
    when: 'lists the scans of A’s collaborators to contact again, by a filter of Mes scans',
    expect:                                                        [401, 200, 200, 200, 200, 401, 401, 403, 403],
    request: () => ({ url: `scans?filters[scanner][exhibitor][id][$eq]=${f.exhibitorA.user.id}&status=contacted` }),
    check: (res, c) => {
      if (res.statusCode !== 200) return;
      const rows = json<{ data: { id: string }[] }>(res).data.map((r) => r.id);
      if (c.caller === 'exhibitorA') expect(rows).toEqual([scanOfCollaboratorA]);
      else expect(rows).toEqual([]);
    },
  },
  {
    route: 'PUT /backend/api/lead-questions',
    when: 'writes its questions',
    expect:                                                        [401, 200, 403, 200, 403, 401, 401, 403, 403],
    request: (c) => ({
      url: 'lead-questions',
      body: { questions: [{ kind: 'text', label: c.caller === 'exhibitorA' ? 'Question de A' : 'Question de B' }] },
    }),
    check: (res, c) => {
      if (res.statusCode === 200) expect(json<{ data: { label: string }[] }>(res).data.map((q) => q.label)).toEqual([c.caller === 'exhibitorA' ? 'Question de A' : 'Question de B']);
    },
  },
  {
    route: 'GET /backend/api/lead-questions',
    when: 'reads the questions its exhibitor asks after a scan',
    expect:                                                        [401, 200, 200, 200, 200, 401, 401, 403, 403],
    check: (res, c) => {
      if (res.statusCode !== 200) return;
      // The row above wrote one question for A and one for B: each team reads its exhibitor's only.
      const labels = json<{ data: { label: string }[] }>(res).data.map((q) => q.label);
      expect(labels).toEqual([c.caller.endsWith('A') ? 'Question de A' : 'Question de B']);
    },
  },

  // --- Gates -------------------------------------------------------------------------------------------------------
  {
    route: 'POST /backend/api/auth/controller',
    when: 'signs in at the gates with its own e-mail and password (exhibitor A’s for the anonymous caller and the expired token)',
    expect:                                                        [400, 400, 400, 400, 400, 400, 400, 200, 400],
    request: (c) => ({ url: 'auth/controller', body: { identifier: c.self.email, password: 'Secret-2024!' } }),
    check: (res, c) => {
      if (res.statusCode === 200) expect(json<{ user: unknown }>(res).user).toMatchObject({ id: c.self.id, type: 'controller' });
      else expect(res.body).not.toContain('jwt');
    },
  },
  {
    route: 'POST /backend/api/auth/controller',
    when: 'signs in at the gates with the controller’s e-mail and password',
    expect: ok200,
    request: () => ({ url: 'auth/controller', body: { identifier: f.controller.email, password: 'Secret-2024!' } }),
    check: (res) => expect(json<{ user: { id: number } }>(res).user.id).toBe(f.controller.id),
  },
  {
    route: 'POST /backend/api/auth/organiser',
    when: 'signs in to the back-office with its own e-mail and password (exhibitor A’s for the anonymous caller and the expired token)',
    expect:                                                        [400, 400, 400, 400, 400, 400, 400, 400, 200],
    request: (c) => ({ url: 'auth/organiser', body: { identifier: c.self.email, password: 'Secret-2024!' } }),
    check: (res, c) => {
      if (res.statusCode === 200) expect(json<{ user: unknown }>(res).user).toMatchObject({ id: c.self.id, type: 'organiser' });
      else expect(res.body).not.toContain('jwt');
    },
  },
  {
    route: 'GET /backend/api/gate/roster',
    when: 'fetches the gate roster',
    expect:                                                        [401, 403, 403, 403, 403, 401, 401, 200, 200],
    check: (res) => {
      if (res.statusCode === 200) expect(json<{ data: { full: boolean } }>(res).data.full).toBe(true);
      else expect(res.body).not.toContain('publicKey');
    },
  },
  {
    route: 'POST /backend/api/checkins',
    when: 'sends a check-in of a visitor’s badge',
    expect:                                                        [401, 403, 403, 403, 403, 401, 401, 200, 200],
    request: async () => ({ url: 'checkins', body: { checkins: [await freshCheckin()] } }),
    check: async (res, _c, request) => {
      const { id } = (request.body as { checkins: { id: string }[] }).checkins[0]!;
      const stored = await f.ctx.db.select().from(checkins).where(eq(checkins.clientId, id));
      // Only a controller's or an organiser's check-in is stored.
      expect(stored).toHaveLength(res.statusCode === 200 ? 1 : 0);
      if (res.statusCode === 200) expect(json<{ data: { status: string }[] }>(res).data[0]?.status).toBe('recorded');
    },
  },

  // --- Kiosks ---------------------------------------------------------------------------------------------------
  {
    route: 'POST /backend/api/kiosk/sessions',
    when: 'enables a kiosk with its own e-mail and password (exhibitor A’s for the anonymous caller and the expired token)',
    expect:                                                        [400, 400, 400, 400, 400, 400, 400, 200, 200],
    request: (c) => ({ url: 'kiosk/sessions', body: { email: c.self.email, password: 'Secret-2024!', name: 'Borne matrice' } }),
    check: (res) => {
      if (res.statusCode === 200) expect(json<{ data: { token: string } }>(res).data.token).toEqual(expect.any(String));
      else expect(res.body).not.toContain('token');
    },
  },
  { route: 'GET /backend/api/kiosk/session', when: 'asks for a kiosk’s session with no kiosk token', expect: all(401) },
  {
    route: 'GET /backend/api/kiosk/session',
    when: 'asks for a kiosk’s session with a live kiosk’s token',
    expect: ok200,
    request: async () => ({ url: 'kiosk/session', headers: kioskHeader((await freshKiosk()).token) }),
  },
  {
    route: 'POST /backend/api/kiosk/lookup',
    when: 'looks a visitor’s badge up by its QR code with no kiosk token',
    expect:                                                        [401, 403, 403, 403, 403, 401, 401, 200, 200],
    request: async () => ({ url: 'kiosk/lookup', body: { token: (await freshVisitorScan()).badge } }),
    check: (res) => {
      if (res.statusCode === 200) expect(json<{ data: { registration: { type: string } } }>(res).data.registration.type).toBe('visitor');
      else expect(res.body).not.toContain('qr');
    },
  },
  {
    route: 'POST /backend/api/kiosk/lookup',
    when: 'looks a visitor’s badge up by its QR code with a live kiosk’s token',
    expect: ok200,
    request: async () => ({
      url: 'kiosk/lookup',
      body: { token: (await freshVisitorScan()).badge },
      headers: kioskHeader((await freshKiosk()).token),
    }),
  },
  {
    route: 'POST /backend/api/kiosk/session/end',
    when: 'ends a kiosk with the controller’s e-mail and password but no kiosk token',
    expect: all(401),
    request: () => ({ url: 'kiosk/session/end', body: { email: f.controller.email, password: 'Secret-2024!' } }),
  },
  {
    route: 'POST /backend/api/kiosk/session/end',
    when: 'ends a live kiosk with its own e-mail and password (exhibitor A’s for the anonymous caller and the expired token)',
    expect:                                                        [400, 400, 400, 400, 400, 400, 400, 204, 204],
    request: async (c) => ({
      url: 'kiosk/session/end',
      body: { email: c.self.email, password: 'Secret-2024!' },
      headers: kioskHeader((await freshKiosk()).token),
    }),
    // Only a controller's or an organiser's password ends the kiosk.
    check: async (res, _c, request) => expect(await kioskLive(request.headers)).toBe(res.statusCode !== 204),
  },
  {
    route: 'GET /backend/api/kiosk/sessions',
    when: 'lists the kiosks',
    expect:                                                        [401, 403, 403, 403, 403, 401, 401, 200, 200],
  },
  {
    route: 'DELETE /backend/api/kiosk/sessions/:id',
    when: 'revokes a live kiosk (a fresh one)',
    expect:                                                        [401, 403, 403, 403, 403, 401, 401, 204, 204],
    request: async () => ({ url: `kiosk/sessions/${(await freshKiosk()).id}` }),
    check: async (res, _c, request) => {
      const id = Number(request.url.slice('kiosk/sessions/'.length));
      const [kiosk] = await f.ctx.db.select().from(kioskSessions).where(eq(kioskSessions.id, id));
      if (res.statusCode === 204) expect(kiosk?.revokedAt).not.toBeNull();
      else expect(kiosk?.revokedAt).toBeNull();
    },
  },

  // --- Registrations and badges ---------------------------------------------------------------------------------
  {
    route: 'GET /backend/api/registrations',
    when: 'lists exhibitor registrations (the public directory without a token)',
    expect:                                                        [200, 200, 200, 200, 200, 401, 401, 200, 200],
    request: () => ({ url: 'registrations?filters[type]=exhibitor' }),
  },
  {
    route: 'GET /backend/api/registrations',
    when: 'searches the directory by company',
    expect: ok200,
    request: () => ({ url: 'registrations?filters[type]=exhibitor&filters[user][company][$containsi]=Exposant' }),
    check: (res) => {
      const companies = json<{ data: { user: { company: string } }[] }>(res).data.map((r) => r.user.company);
      expect(companies).toContain(f.exhibitorA.user.company);
    },
  },
  {
    route: 'GET /backend/api/registrations',
    when: 'lists registrations with filters[user][id] naming A',
    expect:                                                        [401, 200, 200, 200, 200, 401, 401, 200, 200],
    request: () => ({ url: `registrations?filters[user][id]=${f.exhibitorA.user.id}` }),
    check: (res, c) => {
      if (res.statusCode !== 200) return;
      const rows = json<{ data: { id: number; user: { id: number } }[] }>(res).data;
      if (c.caller === 'exhibitorA') expect(rows.map((r) => r.id)).toContain(f.exhibitorA.registration.id);
      // Filters never widen: nobody else sees A's registrations.
      else expect(rows).toEqual([]);
    },
  },
  {
    route: 'POST /backend/api/registrations/:id/badge-link',
    when: 'asks for a download link of the badge of A’s collaborator',
    expect:                                                        [401, 200, 200, 404, 404, 401, 401, 404, 404],
    request: () => ({ url: `registrations/${f.collaboratorA.registration.id}/badge-link` }),
    check: (res) => {
      if (res.statusCode === 200) expect(json<{ data: { url: string } }>(res).data.url).toContain('downloadEbadgeFull');
    },
  },
  {
    route: 'POST /backend/api/registrations/:id/badge-link',
    when: 'asks for a download link of exhibitor A’s own badge',
    expect:                                                        [401, 200, 404, 404, 404, 401, 401, 404, 404],
    request: () => ({ url: `registrations/${f.exhibitorA.registration.id}/badge-link` }),
  },
  {
    route: 'POST /backend/api/registrations/sendEmailEBadge/:id',
    when: 'mails the badge of A’s collaborator again',
    expect:                                                        [401, 200, 200, 404, 404, 401, 401, 404, 404],
    request: () => ({ url: `registrations/sendEmailEBadge/${f.collaboratorA.registration.id}` }),
  },
  {
    route: 'POST /backend/api/registrations/sendEmailEBadge/:id',
    when: 'mails exhibitor A’s own badge again',
    expect:                                                        [401, 200, 404, 404, 404, 401, 401, 404, 404],
    request: () => ({ url: `registrations/sendEmailEBadge/${f.exhibitorA.registration.id}` }),
  },
  {
    route: 'GET /backend/api/registrations/downloadEbadgeFull/:id',
    when: 'downloads the badge of A’s collaborator with its signed link',
    expect: ok200,
    request: () => {
      const id = f.collaboratorA.registration.id;
      return { url: `registrations/downloadEbadgeFull/${id}?token=${badgeLink(id)}` };
    },
    check: (res) => expect(res.headers['content-type']).toContain('application/pdf'),
  },
  {
    route: 'GET /backend/api/registrations/downloadEbadgeFull/:id',
    when: 'downloads the badge of A’s collaborator with the link of another badge',
    expect: all(403),
    request: () => ({
      url: `registrations/downloadEbadgeFull/${f.collaboratorA.registration.id}?token=${badgeLink(f.exhibitorB.registration.id)}`,
    }),
  },
  {
    route: 'GET /backend/api/registrations/ebadge',
    when: 'opens the e-badge page of A’s collaborator with the key of its mail',
    expect: ok200,
    request: () => ({ url: `registrations/ebadge?token=${f.collaboratorA.registration.badgeKey}` }),
  },
  {
    route: 'GET /backend/api/registrations/ebadge',
    when: 'opens an e-badge page with an unknown key',
    expect: all(403),
    request: () => ({ url: `registrations/ebadge?token=${randomUUID()}` }),
  },
  {
    route: 'GET /backend/api/registrations/ebadge/calendar.ics',
    when: 'exports the show’s days of A’s collaborator’s badge as a calendar, with the key of its mail',
    expect: ok200,
    request: () => ({ url: `registrations/ebadge/calendar.ics?token=${f.collaboratorA.registration.badgeKey}` }),
    check: (res) => expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8'),
  },
  {
    route: 'GET /backend/api/registrations/ebadge/calendar.ics',
    when: 'exports a badge’s calendar with an unknown key',
    expect: all(404),
    request: () => ({ url: `registrations/ebadge/calendar.ics?token=${randomUUID()}` }),
  },
  {
    route: 'GET /backend/api/registrations/ebadge/wallet.pkpass',
    when: 'asks for a badge’s Apple Wallet pass, which this server (no wallet configured) does not offer',
    expect: all(404),
    request: () => ({ url: `registrations/ebadge/wallet.pkpass?token=${f.collaboratorA.registration.badgeKey}` }),
  },
  publicGet('GET /backend/api/wallet', 'reads which phone wallets the badges go in'),
  {
    route: 'GET /backend/api/registrations/downloadWalletPass/:id',
    when: 'downloads the Apple Wallet pass of A’s collaborator with the link of another badge',
    expect: all(403),
    request: () => ({
      url: `registrations/downloadWalletPass/${f.collaboratorA.registration.id}?token=${badgeLink(f.exhibitorB.registration.id)}`,
    }),
  },
  {
    route: 'GET /backend/api/registrations/ebadge/google-wallet',
    when: 'asks for a badge’s Google Wallet link, which this server (no wallet configured) does not offer',
    expect: all(404),
    request: () => ({ url: `registrations/ebadge/google-wallet?token=${f.collaboratorA.registration.badgeKey}` }),
  },
  {
    route: 'GET /backend/api/registrations/googleWalletPass/:id',
    when: 'opens the Google Wallet link of A’s collaborator with the link of another badge',
    expect: all(403),
    request: () => ({
      url: `registrations/googleWalletPass/${f.collaboratorA.registration.id}?token=${badgeLink(f.exhibitorB.registration.id)}`,
    }),
  },
  {
    route: 'GET /backend/api/registrations/googleWalletPass/:id',
    when: 'opens the Google Wallet link of a badge with its own link, which this server (no wallet configured) does not offer',
    expect: all(404),
    request: () => ({
      url: `registrations/googleWalletPass/${f.collaboratorA.registration.id}?token=${badgeLink(f.collaboratorA.registration.id)}`,
    }),
  },
  {
    route: 'GET /backend/api/wallet/google-badge.png',
    when: 'reads Google’s button artwork as a picture, which this server (no wallet configured) does not offer',
    expect: all(404),
  },
  {
    route: 'GET /backend/api/wallet/google-badge.svg',
    when: 'reads Google’s button artwork, which this server (no wallet configured) does not offer',
    expect: all(404),
  },
  {
    route: 'GET /backend/api/wallet/apple-badge.png',
    when: 'reads Apple’s badge artwork as a picture, which this server (no wallet configured) does not offer',
    expect: all(404),
  },
  ...(
    [
      ['POST', 'devices/d1/registrations/pass.test/badge-1', 'registers a device for a pass'],
      ['DELETE', 'devices/d1/registrations/pass.test/badge-1', 'unregisters a device from a pass'],
      ['GET', 'devices/d1/registrations/pass.test', 'asks which of a device’s passes changed'],
      ['GET', 'passes/pass.test/badge-1', 'fetches a pass again'],
      ['POST', 'log', 'sends Wallet’s log'],
    ] as const
  ).map(
    ([method, url, what]): Row => ({
      route: `${method} /backend/api/passkit/v1/${url.replace(/d1/, ':device').replace(/pass\.test/, ':passType').replace(/badge-1/, ':serial')}` as Route,
      when: `${what} of Apple’s PassKit web service, which this server (no wallet configured) does not offer`,
      expect: all(404),
      request: () => ({
        url: `passkit/v1/${url}`,
        body: method === 'POST' ? (url === 'log' ? { logs: ['x'] } : { pushToken: 'a'.repeat(64) }) : undefined,
      }),
    }),
  ),
  {
    route: 'GET /backend/api/wallet/apple-badge.svg',
    when: 'reads Apple’s badge artwork, which this server (no wallet configured) does not offer',
    expect: all(404),
  },
  {
    route: 'GET /backend/api/ebadge/visited',
    when: 'lists the stands that scanned a visitor, by the key of the visitor’s badge mail',
    expect: ok200,
    request: async () => ({ url: `ebadge/visited?token=${await freshScannedKey()}` }),
    check: (res) => expect(ids(res)).toEqual([f.exhibitorA.user.id]),
  },
  {
    route: 'GET /backend/api/ebadge/visited',
    when: 'lists the visited stands with an unknown badge key',
    expect: all(404),
    request: () => ({ url: `ebadge/visited?token=${randomUUID()}` }),
  },
  {
    route: 'GET /backend/api/ebadge/visited/:exhibitorId/contact.vcf',
    when: 'downloads the contact card of exhibitor A, which scanned the visitor',
    expect: ok200,
    request: async () => {
      await cardOfA();
      return { url: `ebadge/visited/${f.exhibitorA.user.id}/contact.vcf?token=${await freshScannedKey()}` };
    },
    check: (res) => expect(res.body).toContain('FN:Accueil Matrice'),
  },
  {
    route: 'GET /backend/api/ebadge/visited/:exhibitorId/contact.vcf',
    when: 'downloads the contact card of exhibitor B, which never scanned the visitor',
    expect: all(404),
    request: async () => ({
      url: `ebadge/visited/${f.exhibitorB.user.id}/contact.vcf?token=${await freshScannedKey()}`,
    }),
  },
  {
    route: 'POST /backend/api/ebadge/visited/:exhibitorId/do-not-contact',
    when: 'asks exhibitor A, which scanned the visitor, not to contact them',
    expect: ok200,
    request: async () => ({
      url: `ebadge/visited/${f.exhibitorA.user.id}/do-not-contact`,
      body: { token: await freshScannedKey() },
      headers: { accept: 'application/json' },
    }),
  },
  {
    route: 'POST /backend/api/ebadge/visited/:exhibitorId/do-not-contact',
    when: 'asks exhibitor B, which never scanned the visitor, not to contact them',
    expect: all(404),
    request: async () => ({
      url: `ebadge/visited/${f.exhibitorB.user.id}/do-not-contact`,
      body: { token: await freshScannedKey() },
      headers: { accept: 'application/json' },
    }),
  },
  {
    route: 'POST /backend/api/visit',
    when: 'keeps the device’s visit list with A’s collaborator’s badge, by the key of its mail',
    expect: ok200,
    request: () => ({
      url: 'visit',
      body: { op: 'keep', token: f.collaboratorA.registration.badgeKey },
      headers: { accept: 'application/json' },
    }),
  },
  {
    route: 'POST /backend/api/visit',
    when: 'keeps the device’s visit list with an unknown badge key',
    expect: all(403),
    request: () => ({ url: 'visit', body: { op: 'keep', token: randomUUID() }, headers: { accept: 'application/json' } }),
  },

  // --- Public forms ---------------------------------------------------------------------------------------------
  {
    route: 'POST /backend/api/auth/local/register',
    when: 'registers as a visitor (the specification’s address)',
    expect: created201,
    request: () => ({
      url: 'auth/local/register',
      body: { name: 'Visiteur Test', email: freshEmail('visitor'), phone: freshPhone() },
    }),
  },
  {
    route: 'POST /backend/api/visiteurs/putVisitor',
    when: 'registers as a visitor',
    expect: created201,
    request: () => ({
      url: 'visiteurs/putVisitor',
      body: { name: 'Visiteur Test', email: freshEmail('visitor'), phone: freshPhone() },
    }),
  },
  {
    route: 'POST /backend/api/contact',
    when: 'sends the contact form',
    expect: created201,
    request: () => ({
      url: 'contact',
      body: { name: 'Contact Test', email: freshEmail('contact'), phone: freshPhone(), message: 'Bonjour.' },
    }),
  },
  {
    route: 'POST /backend/api/demandes-exposants',
    when: 'sends an exhibitor enquiry',
    expect: created201,
    request: () => ({
      url: 'demandes-exposants',
      body: { nom: 'Demande Test', email: freshEmail('enquiry'), telephone: freshPhone() },
    }),
  },
  publicGet('GET /backend/api/stand-offer', 'reads the stands for sale on /exposer'),
  {
    route: 'GET /backend/api/stand-offer/enquiry',
    when: 'reads an enquiry with the link its follow-up mailed',
    expect: ok200,
    readsOwnWithLink: true,
    request: async () => {
      const [enquiry] = await f.ctx.db
        .insert(demandesExposants)
        .values({ nom: 'Demande Lien', email: freshEmail('lien'), telephone: freshPhone() })
        .returning({ id: demandesExposants.id });
      return { url: `stand-offer/enquiry?token=${f.links.sign('enquiry_stand', enquiry!.id, DAY, new Date())}` };
    },
  },
  {
    route: 'GET /backend/api/stand-offer/priority',
    when: 'reads the stand kept for a returning exhibitor with the link of its invitation',
    expect: ok200,
    readsOwnWithLink: true,
    request: async () => {
      // An exhibitor of an earlier edition on MX-19 then, invited to this one while the sale keeps its stand.
      const [past] = await f.ctx.db.select({ id: editions.id }).from(editions).where(lt(editions.id, DEMO_EDITION_ID)).limit(1);
      const returning = await createExhibitor(f.ctx.db, { email: freshEmail('priorite') });
      await f.ctx.db.insert(registrations).values({ eventId: past!.id, userId: returning.user.id, type: 'exhibitor', confirmed: true, booth: 'MX-19' });
      const [invitation] = await f.ctx.db
        .insert(participationInvitations)
        .values({ eventId: DEMO_EDITION_ID, fromEventId: past!.id, userId: returning.user.id, expiresAt: new Date(Date.now() + DAY * 1000) })
        .returning({ id: participationInvitations.id });
      await f.ctx.db.update(salesOffers).set({ priorityUntil: '2099-12-31' }).where(eq(salesOffers.eventId, DEMO_EDITION_ID));
      return { url: `stand-offer/priority?token=${f.links.sign('stand_priority', invitation!.id, DAY, new Date())}` };
    },
    check: (res) => {
      if (res.statusCode === 200) expect(json<{ data: { stands: string[] } }>(res).data.stands).toEqual(['MX-19']);
    },
  },
  {
    route: 'POST /backend/api/stand-offer/quote',
    when: 'prices stands of the plan',
    expect: ok200,
    request: () => ({ url: 'stand-offer/quote', body: { stands: ['MX-1', 'MX-2'] } }),
  },
  {
    route: 'POST /backend/api/stand-bookings',
    when: 'holds a free stand of the plan',
    expect: created201,
    // Each caller its own stand: a hold is anyone's, signed in or not.
    request: () => ({ url: 'stand-bookings', body: holdForm([`MX-${(heldStands += 1) + 2}`]) }),
    check: (res) => {
      if (res.statusCode === 201)
        expect(Object.keys(res.json<{ data: object }>().data).sort()).toEqual(
          ['area', 'holdUntil', 'reference', 'stands', 'totalExclTax', 'totalInclTax', 'vat'],
        );
    },
  },
  {
    route: 'POST /backend/api/newsletters',
    when: 'subscribes to the newsletter',
    expect: created201,
    request: () => ({ url: 'newsletters', body: { email: freshEmail('news') } }),
  },
  {
    route: 'POST /backend/api/newsletters',
    when: 'subscribes to the newsletter at the specification’s address (trailing slash)',
    expect: created201,
    request: () => ({ url: 'newsletters/', body: { data: { email: freshEmail('news') } } }),
  },
  {
    route: 'POST /backend/api/newsletters/confirm',
    when: 'confirms a subscription with its link',
    expect: ok200,
    request: async () => ({
      url: `newsletters/confirm?token=${f.links.sign('newsletter_confirm', await freshSubscription(), DAY, new Date())}`,
    }),
  },
  {
    route: 'POST /backend/api/newsletters/unsubscribe',
    when: 'unsubscribes with the link of a newsletter',
    expect: ok200,
    request: async () => ({
      url: `newsletters/unsubscribe?token=${f.links.sign('newsletter_unsubscribe', await freshSubscription(), null, new Date())}`,
    }),
  },
  {
    route: 'GET /backend/api/newsletters/unsubscribe',
    when: 'opens a newsletter’s List-Unsubscribe address, which leads to the unsubscribe page',
    expect: all(303),
    request: () => ({ url: 'newsletters/unsubscribe?token=abc' }),
  },

  // --- Forum ----------------------------------------------------------------------------------------------------
  publicGet('GET /backend/api/conferences', 'reads the forum programme'),
  {
    route: 'GET /backend/api/conferences/:id',
    when: 'reads one conference',
    expect: ok200,
    request: () => ({ url: `conferences/${f.conferenceId}` }),
  },
  {
    route: 'POST /backend/api/conferences/:id/registrations',
    when: 'signs up for a conference',
    expect: created201,
    request: () => ({
      url: `conferences/${f.conferenceId}/registrations`,
      body: { name: 'Auditeur Test', email: freshEmail('talk'), phone: freshPhone() },
    }),
  },

  // --- Reference data and content -------------------------------------------------------------------------------
  publicGet('GET /backend/api/events', 'reads the editions'),
  publicGet('GET /backend/api/opening-hours', 'reads the opening hours'),
  publicGet('GET /backend/api/sectors', 'reads the sectors'),
  publicGet('GET /backend/api/directory/facets', 'counts the directory’s halls, sectors and letters'),
  {
    ...publicGet('GET /backend/api/exhibitors/:slug', 'reads an exhibitor’s page of the directory'),
    request: () => ({ url: `exhibitors/societe-${f.exhibitorA.user.id}` }),
  },
  {
    ...publicGet('GET /backend/api/visit', 'reads what a visit list names'),
    request: () => ({ url: `visit?exhibitors=${f.exhibitorA.user.id}` }),
  },
  publicGet('GET /backend/api/visit/calendar.ics', 'exports a visit list’s conferences as a calendar'),
  publicGet('GET /backend/api/gates', 'reads the halls'),
  publicGet('GET /backend/api/floor-plan', 'reads the floor plan'),
  publicGet('GET /backend/api/sib', 'reads the show’s settings'),
  slashed(publicGet('GET /backend/api/sib', 'reads the show’s settings (trailing slash)')),
  // The organising agency's own e-mail and phone, printed on the public pages: a company's, not a person's.
  { ...publicGet('GET /backend/api/agence', 'reads the agency'), publishesContact: true },
  // The venue and each team's public e-mail and phone, as the organiser published them: the show's, not a person's.
  { ...publicGet('GET /backend/api/site-settings', 'reads the venue, public contacts and tour'), publishesContact: true },
  { ...slashed(publicGet('GET /backend/api/agence', 'reads the agency (trailing slash)')), publishesContact: true },
  publicGet('GET /backend/api/temoignages', 'reads the testimonials'),
  slashed(publicGet('GET /backend/api/temoignages', 'reads the testimonials (trailing slash)')),
  publicGet('GET /backend/api/galeries', 'reads the gallery'),
  slashed(publicGet('GET /backend/api/galeries', 'reads the gallery (trailing slash)')),
  publicGet('GET /backend/api/partenaires', 'reads the partners'),
  slashed(publicGet('GET /backend/api/partenaires', 'reads the partners (trailing slash)')),
  publicGet('GET /backend/api/partenaires-presses', 'reads the press partners'),
  slashed(publicGet('GET /backend/api/partenaires-presses', 'reads the press partners (trailing slash)')),
  publicGet('GET /backend/api/bannieres', 'reads the banners'),
  slashed(publicGet('GET /backend/api/bannieres', 'reads the banners (trailing slash)')),

  // --- PDF files ------------------------------------------------------------------------------------------------
  editionFile('programme', 'downloads the forum programme PDF of 2024'),
  editionFile('plan', 'downloads the floor plan PDF of 2024'),
  editionFile('catalogue', 'downloads the catalogue PDF of 2024'),

  // --- Offline ----------------------------------------------------------------------------------------------------
  publicGet('GET /offline-sw.js', 'fetches the service worker of the gate and kiosk pages'),

  // --- Back-office: organisers only; each area of back-office-cases/ says how to call its routes --------------------------
  ...ADMIN_AREAS.flatMap((area) =>
    area.rows.map(
      (row): Row => ({
        route: row.route,
        when: row.when,
        expect: [401, 403, 403, 403, 403, 401, 401, 403, row.status ?? 200],
        request: row.request && ((c) => row.request!({ ctx: c.f.ctx, organiser: c.f.organiser })),
        check:
          row.check &&
          ((res, c, request) =>
            row.check!(res, { ctx: c.f.ctx, organiser: c.f.organiser, caller: c.caller }, request)),
      }),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------
// Fastify's route table
// ---------------------------------------------------------------------------------------------

/**
 * Whether a concrete path is one of the route's (parameters match one path segment). The router
 * ignores a trailing slash, but for the route that asks for one (`auth/local/register/`).
 */
function pathMatches(route: Route, url: string): boolean {
  // A parameter’s own pattern (`:year(^\d{4})`) is taken as any segment text.
  const pattern = route.slice(route.indexOf(' ') + 1).replace(/\(\^[^)]*\)/g, '');
  const path = url.split('?')[0]!;
  const slash = pattern.endsWith('/') || path === '/backend/api/auth/local/register/' ? '' : '/?';
  const regex = new RegExp(
    `^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}${slash}$`,
  );
  return regex.test(path);
}

// ---------------------------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  const ctx = await createTestApp({
    API_RATE_LIMIT: '100000',
    LOGIN_RATE_LIMIT: '1000',
    REGISTRATION_RATE_LIMIT: '1000',
    STAND_HOLD_RATE_LIMIT: '1000',
  });
  await openStandSale(ctx.db, { prefix: 'MX', count: 20 });
  const exhibitorA = await createExhibitor(ctx.db, { booth: 'A-01' });
  const exhibitorB = await createExhibitor(ctx.db, { booth: 'B-02' });
  const [conference] = await ctx.db.select().from(conferences).where(eq(conferences.eventId, DEMO_EDITION_ID)).limit(1);
  f = {
    ctx,
    exhibitorA,
    exhibitorB,
    collaboratorA: await createCollaborator(ctx.db, exhibitorA),
    collaboratorB: await createCollaborator(ctx.db, exhibitorB),
    deleted: await createCollaborator(ctx.db, exhibitorA),
    controller: await createController(ctx.db),
    organiser: await createOrganiser(ctx.db),
    visitor: await createVisitor(ctx.db, { email: freshEmail('visitor') }),
    scannedVisitor: await createVisitor(ctx.db, { email: freshEmail('scanned') }),
    conferenceId: conference!.id,
    links: createLinkSigner(TEST_JWT_SECRET),
  };

  const scanned = await call(ctx.app, 'POST', 'scans', {
    token: await tokenOf('collaboratorA'),
    body: { scans: [visitorScan(f.scannedVisitor)] },
  });
  scanOfCollaboratorA = scanned.json<{ data: { scan: { id: string } }[] }>().data[0]!.scan.id;

  // Exhibitor A bought a stand online: its booking, confirmed, is its account's.
  const held = await call(ctx.app, 'POST', 'stand-bookings', { body: holdForm(['MX-20']), remoteAddress: '10.99.0.1' });
  if (held.statusCode !== 201) throw new Error(`could not hold a stand: ${held.body}`);
  const [booking] = await ctx.db
    .select()
    .from(standBookings)
    .where(eq(standBookings.reference, held.json<{ data: { reference: string } }>().data.reference));
  const { invoices: issued } = await confirmBooking(
    { db: ctx.db, now: new Date(), organiserId: f.organiser.id, publicUrl: ctx.config.PUBLIC_URL },
    booking!.id,
  );
  await ctx.db.update(standBookings).set({ exhibitorId: exhibitorA.user.id }).where(eq(standBookings.id, booking!.id));
  bookingOfA = { id: booking!.id, reference: booking!.reference, invoiceId: issued[0]!.id };
  const [service] = await ctx.db
    .insert(exhibitorServices)
    .values({
      eventId: DEMO_EDITION_ID,
      name: { fr: 'Branchement matrice', en: 'Matrix power' },
      unit: { fr: 'kW', en: 'kW' },
      price: 10_000,
      orderBy: '2099-12-31',
    })
    .returning({ id: exhibitorServices.id });
  serviceId = service!.id;

  // The deleted collaborator signed in, then exhibitor A deleted it.
  deletedToken = await login(ctx.app, f.deleted.user.email);
  deletedTokenBefore = (await call(ctx.app, 'GET', 'users/me', { token: deletedToken })).statusCode;
  const removal = await call(ctx.app, 'DELETE', `users/${f.deleted.user.id}`, { token: await tokenOf('exhibitorA') });
  if (removal.statusCode !== 200) throw new Error(`could not delete the collaborator: ${removal.body}`);

  const now = Math.floor(Date.now() / 1000);
  expiredToken = await signSession(f.exhibitorA.user.id, f.exhibitorA.user.tokenVersion, {
    iat: now - 8 * DAY,
    exp: now - DAY,
  });
});
afterAll(() => f?.ctx.close());

describe('the callers', () => {
  it('the deleted collaborator’s token worked before the deletion and is refused after it', async () => {
    expect(deletedTokenBefore).toBe(200);
    const res = await call(f.ctx.app, 'GET', 'users/me', { token: deletedToken });
    expect(res.statusCode).toBe(401);
    const [row] = await f.ctx.db
      .select()
      .from(users)
      .where(and(eq(users.id, f.deleted.user.id), isNull(users.deletedAt)));
    expect(row).toBeUndefined();
  });

  it('a controller and an organiser cannot sign in through auth/local, so their tokens are signed here', async () => {
    for (const user of [f.controller, f.organiser]) {
      const res = await call(f.ctx.app, 'POST', 'auth/local', {
        body: { identifier: user.email, password: 'Secret-2024!' },
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('the expired token is exhibitor A’s, signed with the server’s secret, and refused only for its age', async () => {
    const res = await call(f.ctx.app, 'GET', 'users/me', { token: expiredToken });
    expect(res.statusCode).toBe(401);
    const { tokenVersion } = await readUser(f, f.exhibitorA.user.id);
    const live = await signSession(f.exhibitorA.user.id, tokenVersion);
    expect((await call(f.ctx.app, 'GET', 'users/me', { token: live })).statusCode).toBe(200);
  });
});

describe('the route table', () => {
  const inTable = [...new Set(TABLE.map((row) => row.route))].sort();

  it('lists every route Fastify serves (HEAD and the web files aside), and no route that does not exist', () => {
    const served = [...new Set(fastifyRoutes(f.ctx.app.printRoutes({ commonPrefix: false })))]
      .filter((route) => !NOT_API.includes(route))
      .sort();
    expect(served.length).toBeGreaterThan(40);
    expect({
      missingFromTable: served.filter((r) => !inTable.includes(r)),
      notServed: inTable.filter((r) => !served.includes(r)),
    }).toEqual({ missingFromTable: [], notServed: [] });
    for (const route of NOT_API.filter((r) => r !== UPLOADS)) {
      expect(f.ctx.app.hasRoute({ method: 'GET', url: route.slice(4) })).toBe(true);
    }
  });

  it('agrees with each route’s declared audience: outside it, a signed-out caller gets a 401 and a signed-in one a 403', () => {
    const declared = f.ctx.app.audiences();
    const signedOut: readonly CallerId[] = ['anonymous', 'deleted', 'expired'];
    const team: readonly CallerId[] = ['exhibitorA', 'collaboratorA', 'exhibitorB', 'collaboratorB'];
    // The callers each audience lets in (the kiosks' and the directory's are asked with their own headers).
    const members: Partial<Record<AudienceName, readonly CallerId[]>> = {
      signedIn: [...team, 'controller', 'organiser'],
      gateStaff: ['controller', 'organiser'],
      exhibitorsAndTeams: team,
      exhibitors: ['exhibitorA', 'exhibitorB'],
      organisers: ['organiser'],
    };
    const disagreements: string[] = [];
    for (const row of TABLE) {
      const audience = declared.get(row.route);
      const inside = audience && members[audience];
      if (!inside) continue;
      CALLERS.forEach(({ id }, i) => {
        const status = row.expect[i]!;
        const refusal = signedOut.includes(id) ? 401 : 403;
        const agrees = inside.includes(id) ? status !== 401 : status === refusal;
        if (!agrees) disagreements.push(`${row.route} (${audience}) ${row.when}: ${id} ${status}`);
      });
    }
    expect(disagreements).toEqual([]);
    expect(new Set(declared.values())).toEqual(
      new Set([
        'signedIn',
        'gateStaff',
        'exhibitorsAndTeams',
        'exhibitors',
        'organisers',
        'kiosks',
        'kiosksAndGateStaff',
        'anyoneOrSignedIn',
      ]),
    );
  });

  it('finds a declared audience on every route that refuses a signed-out caller for want of a session', () => {
    const declared = f.ctx.app.audiences();
    const undeclared = TABLE.filter(
      (row) => row.expect[0] === 401 && row.expect[6] === 401 && !declared.has(row.route),
    );
    expect(undeclared.map((row) => `${row.route}: ${row.when}`)).toEqual([]);
  });

  it('reads the route tree right: each route found is one Fastify has, and the OpenAPI paths are all among them', async () => {
    const found = fastifyRoutes(f.ctx.app.printRoutes({ commonPrefix: false }));
    for (const route of found.filter((r) => r !== UPLOADS)) {
      const [method, url] = route.split(' ') as [Method, string];
      // The one route listed with its trailing slash is the one that asks for it (lib/trailing-slash.ts).
      const known = url.endsWith('/')
        ? f.ctx.app.hasRoute({ method, url: url.slice(0, -1), constraints: { trailingSlash: true } })
        : f.ctx.app.hasRoute({ method, url });
      expect({ route, known }).toEqual({ route, known: true });
    }
    expect(f.ctx.app.hasRoute({ method: 'GET', url: '/uploads/*' })).toBe(true);
    const docs = await call(f.ctx.app, 'GET', '/backend/docs');
    const paths = docs.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    for (const [path, operations] of Object.entries(paths)) {
      for (const method of Object.keys(operations)) {
        const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}` as Route;
        // The documents name a parameter without its pattern (`:year`, not `:year(^\d{4})`).
        expect(found.map((r) => r.replace(/\(\^[^)]*\)/g, ''))).toContain(route);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The matrix
// ---------------------------------------------------------------------------------------------

describe('access matrix', () => {
  for (const row of TABLE) {
    describe(`${row.route} — ${row.when}`, () => {
      CALLERS.forEach((caller, column) => {
        const status = row.expect[column]!;
        it(`${caller.label} gets ${status} ${STATUS_CODES[status]} when it ${row.when}`, async () => {
          const c: Case = { f, caller: caller.id, self: selfOf(caller.id) };
          const method = row.route.slice(0, row.route.indexOf(' ')) as Method;
          const request: CaseRequest = row.request ? await row.request(c) : { url: row.route.slice(method.length + 1) };
          const { url, body, headers } = request;
          const fullUrl = url.startsWith('/') ? url : `/backend/api/${url}`;
          expect(pathMatches(row.route, fullUrl), `${fullUrl} is not a path of ${row.route}`).toBe(true);
          const res = await call(f.ctx.app, method, url, {
            token: await tokenOf(caller.id),
            body,
            headers,
            remoteAddress: nextAddress(),
          });
          expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
          expect(leaksOf(res, row, caller.id, request), res.body.slice(0, 300)).toEqual({ secretKeys: [], people: [] });
          // What anyone may read (the public pages' data) names nobody's e-mail or phone.
          const isJson = String(res.headers['content-type']).includes('json');
          if (
            caller.id === 'anonymous' &&
            method === 'GET' &&
            isJson &&
            !row.publishesContact &&
            !row.namesFields &&
            !row.readsOwnWithLink
          ) {
            expect(keysIn(res.json(), CONTACT_KEYS), res.body.slice(0, 300)).toEqual([]);
          }
          await row.check?.(res, c, request);
          if (row.endsSession && res.statusCode < 300) sessions.delete(caller.id);
        });
      });
    });
  }
});
