import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBodySchema, normalizeEmail } from '@salon/shared';
import { z } from 'zod';
import { badRequest } from '../lib/errors';
import { currentUser } from '../plugins/auth';
import type { createAuthService } from '../services/auth.service';

const TOO_MANY_LOGINS = 'Trop de tentatives de connexion. Veuillez patienter une minute avant de réessayer.';

export const authRoutes: FastifyPluginAsyncZod<{ auth: ReturnType<typeof createAuthService> }> = async (app, { auth }) => {
  const tooMany = (_req: unknown, context: { statusCode: number }) => ({
    statusCode: context.statusCode,
    message: TOO_MANY_LOGINS,
  });
  // Per account, whatever the address: guessing one exhibitor's password from many IPs is slow too.
  const perIdentifier = app.rateLimit({
    max: 10,
    timeWindow: '1 minute',
    keyGenerator: (req) => {
      const body = req.body as { identifier?: unknown } | undefined;
      return `login:${typeof body?.identifier === 'string' ? normalizeEmail(body.identifier) : ''}`;
    },
    errorResponseBuilder: tooMany,
  });

  app.post(
    '/auth/local',
    {
      schema: { tags: ['auth'], body: loginBodySchema },
      config: { rateLimit: { max: 10, timeWindow: '1 minute', errorResponseBuilder: tooMany } },
      preHandler: perIdentifier,
    },
    async (request) => auth.login(request.body),
  );

  app.post('/auth/logout', { schema: { tags: ['auth'] }, preHandler: app.authenticate }, async (request, reply) => {
    await auth.logout(currentUser(request).id);
    return reply.status(204).send();
  });

  // Google sign-in is not offered; the landing page says 'Bientôt disponible'.
  app.get(
    '/auth/google/callback',
    { schema: { tags: ['auth'], querystring: z.object({ access_token: z.string().optional() }) } },
    async () => {
      throw badRequest('Connexion Google non disponible');
    },
  );
};
