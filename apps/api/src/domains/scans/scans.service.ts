import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { EVENT_ID, type ScanTable } from '@salon/shared';
import type { Db } from '../../db/client';
import { sharedCache, type CacheBus, type SharedCache } from '../../lib/cache-bus';
import { scans, users } from '../../db/schema';
import type { SessionUser } from '../../plugins/auth';
import { paginationMeta, type Page } from '../../lib/query-params';

/**
 * The scans as 'Mes scans', the call table and SCANS.xlsx read them (they are recorded in
 * scan-recording.service.ts).
 */

const scanned = alias(users, 'scanned');
const scanner = alias(users, 'scanner');

/** One scan as the screens and the export show it: the scanned party and who scanned. */
const viewColumns = {
  serial: scans.id,
  id: scans.clientId,
  typeScanned: scans.typeScanned,
  createdAt: scans.createdAt,
  note: scans.note,
  rating: scans.rating,
  name: scanned.name,
  email: scanned.email,
  phone: scanned.phone,
  company: scanned.company,
  jobPosition: scanned.jobPosition,
  anonymisedAt: scanned.anonymisedAt,
  scannerId: scanner.id,
  scannerName: scanner.name,
  // The two parties as the call table's `users` shows them (listScans).
  scannedId: scanned.id,
  scannedType: scanned.type,
  scannedExhibitorId: scanned.exhibitorId,
  scannerEmail: scanner.email,
  scannerPhone: scanner.phone,
  scannerCompany: scanner.company,
  scannerJobPosition: scanner.jobPosition,
  scannerType: scanner.type,
  scannerExhibitorId: scanner.exhibitorId,
  scannerDeletedAt: scanner.deletedAt,
  exhibitorId: scans.exhibitorId,
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
 * exhibitor's counts stay, but names nobody: no e-mail, phone, company or note.
 */
export function erasedRow<R extends Pick<ViewRow, 'anonymisedAt' | 'email'>>(row: R): Shown<R> {
  if (!row.anonymisedAt) return row;
  return { ...row, name: ERASED_PERSON, email: null, phone: null, company: null, jobPosition: null, note: null };
}

export function toView(stored: ViewRow) {
  const row = erasedRow(stored);
  return {
    id: row.id,
    typeScanned: row.typeScanned,
    createdAt: row.createdAt.toISOString(),
    note: row.note,
    rating: row.rating,
    person: {
      name: row.name,
      email: row.email,
      phone: row.phone,
      company: row.company,
      jobPosition: row.jobPosition,
    },
    scanner: { id: row.scannerId, name: row.scannerName },
    ...(row.anonymisedAt ? { erased: true as const } : {}),
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
  return row ? toView(row) : null;
}

/** The exhibitor a scan by this user is made for: itself, or the one it is a collaborator of now. */
export function scanningFor(user: SessionUser): number | null {
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
export function tableScope(table: ScanTable, user: SessionUser): SQL | null {
  const exhibitorId = scanningFor(user);
  if (!exhibitorId) return null;
  const mine = and(eq(scans.exhibitorId, exhibitorId), eq(scans.eventId, EVENT_ID));
  if (table === 'scansExposant') return and(eq(scans.scannerId, user.id), mine)!;
  if (user.type !== 'exhibitor') return null;
  return and(mine, ne(scans.scannerId, user.id))!;
}

const newestFirst = [desc(scans.createdAt), desc(scans.id)];

/**
 * The rows of some scans, found first by their ids alone: the scans_scanner index gives the
 * page's ids without reading a row, and only those rows are then joined to their people.
 */
function rowsOf(db: Db, ids: { limit: number; offset?: number; where: SQL }) {
  const page = db
    .select({ id: scans.id })
    .from(scans)
    .where(ids.where)
    .orderBy(...newestFirst)
    .limit(ids.limit)
    .offset(ids.offset ?? 0)
    .as('page');
  return selectViews(db)
    .innerJoin(page, eq(page.id, scans.id))
    .orderBy(...newestFirst);
}

/**
 * How many scans each table holds, for a few seconds: counting 50,000 scans costs more than
 * reading the page itself, and an exhibitor paging through its scans asks again and again. A
 * scan recorded by any instance clears the counts it changes on every instance (the cache bus);
 * a lost message leaves a count at most TOTALS_TTL_MS old.
 */
const TOTALS_TTL_MS = 10_000;
export type ScanTotals = SharedCache<number>;
export const createScanTotals = (bus: CacheBus): ScanTotals => sharedCache(bus, 'scan-totals', TOTALS_TTL_MS, 5000);
export const totalKey = (table: ScanTable, userId: number, exhibitorId: number) => `${table}:${userId}:${exhibitorId}`;

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

/**
 * The two parties of a scan, the scanned person first, each within what the caller already sees:
 * the scanned person as the table shows it (nothing of an erased one), the scanner's contact
 * details only when it is the caller or one of the caller's current collaborators (a former
 * collaborator keeps its name under 'Par', nothing more). A party's `exhibitor` is the exhibitor
 * it works for: for the scanner, the one the scan was made for (decision 019).
 */
function partiesOf(row: ViewRow, caller: SessionUser, options: PartyOptions, companies: Map<number, string | null>) {
  const shown = erasedRow(row);
  const exhibitor = (id: number | null) => (id === null ? null : { id, company: companies.get(id) ?? null });
  const seesScanner =
    row.scannerId === caller.id ||
    (row.scannerType === 'collaborator' && row.scannerExhibitorId === caller.id && !row.scannerDeletedAt);
  const parties = [
    {
      id: row.scannedId,
      name: shown.name,
      email: shown.email,
      phone: shown.phone,
      company: shown.company,
      jobPosition: shown.jobPosition,
      type: row.scannedType,
      exhibitorId: row.scannedType === 'collaborator' ? row.scannedExhibitorId : null,
    },
    {
      id: row.scannerId,
      name: row.scannerName,
      email: seesScanner ? row.scannerEmail : null,
      phone: seesScanner ? row.scannerPhone : null,
      company: seesScanner ? row.scannerCompany : null,
      jobPosition: seesScanner ? row.scannerJobPosition : null,
      type: row.scannerType,
      exhibitorId: row.exhibitorId === row.scannerId ? null : row.exhibitorId,
    },
  ];
  return parties
    .filter((p) => !options.hide.has(p.id) && (!options.only || options.only.has(p.id)))
    .map(({ exhibitorId, ...party }) => (options.exhibitor ? { ...party, exhibitor: exhibitor(exhibitorId) } : party));
}

/** The companies of the exhibitors the parties of these rows work for. */
async function exhibitorCompanies(db: Db, rows: ViewRow[]) {
  const ids = [...new Set(rows.flatMap((r) => [r.exhibitorId, r.scannedExhibitorId]).filter((id) => id !== null))];
  if (!ids.length) return new Map<number, string | null>();
  const found = await db.select({ id: users.id, company: users.company }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, u.company]));
}

/**
 * A page of a table, newest first. Each scan carries the scanned person (`person`), who scanned
 * (`scanner`), and both as the specification's `users` pair.
 */
export async function listScans(
  db: Db,
  table: ScanTable,
  user: SessionUser,
  page: Page,
  totals: ScanTotals,
  parties: PartyOptions = ALL_PARTIES,
) {
  const scope = tableScope(table, user);
  if (!scope) return { data: [], meta: { pagination: paginationMeta(page, 0) } };
  const key = totalKey(table, user.id, scanningFor(user)!);
  const counted = totals.get(key);
  const [rows, total] = await Promise.all([
    rowsOf(db, { where: scope, limit: page.pageSize, offset: (page.page - 1) * page.pageSize }),
    counted ??
      db
        .select({ n: count() })
        .from(scans)
        .where(scope)
        .then(([row]) => row?.n ?? 0),
  ]);
  totals.set(key, total);
  const companies = parties.exhibitor ? await exhibitorCompanies(db, rows) : new Map<number, string | null>();
  return {
    data: rows.map((row) => ({ ...toView(row), users: partiesOf(row, user, parties, companies) })),
    meta: { pagination: paginationMeta(page, total) },
  };
}

/** What SCANS.xlsx writes of a scan (and what erasedRow needs), nothing more: less to read and to map. */
// prettier-ignore
const EXPORTED = [
  'typeScanned', 'createdAt', 'note', 'rating',
  'name', 'email', 'phone', 'company', 'jobPosition', 'anonymisedAt',
  'scannerName',
] as const satisfies readonly (keyof typeof viewColumns)[];
const exportColumns = Object.fromEntries(EXPORTED.map((key) => [key, viewColumns[key]])) as Pick<
  typeof viewColumns,
  (typeof EXPORTED)[number]
>;

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

/** The longest text of each column of a table, so the export can size its columns before streaming. */
export async function longestTexts(db: Db, scope: SQL | null) {
  const longest = (column: AnyPgColumn) => sql<number | null>`max(char_length(${column}))`.mapWith(Number);
  const [row] = scope
    ? await db
        .select({
          name: longest(scanned.name),
          email: longest(scanned.email),
          phone: longest(scanned.phone),
          company: longest(scanned.company),
          jobPosition: longest(scanned.jobPosition),
          scannerName: longest(scanner.name),
          note: longest(scans.note),
        })
        .from(scans)
        .innerJoin(scanned, eq(scanned.id, scans.scannedId))
        .innerJoin(scanner, eq(scanner.id, scans.scannerId))
        .where(scope)
    : [];
  return row;
}
