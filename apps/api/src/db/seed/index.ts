import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_ROLE_ID,
  EVENT_ID,
  PASSWORD_RULES,
  SECTOR_CHOICES,
  normalizeEmail,
  normalizePhone,
  showDay,
} from '@salon/shared';
import type { Config } from '../../config/env';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { importUploadsFromDisk, uploadDirOf } from '../../domains/files/uploads.service';
import type { Db, Tx } from '../client';
import * as t from '../schema';
import {
  AGENCY,
  DEMO_SITE_SETTINGS,
  GALLERY,
  PARTNERS,
  PRESS_PARTNERS,
  TESTIMONIALS,
  type PartnerSeed,
} from './content/site';
import { CONFERENCES } from './content/conferences';
import { DEMO_COMPANIES } from './content/companies';
import { CURRENT_EVENT, HALLS, OPENING_HOURS, PAST_EDITIONS } from './content/editions';
import { FIRST_NAMES, JOB_POSITIONS, LAST_NAMES } from './content/names';
import { PAGE_SECTORS } from './content/sectors';
import { logoSvg, pictureSvg, storeSvg } from './media';

export const ROLES = [
  {
    id: DEFAULT_ROLE_ID,
    name: 'Authenticated',
    type: 'authenticated',
    description: 'Visiteurs, exposants et collaborateurs',
  },
  { id: 2, name: 'Public', type: 'public', description: 'Sans connexion' },
  { id: 3, name: 'Contrôleur', type: 'controller', description: 'Contrôle des badges aux portes' },
  { id: 4, name: 'Organisateur', type: 'organiser', description: 'Back-office' },
] as const;
export const CONTROLLER_ROLE_ID = 3;
export const ORGANISER_ROLE_ID = 4;

/** The demo accounts of the README; their e-mails mark that demo data is present. */
export const DEMO_ACCOUNTS = {
  exhibitor: { email: 'exposant@example.com', password: 'Exposant2024!' },
  collaborator: { email: 'collaborateur@example.com', password: 'Collab2024!' },
  exhibitor2: { email: 'exposant2@example.com', password: 'Exposant2024!' },
  controller: { email: 'controleur@example.com', password: 'Controle2024!' },
  organiser: { email: 'organisateur@example.com', password: 'Organise2024!' },
  /** Exhibited in 2017, only visits in 2024: refused by the exhibitor sign-in. */
  formerExhibitor: { email: 'visiteur@example.com', password: 'Visiteur2024!' },
} as const;

/**
 * Reference data (roles, the 2024 edition and its halls, sectors, conferences, hours, the empty
 * records the back-office fills) is written on every start and never duplicated; demo data once,
 * recorded in `seed_runs`.
 */
export async function seed(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  await seedReference(db);
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) await ensureOrganiser(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  await importUploadsFromDisk(db, uploadDirOf(config), log);
  if (config.DEMO_DATA) {
    const created = await seedDemo(db);
    if (created) log.info('demo data written');
    // Its own run: a demo database made before the site settings existed gets them too.
    if (await seedDemoSiteSettings(db)) log.info('demo venue, contacts and virtual tour written');
  }
  if (config.VIRTUAL_TOUR_URL && (await copyTourFromEnv(db, config.VIRTUAL_TOUR_URL))) {
    log.info('VIRTUAL_TOUR_URL copied into the site settings: change it in the back-office from now on');
  }
  if (!config.DEMO_DATA && (await inventedEditionsLeft(db))) {
    log.warn(
      'the editions 1 to 5 still hold the invented history an earlier version wrote: correct or delete them in the back-office (Éditions)',
    );
  }
  // Whatever the database: the embedded one is the documented deployment.
  const [demo] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(and(eq(t.users.email, DEMO_ACCOUNTS.organiser.email), isNull(t.users.deletedAt)));
  if (demo) log.warn('demo accounts exist in this database: delete them before opening to the public');
}

/** Where the README's demo accounts may keep their published passwords. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return ['localhost', '127.0.0.1', '[::1]'].includes(host) || host.endsWith('.localhost');
}

const DEMO_PASSWORDS = new Set<string>(Object.values(DEMO_ACCOUNTS).map((a) => a.password));

/**
 * Why this server must not start, in one line, or null: off localhost, no account may keep a
 * password that is published (the README's demo accounts) or too weak to be secret (ADMIN_PASSWORD).
 * Checked before the seed, so that a public database never receives the demo data.
 */
