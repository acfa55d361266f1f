import { and, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { gates, registrations, scans, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { readPage, type ListQuery } from './admin-list';
import { containsPattern } from '../../lib/query-params';
import { loadMedia } from '../files/media.service';
import { currentEdition } from '../editions/current-edition';

/**
 * The organisers' side of exhibitors: from an enquiry to an account with a hall and a stand,
 * confirmed into the public directory with an access link, deactivated without losing anything.
 */

export type ExhibitorStatus = 'pending' | 'confirmed' | 'deactivated';
export const EXHIBITOR_STATUSES: readonly ExhibitorStatus[] = ['pending', 'confirmed', 'deactivated'];

const exhibitorRegistration = and(
  eq(registrations.userId, users.id),
  eq(registrations.eventId, currentEdition),
  eq(registrations.type, 'exhibitor'),
  isNull(registrations.conferenceId),
);

export const statusCondition = (status: ExhibitorStatus): SQL =>
  status === 'deactivated'
    ? eq(users.blocked, true)
    : and(eq(users.blocked, false), eq(registrations.confirmed, status === 'confirmed'))!;

export const searchCondition = (q: string): SQL => {
  const pattern = containsPattern(q);
  return or(ilike(users.company, pattern), ilike(users.name, pattern), ilike(users.email, pattern))!;
};

const columns = {
  id: users.id,
  company: users.company,
  name: users.name,
  email: users.email,
  phone: users.phone,
  secteurActivite: users.secteurActivite,
  pays: users.pays,
  adresse: users.adresse,
  logoId: users.avatarId,
  blocked: users.blocked,
  registrationId: registrations.id,
  confirmed: registrations.confirmed,
  gateId: registrations.gateId,
  gate: gates.name,
  booth: registrations.booth,
  createdAt: users.createdAt,
};

/** Collaborators (live ones) and scans (the exhibitor's and its collaborators', current edition) of each exhibitor. */
async function countsOf(db: Db | Tx, ids: number[]) {
  if (!ids.length) return new Map<number, { collaborators: number; scans: number }>();
  const [collaborators, scanned] = await Promise.all([
    db
      .select({ exhibitorId: users.exhibitorId, n: count() })
      .from(users)
      .where(and(inArray(users.exhibitorId, ids), eq(users.type, 'collaborator'), isNull(users.deletedAt)))
      .groupBy(users.exhibitorId),
    db
      .select({ exhibitorId: scans.exhibitorId, n: count() })
      .from(scans)
      .where(and(eq(scans.eventId, currentEdition), inArray(scans.exhibitorId, ids)))
      .groupBy(scans.exhibitorId),
  ]);
  const map = new Map(ids.map((id) => [id, { collaborators: 0, scans: 0 }]));
  for (const row of collaborators) if (row.exhibitorId) map.get(row.exhibitorId)!.collaborators = row.n;
  for (const row of scanned) {
    const entry = map.get(Number(row.exhibitorId));
    if (entry) entry.scans = row.n;
  }
  return map;
}

const isExhibitor = and(eq(users.type, 'exhibitor'), isNull(users.deletedAt));

type Row = Awaited<ReturnType<typeof exhibitorRows>>[number];
const exhibitorRows = (db: Db | Tx) =>
  db
    .select(columns)
    .from(users)
    .innerJoin(registrations, exhibitorRegistration)
    .leftJoin(gates, eq(gates.id, registrations.gateId))
    .$dynamic();

async function present(db: Db | Tx, rows: Row[]) {
  const [counts, logos] = await Promise.all([
    countsOf(
      db,
      rows.map((r) => r.id),
    ),
    loadMedia(
      db as Db,
      rows.map((r) => r.logoId),
    ),
  ]);
  return rows.map(({ blocked, confirmed, ...row }) => {
    return {
      ...row,
      status: blocked ? 'deactivated' : confirmed ? 'confirmed' : 'pending',
      logo: logos.get(row.logoId),
      ...counts.get(row.id)!,
    };
  });
}

export async function listExhibitors(db: Db, list: ListQuery) {
  const { rows, total } = await readPage(
    list,
    exhibitorRows(db),
    db.select({ n: count() }).from(users).innerJoin(registrations, exhibitorRegistration).$dynamic(),
    isExhibitor,
  );
  return { rows: await present(db, rows), total };
}

export async function getExhibitor(db: Db | Tx, id: number) {
  const [row] = await exhibitorRows(db).where(and(isExhibitor, eq(users.id, id)));
  if (!row) throw notFound('Exposant introuvable.');
  const [record] = await present(db, [row]);
  const collaboratorList = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      jobPosition: users.jobPosition,
      deleted: sql<boolean>`${users.deletedAt} is not null`,
      scans: count(scans.id),
    })
    .from(users)
    .leftJoin(scans, and(eq(scans.scannerId, users.id), eq(scans.exhibitorId, id), eq(scans.eventId, currentEdition)))
    .where(and(eq(users.exhibitorId, id), eq(users.type, 'collaborator')))
    .groupBy(users.id)
    .orderBy(users.name);
  return { ...record!, collaboratorList };
}
