import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type * as z from 'zod/mini';
import type { Call } from '@salon/shared';
import { AUDIENCES, only } from '../plugins/auth';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { assertQueryKeys, parseInput } from './request-inputs';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route whose form body route() reads (lib/route.ts): no body is read as its form's refusal names it. */
    formBody?: boolean;
  }
}

type Out<S> = [NonNullable<S>] extends [never]
  ? unknown
  : NonNullable<S> extends z.ZodMiniType
    ? z.output<NonNullable<S>>
    : unknown;
type Sent<R> = { [K in keyof R]: R[K] extends z.ZodMiniType ? z.input<R[K]> : unknown }[keyof R];

/** A declared call's request: its body, query and path parameters as their schemas read them. */
export type CallRequest<C extends Call> = FastifyRequest & {
  /** A handlerForm's body is the handler's to read. */
  body: NonNullable<C['body']> extends { byHandler: true } ? unknown : Out<C['body']>;
  query: Out<C['query']>;
  params: Out<C['params']>;
};
export type CallHandler<C extends Call> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => Promise<Sent<C['response']> | FastifyReply | void>;

/**
 * Options a route adds to its call: rate limits, its own preHandler (a kiosk's token), a check
 * before its body is read (preValidation), its config, its log level.
 */
export type RouteOptions = Pick<
  RouteShorthandOptions,
  'preHandler' | 'preValidation' | 'config' | 'bodyLimit' | 'constraints' | 'logLevel'
>;

/** How route() reads an input (packages/shared `ReadAs`), or null: Fastify validates it. */
const readAs = (schema: z.ZodMiniType | undefined) =>
  (schema ?? {}) as Partial<{ form: unknown; byHandler: true; queryKeys: string[]; queryFields: true }>;

/**
 * The call's inputs read the specification's way (a form body, a Strapi query), after its audience
 * and the route's own checks, as the handlers read them before: a failure names the input
 * (`['body', 'email']`), and a Strapi query refuses an unknown parameter by name (assertQueryKeys).
 */
function readInputs(c: Call) {
  const { queryKeys, queryFields } = readAs(c.query);
  const form = readAs(c.body).form && !readAs(c.body).byHandler ? c.body : undefined;
  return async (request: FastifyRequest) => {
    if (queryKeys) assertQueryKeys(request.query as Record<string, unknown>, queryKeys);
    if (queryFields && c.query) request.query = parseInput('query', c.query, request.query);
    if (form) request.body = parseInput('body', form, request.body);
  };
}

/** Whether route() reads this part of the request itself (readInputs), rather than Fastify. */
function readByRoute(c: Call, part: string): boolean {
  const { form, queryKeys, queryFields } = readAs(
    part === 'body' ? c.body : part === 'querystring' ? c.query : undefined,
  );
  return !!(form ?? queryKeys ?? queryFields);
}

/**
 * The call's path as its plugin registers it: a call's path is the API's (`/admin/media`), and a
 * plugin under a prefix of its own (the back-office's `/admin`) registers it without that prefix.
 */
function pathUnder(prefix: string, path: string): string {
  const segments = prefix.split('/').filter(Boolean);
  for (let i = 0; i < segments.length; i++) {
    const tail = `/${segments.slice(i).join('/')}`;
    if (path.startsWith(`${tail}/`)) return path.slice(tail.length);
  }
  return path;
}

/**
 * Registers a declared call: its method and path, its inputs and answers in the route's schema
 * (so `/backend/docs` shows them), its audience's check (AUDIENCES) and config, then the handler
 * with typed inputs. The kiosks' audiences check their token in the route's own preHandler.
 */
export function route<C extends Call>(
  app: FastifyInstance,
  c: C,
  options: RouteOptions,
  handler: CallHandler<C>,
): void {
  const audience = c.audience && c.audience in AUDIENCES ? AUDIENCES[c.audience as keyof typeof AUDIENCES] : null;
  const checks = audience ? only(app, audience).preHandler : [];
  const inputs = { body: c.body, querystring: c.query, params: c.params };
  app.route({
    ...options,
    method: c.method,
    url: pathUnder(app.prefix, c.path),
    schema: {
      tags: [...c.tags],
      ...(c.summary && { summary: c.summary }),
      // Fastify warns of a part declared undefined.
      ...Object.fromEntries(Object.entries(inputs).filter(([, schema]) => schema)),
      response: c.response,
    },
    // A form or a Strapi query is read by readInputs, after the audience: a caller refused is
    // told so before its body is read. Other inputs Fastify validates as they arrive.
    validatorCompiler: (req) =>
      readByRoute(c, req.httpPart ?? '')
        ? () => true
        : validatorCompiler(req as unknown as Parameters<typeof validatorCompiler>[0]),
    preHandler: [...checks, ...[options.preHandler ?? []].flat(), readInputs(c)],
    config: { ...options.config, audience: c.audience, formBody: !!readAs(c.body).form },
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
