import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { assertQueryKeys } from '../../lib/query';
import { readFloorPlan } from './floor-plan.service';

/** The public floor plan: halls, stands and who holds them, for the plan-2024 page. */
export const floorPlanRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/floor-plan', { schema: { tags: ['reference'] } }, async (request) => {
    assertQueryKeys(request.query as Record<string, unknown>, []);
    return { data: { halls: await readFloorPlan(db) } };
  });
};
