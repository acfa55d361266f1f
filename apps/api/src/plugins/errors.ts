import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ErrorAnswer } from '@salon/shared';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, badRequest } from '../lib/errors';
import { REQUEST_ID_HEADER } from '../lib/request-id';

const isErrorBody = (payload: unknown): payload is ErrorAnswer =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as Partial<ErrorAnswer>).error?.status === 'number' &&
  typeof (payload as Partial<ErrorAnswer>).error?.message === 'string';

export function errorBody(
  status: number,
  name: string,
  message: string,
  details: Record<string, unknown> = {},
): ErrorAnswer {
  return { error: { status, name, message, details } };
}

/** Fastify's own client errors, with a message a person can read. */
const clientErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Le corps de la requête n’est pas un JSON valide.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le corps de la requête est vide.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Le corps de la requête est trop volumineux.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Type de contenu non pris en charge.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'En-tête Content-Length invalide.',
};

/**
 * An empty body sent as JSON is no body where the route takes none (`sendEmailEBadge/:id`,
 * `make-current`…): a client that sets `Content-Type: application/json` on every request is not
 * refused. A route whose body Fastify validates still answers 'Le corps de la requête est vide.'; a
 * declared call's (lib/route.ts) reads no body as its form's refusal names it.
 */
export function acceptEmptyJsonAsNoBody(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const { schema, config } = request.routeOptions;
    if (body.length === 0 && (!schema?.body || config.formBody)) done(null, undefined);
    else void json(request, body as string, done);
  });
}

/**
 * The router's own refusals (a path with a broken percent-encoding, a path parameter past 100
 * characters), which never reach the error handler: same shape, and no echo of the URL.
 */
export function frameworkError(err: FastifyError, reply: FastifyReply): void {
  const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
  const message = status === 414 ? 'Adresse trop longue.' : 'Adresse invalide.';
  // No hook runs for these: the request id is added here.
  const { error } = errorBody(status, 'BadRequestError', message, { code: err.code });
  void reply
    .status(status)
    .header(REQUEST_ID_HEADER, reply.request.id)
    .send({ error: { ...error, requestId: reply.request.id } });
}

/**
 * Every error leaves as `{ error: { status, name, message, details } }`. Client mistakes are 400
 * with what was wrong; anything unexpected is logged and answered without its stack.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  // A user's report of an error (a screenshot of the body, the header in the browser's tools)
  // leads to the request's log lines.
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('preSerialization', async (request, _reply, payload) =>
    isErrorBody(payload) ? { error: { ...payload.error, requestId: request.id } } : payload,
  );
  // PostgreSQL refuses U+0000 in any text ("invalid byte sequence"), which would be a 500.
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.body) || hasNul(request.query) || hasNul(request.params)) {
      throw badRequest('Caractère nul (U+0000) refusé dans la requête.');
    }
  });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        path: [err.validationContext, ...v.instancePath.split('/').filter(Boolean)].filter(Boolean),
        message: v.message ?? 'invalid',
      }));
      return reply.status(400).send(errorBody(400, 'ValidationError', 'Données invalides.', { errors }));
    }
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send(errorBody(err.statusCode, err.errorName, err.message, err.details));
    }
    const code = err.code ?? '';
    if (code in clientErrors) {
      return reply.status(400).send(errorBody(400, 'BadRequestError', clientErrors[code] ?? err.message));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(errorBody(429, 'TooManyRequestsError', err.message));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(status, err.name || 'BadRequestError', err.message));
    }
    request.log.error({ err }, 'unexpected error');
    return reply.status(500).send(errorBody(500, 'InternalServerError', 'Une erreur interne est survenue.'));
  });
}

/** Whether a parsed body, query or path holds U+0000 in a text or a key, at any depth. */
function hasNul(input: unknown): boolean {
  const stack = [input];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}
