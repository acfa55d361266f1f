import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Pages' loaders call the API in process. Those calls carry this process's random token, so the
 * per-address rate limit (every in-process call comes from 127.0.0.1) does not count them;
 * nobody outside the process can know the token.
 */
export const INTERNAL_CALL_HEADER = 'x-internal-call';
export const internalCallToken = randomBytes(24).toString('base64url');
const expected = Buffer.from(internalCallToken);

export function isInternalCall(request: FastifyRequest): boolean {
  const header = request.headers[INTERNAL_CALL_HEADER];
  if (typeof header !== 'string') return false;
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
