import type { FastifyReply } from 'fastify';

/** A failure the caller can act on; the error handler turns it into `{ error: { status, name, message, details } }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly errorName = statusNames[statusCode] ?? 'Error',
  ) {
    super(message);
  }
}

const statusNames: Record<number, string> = {
  400: 'ValidationError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  409: 'ConflictError',
  429: 'TooManyRequestsError',
};

/** How long a refusal asks to wait (whole seconds), as its message says it: '45 s', '1 minute', '15 minutes'. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes > 1 ? 's' : ''}`;
}

/**
 * The refusal past a budget: a 429 in the error shape, whose reply says when to come back
 * (Retry-After, in seconds) and is kept by no cache. `what` opens the message.
 */
export function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number, what = 'Trop de requêtes.'): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  void reply.header('retry-after', seconds).header('cache-control', 'no-store');
  return new HttpError(429, `${what} Veuillez réessayer dans ${waitText(seconds)}.`);
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new HttpError(400, message, details);
export const unauthorized = (message = 'Authentification requise.') => new HttpError(401, message);
export const forbidden = (message = 'Accès refusé.') => new HttpError(403, message);
export const notFound = (message = 'Ressource introuvable.') => new HttpError(404, message);
/** A refusal the client tells apart by its `code` (a 409 'notAnOption', a 429 'tooManyOrders'…), with what it names. */
export const refusal = (status: number, code: string, message: string, values: Record<string, unknown> = {}) =>
  new HttpError(status, message, { code, ...values });

/** PostgreSQL's unique_violation: two requests raced past the checks; the index decided. */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: unknown }).code === '23505' || (error as { cause?: { code?: unknown } }).cause?.code === '23505';