export async function publishedPasswordProblem(db: Db, config: Config): Promise<string | null> {
  if (isLocalUrl(config.PUBLIC_URL)) return null;
  const refusing = `Refusing to start: PUBLIC_URL is ${config.PUBLIC_URL}, not localhost`;
  if (config.DEMO_DATA) {
    return `${refusing}, and demo data is on (the default with the embedded database), whose passwords the README publishes: set DEMO_DATA=false.`;
  }
  const admin = config.ADMIN_PASSWORD;
  if (admin !== undefined && (DEMO_PASSWORDS.has(admin) || !PASSWORD_RULES.every((rule) => rule.test(admin)))) {
    return `${refusing}, and ADMIN_PASSWORD is too weak: choose one of at least 10 characters with a lower-case letter, an upper-case letter and a digit, not a README one.`;
  }
  const accounts = await db
    .select({ email: t.users.email, passwordHash: t.users.passwordHash })
    .from(t.users)
    .where(
      and(
        inArray(
          t.users.email,
          Object.values(DEMO_ACCOUNTS).map((a) => a.email),
        ),
        isNull(t.users.deletedAt),
      ),
    );
  const published: string[] = [];
  for (const account of accounts) {
    const demo = Object.values(DEMO_ACCOUNTS).find((a) => a.email === account.email)!;
    if (account.passwordHash && (await verifyPassword(account.passwordHash, demo.password)))
      published.push(account.email);
  }
  if (published.length === 0) return null;
  return `${refusing}, and ${published.sort().join(', ')} still sign in with the README's password: delete these accounts or change their passwords (back-office or 'Mot de passe oublié').`;
}

export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(t.roles)
      .values([...ROLES])
      .onConflictDoNothing();
    await tx
      .insert(t.events)
      .values({ ...CURRENT_EVENT })
      .onConflictDoNothing();
    await tx
      .insert(t.gates)
      .values(HALLS.map((name, position) => ({ eventId: EVENT_ID, name, position })))
      .onConflictDoNothing();
    await tx
      .insert(t.openingHours)
      .values(OPENING_HOURS.map((h) => ({ eventId: EVENT_ID, ...h })))
      .onConflictDoNothing();
    await tx
      .insert(t.sectors)
      .values([
        ...PAGE_SECTORS.map((s, position) => ({ kind: 'page' as const, position, ...s })),
        ...SECTOR_CHOICES.map((name, position) => ({ kind: 'choice' as const, position, nameFr: name, nameEn: name })),
      ])
      .onConflictDoNothing();
    await tx
      .insert(t.conferences)
      .values(CONFERENCES.map((c) => ({ eventId: EVENT_ID, ...c })))
      .onConflictDoNothing();
    await tx.insert(t.sib).values({ id: 1 }).onConflictDoNothing();
    // Nameless until the organiser fills it in: the pages then print no agency.
    await tx.insert(t.agence).values({ id: 1, name: '' }).onConflictDoNothing();
    // Empty: the pages print no venue, contact or tour the organiser did not set.
    await tx.insert(t.siteSettings).values({ id: 1 }).onConflictDoNothing();
  });
}

/** The demo's history before 2024 (PAST_EDITIONS); also what the API tests hang past registrations on. */
export async function seedPastEditions(db: Db | Tx): Promise<void> {
  await db
    .insert(t.events)
    .values(PAST_EDITIONS.map((e) => ({ ...e })))
    .onConflictDoNothing();
}

/** Claims a one-time run: false when it was made already (here or by another instance). */
async function claimRun(db: Db | Tx, name: string): Promise<boolean> {
  return (await db.insert(t.seedRuns).values({ name }).onConflictDoNothing().returning()).length > 0;
}

async function seedDemoSiteSettings(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimRun(tx, 'demo-site-settings'))) return false;
    await tx.update(t.siteSettings).set(DEMO_SITE_SETTINGS).where(eq(t.siteSettings.id, 1));
    return true;
  });
}

/** VIRTUAL_TOUR_URL, from before the site settings: copied once, where no tour is set. */
async function copyTourFromEnv(db: Db, url: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimRun(tx, 'virtual-tour-from-env'))) return false;
    const copied = await tx
      .update(t.siteSettings)
      .set({ virtualTourUrl: url })
      .where(and(eq(t.siteSettings.id, 1), isNull(t.siteSettings.virtualTourUrl)))
      .returning({ id: t.siteSettings.id });
    return copied.length > 0;
  });
}

