import { Redis } from 'ioredis';

/** The address without its password, fit for a log line. */
export function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unreadable address)';
  }
}

/** Why Redis at `url` cannot be used, in one line, or null once it answered a PING. */
export async function redisProblem(url: string, timeoutMs = 3000): Promise<string | null> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The connection's own error says why (ECONNREFUSED, a DNS failure); the command's only that it closed.
  let cause: Error | undefined;
  redis.on('error', (err: Error) => (cause ??= err));
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (err) {
    const reason = (cause ?? err) instanceof Error ? (cause ?? (err as Error)).message : String(err);
    return (
      `REDIS_URL ${withoutPassword(url)} does not answer (${reason}): start Redis, fix REDIS_URL, ` +
      'or unset it to run a single instance (rate limits and cache messages then stay in this process).'
    );
  } finally {
    redis.disconnect();
  }
}

/** Why the database could not be opened, in one line. */
export function databaseProblem(url: string | undefined, err: unknown): string {
  const e = err as { message?: string; code?: string };
  const reason = e.message || e.code || String(err);
  if (!url) return `The embedded database under DATA_DIR could not be opened: ${reason}`;
  const hint =
    e.code === '3D000'
      ? 'create the database (createdb) or fix the name in DATABASE_URL'
      : e.code === '28P01' || e.code === '28000'
        ? 'fix the user or password in DATABASE_URL'
        : 'start PostgreSQL or fix the host and port in DATABASE_URL';
  return `DATABASE_URL ${withoutPassword(url)}: cannot connect (${reason}): ${hint}.`;
}
