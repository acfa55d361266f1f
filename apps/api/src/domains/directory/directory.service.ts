import { and, eq, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PAGE_SIZE } from '@salon/shared';
import type { Db } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { exhibitorPages, halls, registrations, sectors, users } from '../../db/schema';
import { badRequest, unauthorized } from '../../lib/errors';
import { sharedCache, type CacheBus, type SharedCache } from '../../lib/cache-bus';
import { assertQueryKeys, isRecord } from '../../lib/request-inputs';
import { intValue, parseFilters, type FilterCondition } from '../../lib/strapi-filters';
import {
  booleanValue,
  containsPattern,
  listReply,
  parsePagination,
  parsePopulate,
  parseSort,
  splitOr,
  textValue,
} from '../../lib/list-params';
import { currentEdition } from '../show/current-edition';

/**
 * The public exhibitor directory (annuaire): `GET registrations` with `filters[type]=exhibitor`
 * and no sign-in. The client's filters are the specification's call; the server applies the
 * directory's scope whatever they say (the edition named by `filters[event][id]`, else the current
 * one; confirmed exhibitors with a company, no conference registration, not revoked, account not
 * deleted) and the filters only narrow it.
 * Items carry public fields only: never an e-mail or a phone number.
 */
/**
 * An exhibitor registration of an edition whose account is not deleted, over `registrations`
 * joined to `users`: whom the back-office shows on the floor plan's stands.
 */
export const exhibitorOf = (edition: SQLWrapper): SQL =>
  and(eq(registrations.eventId, edition), eq(registrations.type, 'exhibitor'), isNull(users.deletedAt))!;

/**
 * The exhibitors the public directory shows, and so the catalogue and the floor plan: exhibitors
 * of an edition, confirmed, with a company, no conference, not revoked. Filters only ever narrow it.
 */
export const listedExhibitorOf = (edition: SQLWrapper): SQL =>
  and(
    exhibitorOf(edition),
    eq(registrations.confirmed, true),
    isNull(registrations.conferenceId),
    isNull(registrations.revokedAt),
    sql`btrim(coalesce(${users.company}, '')) <> ''`,
  )!;

export const DIRECTORY_FILTERS = [
  'event.id',
  'type',
  'confirmed',
  'user.company',
  'conference.id',
  'gate.id',
  'sectors.id',
] as const;
export const DIRECTORY_OR_FILTERS = ['gate.name', 'booth'] as const;
export const DIRECTORY_POPULATE = ['gate', 'user', 'user.avatar'] as const;
const DIRECTORY_PAGE = { defaultPageSize: PAGE_SIZE.directory, maxPageSize: PAGE_SIZE.directory };

const isExhibitorType = (v: unknown) =>
  v === 'exhibitor' || (isRecord(v) && Object.keys(v).length === 1 && v.$eq === 'exhibitor');

/** `filters[user][company]` is the directory's own filter: the signed-in mode refuses it. */
export function namesDirectoryFilter(query: unknown): boolean {
  return isRecord(query) && isRecord(query.filters) && isRecord(query.filters.user) && 'company' in query.filters.user;
}

function unsupported(f: FilterCondition): never {
  throw badRequest(`Opérateur ${f.op} non pris en charge pour ${f.path}.`);
}

/** The directory's search texts, as the statement's values (the scope is the statement's own). */
interface DirectorySearch {
  /** filters[event][id]: the edition whose exhibitors are listed (null: the current one). */
  eventId: number | null;
  company: { match: 'trigram' | 'position'; pattern: string } | null;
  /** filters[$or]: any group whose every condition holds. */
  halls: { column: 'g' | 'b'; pattern: string }[][];
  /** filters[gate][id]: one hall (the directory's hall picker). */
  gateId: number | null;
  /** filters[sectors][id]: a sector of the show's list, chosen on the exhibitor's page or given by its account. */
  sectorId: number | null;
  /** filters[user][company][$startsWithi]: the A–Z's letter, as the first letters it stands for. */
  initials: string[] | null;
}

/** The first letter a company is filed under in the A–Z, lower-case (accents kept: see initialsOf). */
export const companyInitial = sql<string>`lower(left(btrim(${users.company}), 1))`;

/** The first letters a letter of the A–Z stands for: 'e' is also 'é', 'è', 'ê' and 'ë'. */
export function initialsOf(letter: string): string[] {
  const base = letter.toLowerCase();
  const accented = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿ';
  return [base, ...[...accented].filter((c) => c.normalize('NFD')[0] === base)];
}

