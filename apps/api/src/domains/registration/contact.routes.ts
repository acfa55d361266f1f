import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactFormSchema, contactSentSchema } from '@salon/shared';
import type { Db } from '../../db/client';
import { submitContact } from './contact.service';
import { parseFormBody } from '../../lib/query-params';

/** Contact messages allowed per minute and per address. */
export const CONTACT_RATE_LIMIT = 5;

/** The contact form of infos-contact: stored, and mailed to the organiser through the outbox. */
export const contactRoutes: FastifyPluginAsyncZod<{ db: Db; organiserEmail: string; onQueued: () => void }> = async (
  app,
  { db, organiserEmail, onQueued },
) => {
  app.post(
    '/contact',
    {
      schema: { tags: ['contact'], response: { 201: contactSentSchema } },
      config: { rateLimit: { max: CONTACT_RATE_LIMIT, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const form = parseFormBody(contactFormSchema, request.body);
      const data = await submitContact(db, form, organiserEmail);
      onQueued();
      return reply.status(201).send({ data, meta: {} });
    },
  );
};
