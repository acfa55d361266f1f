import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEFAULT_LANGUAGE,
  getNewsletterUnsubscribe,
  postNewsletter,
  postNewsletterConfirm,
  postNewsletterUnsubscribe,
} from '@salon/shared';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { confirmSubscription, subscribe, unsubscribe, unsubscribePage } from './newsletters.service';
import { route } from '../../lib/route';
import { type MailLinks } from '../mail/links';

export const NEWSLETTER_RATE_LIMIT = 10;
export const INVALID_LINK = 'Ce lien n’est pas valide ou a expiré.';

/**
 * `POST newsletters/` (double opt-in), the confirmation, and the unsubscription, which takes the
 * token in the query so that mail clients can POST to the List-Unsubscribe address (RFC 8058).
 */
export const newslettersRoutes: FastifyPluginAsyncZod<{ db: Db; mail: MailLinks; onQueued: () => void }> = async (
  app,
  { db, mail, onQueued },
) => {
  // The one-click POST of RFC 8058 comes as a form ('List-Unsubscribe=One-Click'); the token in
  // the address is all that matters, the body is read and left.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  const limited = { config: { rateLimit: { max: NEWSLETTER_RATE_LIMIT, timeWindow: '1 minute' } } };
  route(app, postNewsletter, limited, async (request, reply) => {
    const form = request.body;
    await subscribe(db, mail, form);
    onQueued();
    return reply.status(201).send({ data: { email: form.email }, meta: {} });
  });
  route(app, postNewsletterConfirm, limited, async (request) => {
    if (!(await confirmSubscription(db, mail, request.query.token))) throw badRequest(INVALID_LINK);
    return { data: { confirmed: true }, meta: {} };
  });
  // Mail clients POST here without cookies (RFC 8058): the signed token is the authorisation.
  route(app, postNewsletterUnsubscribe, { config: { ...limited.config, xsrf: false } }, async (request) => {
    if (!(await unsubscribe(db, mail, request.query.token))) throw badRequest(INVALID_LINK);
    return { data: { unsubscribed: true }, meta: {} };
  });
  // The same address opened (a mail client without one-click, a person): the page, which
  // unsubscribes once a browser shows it. A GET changes nothing: link scanners open addresses.
  route(app, getNewsletterUnsubscribe, {}, async (request, reply) =>
    reply.redirect(unsubscribePage(mail.publicUrl, request.query.token, request.query.lang ?? DEFAULT_LANGUAGE), 303),
  );
};
