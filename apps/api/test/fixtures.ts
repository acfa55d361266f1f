import { SignJWT } from 'jose';
import { DEFAULT_ROLE_ID, DEMO_EDITION_ID, normalizeEmail, normalizePhone, type RegistrationType } from '@salon/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import {
  editions,
  halls,
  media,
  registrations,
  saleConditions,
  salesOffers,
  standClasses,
  stands,
  users,
} from '../src/db/schema';
import { seedPastEditions, seedReference } from '../src/db/seed';
import { createBadgeSigner, type BadgeSigner } from '../src/domains/badges/badge-token';
import { createJwt } from '../src/lib/jwt';
import { hashPassword } from '../src/lib/passwords';
import type { TestContext } from './helper';

/**
 * The API tests' data, made in one place: each factory takes overrides of its defaults
 * (`createExhibitor(db, { company: 'X' })`), and the people it makes can sign in with PASSWORD
 * unless told otherwise. Tokens and badges are made as the server makes them, with its keys and
 * at its clock, so a test needs no sign-in to act as someone (fixtures.test.ts proves both).
 * helper.ts re-exports the factories for the files that import them from there.
 */

/** When the tests' 2024 edition stops taking registrations (seedForTests). */
export const OPEN_UNTIL = '2100-01-01T00:00:00.000Z';

/**
 * What every test app's database holds before its file runs (helper.ts's createTestApp): the
 * reference data a server seeds at its first start, the past editions (for the tests that hang a
 * registration, a hall or a scan on one), and the 2024 edition open for registration, as its
 * organiser would set it, although it is over on today's clock (registration-window.test.ts sets
 * windows of its own). Seeded once per run into a template that each file copies
 * (global-setup.ts).
 */
export async function seedForTests(db: Db): Promise<void> {
  await seedReference(db);
  await seedPastEditions(db);
  await db
    .update(editions)
    .set({ registrationClosesAt: new Date(OPEN_UNTIL) })
    .where(eq(editions.id, DEMO_EDITION_ID));
}

/** The JWT secret every test app is given (helper.ts's createTestApp). */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** The password the factories give the people who sign in. */
export const PASSWORD = 'Secret-2024!';

