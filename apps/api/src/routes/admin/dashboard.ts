import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { showDashboard } from '../../services/show-dashboard.service';
import type { AdminDeps } from './deps';

/** The dashboard's figures in one answer; the screen asks again every 15 seconds. */
export const adminDashboardRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db }) => {
  app.get('/dashboard', { schema: { tags: ['admin'] } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return showDashboard(db);
  });
};
