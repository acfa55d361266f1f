import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { visitorFormSchema } from '@salon/shared';
import type { Db } from '../db/client';
import { badRequest } from '../lib/errors';
import { parseFormBody } from '../services/query-params';
import { ALREADY_REGISTERED, badgeDownloadUrl, registerVisitor, type MailLinks } from '../services/visitors.service';

/**
 * The home page's visitor registration. `POST visiteurs/putVisitor` is what the form sends;
 * `POST auth/local/register` with the same body does the same, so the specification's call
 * table holds. Only the form's fields are read: role, type, confirmation, password and the
 * like are the server's to set.
 */
export const visitorsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  mail: MailLinks;
  onQueued: () => void;
  /** Registrations per minute and per address (REGISTRATION_RATE_LIMIT). */
  rateLimit: number;
}> = async (app, { db, mail, onQueued, rateLimit }) => {
  const handler = async (request: { body: unknown }) => {
    const form = parseFormBody(visitorFormSchema, request.body);
    const lang = form.lang ?? 'fr';
    const result = await registerVisitor(db, mail, form);
    onQueued();
    // One answer for every known address (see Decision 015); the mail to it says the rest.
    if (result.outcome !== 'created') throw badRequest(ALREADY_REGISTERED[lang]);
    return {
      data: {
        registration: { id: result.registrationId, type: 'visitor' as const },
        // The badge, now, only because this request created the person: someone who only typed
        // an existing address never gets a download link.
        badgeUrl: badgeDownloadUrl(mail, result.registrationId),
      },
      meta: {},
    };
  };
  const options = {
    schema: { tags: ['visitors'] },
    config: { rateLimit: { max: rateLimit, timeWindow: '1 minute' } },
  };
  app.post('/visiteurs/putVisitor', options, async (request, reply) => reply.status(201).send(await handler(request)));
  app.post('/auth/local/register', options, async (request, reply) => reply.status(201).send(await handler(request)));
};
