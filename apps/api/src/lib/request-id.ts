import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy may name a request with: a plain token, nothing that could forge a log line. */
const SANE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The request's id (Fastify's `genReqId`): the proxy's X-Request-Id when it sent a sane one, so
 * that its access log and ours name the request alike; else a new UUID.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}
