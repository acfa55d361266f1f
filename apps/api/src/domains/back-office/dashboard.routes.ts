import { getAdminDashboard } from '@salon/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route';
import { currentEdition, editionById } from '../show/current-edition';
import { editionFilterId } from '../../lib/admin-list';
import { showDashboard, type ShowDashboard } from './show-dashboard.service';
import type { AdminDeps } from './deps';

/**
 * The dashboard's figures in one answer, the current edition's or, with `?edition=<id>`, another's;
 * the screen asks again every 15 seconds. Requests for one edition that arrive while its figures are
 * being counted share that count (several organisers' screens, or one reloaded): the database counts
 * once, and an answer is at most one count's time old.
 */
export const adminDashboardRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db }) => {
  const counting = new Map<number | 'current', Promise<ShowDashboard>>();
  route(app, getAdminDashboard, {}, async (request, reply) => {
    const query = request.query;
    const id = query.edition === undefined ? null : editionFilterId(query.edition, 'edition');
    void reply.header('cache-control', 'no-store');
    const key = id ?? 'current';
    let count = counting.get(key);
    if (!count) {
      count = showDashboard(db, id === null ? currentEdition : editionById(id)).finally(() => counting.delete(key));
      counting.set(key, count);
    }
    return count;
  });
};