/** Reads the directory query into its search texts; anything the directory does not offer is a 400. */
function directorySearch(query: Record<string, unknown>): DirectorySearch {
  const { rest, or: groups } = splitOr(query.filters);
  const search: DirectorySearch = {
    eventId: null,
    company: null,
    halls: [],
    gateId: null,
    sectorId: null,
    initials: null,
  };
  for (const f of parseFilters(rest, DIRECTORY_FILTERS)) {
    switch (f.path) {
      case 'event.id':
        if (f.op !== '$eq') unsupported(f);
        search.eventId = intValue(f.value, f.path);
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
        } else if (f.op === '$startsWithi') {
          const letter = textValue(f.value, f.path) ?? '';
          if (!/^[a-z]$/i.test(letter)) throw badRequest('filters[user][company][$startsWithi] : une lettre de A à Z.');
          search.initials = initialsOf(letter);
        } else if (f.op === '$containsi') {
          const text = textValue(f.value, f.path);
          if (text) {
            const match = companyMatch(text);
            // like needs the text's own %, _ and \ escaped; position() reads it as it is.
            search.company = { match, pattern: match === 'trigram' ? containsPattern(text) : text };
          }
        } else {
          unsupported(f);
        }
        break;
      case 'gate.id':
        if (f.op !== '$eq') unsupported(f);
        search.gateId = intValue(f.value, f.path);
        break;
      case 'sectors.id':
        if (f.op !== '$eq') unsupported(f);
        search.sectorId = intValue(f.value, f.path);
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
  // looks for 'Hall A' (decision 021). A group whose texts are all empty is left out.
  for (const group of groups) {
    const conditions = parseFilters(group, DIRECTORY_OR_FILTERS);
    if (!conditions.length) throw badRequest('Groupe filters[$or] vide.');
    const all: DirectorySearch['halls'][number] = [];
    for (const f of conditions) {
      if (f.op !== '$containsi' && f.op !== '$contains') unsupported(f);
      const text = textValue(f.value, f.path);
      if (text) all.push({ column: f.path === 'booth' ? 'b' : 'g', pattern: containsPattern(text) });
    }
    if (all.length) search.halls.push(all);
  }
  return search;
}

/**
 * Directory answers kept in memory by URL (docs/decisions/006): made once per app, cleared by
 * any route that changes what the directory shows. An answer is the JSON text of the reply.
 */
export type DirectoryCache = SharedCache<string>;
export const createDirectoryCache = (bus: CacheBus, seconds: number): DirectoryCache =>
  sharedCache(bus, 'directory', seconds * 1000);

/**
 * What a directory query asks, apart from its values: the statement's text depends on it only,
 * so each shape is one prepared statement. `company` is how the company text is matched (see
 * companyMatch), `halls` lists each `$or` group's columns ('g' hall name, 'b' stand).
 */
interface Shape {
  company: 'none' | 'trigram' | 'position';
  halls: ('g' | 'b')[][];
  /** Which of the hall picker, the sector and the A–Z's letter narrow it. */
  gate: boolean;
  sector: boolean;
  initial: boolean;
}

/**
 * A company text with three letters or digits in a row has trigrams, so `like` can use the
 * trigram index (migration 0002). A shorter one has none: the index would then be read whole
 * (about 14 ms on 5,000 exhibitors, where reading the table takes 1), so it is looked for with
 * position(), which can never use it. Both match the text literally, in any case.
 */
const companyMatch = (text: string): 'trigram' | 'position' => (/[\p{L}\p{N}]{3}/u.test(text) ? 'trigram' : 'position');

const placeholder = (name: string) => sql.placeholder(name);

/**
 * An exhibitor of a sector of the show's list (`sectors` of kind 'choice'): chosen on its page
 * of the directory, or given by its account (the registration form's sector, by name).
 */
export const sectorCondition = (sectorId: SQLWrapper): SQL =>
  sql`(exists (select 1 from ${exhibitorPages} p where p.user_id = ${users.id} and ${sectorId} = any(p.sector_ids))
    or ${users.secteurActivite} = (select s.name ->> 'fr' from ${sectors} s where s.id = ${sectorId} and s.kind = 'choice'))`;
const lowerLike = (column: SQLWrapper, name: string) => sql`lower(${column}) like lower(${placeholder(name)})`;

/**
 * The page and its total in one statement, the page already as the reply's JSON text (`data`,
 * its items joined by commas): PostgreSQL writes each item with row_to_json, in the key order and
 * the compact form JSON.stringify gives, so Node sends it without building an object per row.
 * Measured on 5,000 exhibitors (bench/directory.ts): building the items in Node (pg's row
 * parsing, drizzle's row mapping, JSON.stringify) took more of the server's time than the query.
 */
export function directoryStatement(shape: Shape): SQL {
  // The edition the call names (an unknown one lists nobody), else the current one.
  const where: SQL[] = [listedExhibitorOf(sql`coalesce(${placeholder('event')}::int, ${currentEdition})`)];
  if (shape.company === 'trigram') where.push(lowerLike(users.company, 'company'));
  if (shape.company === 'position') {
    where.push(sql`position(lower(${placeholder('company')}) in lower(${users.company})) > 0`);
  }
  const groups = shape.halls.map((columns, i) =>
    and(...columns.map((c, j) => lowerLike(c === 'g' ? halls.name : registrations.booth, `hall${i}_${j}`))),
  );
  if (groups.length) where.push(or(...groups)!);
  if (shape.gate) where.push(sql`${registrations.gateId} = ${placeholder('gate')}::int`);
  if (shape.sector) where.push(sectorCondition(sql`${placeholder('sector')}::int`));
  if (shape.initial) {
    where.push(sql`${companyInitial} = any(${placeholder('initials')}::text[])`);
  }
  // The avatar as serializeMedia (media/media-view.ts) gives it: every format is the original file.
  const url = sql`'/uploads/' || m.path`;
  // Without any search the page and the total are planned apart (matches not materialized): the
  // page then walks users_company_order and stops at its end, where it sorted every exhibitor
  // (bench/directory.ts, 'no text': 114 → 206–255 req/s on PostgreSQL, 50 → 82–85 on PGlite). A
  // search reads its matches once, for both: planned apart, the hall search fell from 52 to 32 req/s
  // on PGlite.
  const plain = shape.company === 'none' && shape.halls.length === 0 && !shape.gate && !shape.sector && !shape.initial;
  const materialized = plain ? sql`not materialized` : sql``;
  return sql`
    with matches as ${materialized} (
      select ${registrations.id} as id, ${registrations.booth} as booth, ${registrations.gateId} as gate_id,
        ${users.id} as user_id, ${users.company} as company, ${users.secteurActivite} as secteur_activite,
        ${users.businessSector} as business_sector, ${users.avatarId} as avatar_id
      from ${registrations}
      join ${users} on ${users.id} = ${registrations.userId}
      ${groups.length ? sql`left join ${halls} on ${halls.id} = ${registrations.gateId}` : sql``}
      where ${and(...where)}
    ), page as (
      select * from matches order by lower(company), id limit ${placeholder('limit')} offset ${placeholder('offset')}
    )
    select (select count(*) from matches)::int as total,
      (select string_agg(row_to_json(item)::text, ',' order by lower(p.company), p.id)
        from page p
        left join gates g on g.id = p.gate_id
        left join media m on m.id = p.avatar_id,
        lateral (select p.id, p.booth,
          case when g.id is not null then (select row_to_json(h) from (select g.id, g.name) h) end as gate,
          (select row_to_json(u) from (select p.user_id as id, p.company, p.secteur_activite,
            p.business_sector as "businessSector",
            case when m.id is not null then (select row_to_json(a) from (select m.id, m.name,
              m.alt as "alternativeText", m.mime, m.width, m.height, ${url} as url,
              ('{"small":{"url":' || to_json(${url})::text || '},"thumbnail":{"url":' || to_json(${url})::text || '}}')::json
                as formats) a) end as avatar) u) as "user") item) as data`;
}

/**
 * One prepared statement per shape (parsed and planned once per PostgreSQL connection, then
 * reused with a generic plan, the trigram index kept); hall groups are the client's to combine,
 * so past 32 shapes a new one runs unnamed.
 */
const directoryStatements = preparedStatements<{ total: number; data: string | null }>('directory', 32);

/**
 * What the client's directory call asks for: the page, the statement's shape (and `key`, its
 * name among the prepared ones) and the values of its placeholders. Refuses what the directory
 * does not answer.
 */
export function directoryCall(query: Record<string, unknown>) {
  const filters = isRecord(query.filters) ? query.filters : {};
  if (!isExhibitorType(filters.type)) throw unauthorized();
  assertQueryKeys(query, ['filters', 'populate', 'pagination', 'sort']);
  const search = directorySearch(query);
  // Gate, user and avatar are always in the answer; populate is accepted as the client sends it.
  parsePopulate(query.populate, DIRECTORY_POPULATE);
  for (const s of parseSort(query.sort, ['user.company'])) {
    if (s.direction !== 'asc') throw badRequest('L’annuaire est trié par société, de A à Z (user.company:asc).');
  }
  const page = parsePagination(query.pagination, DIRECTORY_PAGE);

  const values: Record<string, unknown> = {
    event: search.eventId,
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
    company: search.company === null ? undefined : search.company.pattern,
    gate: search.gateId ?? undefined,
    sector: search.sectorId ?? undefined,
    initials: search.initials ?? undefined,
  };
  search.halls.forEach((group, i) => group.forEach((c, j) => (values[`hall${i}_${j}`] = c.pattern)));
  const shape: Shape = {
    company: search.company?.match ?? 'none',
    halls: search.halls.map((group) => group.map((c) => c.column)),
    gate: search.gateId !== null,
    sector: search.sectorId !== null,
    initial: search.initials !== null,
  };
  const narrowed = [shape.gate && 'g', shape.sector && 's', shape.initial && 'i'].filter(Boolean).join('');
  const key = `${shape.company}:${shape.halls.map((g) => g.join('')).join(',')}:${narrowed}`;
  return { page, shape, key, values };
}

/**
 * The public directory's reply, as JSON text: `{ data, meta: { pagination } }`, Strapi's list
 * form, from one round trip to the database.
 */
export async function listDirectory(db: Db, query: Record<string, unknown>): Promise<string> {
  const { page, shape, key, values } = directoryCall(query);
  const { rows } = await directoryStatements(db, key, () => directoryStatement(shape)).execute(values);
  const { total = 0, data = null } = rows[0] ?? {};
  return listReply(data, page, total);
}
