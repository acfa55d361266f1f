import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { showDashboard, type ShowDashboard } from './show-dashboard.service';
import type { AdminDeps } from './deps';

/**
 * The dashboard's figures in one answer; the screen asks again every 15 seconds. Requests that
 * arrive while the figures are being counted share that count (several organisers' screens, or
 * one reloaded): the database counts once, and an answer is at most one count's time old.
 */
export const adminDashboardRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db }) => {
  let counting: Promise<ShowDashboard> | null = null;
  app.get('/dashboard', { schema: { tags: ['admin'] } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    counting ??= showDashboard(db).finally(() => {
      counting = null;
    });
    return counting;
  });
};
