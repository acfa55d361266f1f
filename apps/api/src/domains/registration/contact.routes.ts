import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postContact } from '@salon/shared';
import type { Db } from '../../db/client';
import { submitContact } from './contact.service';
import { route } from '../../lib/route';

/** Contact messages allowed per minute and per address. */
export const CONTACT_RATE_LIMIT = 5;

/** The contact form of infos-contact: stored, and mailed to the organiser through the outbox. */
export const contactRoutes: FastifyPluginAsyncZod<{ db: Db; organiserEmail: string; onQueued: () => void }> = async (
  app,
  { db, organiserEmail, onQueued },
) => {
  route(
    app,
    postContact,
    { config: { rateLimit: { max: CONTACT_RATE_LIMIT, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const data = await submitContact(db, request.body, organiserEmail);
      onQueued();
      return reply.status(201).send({ data, meta: {} });
    },
  );
};
