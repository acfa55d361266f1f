import { and, count, desc, eq, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type * as z from 'zod/mini';
import { type leadAnswerSchema, type ScanTable } from '@salon/shared';
import type { Db } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { sharedCache, type CacheBus, type SharedCache } from '../../lib/cache-bus';
import { editions, scans, users } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { listReply, type Page } from '../../lib/list-params';
import { currentEdition } from '../show/current-edition';
import { answersJson } from './leads.service';
import { anyFilter, filtered, NO_FILTERS, statementFilters, type FilterValues } from './scan-filters';

/**
 * The scans as 'Mes scans', the call table and SCANS.xlsx read them (they are recorded in
 * scan-recording.service.ts).
 */

/** The scanned person and who scanned, as the views and the exports join them. */
export const scanned = alias(users, 'scanned');
export const scanner = alias(users, 'scanner');

/** One scan as the screens and the export show it: the scanned party and who scanned. */
const viewColumns = {
  pk: scans.id,
  id: scans.clientId,
  typeScanned: scans.typeScanned,
  createdAt: scans.createdAt,
  note: scans.note,
  rating: scans.rating,
  tags: scans.tags,
  followUp: scans.followUp,
  doNotContactAt: scans.doNotContactAt,
  name: scanned.name,
  email: scanned.email,
  phone: scanned.phone,
  company: scanned.company,
  jobPosition: scanned.jobPosition,
  anonymisedAt: scanned.anonymisedAt,
  scannerId: scanner.id,
  scannerName: scanner.name,
};
type ViewRow = {
  [K in keyof typeof viewColumns]: (typeof viewColumns)[K]['_']['notNull'] extends true
    ? (typeof viewColumns)[K]['_']['data']
    : (typeof viewColumns)[K]['_']['data'] | null;
};

/** A row as shown: an erased person's has no e-mail. */
type Shown<R> = Omit<R, 'email'> & { email: string | null };

/** The name an erased person's scans show (their row keeps the placeholder; this does not rely on it). */
export const ERASED_PERSON = 'Personne supprimée';

/**
 * A scan of a person erased under the personal-data law keeps its date and rating, so that the
 * exhibitor's counts stay, but names nobody: no e-mail, phone, company or note. A person who asked
 * not to be contacted (decision 037) shows no e-mail and no phone, on screen as in the files.
 */
export function erasedRow<R extends Pick<ViewRow, 'anonymisedAt' | 'email' | 'phone' | 'doNotContactAt'>>(
  row: R,
): Shown<R> {
  if (!row.anonymisedAt) return row.doNotContactAt ? { ...row, email: null, phone: null } : row;
  return { ...row, name: ERASED_PERSON, email: null, phone: null, company: null, jobPosition: null, note: null };
}

export type LeadAnswerView = z.output<typeof leadAnswerSchema>;

/** A scan as the screens show it, with its answers (none of an erased person: what was written about them went). */
export function toView(stored: ViewRow, answers: LeadAnswerView[]) {
  const row = erasedRow(stored);
  const erased = row.anonymisedAt !== null;
  return {
    id: row.id,
    typeScanned: row.typeScanned,
    createdAt: row.createdAt.toISOString(),
    note: row.note,
    rating: row.rating,
    answers: erased ? [] : answers,
    tags: erased ? [] : row.tags,
    followUp: row.followUp,
    doNotContact: row.doNotContactAt !== null,
    person: {
      name: row.name,
      email: row.email,
      phone: row.phone,
      company: row.company,
      jobPosition: row.jobPosition,
    },
    scanner: { id: row.scannerId, name: row.scannerName },
    erased: row.anonymisedAt !== null,
  };
}
export type ScanView = ReturnType<typeof toView>;

function selectViews(db: Db) {
  return db
    .select(viewColumns)
    .from(scans)
    .innerJoin(scanned, eq(scanned.id, scans.scannedId))
    .innerJoin(scanner, eq(scanner.id, scans.scannerId))
    .$dynamic();
}

export async function viewOf(db: Db, where: SQL): Promise<ScanView | null> {
  const [row] = await selectViews(db).where(where).limit(1);
  if (!row) return null;
  const [found] = await db
    .select({ answers: answersJson(sql`"scans"."id"`) })
    .from(scans)
    .where(eq(scans.id, row.pk));
  return toView(row, (found?.answers as LeadAnswerView[] | undefined) ?? []);
}

/** The exhibitor a scan by this user is made for: itself, or the one it is a collaborator of now. */
export function scanningFor(user: Caller): number | null {
  if (user.type === 'exhibitor') return user.id;
  return user.type === 'collaborator' ? user.exhibitorId : null;
}

/**
 * Which scans a table holds for the caller, by the exhibitor each scan was made for (never by
 * whom the scanner works for now). 'scansExposant' is the caller's own scans for its current
 * exhibitor (a collaborator that moved on sees none of those it made for the former one);
 * 'scansByCollaborators' the others made for an exhibitor, by its collaborators, the deleted
 * ones included (their scans stay the exhibitor's). A collaborator has no collaborators: that
 * table is empty for it.
 */
export function tableScope(table: ScanTable, user: Caller, edition: number | null = null): SQL | null {
  const exhibitorId = tableExhibitor(table, user);
  return exhibitorId ? scopeOf(table, user.id, exhibitorId, edition) : null;
}

/** The exhibitor whose scans the table shows the caller; null when the table is empty for it. */
function tableExhibitor(table: ScanTable, user: Caller): number | null {
  const exhibitorId = scanningFor(user);
  return table === 'scansByCollaborators' && user.type !== 'exhibitor' ? null : exhibitorId;
}

/**
 * A table's scans for a caller scanning for an exhibitor (values, or a prepared statement's
 * placeholders), in an edition: the current one when null ('Mes scans' switches to a past one).
 */
function scopeOf(
  table: ScanTable,
  callerId: number | Placeholder,
  exhibitorId: number | Placeholder,
  edition: number | null | Placeholder,
): SQL {
  const mine = and(
    eq(scans.exhibitorId, exhibitorId),
    eq(scans.eventId, sql`coalesce(${edition}::int, ${currentEdition})`),
  );
  if (table === 'scansExposant') return and(eq(scans.scannerId, callerId), mine)!;
  return and(mine, ne(scans.scannerId, callerId))!;
}

const newestFirst = [desc(scans.createdAt), desc(scans.id)];

/**
 * How many scans each table holds, for a few seconds: counting 50,000 scans costs more than
 * reading the page itself, and an exhibitor paging through its scans asks again and again. A
 * scan recorded by any instance clears the counts it changes on every instance (the cache bus);
 * a lost message leaves a count at most TOTALS_TTL_MS old.
 */
const TOTALS_TTL_MS = 10_000;
export type ScanTotals = SharedCache<number>;
export const createScanTotals = (bus: CacheBus): ScanTotals => sharedCache(bus, 'scan-totals', TOTALS_TTL_MS, 5000);
/**
 * The counts of filtered tables ('Mes scans' with 'Filtrer les scans'), kept the same few seconds
 * for an exhibitor paging through one filter. Any scan recorded or lead changed anywhere clears
 * them all (a filter's count depends on follow-ups, tags and answers, not only on new scans).
 */
export const createFilteredTotals = (bus: CacheBus): ScanTotals =>
  sharedCache(bus, 'scan-filtered-totals', TOTALS_TTL_MS, 5000);
export const totalKey = (table: ScanTable, userId: number, exhibitorId: number, edition: number | null = null) =>
  `${table}:${userId}:${exhibitorId}${edition === null ? '' : `:${edition}`}`;

/**
 * What the call table's `users` pair shows of a page: the parties' exhibitor when populated
 * (`populate[users][populate][exhibitor]`), and which parties to leave out (the caller's own id,
 * `populate[users][filters][id][$ne]=<me>`) or keep (`[$eq]`, `[$in]`). They only narrow.
 */
export interface PartyOptions {
  exhibitor: boolean;
  hide: ReadonlySet<number>;
  only: ReadonlySet<number> | null;
}
const ALL_PARTIES: PartyOptions = { exhibitor: false, hide: new Set(), only: null };

const caller = sql.placeholder('caller');

/**
 * A page of a table, newest first, as the reply's JSON items: each scan as toView gives it, and
 * `users`, its two parties, the scanned person first, each within what the caller already sees:
 * the scanned person as the table shows it (nothing of an erased one), the scanner's contact
 * details only when it is the caller or one of the caller's current collaborators (a former
 * collaborator keeps its name under 'Par', nothing more). A party's `exhibitor` (when populated)
 * is the exhibitor it works for: for the scanner, the one the scan was made for (decision 019).
 *
 * PostgreSQL writes the items, as it does the directory's: measured with bench/scans.ts, mapping
 * 50 rows of 25 columns into objects (drizzle, then here) and stringifying them again cost the
 * API's thread more than the query cost the database.
 */
function pageStatement(table: ScanTable, withExhibitor: boolean, narrowed: SQL): SQL {
  const scope = scopeOf(table, caller, sql.placeholder('exhibitor'), sql.placeholder('edition'));
  const erased = sql`sd.anonymised_at is not null`;
  const shown = (value: SQL) => sql`case when ${erased} then null else ${value} end`;
  const reachable = (value: SQL) => shown(sql`case when s.do_not_contact_at is null then ${value} end`); // 037
  const sees = sql`(sr.id = ${caller} or (sr.type = 'collaborator' and sr.exhibitor_id = ${caller} and sr.deleted_at is null))`;
  const seen = (value: SQL) => sql`case when ${sees} then ${value} end`;
  // The scanned person's fields, in the order of toView's `person`.
  const person = sql`'name', case when ${erased} then ${ERASED_PERSON} else sd.name end,
    'email', ${reachable(sql`sd.email`)}, 'phone', ${reachable(sql`sd.phone`)}, 'company', ${shown(sql`sd.company`)},
    'jobPosition', ${shown(sql`sd.job_position`)}`;
  // A party's exhibitor: its id and company, read only when the caller populates it.
  const exhibitor = (id: SQL) =>
    withExhibitor
      ? sql`, 'exhibitor', case when ${id} is not null then json_build_object('id', ${id}, 'company',
          (select x.company from users x where x.id = ${id})) end`
      : sql``;
  const hide = sql`${sql.placeholder('hide')}::int[]`;
  const only = sql`${sql.placeholder('only')}::int[]`;
  const kept = (id: SQL) => sql`(not (${id} = any(${hide})) and (${only} is null or ${id} = any(${only})))`;
  // json_build_object, not row_to_json of a subquery: no sub-plan run for each scan (a third of
  // the statement's time in PGlite).
  return sql`
    select string_agg(json_build_object(
        'id', s.client_id, 'typeScanned', s.type_scanned,
        'createdAt', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'note', ${shown(sql`s.note`)}, 'rating', s.rating,
        'answers', case when ${erased} then '[]'::json else ${answersJson(sql`s.id`)} end,
        'tags', case when ${erased} then '[]'::json else to_json(s.tags) end,
        'followUp', s.follow_up,
        'doNotContact', s.do_not_contact_at is not null,
        'person', json_build_object(${person}),
        'scanner', json_build_object('id', sr.id, 'name', sr.name),
        'erased', ${erased},
        'users', case
          when party.scanned_kept and party.scanner_kept then json_build_array(party.scanned, party.scanner)
          when party.scanned_kept then json_build_array(party.scanned)
          when party.scanner_kept then json_build_array(party.scanner)
          else '[]' end
      )::text, ',' order by p.created_at desc, p.id desc) as data
    from (
      select ${scans.id} as id, ${scans.createdAt} as created_at from ${scans} where ${scope} and ${narrowed}
      order by ${scans.createdAt} desc, ${scans.id} desc limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
    ) p
    join scans s on s.id = p.id
    join users sd on sd.id = s.scanned_id
    join users sr on sr.id = s.scanner_id,
    lateral (select
      json_build_object('id', sd.id, ${person}, 'type', sd.type
        ${exhibitor(sql`case when sd.type = 'collaborator' then sd.exhibitor_id end`)}) as scanned,
      json_build_object('id', sr.id, 'name', sr.name, 'email', ${seen(sql`sr.email`)},
        'phone', ${seen(sql`sr.phone`)}, 'company', ${seen(sql`sr.company`)},
        'jobPosition', ${seen(sql`sr.job_position`)}, 'type', sr.type
        ${exhibitor(sql`nullif(s.exhibitor_id, s.scanner_id)`)}) as scanner,
      ${kept(sql`sd.id`)} as scanned_kept, ${kept(sql`sr.id`)} as scanner_kept) party`;
}
/** Two tables, with or without the parties' exhibitor, each unfiltered or filtered as the query asks. */
const pageStatements = preparedStatements<{ data: string | null }>('scans_page', 48);

/**
 * A page of a table, newest first, as the reply's JSON text `{ data, meta: { pagination } }`.
 * Each scan carries the scanned person (`person`), who scanned (`scanner`), and both as the
 * specification's `users` pair (pageStatement).
 */
export async function listScans(
  db: Db,
  table: ScanTable,
  user: Caller,
  page: Page,
  totals: ScanTotals,
  parties: PartyOptions = ALL_PARTIES,
  edition: number | null = null,
  filters: FilterValues = NO_FILTERS,
  filteredTotals?: ScanTotals,
): Promise<string> {
  const exhibitorId = tableExhibitor(table, user);
  if (!exhibitorId) return listReply(null, page, 0);
  const key = totalKey(table, user.id, exhibitorId, edition);
  const count$ = () =>
    db
      .select({ n: count() })
      .from(scans)
      .where(and(scopeOf(table, user.id, exhibitorId, edition), filtered(filters)))
      .then(([row]) => row?.n ?? 0);
  const named = statementFilters(filters);
  const statement = pageStatements(db, `${table}:${parties.exhibitor}:${named.shape}`, () =>
    pageStatement(table, parties.exhibitor, named.where),
  );
  const [{ rows }, total] = await Promise.all([
    statement.execute({
      caller: user.id,
      exhibitor: exhibitorId,
      edition,
      limit: page.pageSize,
      offset: (page.page - 1) * page.pageSize,
      hide: [...parties.hide],
      only: parties.only ? [...parties.only] : null,
      ...named.params,
    }),
    // A filtered list's count is kept apart, cleared by any change to a lead (createFilteredTotals).
    anyFilter(filters)
      ? filteredTotals
        ? filteredTotals.load(`${key}?${JSON.stringify(filters)}`, count$)
        : count$()
      : totals.load(key, count$),
  ]);
  return listReply(rows[0]?.data ?? null, page, total);
}

/**
 * The editions 'Mes scans' can switch to: the current one, and each other in which the caller
 * made scans for its exhibitor (an exhibitor: its collaborators' too), newest first.
 */
export async function scanEditions(db: Db, user: Caller) {
  const exhibitorId = scanningFor(user);
  const made = exhibitorId
    ? sql`exists (select 1 from ${scans} s where s.event_id = ${editions.id} and s.exhibitor_id = ${exhibitorId}
        ${user.type === 'exhibitor' ? sql`` : sql`and s.scanner_id = ${user.id}`})`
    : sql`false`;
  return db
    .select({ year: editions.year, current: editions.current })
    .from(editions)
    .where(or(eq(editions.current, true), made))
    .orderBy(desc(editions.year));
}

/** What SCANS.xlsx writes of a scan (and what erasedRow needs), nothing more: less to read and to map. */
// prettier-ignore
const EXPORTED = [
  'id', 'typeScanned', 'createdAt', 'note', 'rating', 'tags', 'followUp', 'doNotContactAt',
  'name', 'email', 'phone', 'company', 'jobPosition', 'anonymisedAt',
  'scannerName',
] as const satisfies readonly (keyof typeof viewColumns)[];
const exportColumns = {
  ...(Object.fromEntries(EXPORTED.map((key) => [key, viewColumns[key]])) as Pick<
    typeof viewColumns,
    (typeof EXPORTED)[number]
  >),
  answers: answersJson(sql`"scans"."id"`).mapWith((v) => v as LeadAnswerView[]),
};

/**
 * Every row of a table, newest first, `chunk` at a time: the ids first (one read of the index, so
 * the file is the table as it stood when the export began, every scan once), then their rows. The
 * next chunk is always asked for before the caller gets this one, so the database (PGlite's thread
 * or PostgreSQL) reads while the caller writes the file, and at most two chunks are in memory.
 */
export async function* allScans(db: Db, scope: SQL | null, chunk = 500) {
  if (!scope) return;
  const ids = (
    await db
      .select({ id: scans.id })
      .from(scans)
      .where(scope)
      .orderBy(...newestFirst)
  ).map((r) => r.id);
  const read = (from: number) => {
    const rows = db
      .select(exportColumns)
      .from(scans)
      .innerJoin(scanned, eq(scanned.id, scans.scannedId))
      .innerJoin(scanner, eq(scanner.id, scans.scannerId))
      .where(sql`${scans.id} = any(${sql.param(ids.slice(from, from + chunk))}::int[])`)
      .orderBy(...newestFirst)
      .then((found) => found);
    // A caller that stops early (the client went away) leaves it unread: never unhandled.
    rows.catch(() => undefined);
    return rows;
  };
  let next = ids.length ? read(0) : null;
  for (let from = 0; next; from += chunk) {
    const rows = await next;
    next = from + chunk < ids.length ? read(from + chunk) : null;
    yield rows;
  }
}
