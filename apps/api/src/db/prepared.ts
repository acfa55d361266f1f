import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const dialect = new PgDialect();

/**
 * Statements whose text depends only on a few choices (their "shape"), their values given as
 * `sql.placeholder`s at each call. On PostgreSQL each shape is a named statement, parsed and
 * planned once per connection; on PGlite its thread prepares every text once anyway (pglite-worker.js).
 * Past `maxShapes` (when the client's query decides the shape) a new shape runs unnamed.
 *
 *   const page = preparedStatements<Rows>('scans_page', 4);
 *   const { rows } = await page(db, key, () => sql`…`).execute({ limit: 50 });
 */
export function preparedStatements<Rows>(prefix: string, maxShapes: number) {
  type Statement = PreparedQueryConfig & { execute: { rows: Rows[] } };
  const byDb = new WeakMap<Db, Map<string, PgPreparedQuery<Statement>>>();
  return (db: Db, shape: string, build: () => SQL): PgPreparedQuery<Statement> => {
    let byShape = byDb.get(db);
    if (!byShape) byDb.set(db, (byShape = new Map<string, PgPreparedQuery<Statement>>()));
    const known = byShape.get(shape);
    if (known) return known;
    const named = byShape.size < maxShapes;
    const statement = db._.session.prepareQuery<Statement>(
      dialect.sqlToQuery(build()),
      undefined,
      named ? `${prefix}_${byShape.size}` : undefined,
      false,
    );
    if (named) byShape.set(shape, statement);
    return statement;
  };
}