export type User = typeof users.$inferSelect;
type NewUser = typeof users.$inferInsert;
export type UserOverrides = Partial<NewUser> & { password?: string };
export type Exhibitor = Awaited<ReturnType<typeof createExhibitor>>;
export type Collaborator = Awaited<ReturnType<typeof createCollaborator>>;
export type Visitor = Awaited<ReturnType<typeof createVisitor>>;

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A user of any type (a visitor by default), without a password unless one is given. */
export async function createUser(db: Db, overrides: UserOverrides = {}) {
  const { password, ...rest } = overrides;
  const email = normalizeEmail(rest.email ?? `user-${unique()}@example.com`);
  const phone = rest.phone ?? `+212 6 ${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const [user] = await db
    .insert(users)
    .values({
      type: 'visitor',
      roleId: DEFAULT_ROLE_ID,
      name: 'Personne Test',
      username: email,
      company: 'Société Test',
      confirmed: true,
      emailOTPConfirmed: true,
      ...rest,
      email,
      phone,
      phoneNormalized: normalizePhone(phone),
      passwordHash: password ? await hashPassword(password) : '',
    })
    .returning();
  return user!;
}

/** A gate controller, who signs in at auth/controller. */
export const createController = (db: Db, overrides: UserOverrides = {}) =>
  createUser(db, { type: 'controller', password: PASSWORD, ...overrides });

/** An organiser, who signs in to the back-office at auth/organiser. */
export const createOrganiser = (db: Db, overrides: UserOverrides = {}) =>
  createUser(db, { type: 'organiser', password: PASSWORD, ...overrides });

/** The show's first hall (the seed's gates). */
export async function firstGate(db: Db) {
  const [gate] = await db.select().from(halls).limit(1);
  return gate!;
}

/** An exhibitor with a confirmed registration for this edition, at the first hall and `booth`. */
export async function createExhibitor(db: Db, overrides: UserOverrides & { booth?: string } = {}) {
  const { booth = 'A-01', ...rest } = overrides;
  const user = await createUser(db, {
    type: 'exhibitor',
    company: `Exposant ${unique()}`,
    password: PASSWORD,
    ...rest,
  });
  const gate = await firstGate(db);
  const [registration] = await db
    .insert(registrations)
    .values({ eventId: DEMO_EDITION_ID, userId: user.id, type: 'exhibitor', confirmed: true, gateId: gate.id, booth })
    .returning();
  return { user, registration: registration!, gate };
}

/** A collaborator of `exhibitor`, registered at its hall and booth. */
export async function createCollaborator(db: Db, exhibitor: Exhibitor, overrides: UserOverrides = {}) {
  const user = await createUser(db, {
    type: 'collaborator',
    company: exhibitor.user.company,
    exhibitorId: exhibitor.user.id,
    password: PASSWORD,
    ...overrides,
  });
  const [registration] = await db
    .insert(registrations)
    .values({
      eventId: DEMO_EDITION_ID,
      userId: user.id,
      type: 'collaborator',
      confirmed: true,
      gateId: exhibitor.registration.gateId,
      booth: exhibitor.registration.booth,
    })
    .returning();
  return { user, registration: registration! };
}

/** A visitor with a confirmed registration for this edition (visitors have no sign-in). */
export async function createVisitor(db: Db, overrides: UserOverrides = {}) {
  const user = await createUser(db, { type: 'visitor', ...overrides });
  const [registration] = await db
    .insert(registrations)
    .values({ eventId: DEMO_EDITION_ID, userId: user.id, type: 'visitor', confirmed: true })
    .returning();
  return { user, registration: registration! };
}

/** A media row (the file itself is not needed to serialize it). */
export async function createMedia(db: Db, overrides: Partial<typeof media.$inferInsert> = {}) {
  const name = overrides.name ?? `media-${unique()}.svg`;
  const [row] = await db
    .insert(media)
    .values({
      name,
      mime: 'image/svg+xml',
      size: 100,
      width: 200,
      height: 200,
      path: `test/${name}`,
      alt: name,
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * The token a sign-in gives this user now, at the app's clock (APP_NOW when set): signed with
 * the server's secret and the user's token version, as lib/jwt.ts signs it.
 */
export function sessionOf(ctx: Pick<TestContext, 'config'>, user: Pick<User, 'id' | 'tokenVersion'>) {
  const now = ctx.config.APP_NOW ? new Date(ctx.config.APP_NOW) : new Date();
  return createJwt(ctx.config.JWT_SECRET).sign(user.id, user.tokenVersion, now);
}

/**
 * A sign-in token with chosen times (lib/jwt.ts's shape, with the test secret); without
 * `authTime`, one made before that claim existed.
 */
export function signSession(
  userId: number,
  version: number,
  times: { iat?: number; exp?: number; authTime?: number } = {},
): Promise<string> {
  const iat = times.iat ?? Math.floor(Date.now() / 1000);
  return new SignJWT(times.authTime === undefined ? { ver: version } : { ver: version, auth_time: times.authTime })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(times.exp ?? iat + 7 * 24 * 3600)
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

const signers = new WeakMap<object, BadgeSigner>();

/**
 * The QR text of a registration's badge, signed with the server's key; by default for this
 * edition, issued at a fixed time.
 */
export function badgeOf(
  ctx: Pick<TestContext, 'config'>,
  registration: { id: number; type: RegistrationType },
  { eventId = DEMO_EDITION_ID, issuedAt = 1_716_000_000 }: { eventId?: number; issuedAt?: number } = {},
): string {
  let signer = signers.get(ctx.config);
  if (!signer) {
    signer = createBadgeSigner(ctx.config.BADGE_PRIVATE_KEY);
    signers.set(ctx.config, signer);
  }
  return signer.sign({ registrationId: registration.id, type: registration.type, eventId, issuedAt });
}

/** Who a gate, kiosk or access test acts as. */
export type Role = 'controller' | 'organiser' | 'exhibitor' | 'collaborator' | 'visitor';

export interface Cast {
  controller: User;
  organiser: User;
  exhibitor: Exhibitor;
  /** The exhibitor's collaborator. */
  collaborator: Collaborator;
  visitor: Visitor;
  /** Each one's session token (sessionOf). */
  tokens: Record<Role, string>;
}

/**
 * One person of each kind, each with PASSWORD (the visitor too) and a session token: the people
 * the gate, kiosk and access tests act as. `overrides` are each one's factory's.
 */
export async function createCast(
  ctx: Pick<TestContext, 'db' | 'config'>,
  overrides: Partial<Record<Exclude<Role, 'exhibitor'>, UserOverrides>> & {
    exhibitor?: UserOverrides & { booth?: string };
  } = {},
): Promise<Cast> {
  const controller = await createController(ctx.db, overrides.controller);
  const organiser = await createOrganiser(ctx.db, overrides.organiser);
  const exhibitor = await createExhibitor(ctx.db, overrides.exhibitor);
  const collaborator = await createCollaborator(ctx.db, exhibitor, overrides.collaborator);
  const visitor = await createVisitor(ctx.db, { password: PASSWORD, ...overrides.visitor });
  return {
    controller,
    organiser,
    exhibitor,
    collaborator,
    visitor,
    tokens: {
      controller: await sessionOf(ctx, controller),
      organiser: await sessionOf(ctx, organiser),
      exhibitor: await sessionOf(ctx, exhibitor.user),
      collaborator: await sessionOf(ctx, collaborator.user),
      visitor: await sessionOf(ctx, visitor.user),
    },
  };
}

/**
 * The current edition's stands sold online, as an organiser sets them: a hall of its own with
 * `count` stands of 9 m² side by side (`<prefix>-1`…), a class, conditions of sale and the offer
 * open. Answers the hall and the conditions' version.
 */
export async function openStandSale(db: Db, { prefix = 'M', count = 20 }: { prefix?: string; count?: number } = {}) {
  const [hall] = await db
    .insert(halls)
    .values({ eventId: DEMO_EDITION_ID, name: `Hall ${prefix}`, position: 95, planWidth: count * 3, planHeight: 3 })
    .returning();
  const [standClass] = await db
    .insert(standClasses)
    .values({
      eventId: DEMO_EDITION_ID,
      name: { fr: `Stand nu ${prefix}`, en: `Space only ${prefix}` },
      pricePerM2: 150_000,
    })
    .returning();
  await db.insert(stands).values(
    Array.from({ length: count }, (_, i) => ({
      eventId: DEMO_EDITION_ID,
      gateId: hall!.id,
      number: `${prefix}-${i + 1}`,
      x: i * 3,
      y: 0,
      width: 3,
      height: 3,
      classId: standClass!.id,
      area: 9,
    })),
  );
  const pdf = await createMedia(db, { name: `cgv-${prefix}.pdf`, mime: 'application/pdf', width: null, height: null });
  await db
    .insert(saleConditions)
    .values({ eventId: DEMO_EDITION_ID, version: 1, mediaId: pdf.id })
    .onConflictDoNothing();
  const [conditions] = await db
    .select({ version: saleConditions.version })
    .from(saleConditions)
    .where(eq(saleConditions.eventId, DEMO_EDITION_ID))
    .orderBy(desc(saleConditions.version))
    .limit(1);
  await db
    .insert(salesOffers)
    .values({ eventId: DEMO_EDITION_ID, open: true, seller: TEST_SELLER })
    .onConflictDoUpdate({ target: salesOffers.eventId, set: { open: true, seller: TEST_SELLER } });
  return { hall: hall!, conditionsVersion: conditions?.version ?? 1 };
}

/** The organiser as the tests' invoices print it. */
export const TEST_SELLER = {
  name: 'Agence Médina Événements SARL',
  ice: '002345678000091',
  taxId: '50123456',
  tradeRegister: 'RC Marrakech 98765',
  address: '5, avenue Mohammed VI',
  city: 'Marrakech',
  bank: 'Banque Populaire',
  rib: '181810212111234567890123',
};

/** A company's hold form for the stands `numbers`, at a fresh address. */
export const holdForm = (numbers: string[], conditionsVersion = 1) => ({
  stands: numbers,
  companyName: 'Béton Atlas SARL',
  ice: '001234567000089',
  taxId: '40123456',
  tradeRegister: 'RC Casablanca 123456',
  address: '12, boulevard Zerktouni',
  city: 'Casablanca',
  signatoryName: 'Amina Berrada',
  signatoryRole: 'Directrice générale',
  contactName: 'Youssef El Idrissi',
  email: `achat-${unique()}@atlas.example`,
  phone: '+212 522 00 00 00',
  conditionsVersion,
  accept: true as const,
});
