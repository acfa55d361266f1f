export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Route = `${Method} /${string}`;

/**
 * Every route Fastify knows, from `printRoutes({ commonPrefix: false })`: a tree whose lines
 * carry a path piece to add to the parent's path and the methods in parentheses. HEAD, which
 * Fastify adds to every GET, is left out.
 */
export function fastifyRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    if (!line.trim()) continue;
    const m = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) throw new Error(`printRoutes line not understood: ${JSON.stringify(line)}`);
    const depth = m[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack.length = depth;
    stack.push(path);
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim())) {
      if (method && method !== 'HEAD') routes.push(`${method} ${path}` as Route);
    }
  }
  return routes;
}
