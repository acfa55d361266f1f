export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Route = `${Method} /${string}`;

/**
 * Every route Fastify knows, from `printRoutes({ commonPrefix: false })`: a tree whose lines
 * carry a path piece to add to the parent's path and the methods in parentheses. HEAD, which
 * Fastify adds to every GET, is left out. A path with two routes of different constraints prints
 * the second on a line of its own, one level deeper and without a branch; the one route that asks
 * for a trailing slash (`{"trailingSlash":true}`, lib/trailing-slash.ts) is listed with it.
 */
export function fastifyRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  const add = (path: string, methods: string | undefined, constraints: string | undefined) => {
    const slash = constraints && (JSON.parse(constraints) as { trailingSlash?: boolean }).trailingSlash ? '/' : '';
    for (const method of (methods ?? '').split(',').map((s) => s.trim())) {
      if (method && method !== 'HEAD') routes.push(`${method} ${path}${slash}` as Route);
    }
  };
  for (const line of tree.split('\n')) {
    if (!line.trim()) continue;
    const m = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?(?: (\{.*\}))?$/.exec(line);
    if (m) {
      const depth = m[1]!.length / 4;
      const path = (stack[depth - 1] ?? '') + m[2]!;
      stack.length = depth;
      stack.push(path);
      add(path, m[3], m[4]);
      continue;
    }
    const more = /^((?:│ {3}| {4})+)\S.*? \(([A-Z, ]+)\)(?: (\{.*\}))?$/.exec(line);
    if (!more || more[1]!.length / 4 !== stack.length) {
      throw new Error(`printRoutes line not understood: ${JSON.stringify(line)}`);
    }
    add(stack.at(-1)!, more[2], more[3]);
  }
  return routes;
}