/**
 * Whether an edition still holds what earlier versions wrote as reference data on every start
 * (PAST_EDITIONS, invented dates and themes). Such rows are left alone: the organiser may
 * have kept them knowingly, and registrations of the demo may point at them.
 */
async function inventedEditionsLeft(db: Db): Promise<boolean> {
  const rows = await db
    .select()
    .from(t.events)
    .where(
      inArray(
        t.events.id,
        PAST_EDITIONS.map((e) => e.id),
      ),
    );
  return rows.some((row) => {
    const seeded = PAST_EDITIONS.find((e) => e.id === row.id)!;
    return row.startsOn === seeded.startsOn && row.theme === seeded.theme && row.city === seeded.city;
  });
}

async function ensureOrganiser(db: Db, email: string, password: string): Promise<void> {
  const [existing] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(and(sql`lower(${t.users.email}) = ${normalizeEmail(email)}`, isNull(t.users.deletedAt)));
  if (existing) return;
  await db.insert(t.users).values({
    type: 'organiser',
    roleId: ORGANISER_ROLE_ID,
    name: 'Organisateur',
    email: normalizeEmail(email),
    username: normalizeEmail(email),
    passwordHash: await hashPassword(password),
    confirmed: true,
    emailOTPConfirmed: true,
  });
}

