import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, countDistinct, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_EDITION_ID, FEATURE_KINDS, featureErrors } from '@salon/shared';
import { loadConfig } from '../src/config/env';
import * as t from '../src/db/schema';
import { DEMO_ACCOUNTS, seed } from '../src/db/seed';
import { PAST_EDITIONS } from '../src/db/seed/content/editions';
import { readPublicSettings } from '../src/domains/content/site-settings.service';
import { TEST_JWT_SECRET, call, createTestApp, freshDatabase, type TestContext } from './helper';

const ADMIN_EMAIL = 'admin.salon@example.com';
const ADMIN_PASSWORD = 'Admin-Password-2024';

const COUNTED = {
  users: t.users,
  registrations: t.registrations,
  scans: t.scans,
  checkins: t.checkins,
  media: t.media,
  sectors: t.sectors,
  conferences: t.conferences,
  openingHours: t.openingHours,
  gates: t.halls,
  events: t.editions,
  roles: t.roles,
  bannieres: t.bannieres,
  partenaires: t.partenaires,
  partenairesPresses: t.partenairesPresses,
  galeries: t.galeries,
  temoignages: t.temoignages,
  sib: t.sib,
  agence: t.agence,
  siteSettings: t.siteSettings,
  seedRuns: t.seedRuns,
} as const;

let ctx: TestContext;
let afterFirst: Record<string, number>;
let afterSecond: Record<string, number>;

async function countAll(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(COUNTED)) {
    const [row] = await ctx.db.select({ n: count() }).from(table);
    out[name] = row!.n;
  }
  return out;
}

async function userId(email: string): Promise<number> {
  const [row] = await ctx.db
    .select({ id: t.users.id })
    .from(t.users)
    .where(and(eq(t.users.email, email), isNull(t.users.deletedAt)));
  expect(row, email).toBeDefined();
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp({ DEMO_DATA: 'true', ADMIN_EMAIL, ADMIN_PASSWORD });
  await seed(ctx.db, ctx.config, ctx.app.log);
  afterFirst = await countAll();
  await seed(ctx.db, ctx.config, ctx.app.log);
  afterSecond = await countAll();
});
afterAll(() => ctx.close());

