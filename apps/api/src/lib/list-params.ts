import { asc, desc, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './errors';
import { parseFilters, type FilterCondition } from './strapi-filters';
import { isRecord } from './request-inputs';

/**
 * The Strapi query parameters of a list besides `filters` (lib/strapi-filters.ts): `sort`,
 * `populate`, `pagination`, the `filters[$or]` group, and the list's reply. Each endpoint names
 * what it allows; anything else is a 400.
 */

/** qs reads `x[0]=a&x[1]=b` as an array, but as an object past its array limit: both are lists. */
function asList(value: unknown, label: string): unknown[] {
  if (Array.isArray(value)) return value;
  if (isRecord(value) && Object.keys(value).every((k) => /^\d+$/.test(k))) {
    return Object.entries(value)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, v]) => v);
  }
  throw badRequest(`Paramètre ${label} invalide.`);
}

/** Takes `filters[$or][i][...]` apart from the other filters, which parseFilters reads. */
export function splitOr(filters: unknown): { rest: unknown; or: unknown[] } {
  if (!isRecord(filters) || !('$or' in filters)) return { rest: filters, or: [] };
  const { $or, ...rest } = filters;
  return { rest: Object.keys(rest).length ? rest : undefined, or: asList($or, 'filters[$or]') };
}

export type SortDirection = 'asc' | 'desc';
export interface SortField {
  field: string;
  direction: SortDirection;
}

/**
 * `sort=position:asc,id:asc`, `sort[0]=position:asc&sort[1]=id:asc` or `sort=position`
 * (ascending). A field the endpoint does not name is a 400. `rank`, the order field of the
 * specification's generic data service (its default sort: `rank asc, id asc`), is `position`
 * wherever a list is sorted by position.
 */
export function parseSort(input: unknown, allowed: readonly string[]): SortField[] {
  if (input === undefined) return [];
  const items = typeof input === 'string' ? [input] : asList(input, 'sort');
  const out: SortField[] = [];
  for (const item of items) {
    if (typeof item !== 'string') throw badRequest('Paramètre sort invalide.');
    for (const part of item.split(',')) {
      const text = part.trim();
      if (!text) continue;
      const [field = '', dir = 'asc', ...extra] = text.split(':').map((s) => s.trim());
      const direction = dir.toLowerCase();
      if (extra.length || (direction !== 'asc' && direction !== 'desc')) {
        throw badRequest(`Sens de tri inconnu dans « ${text} » : asc ou desc.`);
      }
      const name = field === 'rank' && allowed.includes('position') ? 'position' : field;
      if (!allowed.includes(name)) throw badRequest(`Tri non autorisé : ${field}.`, { allowed });
      out.push({ field: name, direction });
    }
  }
  return out;
}

/** ORDER BY for the sort asked (or the default), always ending on the id so that pages are stable. */
export function orderBy(
  sort: SortField[],
  fallback: SortField[],
  columns: Record<string, PgColumn | SQL>,
  id: PgColumn,
): SQL[] {
  const fields = sort.length ? sort : fallback;
  const out = fields.map(({ field, direction }) => {
    const column = columns[field];
    if (!column) throw badRequest(`Tri non autorisé : ${field}.`, { allowed: Object.keys(columns) });
    return direction === 'asc' ? asc(column) : desc(column);
  });
  if (!fields.some((f) => columns[f.field] === id)) out.push(asc(id));
  return out;
}

const POPULATE_ALL = new Set([true, 'true', '*', '1', '']);

/** What `populate` asks for: the relations, and the filters some of them carry. */
export interface PopulateQuery {
  paths: string[];
  /** `populate[registrations][filters][event][id][$eq]=7`, by relation path. */
  filters: Record<string, FilterCondition[]>;
}

/**
 * Relations named in `populate`, in any Strapi form: `populate=*`, `populate=a,b.c`,
 * `populate[0]=a&populate[1]=b.c`, `populate[a]=true`, `populate[b][populate][0]=c`,
 * `populate[b][populate][c]=true`. Each must be one the endpoint allows (or `*`). A relation named
 * in `filterable` may also carry `filters` (Strapi 4 filters a populated relation that way), on
 * the fields listed for it; any other key inside a relation is a 400.
 */
