import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import { assertQueryKeys } from '../lib/query';
import { currentUser } from '../plugins/auth';
import { loadUserView } from '../services/users.service';

export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/users/me', { schema: { tags: ['users'] }, preHandler: app.authenticate }, async (request) => {
    assertQueryKeys(request.query as Record<string, unknown>, ['populate']);
    return { data: await loadUserView(db, currentUser(request)), meta: {} };
  });
};
