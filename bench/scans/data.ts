/**
 * bench:scans's data: one exhibitor (signing in with PASSWORD), its ten collaborators, 50,000
 * visitors and their scans over the four show days, the same rows on every run and on both
 * databases, inserted in bulk; and the exhibitor's sign-in as its area does it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEFAULT_ROLE_ID, DEMO_EDITION_ID, normalizePhone, showDay, showInstant, XSRF_HEADER } from '@salon/shared';
import type { Db } from '../../apps/api/src/db/client';
import { halls, registrations, scans, users } from '../../apps/api/src/db/schema';
import { seedReference } from '../../apps/api/src/db/seed';
import { hashPassword } from '../../apps/api/src/lib/passwords';
import { DEMO_SHOW } from '../lib/show-clock';

export const VISITORS = 50_000;
export const COLLABORATORS = 10;
export const PER_COLLABORATOR = 500;

const EMAIL = 'exposant@bench.example.com';
const PASSWORD = 'Bench-Scans-2024!';
// From each show day's opening hour in Marrakech (the demo edition's, lib/show-clock.ts), for 10 hours.
const SHOW_DAYS = DEMO_SHOW.hours.map((h) => h.day);
const OPENING_HOURS_MS = 10 * 3600 * 1000;
const opening = new Map(DEMO_SHOW.hours.map((h) => [h.day, showInstant(h.day, h.opensAt).getTime()]));
const FIRST = 'Fatima Mohammed Yasmine Karim Salma Youssef Nadia Omar Imane Hamza'.split(' ');
const LAST = 'El Amrani|Benjelloun|Tazi|Alaoui El Idrissi|Bennani|Lahlou|Berrada-Sounni|Chraibi'.split('|');
const COMPANIES = ['Atlas Béton', 'Menara Menuiserie', 'Société des Travaux du Sud', 'Cèdre Énergie', null];
const POSITIONS = ['Directeur technique', 'Acheteur', 'Architecte', 'Conducteur de travaux', null];
const NOTES = [
  'Intéressé par les coffrages, rappeler après le salon',
  'Veut un devis pour 2 000 m² de dalles',
  'À revoir mardi',
];

/** The same pseudo-random sequence on every run, so the two databases hold the same rows. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A scan at a time of `day`'s opening hours, its show day computed as the API does. */
function scanRow(
  scannerId: number,
  exhibitorId: number,
  scannedId: number,
  day: string,
  next: () => number,
  i: number,
) {
  const createdAt = new Date(opening.get(day)! + Math.floor(next() * OPENING_HOURS_MS));
  const scanDay = showDay(createdAt);
  if (scanDay !== day) throw new Error(`${createdAt.toISOString()} is not on ${day}`);
  return {
    clientId: randomUUID(),
    eventId: DEMO_EDITION_ID,
    scannerId,
    exhibitorId,
    scannedId,
    typeScanned: 'visitor' as const,
    createdAt,
    scanDay,
    note: i % 3 === 0 ? NOTES[i % NOTES.length]! : null,
    rating: i % 2 === 0 ? (i % 5) + 1 : null,
    // A third of the leads to call back, a third called, and one in seven tagged, for the filters of 'Mes scans'.
    followUp: i % 3 === 0 ? ('to_contact' as const) : i % 3 === 1 ? ('contacted' as const) : null,
    tags: i % 7 === 0 ? ['devis'] : [],
  };
}

async function insertScans(db: Db, rows: ReturnType<typeof scanRow>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 2000) {
    await db.insert(scans).values(rows.slice(start, start + 2000));
  }
}

/** The exhibitor (signs in with PASSWORD), its collaborators, the visitors and the scans. */
export async function fill(db: Db): Promise<void> {
  await seedReference(db);
  const [hall] = await db.select().from(halls).where(eq(halls.eventId, DEMO_EDITION_ID)).limit(1);
  const [exhibitor] = await db
    .insert(users)
    .values({
      type: 'exhibitor',
      roleId: DEFAULT_ROLE_ID,
      name: 'Exposant Bench',
      email: EMAIL,
      username: EMAIL,
      phone: '+212 6 00000000',
      phoneNormalized: normalizePhone('+212 6 00000000'),
      company: 'Bench Matériaux',
      confirmed: true,
      emailOTPConfirmed: true,
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning({ id: users.id });
  const area = { eventId: DEMO_EDITION_ID, confirmed: true, gateId: hall!.id, booth: 'A-01' };
  await db.insert(registrations).values({ ...area, userId: exhibitor!.id, type: 'exhibitor' });
  const collaborators = await db
    .insert(users)
    .values(
      Array.from({ length: COLLABORATORS }, (_, c) => {
        const phone = `+212 6 1000000${c}`;
        return {
          type: 'collaborator' as const,
          roleId: DEFAULT_ROLE_ID,
          name: `Collaborateur ${FIRST[c % FIRST.length]} ${c}`,
          email: `collaborateur-${c}@bench.example.com`,
          username: `collaborateur-${c}@bench.example.com`,
          phone,
          phoneNormalized: normalizePhone(phone),
          company: 'Bench Matériaux',
          exhibitorId: exhibitor!.id,
          confirmed: true,
        };
      }),
    )
    .returning({ id: users.id });
  await db
    .insert(registrations)
    .values(collaborators.map((u) => ({ ...area, userId: u.id, type: 'collaborator' as const })));

  const visitorIds: number[] = [];
  for (let start = 0; start < VISITORS; start += 1000) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(1000, VISITORS - start) }, (_, k) => {
          const i = start + k;
          return {
            type: 'visitor' as const,
            roleId: DEFAULT_ROLE_ID,
            name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`,
            email: `visiteur-${i}@bench.example.com`,
            username: `visiteur-${i}@bench.example.com`,
            phone: `+212 6 ${String(20_000_000 + i)}`,
            company: COMPANIES[i % COMPANIES.length],
            jobPosition: POSITIONS[i % POSITIONS.length],
            confirmed: true,
          };
        }),
      )
      .returning({ id: users.id });
    visitorIds.push(...rows.map((r) => r.id));
  }

  // Every visitor once by the exhibitor, a quarter of them on each day.
  const next = random(2024);
  await insertScans(
    db,
    visitorIds.map((id, i) => scanRow(exhibitor!.id, exhibitor!.id, id, SHOW_DAYS[i % SHOW_DAYS.length]!, next, i)),
  );
  // Each collaborator its own 500 visitors (also scanned by the exhibitor: another scanner).
  await insertScans(
    db,
    collaborators.flatMap((c, k) =>
      visitorIds
        .slice(k * PER_COLLABORATOR, (k + 1) * PER_COLLABORATOR)
        .map((id, i) => scanRow(c.id, exhibitor!.id, id, SHOW_DAYS[i % SHOW_DAYS.length]!, next, i)),
    ),
  );
}

/** The exhibitor's bearer token, signed in as the exhibitor area does (XSRF cookie and header). */
export async function signIn(base: string): Promise<{ jwt: string; id: number }> {
  const cookie = (await fetch(`${base}/backend/api/health`)).headers.get('set-cookie')!.split(';')[0]!;
  const xsrf = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  const res = await fetch(`${base}/backend/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, [XSRF_HEADER]: xsrf },
    body: JSON.stringify({ identifier: EMAIL, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in: HTTP ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { jwt: string; user: { id: number } };
  return { jwt: body.jwt, id: body.user.id };
}