describe('seed', () => {
  it('writes the demo data and a second run changes nothing', () => {
    expect(ctx.config.DEMO_DATA).toBe(true);
    // The specification's past editions, the demo, the demo's site settings and its testimonials'
    // authors (runs of their own: see seed/index.ts and seed/reference.ts).
    expect(afterFirst.seedRuns).toBe(4);
    expect(afterFirst.users).toBeGreaterThan(250);
    expect(afterSecond).toEqual(afterFirst);
  });

  it('gives event 7 at least 40 confirmed exhibitors over at least 4 halls, each with a stand', async () => {
    const exhibitorRegs = and(
      eq(t.registrations.eventId, DEMO_EDITION_ID),
      eq(t.registrations.type, 'exhibitor'),
      eq(t.registrations.confirmed, true),
    );
    const [row] = await ctx.db
      .select({ n: count(), gates: countDistinct(t.registrations.gateId), booths: count(t.registrations.booth) })
      .from(t.registrations)
      .where(exhibitorRegs);
    expect(row!.n).toBeGreaterThanOrEqual(40);
    expect(row!.gates).toBeGreaterThanOrEqual(4);
    expect(row!.booths).toBe(row!.n);
    const [withoutGate] = await ctx.db
      .select({ n: count() })
      .from(t.registrations)
      .where(and(exhibitorRegs, isNull(t.registrations.gateId)));
    expect(withoutGate!.n).toBe(0);
    // Two exhibitors never share a stand.
    const [stands] = await ctx.db
      .select({ n: countDistinct(sql`(${t.registrations.gateId}, ${t.registrations.booth})`) })
      .from(t.registrations)
      .where(exhibitorRegs);
    expect(stands!.n).toBe(row!.n);
  });

  it('gives every demo hall its entrances, aisles and services where no stand is, by the plan’s own checks', async () => {
    const halls = await ctx.db
      .select({ id: t.halls.id, name: t.halls.name, planWidth: t.halls.planWidth, planHeight: t.halls.planHeight })
      .from(t.halls)
      .where(eq(t.halls.eventId, DEMO_EDITION_ID));
    const stands = await ctx.db.select().from(t.stands).where(eq(t.stands.eventId, DEMO_EDITION_ID));
    const features = await ctx.db.select().from(t.planFeatures).where(eq(t.planFeatures.eventId, DEMO_EDITION_ID));
    expect(new Set(features.map((f) => f.kind))).toEqual(new Set(FEATURE_KINDS));
    expect(new Set(features.map((f) => f.gateId)).size).toBe(halls.length);
    expect(featureErrors(features, halls, stands, [])).toEqual([]);
  });

  it('gives exposant@example.com exactly 3 collaborators and exposant2@example.com exactly 1', async () => {
    for (const [email, expected] of [
      [DEMO_ACCOUNTS.exhibitor.email, 3],
      [DEMO_ACCOUNTS.exhibitor2.email, 1],
    ] as const) {
      const id = await userId(email);
      const [row] = await ctx.db
        .select({ n: count() })
        .from(t.users)
        .where(and(eq(t.users.exhibitorId, id), eq(t.users.type, 'collaborator'), isNull(t.users.deletedAt)));
      expect(row!.n, email).toBe(expected);
    }
  });

  it('copies each collaborator’s hall and stand from its exhibitor’s registration', async () => {
    const exhibitorId = await userId(DEMO_ACCOUNTS.exhibitor.email);
    const [own] = await ctx.db
      .select()
      .from(t.registrations)
      .where(and(eq(t.registrations.userId, exhibitorId), eq(t.registrations.eventId, DEMO_EDITION_ID)));
    const staff = await ctx.db
      .select({ gateId: t.registrations.gateId, booth: t.registrations.booth, type: t.registrations.type })
      .from(t.registrations)
      .innerJoin(t.users, eq(t.users.id, t.registrations.userId))
      .where(eq(t.users.exhibitorId, exhibitorId));
    expect(staff).toHaveLength(3);
    for (const s of staff) expect(s).toEqual({ gateId: own!.gateId, booth: own!.booth, type: 'collaborator' });
  });

  it('has at least 200 visitors registered for event 7', async () => {
    const [row] = await ctx.db
      .select({ n: count() })
      .from(t.registrations)
      .innerJoin(t.users, eq(t.users.id, t.registrations.userId))
      .where(
        and(
          eq(t.registrations.eventId, DEMO_EDITION_ID),
          eq(t.registrations.type, 'visitor'),
          eq(t.users.type, 'visitor'),
        ),
      );
    expect(row!.n).toBeGreaterThanOrEqual(200);
  });

  it('has visitors registering over the weeks before the show, and entries at the gates on each of its four days', async () => {
    const [spread] = await ctx.db
      .select({ days: countDistinct(sql`(${t.registrations.createdAt} at time zone 'Africa/Casablanca')::date`) })
      .from(t.registrations)
      .where(and(eq(t.registrations.eventId, DEMO_EDITION_ID), eq(t.registrations.type, 'visitor')));
    expect(spread!.days).toBeGreaterThanOrEqual(30);
    const [latest] = await ctx.db
      .select({
        day: sql<string>`to_char(max(${t.registrations.createdAt}) at time zone 'Africa/Casablanca', 'YYYY-MM-DD')`,
      })
      .from(t.registrations)
      .where(and(eq(t.registrations.eventId, DEMO_EDITION_ID), eq(t.registrations.type, 'visitor')));
    expect(latest!.day).toBe('2024-05-29');
    const entries = await ctx.db
      .select({ day: sql<string>`to_char(${t.checkins.checkinDay}, 'YYYY-MM-DD')`, n: count() })
      .from(t.checkins)
      .innerJoin(t.halls, eq(t.halls.id, t.checkins.gateId))
      .where(eq(t.checkins.verdict, 'admitted'))
      .groupBy(t.checkins.checkinDay)
      .orderBy(t.checkins.checkinDay);
    expect(entries.map((e) => e.day)).toEqual(['2024-05-29', '2024-05-30', '2024-05-31', '2024-06-01']);
    for (const e of entries) expect(e.n, e.day).toBeGreaterThan(50);
  });

  it('has scans by exposant@example.com and by each of its collaborators', async () => {
    const exhibitorId = await userId(DEMO_ACCOUNTS.exhibitor.email);
    const staff = await ctx.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.exhibitorId, exhibitorId));
    for (const scannerId of [exhibitorId, ...staff.map((s) => s.id)]) {
      const [row] = await ctx.db.select({ n: count() }).from(t.scans).where(eq(t.scans.scannerId, scannerId));
      expect(row!.n, `scanner ${scannerId}`).toBeGreaterThan(0);
    }
    const [wrongEvent] = await ctx.db
      .select({ n: count() })
      .from(t.scans)
      .where(sql`${t.scans.eventId} <> ${DEMO_EDITION_ID}`);
    expect(wrongEvent!.n).toBe(0);
  });

  it('has the reference data: 18 page sectors, 11 choice sectors, 10 conferences and 4 opening days', async () => {
    const sectors = await ctx.db.select({ kind: t.sectors.kind, n: count() }).from(t.sectors).groupBy(t.sectors.kind);
    expect(Object.fromEntries(sectors.map((s) => [s.kind, s.n]))).toEqual({ page: 18, choice: 11 });
    const [conferences] = await ctx.db
      .select({ n: count() })
      .from(t.conferences)
      .where(eq(t.conferences.eventId, DEMO_EDITION_ID));
    expect(conferences!.n).toBe(10);
    const hours = await ctx.db
      .select({ day: t.openingHours.day })
      .from(t.openingHours)
      .where(eq(t.openingHours.eventId, DEMO_EDITION_ID))
      .orderBy(t.openingHours.day);
    expect(hours.map((h) => h.day)).toEqual(['2024-05-29', '2024-05-30', '2024-05-31', '2024-06-01']);
  });

  it('has banners, partners, press partners, gallery pictures and testimonials', () => {
    for (const name of ['bannieres', 'partenaires', 'partenairesPresses', 'galeries', 'temoignages'] as const) {
      expect(afterFirst[name], name).toBeGreaterThan(0);
    }
  });

  it('names the testimonials’ authors, the same in English, and renames the French descriptions an earlier demo wrote', async () => {
    const authors = async () => (await ctx.db.select().from(t.temoignages).orderBy(t.temoignages.position))[0]!;
    expect(await authors()).toMatchObject({
      author: 'Karim B.',
      role: { en: 'Exhibitor, Hall B — building materials manufacturer' },
    });
    await ctx.db
      .update(t.temoignages)
      .set({ author: 'Un exposant, Hall B', role: { fr: 'Fabricant', en: 'Manufacturer' } })
      .where(eq(t.temoignages.author, 'Karim B.'));
    await ctx.db.delete(t.seedRuns).where(eq(t.seedRuns.name, 'demo-testimonial-authors'));
    await seed(ctx.db, ctx.config, ctx.app.log);
    expect(await authors()).toMatchObject({
      author: 'Karim B.',
      role: { en: 'Exhibitor, Hall B — building materials manufacturer' },
    });
  });

  it('keeps the demo pictures in the database, where every instance serves them', async () => {
    const files = await ctx.db.select({ path: t.media.path }).from(t.media);
    expect(files.length).toBeGreaterThan(0);
    const stored = await ctx.db.select({ path: t.mediaFiles.path }).from(t.mediaFiles);
    expect(stored.map((f) => f.path).sort()).toEqual(files.map((f) => f.path).sort());
    const logo = await call(ctx.app, 'GET', `/uploads/${files[0]!.path}`);
    expect([logo.statusCode, logo.headers['content-type']]).toEqual([200, 'image/svg+xml']);
  });

  it('signs the demo exhibitors and collaborator in and refuses the other demo accounts', async () => {
    const expected: [string, string, number][] = [
      [DEMO_ACCOUNTS.exhibitor.email, 'Exposant2024!', 200],
      [DEMO_ACCOUNTS.collaborator.email, 'Collab2024!', 200],
      [DEMO_ACCOUNTS.exhibitor2.email, 'Exposant2024!', 200],
      [DEMO_ACCOUNTS.controller.email, 'Controle2024!', 400],
      [DEMO_ACCOUNTS.organiser.email, 'Organise2024!', 400],
      [DEMO_ACCOUNTS.formerExhibitor.email, 'Visiteur2024!', 400],
    ];
    for (const [identifier, password, status] of expected) {
      const res = await call(ctx.app, 'POST', 'auth/local', { body: { identifier, password } });
      expect(res.statusCode, identifier).toBe(status);
      if (status === 400) {
        expect(res.json<{ error: { message: string } }>().error.message).toBe('Invalid identifier or password');
      } else {
        const body = res.json<{ user: { email: string; hall: string | null; numero_stand: string | null } }>();
        expect(body.user.email).toBe(identifier);
        expect(body.user.hall).toMatch(/^Hall /);
        expect(body.user.numero_stand).toBeTruthy();
      }
    }
  });

  it('creates the ADMIN_EMAIL organiser once', async () => {
    const rows = await ctx.db
      .select()
      .from(t.users)
      .where(and(eq(t.users.email, ADMIN_EMAIL), isNull(t.users.deletedAt)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'organiser', roleId: 4, confirmed: true });
    expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('does not create the ADMIN_EMAIL organiser again when the address differs in case', async () => {
    await seed(ctx.db, { ...ctx.config, ADMIN_EMAIL: ADMIN_EMAIL.toUpperCase() }, ctx.app.log);
    const [row] = await ctx.db
      .select({ n: count() })
      .from(t.users)
      .where(sql`lower(${t.users.email}) = ${ADMIN_EMAIL}`);
    expect(row!.n).toBe(1);
  });

  it('gives a password only to the six demo accounts and the admin', async () => {
    const withPassword = await ctx.db
      .select({ email: t.users.email })
      .from(t.users)
      .where(and(isNotNull(t.users.passwordHash), sql`${t.users.passwordHash} <> ''`));
    expect(withPassword.map((u) => u.email).sort()).toEqual(
      [
        ADMIN_EMAIL,
        DEMO_ACCOUNTS.exhibitor.email,
        DEMO_ACCOUNTS.exhibitor2.email,
        DEMO_ACCOUNTS.collaborator.email,
        DEMO_ACCOUNTS.controller.email,
        DEMO_ACCOUNTS.organiser.email,
        DEMO_ACCOUNTS.formerExhibitor.email,
      ].sort(),
    );
  });
});

