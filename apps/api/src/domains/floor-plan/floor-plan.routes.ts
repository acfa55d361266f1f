import { getFloorPlan } from '@salon/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { sendJsonText } from '../../lib/list-params';
import { route } from '../../lib/route';
import type { DirectoryCache } from '../directory/directory.service';
import { editionOfQuery } from '../show/current-edition';
import { readFloorPlan } from './floor-plan.service';

/**
 * The public floor plan: halls, stands and who holds them, for the /plan-<year> pages. Visitors in the
 * halls open it all at once, so its answer is kept with the directory's (a few seconds, on every
 * instance), and cleared with them: by any change of an exhibitor, a hall or a stand.
 */
export const floorPlanRoutes: FastifyPluginAsyncZod<{ db: Db; directoryCache: DirectoryCache }> = async (
  app,
  { db, directoryCache },
) => {
  // `?year=2024`: that edition's plan (the page /plan-2024); without it, the current edition's.
  route(app, getFloorPlan, {}, async (request, reply) => {
    const { year } = request.query;
    const edition = await editionOfQuery(db, year, await app.editionsSeen(request, reply));
    const key = year === undefined ? 'floor-plan' : `floor-plan:${year as string}`;
    const json = await directoryCache.load(key, async () =>
      JSON.stringify({ data: { halls: await readFloorPlan(db, edition) } }),
    );
    return sendJsonText(reply, json);
  });
};
