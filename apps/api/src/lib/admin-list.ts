import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { badRequest } from './errors';
import { isId, MAX_INT } from './strapi-filters';
import { containsPattern, textValue } from './list-params';

/**
 * The list query of react-admin's simple REST data provider: `sort=["field","ASC"]`,
 * `range=[0,24]` (both ends included) and `filter={"field":value}`, each JSON. Only the listed
 * fields may be sorted on or filtered by; anything else is a 400.
 */
export interface ListQuery {
  orderBy: SQL[];
  where: SQL[];
  offset: number;
  limit: number;
}

const MAX_PAGE = 500;

/** A row offset: no table here nears 2^31 rows, and past a bigint the database raises an error (a 500). */
const isOffset = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= MAX_INT;

function json(value: unknown, name: string): unknown {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`Paramètre ${name} : JSON attendu.`);
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest(`Paramètre ${name} : JSON attendu.`);
  }
}

export function parseListQuery(
  query: Record<string, unknown>,
  options: {
    sortable: Record<string, AnyPgColumn | SQL>;
    defaultSort: SQL[];
    /** Each filter turns the value sent into a condition, or throws a 400. */
    filters: Record<string, (value: unknown) => SQL>;
  },
): ListQuery {
  const unknownKeys = Object.keys(query).filter((k) => !['sort', 'range', 'filter'].includes(k));
  if (unknownKeys.length) throw badRequest(`Paramètre de requête non autorisé : ${unknownKeys.join(', ')}.`);

  let orderBy = options.defaultSort;
  const sort = json(query.sort, 'sort');
  if (sort !== undefined) {
    const [field, order] = Array.isArray(sort) ? (sort as unknown[]) : [];
    // Own keys only: `__proto__` or `constructor` would otherwise find Object's own members.
    const column =
      typeof field === 'string' && Object.hasOwn(options.sortable, field) ? options.sortable[field] : undefined;
    if (!column || (order !== 'ASC' && order !== 'DESC')) {
      throw badRequest(`Tri possible sur : ${Object.keys(options.sortable).join(', ')} (ASC ou DESC).`);
    }
    orderBy = [order === 'ASC' ? asc(column) : desc(column), ...options.defaultSort];
  }

  let offset = 0;
  let limit = 25;
  const range = json(query.range, 'range');
  if (range !== undefined) {
    const [from, to] = Array.isArray(range) ? (range as unknown[]) : [];
    if (!isOffset(from) || !isOffset(to) || to < from || to - from >= MAX_PAGE) {
      throw badRequest(`Paramètre range : [début, fin], de 0 à ${MAX_INT}, au plus ${MAX_PAGE} lignes.`);
    }
    offset = from;
    limit = to - from + 1;
  }

  const where: SQL[] = [];
  const filter = json(query.filter, 'filter');
  if (filter !== undefined) {
    if (!filter || typeof filter !== 'object' || Array.isArray(filter))
      throw badRequest('Paramètre filter : objet attendu.');
    for (const [key, value] of Object.entries(filter)) {
      const condition = Object.hasOwn(options.filters, key) ? options.filters[key] : undefined;
      if (!condition) throw badRequest(`Filtre possible sur : ${Object.keys(options.filters).join(', ')}.`);
      where.push(condition(value));
    }
  }
  return { orderBy, where, offset, limit };
}

/** The header react-admin reads the total from: `Content-Range: <resource> <first>-<last>/<total>`. */
export function sendList<T>(reply: FastifyReply, resource: string, list: ListQuery, rows: T[], total: number): T[] {
  const last = rows.length ? list.offset + rows.length - 1 : list.offset;
  void reply.header('content-range', `${resource} ${list.offset}-${last}/${total}`);
  return rows;
}

/** A count query, `select({ n: count() })` from the list's table and the joins its filters need. */
type CountQuery = PgSelect<string, { n: SQL<number> }, 'partial'>;

/**
 * A list's page and the number of rows its filter keeps, read at once: the rows query (without a
 * where) gets the filter, the order and the page, the count query the same filter. `scope` keeps
 * the rows that are this list's at all (live accounts of one type, one edition's halls).
 */
export async function readPage<Q extends PgSelect>(
  list: ListQuery,
  rows: Q,
  counted: CountQuery,
  scope?: SQL,
): Promise<{ rows: Awaited<Q>; total: number }> {
  const where = and(scope, ...list.where);
  const [page, [total]] = await Promise.all([
    rows
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    counted.where(where),
  ]);
  return { rows: page, total: total?.n ?? 0 };
}

/**
 * An edition named by a list's `edition` filter or a read's `?edition=` (its id, as the back-office's
 * 'Éditions' give it): a number, or a text of digits as a query string carries it. A 400 otherwise;
 * an id no edition has reads as an empty edition.
 */
export function editionFilterId(value: unknown, name: string): number {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  if (!isId(id)) throw badRequest(`Filtre ${name} : l’identifiant d’une édition (entier de 1 à ${MAX_INT}).`);
  return id;
}

/**
 * The list filters every back-office list takes its own from. `q`: a case-insensitive part of any
 * of the columns, 200 characters at most; an empty text filters nothing.
 */
export const searchFilter =
  (...columns: (AnyPgColumn | SQL)[]) =>
  (value: unknown): SQL => {
    const text = textValue(value, 'q');
    if (text === null) return sql`true`;
    return or(...columns.map((column) => ilike(column, containsPattern(text))))!;
  };

export const booleanFilter = (column: AnyPgColumn, name: string) => (value: unknown) => {
  if (typeof value !== 'boolean') throw badRequest(`Filtre ${name} : true ou false.`);
  return eq(column, value);
};

export const idFilter = (column: AnyPgColumn, name: string) => (value: unknown) => {
  if (!isId(value)) throw badRequest(`Filtre ${name} : un identifiant (entier de 1 à ${MAX_INT}).`);
  return eq(column, value);
};

export const oneOfFilter =
  <T extends string>(column: AnyPgColumn, name: string, values: readonly T[]) =>
  (value: unknown) => {
    if (!values.includes(value as T)) throw badRequest(`Filtre ${name} : ${values.join(', ')}.`);
    return eq(column, value);
  };
