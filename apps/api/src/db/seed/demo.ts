import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEFAULT_ROLE_ID, DEMO_EDITION_ID, SECTOR_CHOICES, normalizePhone, showDay } from '@salon/shared';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../client';
import * as t from '../schema';
import { CONTROLLER_ROLE_ID, DEMO_ACCOUNTS, ORGANISER_ROLE_ID } from './accounts';
import { DEMO_COMPANIES } from './content/companies';
import { DEMO_FORUM_ROOM, DEMO_HALL_OUTLINE, demoFeatures, demoStands } from './content/floor-plan';
import { OPENING_HOURS } from './content/editions';
import { FIRST_NAMES, JOB_POSITIONS, LAST_NAMES } from './content/names';
import { AGENCY } from './content/site';
import { seedDemoContent } from './demo-site';
import { logoSvg, storeSvg } from './media';
import { seedPastEditions } from './reference';
import { seedExhibitorPages } from './exhibitor-pages';
import { seedDemoBooking, seedDemoSale } from './demo-sales';

/**
 * The demo data, written once (recorded in seed_runs as 'demo'): exhibitors, their staff and
 * registrations, visitors, the controller and organiser accounts, gate entries and scans, and the
 * public pages' content (demo-site.ts).
 */

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

export async function seedDemo(db: Db): Promise<boolean> {
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
    const halls = await tx.select().from(t.halls).where(eq(t.halls.eventId, DEMO_EDITION_ID)).orderBy(t.halls.position);
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
          const gate = halls[i % halls.length]!;
          const n = (boothCount.get(gate.id) ?? 0) + 1;
          boothCount.set(gate.id, n);
          return {
            eventId: DEMO_EDITION_ID,
            userId: u.id,
            type: 'exhibitor' as const,
            confirmed: true,
            gateId: gate.id,
            booth: `${gate.name.slice(-1)}-${String(n * 2).padStart(2, '0')}`,
          };
        }),
      )
      .returning();
    // The floor plan: each hall's outline, stands (the exhibitors' among them) and features.
    for (const [i, gate] of halls.entries()) {
      await tx.update(t.halls).set(DEMO_HALL_OUTLINE).where(eq(t.halls.id, gate.id));
      const layout = [...demoStands(gate.name.slice(-1)), ...(i === 0 ? [DEMO_FORUM_ROOM] : [])];
      await tx.insert(t.stands).values(layout.map((s) => ({ ...s, eventId: DEMO_EDITION_ID, gateId: gate.id })));
      const features = demoFeatures(gate.name.slice(-1));
      await tx
        .insert(t.planFeatures)
        .values(features.map((f) => ({ ...f, eventId: DEMO_EDITION_ID, gateId: gate.id })));
    }
    const [demo, demo2] = exhibitorRows as [typeof t.users.$inferSelect, typeof t.users.$inferSelect];
    // What a few exhibitors wrote on their directory pages.
    await seedExhibitorPages(tx, exhibitorRows);
    // Its stands on sale on /exposer.
    await seedDemoSale(tx);
    await seedDemoBooking(tx, demo, exhibitorRegs[0]!.booth!);
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
          eventId: DEMO_EDITION_ID,
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
          eventId: DEMO_EDITION_ID,
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
      {
        eventId: DEMO_EDITION_ID,
        userId: former!.id,
        type: 'visitor',
        confirmed: true,
        createdAt: registeredAt.at(-1),
      },
    ]);
    await tx.insert(t.checkins).values(demoEntries(visits, visitorRegs, halls, controller!.id));

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
          eventId: DEMO_EDITION_ID,
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
  halls: { id: number; name: string }[],
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
      const gate = rnd.pick(halls);
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