export function parsePopulateQuery(
  input: unknown,
  allowed: readonly string[],
  filterable: Record<string, readonly string[]> = {},
): PopulateQuery {
  const result: PopulateQuery = { paths: [], filters: {} };
  if (input === undefined) return result;
  const { paths } = result;
  const read = (node: unknown, prefix: string): void => {
    if (typeof node === 'string') {
      for (const part of node.split(',')) {
        const name = part.trim();
        if (name) paths.push(prefix + name);
      }
      return;
    }
    if (Array.isArray(node)) {
      for (const item of node) {
        if (typeof item !== 'string') throw badRequest('Paramètre populate invalide.');
        read(item, prefix);
      }
      return;
    }
    if (!isRecord(node)) throw badRequest('Paramètre populate invalide.');
    for (const [key, value] of Object.entries(node)) {
      // `populate[0]=a` past qs's array limit arrives as an object with numeric keys.
      if (/^\d+$/.test(key) && typeof value === 'string') {
        read(value, prefix);
        continue;
      }
      const path = prefix + key;
      paths.push(path);
      if (POPULATE_ALL.has(value as string | boolean)) continue;
      const fields = Object.hasOwn(filterable, path) ? filterable[path] : undefined;
      if (!isRecord(value) || Object.keys(value).some((k) => k !== 'populate' && !(k === 'filters' && fields))) {
        throw badRequest(`Paramètre populate invalide pour ${path}.`, {
          allowed: fields ? ['populate', 'filters'] : ['populate'],
        });
      }
      if (value.filters !== undefined && fields) result.filters[path] = parseFilters(value.filters, fields);
      if (value.populate !== undefined) read(value.populate, `${path}.`);
    }
  };
  read(input, '');
  for (const path of paths) {
    if (path !== '*' && !path.endsWith('.*') && !allowed.includes(path)) {
      throw badRequest(`Relation non autorisée dans populate : ${path}.`, { allowed });
    }
    if (path.endsWith('.*') && !allowed.includes(path.slice(0, -2))) {
      throw badRequest(`Relation non autorisée dans populate : ${path}.`, { allowed });
    }
  }
  return result;
}

/** The relations of `populate` (see parsePopulateQuery), with no filters inside them. */
export function parsePopulate(input: unknown, allowed: readonly string[]): string[] {
  return parsePopulateQuery(input, allowed).paths;
}

/** Whether `populate` asks for this relation, by name, as `relation.*`, or with `*` at its level. */
export function populates(paths: readonly string[], relation: string): boolean {
  const parent = relation.includes('.') ? relation.slice(0, relation.lastIndexOf('.') + 1) : '';
  return paths.includes(relation) || paths.includes(`${relation}.*`) || paths.includes(`${parent}*`);
}

export interface Page {
  page: number;
  pageSize: number;
}

function positiveInt(value: unknown, label: string): number {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw badRequest(`${label} doit être un entier positif.`);
  return n;
}

/** `pagination[page]` and `pagination[pageSize]`; a page size over the maximum is cut down to it. */
export function parsePagination(input: unknown, options: { defaultPageSize: number; maxPageSize: number }): Page {
  if (input === undefined) return { page: 1, pageSize: options.defaultPageSize };
  if (!isRecord(input)) throw badRequest('Paramètre pagination invalide.');
  const unknown = Object.keys(input).filter((k) => k !== 'page' && k !== 'pageSize');
  if (unknown.length) {
    throw badRequest(`Paramètre de pagination non autorisé : pagination[${unknown[0]}].`, {
      allowed: ['page', 'pageSize'],
    });
  }
  const page = input.page === undefined ? 1 : positiveInt(input.page, 'pagination[page]');
  const pageSize =
    input.pageSize === undefined
      ? options.defaultPageSize
      : Math.min(positiveInt(input.pageSize, 'pagination[pageSize]'), options.maxPageSize);
  return { page, pageSize };
}

export function paginationMeta({ page, pageSize }: Page, total: number) {
  return { page, pageSize, pageCount: Math.ceil(total / pageSize), total };
}

/** A list's reply `{ data, meta: { pagination } }` as text, around the rows' JSON as the database wrote it (null: no rows). */
export function listReply(rowsJson: string | null, page: Page, total: number): string {
  return `{"data":[${rowsJson ?? ''}],"meta":${JSON.stringify({ pagination: paginationMeta(page, total) })}}`;
}

/** Sends JSON the database or listReply already wrote, as it is (Fastify would send a string as text/plain). */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** A free-text filter value: trimmed; empty means no filter (null). */
export function textValue(value: unknown, label: string): string | null {
  if (typeof value !== 'string') throw badRequest(`Texte attendu pour ${label}.`);
  const text = value.trim();
  if (text.length > 200) throw badRequest(`Texte trop long pour ${label} (200 caractères au plus).`);
  return text || null;
}

/** `%text%` for LIKE/ILIKE, with the text's own `%`, `_` and `\` matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function booleanValue(value: unknown, label: string): boolean {
  if (value === true || value === 'true' || value === '1') return true;
  if (value === false || value === 'false' || value === '0') return false;
  throw badRequest(`Valeur booléenne attendue pour ${label} (true, false, 1 ou 0).`);
}

/** A whole list in one page: the `{ data, meta }` answer of the unpaged endpoints. */
export function wholeList<T>(data: T[]) {
  return { data, meta: { pagination: { page: 1, pageSize: data.length, pageCount: 1, total: data.length } } };
}