/** A small deterministic generator: the demo data is the same on every machine. */
function prng(seedValue: number) {
  let a = seedValue;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const demoPhone = (n: number) =>
  `+212 6 00 ${String(n)
    .padStart(6, '0')
    .replace(/(\d{2})(\d{2})(\d{2})/, '$1 $2 $3')}`;

type NewUser = typeof t.users.$inferInsert;

async function seedDemo(db: Db): Promise<boolean> {
  const [exhibitorHash, collaboratorHash, controllerHash, organiserHash, formerHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.exhibitor.password),
    hashPassword(DEMO_ACCOUNTS.collaborator.password),
    hashPassword(DEMO_ACCOUNTS.controller.password),
    hashPassword(DEMO_ACCOUNTS.organiser.password),
    hashPassword(DEMO_ACCOUNTS.formerExhibitor.password),
  ]);

  return db.transaction(async (tx) => {
    // Claiming the run first makes a concurrent start (several instances) skip it.
    const claimed = await tx.insert(t.seedRuns).values({ name: 'demo' }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    const rnd = prng(2024);
    const gates = await tx.select().from(t.gates).where(eq(t.gates.eventId, EVENT_ID)).orderBy(t.gates.position);
    let phoneCounter = 100;
    const person = (overrides: Partial<NewUser> & Pick<NewUser, 'type' | 'email'>): NewUser => {
      const name = `${rnd.pick(FIRST_NAMES)} ${rnd.pick(LAST_NAMES)}`;
      const phone = demoPhone(phoneCounter++);
      return {
        roleId: DEFAULT_ROLE_ID,
        name,
        username: overrides.email,
        phone,
        phoneNormalized: normalizePhone(phone),
        jobPosition: rnd.pick(JOB_POSITIONS),
        confirmed: true,
        emailOTPConfirmed: true,
        ...overrides,
      };
    };

    // Exhibitors: the first two are the demo accounts, the others fill the directory.
    const companies = DEMO_COMPANIES;
    // One statement at a time: a transaction is one connection.
    const exhibitorValues: NewUser[] = [];
    for (const [i, c] of companies.entries()) {
      const email =
        i === 0
          ? DEMO_ACCOUNTS.exhibitor.email
          : i === 1
            ? DEMO_ACCOUNTS.exhibitor2.email
            : `exposant${String(i + 1).padStart(2, '0')}@example.com`;
      const avatarId = await storeSvg(tx, `logo-${i + 1}.svg`, logoSvg(c.company, i), c.company);
      exhibitorValues.push(
        person({
          type: 'exhibitor',
          email,
          company: c.company,
          secteurActivite: c.sector,
          businessSector: c.businessSector,
          pays: c.pays,
          adresse: c.adresse,
          avatarId,
          passwordHash: i < 2 ? exhibitorHash : '',
        }),
      );
    }
    const exhibitorRows = await tx.insert(t.users).values(exhibitorValues).returning();
    const boothCount = new Map<number, number>();
    const exhibitorRegs = await tx
      .insert(t.registrations)
      .values(
        exhibitorRows.map((u, i) => {
          const gate = gates[i % gates.length]!;
          const n = (boothCount.get(gate.id) ?? 0) + 1;
          boothCount.set(gate.id, n);
          return {
            eventId: EVENT_ID,
            userId: u.id,
            type: 'exhibitor' as const,
            confirmed: true,
            gateId: gate.id,
            booth: `${gate.name.slice(-1)}-${String(n * 2).padStart(2, '0')}`,
          };
        }),
      )
      .returning();
    const [demo, demo2] = exhibitorRows as [typeof t.users.$inferSelect, typeof t.users.$inferSelect];
    // The history page's past editions; the former exhibitor below exhibited at the 5th.
    await seedPastEditions(tx);

    // Collaborators: three for the demo exhibitor, one for the second, two for a few others.
    const staffSpecs: { exhibitorIndex: number; email: string; hash: string }[] = [
      { exhibitorIndex: 0, email: DEMO_ACCOUNTS.collaborator.email, hash: collaboratorHash },
      { exhibitorIndex: 0, email: 'collaborateur.b@example.com', hash: '' },
      { exhibitorIndex: 0, email: 'collaborateur.c@example.com', hash: '' },
      { exhibitorIndex: 1, email: 'collaborateur2@example.com', hash: '' },
      ...[2, 3, 4, 5, 6].map((i) => ({ exhibitorIndex: i, email: `equipe${i + 1}@example.com`, hash: '' })),
    ];
    const staffRows = await tx
      .insert(t.users)
      .values(
        staffSpecs.map((s) => {
          const ex = exhibitorRows[s.exhibitorIndex]!;
          return person({
            type: 'collaborator',
            email: s.email,
            company: ex.company,
            secteurActivite: ex.secteurActivite,
            pays: ex.pays,
            adresse: ex.adresse,
            exhibitorId: ex.id,
            passwordHash: s.hash,
          });
        }),
      )
      .returning();
    await tx.insert(t.registrations).values(
      staffRows.map((u, i) => {
        const reg = exhibitorRegs[staffSpecs[i]!.exhibitorIndex]!;
        return {
          eventId: EVENT_ID,
          userId: u.id,
          type: 'collaborator' as const,
          confirmed: true,
          gateId: reg.gateId,
          booth: reg.booth,
        };
      }),
    );

    // Visitors: no password, they never sign in.
    const visitorCompanies = [
      'Bureau d’études (démo)',
      'Cabinet d’architecture (démo)',
      'Entreprise générale (démo)',
      'Promoteur (démo)',
      'Collectivité (démo)',
      'Négoce matériaux (démo)',
    ];
    // Their own generator, so that the rest of the demo (and the scans' figures) stays as it was.
    const visits = prng(2025);
    const registeredAt = visitorRegistrationDates(visits, 200);
    const visitorRows = await tx
      .insert(t.users)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          ...person({
            type: 'visitor',
            email: `visiteur${String(i + 1).padStart(3, '0')}@example.com`,
            company: rnd.pick(visitorCompanies),
            secteurActivite: rnd.pick(SECTOR_CHOICES.slice(0, -1)),
            pays: rnd.next() < 0.85 ? 'Maroc' : rnd.pick(['France', 'Sénégal', 'Espagne', 'Côte d’Ivoire']),
          }),
          createdAt: registeredAt[i],
        })),
      )
      .returning();
    const visitorRegs = await tx
      .insert(t.registrations)
      .values(
        visitorRows.map((u) => ({
          eventId: EVENT_ID,
          userId: u.id,
          type: 'visitor' as const,
          confirmed: true,
          createdAt: u.createdAt,
        })),
      )
      .returning();

    const [controller, , former] = await tx
      .insert(t.users)
      .values([
        person({
          type: 'controller',
          email: DEMO_ACCOUNTS.controller.email,
          roleId: CONTROLLER_ROLE_ID,
          passwordHash: controllerHash,
          jobPosition: 'Contrôleur',
          company: AGENCY.name,
        }),
        person({
          type: 'organiser',
          email: DEMO_ACCOUNTS.organiser.email,
          roleId: ORGANISER_ROLE_ID,
          passwordHash: organiserHash,
          jobPosition: 'Organisateur',
          company: AGENCY.name,
        }),
        person({
          type: 'visitor',
          email: DEMO_ACCOUNTS.formerExhibitor.email,
          passwordHash: formerHash,
          company: 'Ancien exposant (démo)',
        }),
      ])
      .returning();
    await tx.insert(t.registrations).values([
      { eventId: 5, userId: former!.id, type: 'exhibitor', confirmed: true },
      // Registered with the others, not on the day the demo was written.
      { eventId: EVENT_ID, userId: former!.id, type: 'visitor', confirmed: true, createdAt: registeredAt.at(-1) },
    ]);
    await tx.insert(t.checkins).values(demoEntries(visits, visitorRegs, gates, controller!.id));

    // Scans during opening hours, by the two demo exhibitors and their staff.
    const openings = OPENING_HOURS;
    const scanTime = () => {
      const day = rnd.pick(openings);
      const [oh] = day.opensAt.split(':').map(Number) as [number];
      const [ch] = day.closesAt.split(':').map(Number) as [number];
      const minutes = Math.floor(rnd.next() * (ch - oh) * 60);
      // Opening hours are local time in Marrakech (UTC+1 during the show).
      return new Date(
        `${day.day}T${String(oh + Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00+01:00`,
      );
    };
    const demoStaff = staffRows.filter((s) => s.exhibitorId === demo.id);
    const demo2Staff = staffRows.filter((s) => s.exhibitorId === demo2.id);
    const otherStaff = [
      ...staffRows.filter((s) => s.exhibitorId !== demo.id && s.exhibitorId !== demo2.id),
      ...exhibitorRows.slice(2, 6),
    ];
    const scanRows: (typeof t.scans.$inferInsert)[] = [];
    const seen = new Set<string>();
    const addScans = (
      scanner: { id: number; exhibitorId: number | null },
      count: number,
      pool: readonly (typeof t.users.$inferSelect)[],
    ) => {
      for (let i = 0; i < count; i++) {
        const scanned = rnd.pick(pool);
        const key = `${scanner.id}:${scanned.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const createdAt = scanTime();
        scanRows.push({
          clientId: randomUUID(),
          eventId: EVENT_ID,
          scannerId: scanner.id,
          exhibitorId: scanner.exhibitorId ?? scanner.id,
          scannedId: scanned.id,
          typeScanned:
            scanned.type === 'visitor' ? 'visitor' : scanned.type === 'exhibitor' ? 'exhibitor' : 'collaborator',
          createdAt,
          scanDay: showDay(createdAt),
        });
      }
    };
    addScans(demo, 30, visitorRows);
    addScans(demo, 4, otherStaff);
    for (const s of demoStaff) addScans(s, 10, visitorRows);
    addScans(demoStaff[0]!, 2, otherStaff);
    addScans(demo2, 12, visitorRows);
    addScans(demo2, 2, otherStaff);
    for (const s of demo2Staff) addScans(s, 6, visitorRows);
    await tx.insert(t.scans).values(scanRows);

    await seedDemoContent(tx);
    return true;
  });
}

type Prng = ReturnType<typeof prng>;
const DAY_MS = 86_400_000;

/** Registrations over the ten weeks before the show, more of them as it draws near. */
function visitorRegistrationDates(rnd: Prng, n: number): Date[] {
  const firstDay = Date.parse(`${OPENING_HOURS[0]!.day}T00:00:00+01:00`);
  return Array.from({ length: n }, () => {
    const daysBefore = Math.floor(70 * (1 - Math.sqrt(rnd.next())));
    // Between 8:00 and 22:00, Marrakech time.
    const minutes = 8 * 60 + Math.floor(rnd.next() * 14 * 60);
    return new Date(firstDay - daysBefore * DAY_MS + minutes * 60_000);
  }).sort((a, b) => a.getTime() - b.getTime());
}

/**
 * Entries at the gates on each show day: about half the visitors a day, most in the morning and
 * after lunch, at the gate of their choice; a few come back in after going out.
 */
function demoEntries(
  rnd: Prng,
  registrations: { id: number }[],
  gates: { id: number; name: string }[],
  controllerId: number,
): (typeof t.checkins.$inferInsert)[] {
  const hourWeights = [3, 9, 8, 6, 3, 4, 6, 5, 3, 2, 1];
  const total = hourWeights.reduce((a, b) => a + b, 0);
  const hour = () => {
    let r = rnd.next() * total;
    for (const [i, w] of hourWeights.entries()) if ((r -= w) < 0) return 9 + i;
    return 9;
  };
  const rows: (typeof t.checkins.$inferInsert)[] = [];
  for (const [d, day] of OPENING_HOURS.entries()) {
    const closes = Number(day.closesAt.slice(0, 2));
    for (const registration of registrations) {
      if (rnd.next() > [0.45, 0.6, 0.55, 0.35][d]!) continue;
      const gate = rnd.pick(gates);
      const at = `${day.day}T${String(Math.min(hour(), closes - 1)).padStart(2, '0')}:${String(Math.floor(rnd.next() * 60)).padStart(2, '0')}:00+01:00`;
      const entry = {
        registrationId: registration.id,
        gateId: gate.id,
        controllerId,
        deviceId: `demo-${gate.name}`,
        verdict: 'admitted' as const,
        checkinDay: day.day,
      };
      rows.push({ ...entry, clientId: randomUUID(), scannedAt: new Date(at), createdAt: new Date(at) });
      if (rnd.next() < 0.08) {
        const later = new Date(Date.parse(at) + (1 + Math.floor(rnd.next() * 3)) * 3_600_000);
        rows.push({
          ...entry,
          verdict: 'already_entered',
          reentry: true,
          clientId: randomUUID(),
          scannedAt: later,
          createdAt: later,
        });
      }
    }
  }
  return rows;
}

async function seedDemoContent(tx: Tx): Promise<void> {
  const logo = (file: string, name: string, colour: number) => storeSvg(tx, file, logoSvg(name, colour), name);
  const picture = (file: string, caption: string, colour: number, width: number, height: number) =>
    storeSvg(tx, file, pictureSvg(caption, colour, width, height), caption, { width, height });

  const banners = [];
  for (const [i, emplacement] of (['Haut', 'Bas'] as const).entries()) {
    const caption = emplacement === 'Haut' ? 'Du 29 mai au 1er juin 2024 — Marrakech' : 'Demandez votre badge gratuit';
    const fichierDesktopId = await picture(`banniere-${emplacement}-desktop.svg`, caption, i, 1200, 300);
    const fichierMobileId = await picture(`banniere-${emplacement}-mobile.svg`, caption, i, 600, 300);
    banners.push({ actif: true, emplacement, fichierDesktopId, fichierMobileId });
  }
  await tx.insert(t.bannieres).values(banners);

  const partnerRows = async (items: readonly PartnerSeed[], prefix: string) => {
    const rows = [];
    for (const [position, p] of items.entries()) {
      const logoId = await logo(`${prefix}-${position + 1}.svg`, p.name, position + 3);
      rows.push({ name: p.name, url: p.url, actif: true, position, logoId });
    }
    return rows;
  };
  await tx.insert(t.partenaires).values(await partnerRows(PARTNERS, 'partenaire'));
  await tx.insert(t.partenairesPresses).values(await partnerRows(PRESS_PARTNERS, 'presse'));

  const gallery = [];
  for (const [position, g] of GALLERY.entries()) {
    const imageId = await picture(`galerie-${position + 1}.svg`, g.captionFr, position, 800, 600);
    gallery.push({ position, captionFr: g.captionFr, captionEn: g.captionEn, imageId });
  }
  await tx.insert(t.galeries).values(gallery);
  await tx.insert(t.temoignages).values(TESTIMONIALS.map((q, position) => ({ position, ...q })));

  const sponsor = await logo('sponsor-officiel.svg', 'Sponsor Officiel', 1);
  const guest = await logo('pays-invite.svg', 'Pays Invité', 2);
  const background = await picture('fond-accueil.svg', '', 4, 1920, 1080);
  await tx
    .update(t.sib)
    .set({ logoSponsorOfficielId: sponsor, logoPaysInviteHonneurId: guest, mediaFullBackgroundId: background })
    .where(eq(t.sib.id, 1));
  const agencyLogo = await logo('agence-logo.svg', AGENCY.name, 5);
  const agencyFooter = await logo('agence-logo-footer.svg', AGENCY.name, 6);
  const agencyImage = await picture('agence-image.svg', AGENCY.name, 7, 800, 500);
  await tx
    .update(t.agence)
    .set({ ...AGENCY, logoId: agencyLogo, logoFooterId: agencyFooter, imageId: agencyImage })
    .where(eq(t.agence.id, 1));
}

/** Used by tests: the ids of demo users by e-mail. */
export async function demoUserIds(db: Db, emails: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: t.users.id, email: t.users.email })
    .from(t.users)
    .where(and(inArray(t.users.email, emails), isNull(t.users.deletedAt)));
  return new Map(rows.map((r) => [r.email, r.id]));
}
