import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { assertQueryKeys } from '../../lib/query';
import { sendJsonText } from '../../lib/query-params';
import type { DirectoryCache } from '../directory/directory.service';
import { readFloorPlan } from './floor-plan.service';

/**
 * The public floor plan: halls, stands and who holds them, for the plan-2024 page. Visitors in the
 * halls open it all at once, so its answer is kept with the directory's (a few seconds, on every
 * instance), and cleared with them: by any change of an exhibitor, a hall or a stand.
 */
export const floorPlanRoutes: FastifyPluginAsyncZod<{ db: Db; directoryCache: DirectoryCache }> = async (
  app,
  { db, directoryCache },
) => {
  app.get('/floor-plan', { schema: { tags: ['reference'] } }, async (request, reply) => {
    assertQueryKeys(request.query as Record<string, unknown>, []);
    const json = await directoryCache.load('floor-plan', async () =>
      JSON.stringify({ data: { halls: await readFloorPlan(db) } }),
    );
    return sendJsonText(reply, json);
  });
};
