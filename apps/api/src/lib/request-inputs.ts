import * as z from 'zod/mini';
import { contentFormText, formFields } from '@salon/shared';
import { badRequest } from './errors';
import { isId } from './strapi-filters';

/**
 * What a request brings besides its path: a form's body, sent as `{ data: {...} }` (the Strapi
 * form) or bare, the query's fields, and a path's id. Each failure is a 400 naming the input.
 */

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * An input read with its schema, or a 400 'Données invalides.' with `details.errors[{ path,
 * message }]`, each path naming the input and its field (`['body', 'email']`, `['query', 'q']`):
 * the shape of the route schemas' own refusals. A content form's message key is answered in French
 * (contentFormText).
 */
export function parseInput<S extends z.ZodMiniType>(
  part: 'body' | 'query' | 'params',
  schema: S,
  value: unknown,
): z.infer<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    path: [part, ...issue.path.map(String)],
    message: contentFormText(issue.message),
  }));
  throw badRequest('Données invalides.', { errors });
}

/**
 * A form body, sent as `{ data: {...} }` (the Strapi form) or bare: a failure names the form
 * field (`['body', 'email']`) whichever form was sent.
 */
export function parseFormBody<S extends z.ZodMiniType>(schema: S, body: unknown): z.infer<S> {
  return parseInput('body', schema, formInput(body));
}

/** Query parameters read with a shared schema (a GET form's fields), each failure under `['query', name]`. */
export function parseQueryFields<S extends z.ZodMiniType>(schema: S, query: unknown): z.infer<S> {
  return parseInput('query', schema, query);
}

/** A form's fields, whether react-admin sent them whole or in `data`. */
export const formInput = formFields;

/** The fields a change names: those that are not undefined, to lay over the record's own. */
export function definedFields<T extends object>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** An id in a path: 400 unless digits, 404 beyond what a serial column holds. */
export function idParam(value: string): number | null {
  if (!/^\d+$/.test(value)) throw badRequest('Identifiant invalide : un entier positif est attendu.');
  const n = Number(value);
  return isId(n) ? n : null;
}

/** Only the query keys an endpoint names; anything else is a 400. */
export function assertQueryKeys(query: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(query).filter((k) => !allowed.includes(k));
  if (unknown.length) throw badRequest(`Paramètre de requête non autorisé : ${unknown.join(', ')}.`, { allowed });
}
