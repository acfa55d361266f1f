import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type * as z from 'zod/mini';
import type { Call } from '@salon/shared';
import { AUDIENCES, only } from '../plugins/auth';
import { assertQueryKeys, parseInput } from './request-inputs';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A call declared in packages/shared, registered by route(): its inputs are read after its audience. */
    declared?: boolean;
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
  body: Out<C['body']>;
  query: Out<C['query']>;
  params: Out<C['params']>;
};
export type CallHandler<C extends Call> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => Promise<Sent<C['response']> | FastifyReply | void>;

/** Options a route adds to its call: rate limits, its own preHandler (a kiosk's token), its config. */
export type RouteOptions = Pick<RouteShorthandOptions, 'preHandler' | 'config' | 'bodyLimit' | 'constraints'>;

/** Keys an object schema refuses (a z.strictObject), else none: the query's own refusal says which are allowed. */
function strictKeys(schema: z.ZodMiniType): string[] | null {
  const def = schema._zod.def as { shape?: object; catchall?: z.ZodMiniType };
  return def.shape && def.catchall?._zod.def.type === 'never' ? Object.keys(def.shape) : null;
}

/**
 * The call's inputs, read after its audience and the route's own checks, as the handlers read
 * them before: a failure names the input (`['body', 'email']`), and a strict query refuses an
 * unknown parameter by name (assertQueryKeys).
 */
function readInputs(c: Call) {
  const allowed = c.query && strictKeys(c.query);
  return async (request: FastifyRequest) => {
    if (c.params) request.params = parseInput('params', c.params, request.params);
    if (c.query) {
      if (allowed) assertQueryKeys(request.query as Record<string, unknown>, allowed);
      request.query = parseInput('query', c.query, request.query);
    }
    if (c.body) request.body = parseInput('body', c.body, request.body);
  };
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
    url: c.path,
    schema: {
      tags: [...c.tags],
      // Fastify warns of a part declared undefined.
      ...Object.fromEntries(Object.entries(inputs).filter(([, schema]) => schema)),
      response: c.response,
    },
    // Read by readInputs, after the audience: a caller refused is told so before its body is read.
    validatorCompiler: () => () => true,
    preHandler: [...checks, ...[options.preHandler ?? []].flat(), readInputs(c)],
    config: { ...options.config, audience: c.audience, declared: true },
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
