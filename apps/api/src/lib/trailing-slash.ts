import type { FastifyServerOptions } from 'fastify';

type Strategy = NonNullable<NonNullable<FastifyServerOptions['routerOptions']>['constraints']>[string];

/** Whether the path of a raw request URL ends with a slash (the root aside). */
export function endsWithSlash(url: string | undefined): boolean {
  const raw = url ?? '';
  const query = raw.indexOf('?');
  const path = query === -1 ? raw : raw.slice(0, query);
  return path.length > 1 && path.endsWith('/');
}

/**
 * The router reads `/x/` as `/x` (routerOptions.ignoreTrailingSlash), as the specification's
 * client writes `newsletters/`, `sib/`... One address gives the slash a meaning:
 * `POST auth/local/register/` adds a collaborator, `POST auth/local/register` registers a visitor.
 * The route that wants the slash says so with `constraints: ONLY_WITH_TRAILING_SLASH`; the other,
 * on the same path, has no constraint and answers every request without the slash.
 */
export const trailingSlashStrategy: Strategy = {
  name: 'trailingSlash',
  // A slashed request still reaches an unconstrained route where no route asks for the slash.
  mustMatchWhenDerived: false,
  storage() {
    const handlers = new Map<unknown, unknown>();
    return {
      get: (value: unknown) => (handlers.get(value) ?? null) as never,
      set: (value: unknown, handler: unknown) => void handlers.set(value, handler),
    };
  },
  validate(value: unknown) {
    if (value !== true) throw new Error('The trailingSlash constraint takes only true.');
  },
  // Undefined without the slash: only unconstrained routes match then.
  deriveConstraint: (req: { url?: string }) => (endsWithSlash(req.url) ? true : undefined) as never,
};

export const ONLY_WITH_TRAILING_SLASH = { trailingSlash: true } as const;
