import { eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../../lib/errors';
import { containsPattern } from '../../lib/query-params';

/** The filters of the content lists. */

export const searchFilter =
  (...columns: AnyPgColumn[]) =>
  (value: unknown): SQL => {
    if (typeof value !== 'string' || value.length > 200)
      throw badRequest('Filtre q : un texte de 200 caractères au plus.');
    const pattern = containsPattern(value.trim());
    return or(...columns.map((c) => ilike(c, pattern)))!;
  };
export const booleanFilter = (column: AnyPgColumn, name: string) => (value: unknown) => {
  if (typeof value !== 'boolean') throw badRequest(`Filtre ${name} : true ou false.`);
  return eq(column, value);
};
export const oneOfFilter =
  <T extends string>(column: AnyPgColumn, name: string, values: readonly T[]) =>
  (value: unknown) => {
    if (!values.includes(value as T)) throw badRequest(`Filtre ${name} : ${values.join(', ')}.`);
    return eq(column, value);
  };