describe('the demo’s venue, contacts, tour and history', () => {
  it('publishes a venue, each team’s contacts, a tour and the five editions before 2024, all of them fictional', async () => {
    const settings = await readPublicSettings(ctx.db);
    expect(settings.venue.name).toContain('(démo)');
    expect(settings.virtualTourUrl).toMatch(/^https:\/\/my\.matterport\.com\//);
    for (const contact of Object.values(settings.contacts)) {
      if (contact.email) expect(contact.email).toMatch(/@example\.com$/);
    }
    expect(settings.contacts.speakers.phone).not.toBeNull();
    const editions = await ctx.db.select().from(t.editions).orderBy(t.editions.id);
    expect(editions.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, DEMO_EDITION_ID]);
    // The specification's years and figures, with the demo's invented dates, cities and themes.
    expect(editions.map((e) => [e.year, e.startsOn, e.city, e.exhibitors])).toEqual(
      PAST_EDITIONS.map((e) => [e.year, e.startsOn, e.city, e.exhibitors]).concat([
        [2024, '2024-05-29', 'Marrakech', 300],
      ]),
    );
    const [agency] = await ctx.db.select().from(t.agence);
    expect(agency).toMatchObject({ name: 'Agence Médina Événements (démo)', email: 'contact@example.com' });
  });
});

