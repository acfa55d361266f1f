/**
 * HTTPS to the cluster's Caddy as a browser or a phone sends it, each answer timed on the run's
 * clock (`now()`, from `resetClock()`).
 */
import https from 'node:https';
import { gunzipSync } from 'node:zlib';

export interface Reply {
  /** 0 when no answer came (socket error, timeout). */
  status: number;
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
  error?: string;
  /** Milliseconds since the run's start. */
  start: number;
  end: number;
}

/** The run's clock: milliseconds since `resetClock()`. */
let origin = performance.now();
export const resetClock = () => {
  origin = performance.now();
};
export const now = () => performance.now() - origin;

/**
 * Requests to the cluster's Caddy over `connections` keep-alive sockets at most, as a browser or
 * a phone does: TLS with Caddy's own authority (not checked: the bench only), compressed answers.
 */
export class Client {
  private agent: https.Agent;
  constructor(
    private readonly port: number,
    connections: number,
  ) {
    this.agent = new https.Agent({ keepAlive: true, maxSockets: connections, rejectUnauthorized: false });
  }

  request(
    method: string,
    urlPath: string,
    options: { headers?: Record<string, string>; json?: unknown; timeoutMs?: number } = {},
  ): Promise<Reply> {
    const start = now();
    const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
    return new Promise((resolve) => {
      const req = https.request(
        {
          agent: this.agent,
          host: '127.0.0.1',
          port: this.port,
          servername: 'localhost',
          method,
          path: urlPath,
          headers: {
            host: `localhost:${this.port}`,
            'accept-encoding': 'gzip',
            ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
            ...options.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks),
              headers: res.headers,
              start,
              end: now(),
            }),
          );
          res.on('error', (err) =>
            resolve({ status: 0, body: Buffer.alloc(0), headers: {}, error: err.message, start, end: now() }),
          );
        },
      );
      req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error('timeout')));
      req.on('error', (err: NodeJS.ErrnoException) =>
        resolve({ status: 0, body: Buffer.alloc(0), headers: {}, error: err.code ?? err.message, start, end: now() }),
      );
      req.end(body);
    });
  }

  close() {
    this.agent.destroy();
  }
}

/** The answer's JSON (gunzipped when it came compressed). */
export function json<T>(reply: Reply): T {
  const raw = reply.headers['content-encoding'] === 'gzip' ? gunzipSync(reply.body) : reply.body;
  return JSON.parse(raw.toString('utf8')) as T;
}
