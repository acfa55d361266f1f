import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ping, type Database } from '../db/client';
import type { Clock } from '../lib/clock';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; clock: Clock }> = async (
  app,
  { database, clock },
) => {
  // The web app takes its time from here: one clock for the whole product.
  app.get('/health', { schema: { tags: ['system'] } }, async () => {
    await ping(database.db);
    return { status: 'ok', database: database.kind, now: clock().toISOString() };
  });
};
