import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postEnquiry, type Clock } from '@salon/shared';
import type { Db } from '../../db/client';
import { submitEnquiry } from './enquiries.service';
import { route } from '../../lib/route';
import { assertRegistrationOpen } from '../show/registration-window';

export const ENQUIRY_RATE_LIMIT = 10;

/** The exhibitor enquiry: stored, mailed to the organiser, acknowledged to the sender. */
export const enquiriesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  organiserEmail: string;
  onQueued: () => void;
  clock: Clock;
}> = async (app, { db, organiserEmail, onQueued, clock }) => {
  route(
    app,
    postEnquiry,
    { config: { rateLimit: { max: ENQUIRY_RATE_LIMIT, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const form = request.body;
      await assertRegistrationOpen(db, clock(), form.lang);
      const data = await submitEnquiry(db, form, organiserEmail);
      onQueued();
      return reply.status(201).send({ data, meta: {} });
    },
  );
};