/** A logger that keeps what the seed says. */
function recordingLog() {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map((a) => (typeof a === 'string' ? a : '')).join(' '));
  const log = { info: keep, warn: vi.fn(keep), error: keep, debug: keep, trace: keep, fatal: keep };
  return { log: log as unknown as FastifyBaseLogger, warn: log.warn, lines };
}

/**
 * seed() on a database of its own, as a production start does (none of the tests' fixtures), after
 * `before` prepared it; answers what the pages would read from it, and what the seed logged.
 */
async function seedAlone(env: Record<string, string>, before?: (db: TestContext['db']) => Promise<void>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'salon-seed-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET, ...env });
  const { database, drop } = await freshDatabase();
  const { db } = database;
  const recorded = recordingLog();
  try {
    await before?.(db);
    await seed(db, config, recorded.log);
    return {
      ...recorded,
      events: await db.select().from(t.editions).orderBy(t.editions.id),
      settings: await readPublicSettings(db),
      agency: (await db.select().from(t.agence))[0],
      runs: (await db.select().from(t.seedRuns)).map((r) => r.name),
    };
  } finally {
    await database.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('seed without demo data (DEMO_DATA=false)', () => {
  it('writes the specification’s six editions (the five before 2024 by their year and figures) and no venue, contact, tour or agency to publish', async () => {
    const { warn, events, settings, agency, runs } = await seedAlone({ DEMO_DATA: 'false' });
    expect(
      events.map((e) => [e.id, e.edition, e.year, e.startsOn, e.endsOn, e.city, e.exhibitors, e.visitors]),
    ).toEqual([
      [1, 1, 2003, null, null, null, null, null],
      [2, 2, 2006, null, null, null, 200, 25000],
      [3, 3, 2008, null, null, null, 300, 50000],
      [4, 4, 2010, null, null, null, 350, 60000],
      [5, 5, 2017, null, null, null, 238, 39000],
      [DEMO_EDITION_ID, 6, 2024, '2024-05-29', '2024-06-01', 'Marrakech', 300, 60000],
    ]);
    expect(events.filter((e) => e.current).map((e) => e.id)).toEqual([DEMO_EDITION_ID]);
    expect(settings).toEqual({
      venue: {
        name: null,
        address: null,
        city: 'Marrakech',
        mapUrl: 'https://www.google.com/maps?q=Marrakech',
        mapEmbedUrl: 'https://www.google.com/maps?q=Marrakech&output=embed',
      },
      contacts: Object.fromEntries(
        ['general', 'exhibitors', 'sales', 'press', 'speakers'].map((k) => [k, { email: null, phone: null }]),
      ),
      virtualTourUrl: null,
    });
    expect(agency).toMatchObject({ name: '', email: null, website: null });
    expect(runs).toEqual(['spec past editions']);
    expect(warn).not.toHaveBeenCalled();
  });

  it('writes the specification’s past editions once: one the organiser deleted, or whose number is taken, does not come back', async () => {
    const { events } = await seedAlone({ DEMO_DATA: 'false' }, async (db) => {
      await seed(db, loadConfig({ JWT_SECRET: TEST_JWT_SECRET, DEMO_DATA: 'false' }), recordingLog().log);
      await db.delete(t.editions).where(eq(t.editions.id, 3));
    });
    expect(events.map((e) => e.id)).toEqual([1, 2, 4, 5, DEMO_EDITION_ID]);
    const renumbered = await seedAlone({ DEMO_DATA: 'false' }, async (db) => {
      await db.insert(t.editions).values({ id: 40, edition: 2, name: 'Ma 2e édition', year: 2005 });
    });
    expect(renumbered.events.map((e) => [e.id, e.year])).toEqual([
      [1, 2003],
      [3, 2008],
      [4, 2010],
      [5, 2017],
      [DEMO_EDITION_ID, 2024],
      [40, 2005],
    ]);
  });

  it('keeps the invented history an earlier version wrote on every start, and says so at each start', async () => {
    const { warn, lines, events } = await seedAlone({ DEMO_DATA: 'false' }, async (db) => {
      await db.insert(t.editions).values(PAST_EDITIONS.map((e) => ({ ...e })));
    });
    expect(events.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, DEMO_EDITION_ID]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(lines.join('\n')).toContain('the editions 1 to 5 still hold the invented history');
  });

  it('copies VIRTUAL_TOUR_URL into the settings on the first start, and never over the organiser’s choice', async () => {
    const TOUR = 'https://kuula.co/share/collection/7l8Qn';
    const first = await seedAlone({ DEMO_DATA: 'false', VIRTUAL_TOUR_URL: TOUR });
    expect(first.settings.virtualTourUrl).toBe(TOUR);
    expect(first.runs).toContain('virtual-tour-from-env');

    // The run was made: the organiser emptied the tour since, and a restart leaves it empty.
    const later = await seedAlone({ DEMO_DATA: 'false', VIRTUAL_TOUR_URL: TOUR }, async (db) => {
      await db.insert(t.seedRuns).values({ name: 'virtual-tour-from-env' });
    });
    expect(later.settings.virtualTourUrl).toBeNull();
  });

  it('refuses a VIRTUAL_TOUR_URL that is not https', () => {
    expect(() => loadConfig({ VIRTUAL_TOUR_URL: 'http://kuula.co/x', JWT_SECRET: TEST_JWT_SECRET })).toThrow(
      /VIRTUAL_TOUR_URL must be an https:\/\/ address/,
    );
  });
});
