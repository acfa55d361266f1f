import { and, count, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { editions } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { isId } from '../../lib/strapi-filters';
import { formInput, isRecord } from '../../lib/request-inputs';
import { editionFilterId, parseListQuery, readPage, type ListQuery } from '../../lib/admin-list';
import { recordAudit } from '../audit/audit.service';
import { currentEdition, currentEditionId, editionById } from '../show/current-edition';

/** A resource's records: its table and its queries, declared in its domain's service. */
export interface ResourceRecords<R extends { id: number }, Q extends PgSelect> {
  table: PgTable;
  id: AnyPgColumn;
  /** Rows outside it are not this resource's. */
  scope?: SQL;
  /**
   * The edition column of a resource kept per edition (halls, stands, the programme): its list
   * shows the current edition's rows, another's with the `edition` filter (an edition's id), so
   * that the next edition is set up before it becomes current. A record is read, changed and
   * deleted by its id whatever its edition.
   */
  edition?: AnyPgColumn;
  sortable: Record<string, AnyPgColumn | SQL>;
  defaultSort: SQL[];
  filters: Record<string, (value: unknown) => SQL>;
  /** The rows, without a where: the list reads a page of them, the other routes one by its id. */
  query(db: Db | Tx): Q;
  /** The records the back-office shows of them (with their files beside their ids). */
  present(db: Db | Tx, rows: Awaited<Q>): R[] | Promise<R[]>;
  create(tx: Tx, body: unknown): Promise<number>;
  update(tx: Tx, id: number, body: unknown, before: R): Promise<void>;
  /** Throws a 400 when the record may not go. */
  remove(tx: Tx, id: number): Promise<void>;
}

/** One record resource: its records, the path under /admin/ (also the audit entries' resource). */
export interface RecordResource<R extends { id: number }, Q extends PgSelect> extends ResourceRecords<R, Q> {
  path: string;
  missing: string;
}

/** A resource's records as its service declares them, the types of its rows kept. */
export const resourceRecords = <R extends { id: number }, Q extends PgSelect>(r: ResourceRecords<R, Q>) => r;

/**
 * The edition a new record of a per-edition resource goes to: the form's `edition` (an edition's
 * id, as the list's filter names it), else the current one. An edition that does not exist is a
 * 400 on that field.
 */
export async function editionOfForm(tx: Tx, body: unknown): Promise<number> {
  const input = formInput(body);
  const value = isRecord(input) ? input.edition : undefined;
  if (value === undefined || value === null) return currentEditionId(tx);
  const [row] = isId(value) ? await tx.select({ id: editions.id }).from(editions).where(eq(editions.id, value)) : [];
  if (!row) {
    throw badRequest('Données invalides.', {
      errors: [{ path: ['body', 'edition'], message: 'Édition introuvable.' }],
    });
  }
  return row.id;
}

/** The next position after the last one: a new partner, photo or hall goes at the end. */
export async function nextPosition(tx: Tx, column: AnyPgColumn, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number | null>`max(${column})` })
    .from(table)
    .where(where);
  return (row?.last ?? 0) + 1;
}

/** One record by its id, or null. */
export async function readRecord<R extends { id: number }, Q extends PgSelect>(
  dbOrTx: Db | Tx,
  r: ResourceRecords<R, Q>,
  id: number,
): Promise<R | null> {
  return (await r.present(dbOrTx, await r.query(dbOrTx).where(and(r.scope, eq(r.id, id)))))[0] ?? null;
}

/** A page of the list (of the current edition's records, or the `edition` filter's, when kept per edition). */
export async function listRecords<R extends { id: number }, Q extends PgSelect>(
  db: Db,
  r: ResourceRecords<R, Q>,
  query: Record<string, unknown>,
) {
  let edition: SQLWrapper = currentEdition;
  const filters = r.edition
    ? {
        ...r.filters,
        edition: (value: unknown) => {
          edition = editionById(editionFilterId(value, 'edition'));
          return sql`true`;
        },
      }
    : r.filters;
  const list: ListQuery = parseListQuery(query, { ...r, filters });
  const { rows, total } = await readPage(
    list,
    r.query(db),
    db.select({ n: count() }).from(r.table).$dynamic(),
    and(r.scope, r.edition ? eq(r.edition, edition) : undefined),
  );
  return { list, rows: await r.present(db, rows), total };
}

const audit = (
  tx: Tx,
  r: { path: string },
  userId: number,
  action: string,
  recordId: number,
  before: unknown,
  after: unknown,
) =>
  recordAudit(tx, {
    userId,
    action: `${action} /admin/${r.path}${action === 'POST' ? '' : '/:id'}`,
    resource: r.path,
    recordId,
    before,
    after,
  });

/** A new record from the form, audited: the record as it reads now. */
export function createRecord<R extends { id: number }, Q extends PgSelect>(
  db: Db,
  r: RecordResource<R, Q>,
  userId: number,
  body: unknown,
): Promise<R> {
  return db.transaction(async (tx) => {
    const id = await r.create(tx, body);
    const after = (await readRecord(tx, r, id))!;
    await audit(tx, r, userId, 'POST', id, {}, after);
    return after;
  });
}

/** The record `id` changed by the form, audited (a 404 when there is none). */
export function updateRecord<R extends { id: number }, Q extends PgSelect>(
  db: Db,
  r: RecordResource<R, Q>,
  userId: number,
  id: number | null,
  body: unknown,
): Promise<R> {
  return db.transaction(async (tx) => {
    const before = id === null ? null : await readRecord(tx, r, id);
    if (!before || id === null) throw notFound(r.missing);
    await r.update(tx, id, body, before);
    const after = (await readRecord(tx, r, id))!;
    await audit(tx, r, userId, 'PUT', id, before, after);
    return after;
  });
}

/** The record `id` deleted, audited (a 404 when there is none): the record as it was. */
export function removeRecord<R extends { id: number }, Q extends PgSelect>(
  db: Db,
  r: RecordResource<R, Q>,
  userId: number,
  id: number | null,
): Promise<R> {
  return db.transaction(async (tx) => {
    const before = id === null ? null : await readRecord(tx, r, id);
    if (!before || id === null) throw notFound(r.missing);
    await r.remove(tx, id);
    await audit(tx, r, userId, 'DELETE', id, before, {});
    return before;
  });
}
