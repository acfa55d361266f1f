import { and, count, desc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { EXHIBITOR_STATUSES, type ExhibitorStatus } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { contactColumns, halls, registrations, scans, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { isId, MAX_INT } from '../../lib/strapi-filters';
import { editionFilterId, parseListQuery, readPage, searchFilter } from '../../lib/admin-list';
import { loadMedia } from '../media/media.service';
import { currentEdition, editionById, showRegistration } from '../show/current-edition';

/**
 * The organisers' side of exhibitors: from an enquiry to an account with a hall and a stand,
 * confirmed into the public directory with an access link, deactivated without losing anything.
 */

export const NOT_THIS_EDITION =
  'Cet exposant n’est pas inscrit à l’édition en cours : sa fiche d’une édition passée se lit, sans changer. Pour qu’il expose, invitez-le depuis son édition (« Inviter les exposants »).';

/** The exhibitor's registration of an edition (the current one unless named). */
const exhibitorRegistration = (edition: SQLWrapper = currentEdition) =>
  and(eq(registrations.userId, users.id), showRegistration({ types: ['exhibitor'], revoked: true, edition }));

/**
 * What a record shows of an exhibitor not registered for the current edition (one of a past
 * edition's list): its latest edition's registration. Changes and actions stay the current one's.
 */
const latestRegistration = and(
  eq(registrations.userId, users.id),
  sql`${registrations.id} = (select r.id from registrations r join events e on e.id = r.event_id
    where r.user_id = ${users.id} and r.type = 'exhibitor' and r.conference_id is null
    order by e.current desc, e.year desc, r.id desc limit 1)`,
);

const statusCondition = (status: ExhibitorStatus): SQL =>
  status === 'deactivated'
    ? eq(users.blocked, true)
    : and(eq(users.blocked, false), eq(registrations.confirmed, status === 'confirmed'))!;

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
  gate: halls.name,
  booth: registrations.booth,
  createdAt: users.createdAt,
};

/** Collaborators (live ones) and scans (the exhibitor's and its collaborators', in the edition) of each exhibitor. */
async function countsOf(db: Db | Tx, ids: number[], edition: SQLWrapper = currentEdition) {
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
      .where(and(eq(scans.eventId, edition), inArray(scans.exhibitorId, ids)))
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
const exhibitorRows = (db: Db | Tx, registration: SQL | undefined = exhibitorRegistration()) =>
  db
    .select(columns)
    .from(users)
    .innerJoin(registrations, registration)
    .leftJoin(halls, eq(halls.id, registrations.gateId))
    .$dynamic();

async function present(db: Db | Tx, rows: Row[], edition: SQLWrapper = currentEdition) {
  const [counts, logos] = await Promise.all([
    countsOf(
      db,
      rows.map((r) => r.id),
      edition,
    ),
    loadMedia(
      db as Db,
      rows.map((r) => r.logoId),
    ),
  ]);
  return rows.map(({ blocked, confirmed, ...row }) => {
    const status: ExhibitorStatus = blocked ? 'deactivated' : confirmed ? 'confirmed' : 'pending';
    return {
      ...row,
      status,
      logo: logos.get(row.logoId),
      ...counts.get(row.id)!,
    };
  });
}

const text =
  (name: string, max = 200) =>
  (value: unknown) => {
    if (typeof value !== 'string' || value.length > max) throw badRequest(`Filtre ${name} : un texte.`);
    return value.trim();
  };

/**
 * A page of an edition's exhibitors ('Exposants'), as the list query asks: the current edition's,
 * or another's with the `edition` filter.
 */
export async function listExhibitors(db: Db, query: Record<string, unknown>) {
  let edition: SQLWrapper = currentEdition;
  const list = parseListQuery(query, {
    sortable: { id: users.id, company: users.company, createdAt: users.createdAt, booth: registrations.booth },
    defaultSort: [desc(users.createdAt), desc(users.id)],
    filters: {
      q: searchFilter(users.company, users.name, users.email),
      gateId: (value) => {
        if (!isId(value)) throw badRequest(`Filtre gateId : un identifiant (entier de 1 à ${MAX_INT}).`);
        return eq(registrations.gateId, value);
      },
      secteurActivite: (value) => eq(users.secteurActivite, text('secteurActivite')(value)),
      status: (value) => {
        if (!EXHIBITOR_STATUSES.includes(value as ExhibitorStatus))
          throw badRequest(`Filtre status : ${EXHIBITOR_STATUSES.join(', ')}.`);
        return statusCondition(value as ExhibitorStatus);
      },
      edition: (value) => {
        edition = editionById(editionFilterId(value, 'edition'));
        return sql`true`;
      },
    },
  });
  const { rows, total } = await readPage(
    list,
    exhibitorRows(db, exhibitorRegistration(edition)),
    db.select({ n: count() }).from(users).innerJoin(registrations, exhibitorRegistration(edition)).$dynamic(),
    isExhibitor,
  );
  return { list, rows: await present(db, rows, edition), total };
}

/**
 * An exhibitor with its current edition's registration; with `latest`, one of a past edition
 * only reads with its latest registration (the record a past edition's list opens).
 */
export async function getExhibitor(db: Db | Tx, id: number, options: { latest?: boolean } = {}) {
  const [row] = await exhibitorRows(db, options.latest ? latestRegistration : undefined).where(
    and(isExhibitor, eq(users.id, id)),
  );
  if (!row) {
    // One of a past edition's list, changed or acted on: say why nothing happens.
    const [past] = options.latest
      ? []
      : await exhibitorRows(db, latestRegistration).where(and(isExhibitor, eq(users.id, id)));
    throw notFound(past ? NOT_THIS_EDITION : 'Exposant introuvable.');
  }
  // The scans counted are those of the registration's edition.
  const edition = options.latest
    ? sql`(select r.event_id from registrations r where r.id = ${row.registrationId})`
    : currentEdition;
  const [record] = await present(db, [row], edition);
  const collaboratorList = await db
    .select({
      ...contactColumns,
      deleted: sql<boolean>`${users.deletedAt} is not null`,
      scans: count(scans.id),
    })
    .from(users)
    .leftJoin(scans, and(eq(scans.scannerId, users.id), eq(scans.exhibitorId, id), eq(scans.eventId, edition)))
    .where(and(eq(users.exhibitorId, id), eq(users.type, 'collaborator')))
    .groupBy(users.id)
    .orderBy(users.name);
  return { ...record!, collaboratorList };
}
