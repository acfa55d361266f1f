import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorSchema } from '@salon/shared';
import * as z from 'zod/mini';

/**
 * An onSend hook for the tests' apps (NODE_ENV=test): a JSON answer written as text ahead of the
 * serializer (the directory's and 'Mes scans'' pages come from the database as JSON text) is
 * held to its route's declared contract all the same, so a field outside it fails the route's
 * tests with a 500 as a serialized answer would; every refusal is held to the error contract.
 * Production sends the text as it is.
 */
export async function answerMeetsContract(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string') return payload;
  const declared = request.routeOptions.schema?.response as Record<number, unknown> | undefined;
  // A refusal or a failure is held to the one error contract, unless the route declares its own
  // (the readiness probe's 503).
  const schema = declared?.[reply.statusCode] ?? (reply.statusCode >= 400 ? errorSchema : undefined);
  const type = String(reply.getHeader('content-type') ?? '');
  if (!(schema instanceof z.ZodMiniType) || !type.startsWith('application/json')) return payload;
  const result = z.safeParse(schema, JSON.parse(payload));
  if (!result.success) {
    throw new Error(
      `${request.method} ${request.routeOptions.url} answered outside its contract: ${result.error.message}`,
    );
  }
  return payload;
}
