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

export const badRequest = (message: string, details?: Record<string, unknown>) => new HttpError(400, message, details);
export const unauthorized = (message = 'Authentification requise.') => new HttpError(401, message);
export const forbidden = (message = 'Accès refusé.') => new HttpError(403, message);
export const notFound = (message = 'Ressource introuvable.') => new HttpError(404, message);

/** PostgreSQL's unique_violation: two requests raced past the checks; the index decided. */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: unknown }).code === '23505' || (error as { cause?: { code?: unknown } }).cause?.code === '23505';
