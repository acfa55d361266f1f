import { and, asc, count, eq, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { EVENT_ID, PAGE_SIZE } from '@salon/shared';
import type { Db } from '../db/client';
import { gates, media, registrations, users } from '../db/schema';
import { badRequest, unauthorized } from '../lib/errors';
import { sharedCache, type CacheBus, type SharedCache } from '../lib/cache-bus';
import { assertQueryKeys, intValue, parseFilters, type FilterCondition } from '../lib/query';
import {
  booleanValue,
  containsPattern,
  isRecord,
  paginationMeta,
  parsePagination,
  parsePopulate,
  parseSort,
  splitOr,
  textValue,
} from './query-params';
import { serializeMedia } from './users.service';

/**
 * The public exhibitor directory (annuaire): `GET registrations` with `filters[type]=exhibitor`
 * and no sign-in. The client's filters are the specification's call; the server applies the
 * directory's scope whatever they say (event 7, confirmed exhibitors with a company, no
 * conference registration, not revoked, account not deleted) and the filters only narrow it.
 * Items carry public fields only: never an e-mail or a phone number.
 */
/**
 * The exhibitors the public directory shows, and so the catalogue and the floor plan: event 7,
 * confirmed exhibitor registrations with a company, no conference, not revoked, account not
 * deleted. Filters only ever narrow it.
 */
export const listedExhibitor: SQL = and(
  eq(registrations.eventId, EVENT_ID),
  eq(registrations.type, 'exhibitor'),
  eq(registrations.confirmed, true),
  isNull(registrations.conferenceId),
  isNull(registrations.revokedAt),
  isNull(users.deletedAt),
  sql`btrim(coalesce(${users.company}, '')) <> ''`,
)!;

export const DIRECTORY_FILTERS = ['event.id', 'type', 'confirmed', 'user.company', 'conference.id'] as const;
export const DIRECTORY_OR_FILTERS = ['gate.name', 'booth'] as const;
export const DIRECTORY_POPULATE = ['gate', 'user', 'user.avatar'] as const;
const DIRECTORY_PAGE = { defaultPageSize: PAGE_SIZE.directory, maxPageSize: PAGE_SIZE.directory };

const isExhibitorType = (v: unknown) =>
  v === 'exhibitor' || (isRecord(v) && Object.keys(v).length === 1 && v.$eq === 'exhibitor');

/** `filters[user][company]` is the directory's own filter: the signed-in mode refuses it. */
export function namesDirectoryFilter(query: Record<string, unknown>): boolean {
  const { filters } = query;
  return isRecord(filters) && isRecord(filters.user) && 'company' in filters.user;
}

function unsupported(f: FilterCondition): never {
  throw badRequest(`Opérateur ${f.op} non pris en charge pour ${f.path}.`);
}

/** A case-insensitive "contains" the trigram index on lower(company) can serve. */
const containsi = (column: SQLWrapper, text: string) => sql`lower(${column}) like lower(${containsPattern(text)})`;

/** Reads the directory query into SQL conditions; anything the directory does not offer is a 400. */
function directoryConditions(query: Record<string, unknown>): SQL[] {
  const { rest, or: groups } = splitOr(query.filters);
  const where: SQL[] = [];
  for (const f of parseFilters(rest, DIRECTORY_FILTERS)) {
    switch (f.path) {
      case 'event.id':
        if (f.op !== '$eq') unsupported(f);
        if (intValue(f.value, f.path) !== EVENT_ID) {
          throw badRequest(`L’annuaire ne couvre que l’événement ${EVENT_ID}.`);
        }
        break;
      case 'type':
        // Checked before (the directory mode needs it); a second, different value is refused.
        if (f.op !== '$eq' || f.value !== 'exhibitor') {
          throw badRequest('L’annuaire ne liste que les exposants (filters[type]=exhibitor).');
        }
        break;
      case 'confirmed':
        if (f.op !== '$eq') unsupported(f);
        if (!booleanValue(f.value, f.path)) throw badRequest('L’annuaire ne montre que les exposants confirmés.');
        break;
      case 'user.company':
        if (f.op === '$notNull') {
          if (!booleanValue(f.value, f.path))
            throw badRequest('L’annuaire ne montre que les exposants avec une société.');
        } else if (f.op === '$containsi') {
          const text = textValue(f.value, f.path);
          if (text) where.push(containsi(users.company, text));
        } else {
          unsupported(f);
        }
        break;
      case 'conference.id':
        if (f.op !== '$null') unsupported(f);
        if (!booleanValue(f.value, f.path)) {
          throw badRequest('L’annuaire ne montre pas les inscriptions aux conférences.');
        }
        break;
    }
  }
  // filters[$or][i]: the hall text, looked for in the hall's name or the stand. The specification
  // says only "contains": `$contains` is read as `$containsi`, since a visitor typing 'hall a'
  // looks for 'Hall A' (decision 021).
  const alternatives: SQL[] = [];
  for (const group of groups) {
    const conditions = parseFilters(group, DIRECTORY_OR_FILTERS);
    if (!conditions.length) throw badRequest('Groupe filters[$or] vide.');
    const all: SQL[] = [];
    for (const f of conditions) {
      if (f.op !== '$containsi' && f.op !== '$contains') unsupported(f);
      const text = textValue(f.value, f.path);
      if (text) all.push(containsi(f.path === 'booth' ? registrations.booth : gates.name, text));
    }
    if (all.length) alternatives.push(and(...all)!);
  }
  if (alternatives.length) where.push(or(...alternatives)!);
  return where;
}

/**
 * Directory answers kept in memory by URL (docs/decisions/006): made once per app, cleared by
 * any route that changes what the directory shows.
 */
export type DirectoryCache = SharedCache<Awaited<ReturnType<typeof listDirectory>>>;
export const createDirectoryCache = (bus: CacheBus, seconds: number): DirectoryCache =>
  sharedCache(bus, 'directory', seconds * 1000);

async function countDirectory(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(gates, eq(gates.id, registrations.gateId))
    .where(where);
  return row?.n ?? 0;
}

export async function listDirectory(db: Db, query: Record<string, unknown>) {
  const filters = isRecord(query.filters) ? query.filters : {};
  if (!isExhibitorType(filters.type)) throw unauthorized();
  assertQueryKeys(query, ['filters', 'populate', 'pagination', 'sort']);
  const searches = directoryConditions(query);
  // Gate, user and avatar are always in the answer; populate is accepted as the client sends it.
  parsePopulate(query.populate, DIRECTORY_POPULATE);
  for (const s of parseSort(query.sort, ['user.company'])) {
    if (s.direction !== 'asc') throw badRequest('L’annuaire est trié par société, de A à Z (user.company:asc).');
  }
  const page = parsePagination(query.pagination, DIRECTORY_PAGE);

  const where = and(listedExhibitor, ...searches);
  // The page and the total in one query; past the last page, a count of its own.
  const rows = await db
    .select({
      id: registrations.id,
      booth: registrations.booth,
      gate: { id: gates.id, name: gates.name },
      user: {
        id: users.id,
        company: users.company,
        secteurActivite: users.secteurActivite,
        businessSector: users.businessSector,
      },
      avatar: media,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(gates, eq(gates.id, registrations.gateId))
    .leftJoin(media, eq(media.id, users.avatarId))
    .where(where)
    .orderBy(asc(sql`lower(${users.company})`), asc(registrations.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const total = rows[0]?.total ?? (page.page > 1 ? await countDirectory(db, where) : 0);
  const data = rows.map((r) => ({
    id: r.id,
    booth: r.booth,
    gate: r.gate,
    user: {
      id: r.user.id,
      company: r.user.company,
      secteur_activite: r.user.secteurActivite,
      businessSector: r.user.businessSector,
      avatar: serializeMedia(r.avatar),
    },
  }));
  return { data, meta: { pagination: paginationMeta(page, total) } };
}
