import { and, count, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { events } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { isId } from '../../lib/query';
import { currentUser } from '../../plugins/auth';
import { editionFilterId, parseListQuery, readPage, sendList, type ListQuery } from '../../lib/admin-list';
import { recordAudit } from '../audit/audit.service';
import { formInput, idParam, isRecord } from '../../lib/query-params';
import { currentEdition, currentEditionId, editionById } from '../show/current-edition';

/** One record resource: list, read, create, change, delete, each write audited. */

interface RecordResource<R extends { id: number }, Q extends PgSelect> {
  /** The path under /admin/, also the audit entries' resource. */
  path: string;
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
  missing: string;
  sortable: Record<string, AnyPgColumn>;
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

/**
 * The edition a new record of a per-edition resource goes to: the form's `edition` (an edition's
 * id, as the list's filter names it), else the current one. An edition that does not exist is a
 * 400 on that field.
 */
export async function editionOfForm(tx: Tx, body: unknown): Promise<number> {
  const input = formInput(body);
  const value = isRecord(input) ? input.edition : undefined;
  if (value === undefined || value === null) return currentEditionId(tx);
  const [row] = isId(value) ? await tx.select({ id: events.id }).from(events).where(eq(events.id, value)) : [];
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

export function registerResource<R extends { id: number }, Q extends PgSelect>(
  app: FastifyInstance,
  { db, onChange }: { db: Db; onChange?: () => void },
  r: RecordResource<R, Q>,
) {
  const tags = ['admin'];
  const read = async (dbOrTx: Db | Tx, id: number) =>
    (await r.present(dbOrTx, await r.query(dbOrTx).where(and(r.scope, eq(r.id, id)))))[0] ?? null;
  const audit = (tx: Tx, userId: number, action: string, recordId: number, before: unknown, after: unknown) =>
    recordAudit(tx, {
      userId,
      action: `${action} /admin/${r.path}${action === 'POST' ? '' : '/:id'}`,
      resource: r.path,
      recordId,
      before,
      after,
    });

  app.get(`/${r.path}`, { schema: { tags } }, async (request, reply) => {
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
    const list: ListQuery = parseListQuery(request.query as Record<string, unknown>, { ...r, filters });
    const { rows, total } = await readPage(
      list,
      r.query(db),
      db.select({ n: count() }).from(r.table).$dynamic(),
      and(r.scope, r.edition ? eq(r.edition, edition) : undefined),
    );
    return sendList(reply, r.path, list, await r.present(db, rows), total);
  });

  app.get<{ Params: { id: string } }>(`/${r.path}/:id`, { schema: { tags } }, async (request) => {
    const id = idParam(request.params.id);
    const record = id === null ? null : await read(db, id);
    if (!record) throw notFound(r.missing);
    return record;
  });

  app.post(`/${r.path}`, { schema: { tags } }, async (request, reply) => {
    const record = await db.transaction(async (tx) => {
      const id = await r.create(tx, request.body);
      const after = (await read(tx, id))!;
      await audit(tx, currentUser(request).id, 'POST', id, {}, after);
      return after;
    });
    onChange?.();
    return reply.status(201).send(record);
  });

  app.put<{ Params: { id: string } }>(`/${r.path}/:id`, { schema: { tags } }, async (request) => {
    const id = idParam(request.params.id);
    const record = await db.transaction(async (tx) => {
      const before = id === null ? null : await read(tx, id);
      if (!before || id === null) throw notFound(r.missing);
      await r.update(tx, id, request.body, before);
      const after = (await read(tx, id))!;
      await audit(tx, currentUser(request).id, 'PUT', id, before, after);
      return after;
    });
    onChange?.();
    return record;
  });

  app.delete<{ Params: { id: string } }>(`/${r.path}/:id`, { schema: { tags } }, async (request) => {
    const id = idParam(request.params.id);
    const record = await db.transaction(async (tx) => {
      const before = id === null ? null : await read(tx, id);
      if (!before || id === null) throw notFound(r.missing);
      await r.remove(tx, id);
      await audit(tx, currentUser(request).id, 'DELETE', id, before, {});
      return before;
    });
    onChange?.();
    return record;
  });
}
