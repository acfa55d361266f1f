import { badRequest } from './errors';

export type FilterOp = '$eq' | '$ne' | '$in' | '$null' | '$notNull' | '$contains' | '$containsi' | '$startsWithi';
export interface FilterCondition {
  path: string;
  op: FilterOp;
  value: unknown;
}

const OPS = new Set<string>(['$eq', '$ne', '$in', '$null', '$notNull', '$contains', '$containsi', '$startsWithi']);

/**
 * Reads Strapi-style `filters[...]` (already parsed by qs) into flat conditions, refusing any
 * field or operator the endpoint does not allow: no endpoint is a generic query engine.
 * `filters[event]=7`, `filters[event][id]=7` and `filters[event][id][$eq]=7` all read as
 * `{ path: 'event.id', op: '$eq', value: '7' }` when 'event.id' is allowed.
 */
export function parseFilters(input: unknown, allowed: readonly string[]): FilterCondition[] {
  if (input === undefined) return [];
  if (!isObject(input)) throw badRequest('Paramètre filters invalide.');
  const out: FilterCondition[] = [];
  const walk = (node: unknown, path: string[]): void => {
    if (!isObject(node)) {
      out.push(condition(path, '$eq', node, allowed));
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('$')) {
        if (!OPS.has(key)) throw badRequest(`Opérateur de filtre non autorisé : ${key}.`);
        out.push(condition(path, key as FilterOp, value, allowed));
      } else {
        walk(value, [...path, key]);
      }
    }
  };
  walk(input, []);
  return out;
}

function condition(path: string[], op: FilterOp, value: unknown, allowed: readonly string[]): FilterCondition {
  let name = path.join('.');
  // A relation filtered by its bare value means its id.
  if (!allowed.includes(name) && allowed.includes(`${name}.id`)) name = `${name}.id`;
  if (!allowed.includes(name)) {
    throw badRequest(`Filtre non autorisé : filters[${path.join('][')}].`, { allowed });
  }
  return { path: name, op, value };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The largest value of an `integer` column: past it PostgreSQL raises an error (a 500), not a miss. */
export const MAX_INT = 2_147_483_647;

/** Whether a value can be a row id: an integer a serial column can hold. */
export const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_INT;

/** An id sent in a filter: an integer of 1 to 2147483647, else a 400. */
export function intValue(value: unknown, label: string): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw badRequest(`Valeur entière attendue pour ${label}.`);
  if (!isId(n)) throw badRequest(`Valeur hors limites pour ${label} : un entier de 1 à ${MAX_INT} est attendu.`);
  return n;
}
