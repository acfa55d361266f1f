import * as z from 'zod/mini';
import type { Answer } from './contracts/common';
import { toQueryString } from './query-string';

/**
 * A call of the API, declared once: its method, path (Fastify's, `:id` for a parameter), inputs,
 * answers and audience. The API registers it (`route()`, apps/api/src/lib/route.ts), the site
 * and the back-office send it (`api()`, apps/web/app/lib/api-client.ts), and the API's
 * description (`/backend/docs`) shows it.
 */

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route: an account type's (apps/api/src/plugins/auth.ts `AUDIENCES`), the
 * kiosks' (a kiosk token), or the exhibitor directory's (anyone, or a signed-in caller's own
 * list). A call that names none is open to anyone.
 */
export type AudienceName =
  | 'signedIn'
  | 'gateStaff'
  | 'exhibitorsAndTeams'
  | 'exhibitors'
  | 'organisers'
  | 'kiosks'
  | 'kiosksAndGateStaff'
  | 'anyoneOrSignedIn';

/** What a call declares of itself: a group's helper (`backOfficeCall`) adds its tags and audience. */
export interface CallSpec<
  M extends CallMethod = CallMethod,
  P extends string = string,
  B extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Q extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  A extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  R extends Record<number, unknown> = Record<number, unknown>,
> {
  method: M;
  path: P;
  body?: B;
  query?: Q;
  /** The path's parameters: strings as the router reads them (an id is checked by the route). */
  params?: A;
  response: R;
  /** What the API's description says besides the inputs: a multipart body's field, which the API reads itself. */
  summary?: string;
}

export interface Call<
  M extends CallMethod = CallMethod,
  P extends string = string,
  B extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Q extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  A extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  R extends Record<number, unknown> = Record<number, unknown>,
> extends CallSpec<M, P, B, Q, A, R> {
  tags: readonly string[];
  audience?: AudienceName;
}

/** A call's declaration, kept as typed as it is written. */
export const call = <
  M extends CallMethod,
  P extends string,
  R extends Record<number, unknown>,
  B extends z.ZodMiniType | undefined = undefined,
  Q extends z.ZodMiniType | undefined = undefined,
  A extends z.ZodMiniType | undefined = undefined,
>(
  declaration: Call<M, P, B, Q, A, R>,
) => declaration;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A form's fields, whether they were sent whole or in the specification's `data` wrapper. */
export const formFields = (body: unknown): unknown => (isRecord(body) && isRecord(body.data) ? body.data : body);

/**
 * How the API reads an input the specification's way, after the call's audience (apps/api
 * lib/route.ts): a form body (bare or in `data`), a Strapi query whose parameters are named (any
 * other is refused by name), or a GET form's fields. An input without it is a plain schema that
 * Fastify validates as the request arrives.
 */
export type ReadAs =
  | { readonly form: z.ZodMiniType; readonly byHandler?: true }
  | { readonly queryKeys: readonly string[] }
  | { readonly queryFields: true };

/** A form body: the schema's fields, sent bare or as `{ data: { … } }` (the Strapi form). */
export type FormBody<S extends z.ZodMiniType> = z.ZodMiniPipe<z.ZodMiniTransform<unknown, unknown>, S> & {
  readonly form: S;
};

/** A body read as a form (see formFields): failures name the field (`['body', 'email']`) whichever form was sent. */
export function formBody<S extends z.ZodMiniType>(schema: S): FormBody<S> {
  return Object.assign(z.pipe(z.transform(formFields), schema), { form: schema });
}

/**
 * A form declared for the client and the API's description, read by the handler: its rules
 * depend on the caller (an exhibitor's fields, or a collaborator's), or it comes after the
 * handler's own checks (the record it changes must exist first).
 */
export function handlerForm<S extends z.ZodMiniType>(schema: S): FormBody<S> & { readonly byHandler: true } {
  return Object.assign(formBody(schema), { byHandler: true as const });
}

/** A path's `:id`: the route reads it as an id (a 400 unless digits, a 404 past the largest). */
export const idPath = z.object({ id: z.string() });

/**
 * Strapi's query parameters a call takes, by name: their values are read by the route (filters,
 * sort, populate, pagination), and any other parameter is refused.
 */
export function strapiQuery<const K extends string = never>(...keys: K[]) {
  const shape = Object.fromEntries(keys.map((k) => [k, z.optional(z.unknown())]));
  return Object.assign(z.object(shape as Record<K, z.ZodMiniOptional<z.ZodMiniUnknown>>), { queryKeys: keys });
}

/** A query the handler reads whole, whatever its parameters (the exhibitor directory's). */
export const openQuery = queryFields(z.record(z.string(), z.unknown()));

/** A GET form's fields in the query: a failure names the parameter (`['query', 'q']`). */
export function queryFields<S extends z.ZodMiniType>(schema: S): S & { readonly queryFields: true } {
  return Object.assign(schema.clone(), { queryFields: true as const });
}

/** What a call's body is as the client writes it: a form's fields, bare or in `data`. */
export type BodyInput<B> = B extends { form: infer S extends z.ZodMiniType }
  ? z.input<S> | { data: z.input<S> }
  : B extends z.ZodMiniType
    ? z.input<B>
    : never;

type Success<R> = R extends Record<200, infer S> ? S : R extends Record<201, infer S> ? S : never;

/** The answer of a call's success (200, or 201), as the client reads it. */
export type CallAnswer<C extends Call> =
  Success<C['response']> extends infer S extends z.ZodMiniType ? Answer<S> : unknown;

type Input<S> = S extends z.ZodMiniType ? z.input<S> : never;

/** The inputs a client gives a call: those it declares, typed by their schemas. */
export type CallInput<C extends Call> = ([NonNullable<C['params']>] extends [never]
  ? { params?: never }
  : { params: Input<C['params']> }) &
  ([NonNullable<C['query']>] extends [never]
    ? { query?: never }
    : Record<never, never> extends Input<C['query']>
      ? { query?: Input<C['query']> }
      : { query: Input<C['query']> }) &
  ([NonNullable<C['body']>] extends [never] ? { body?: never } : { body: BodyInput<NonNullable<C['body']>> });

/** A call's path with its parameters filled in, without the leading slash (`exhibitors/ab%20c`). */
export function callPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/^\//, '').replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** A declared call's address under the API: its path filled with `params`, then its `query`. */
export function callUrl<C extends Call>(c: C, input: CallInput<C>): string {
  const { params, query } = input as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  return `${callPath(c.path, params)}${query ? `?${toQueryString(query)}` : ''}`;
}
