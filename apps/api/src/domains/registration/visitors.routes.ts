import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  pick,
  exhibitorEnquirySchema,
  postPublicRegister,
  putVisitor,
  visitorFormSchema,
  type VisitorForm,
} from '@salon/shared';
import type { Db } from '../../db/client';
import { badRequest, tooManyRequests } from '../../lib/errors';
import { submitEnquiry } from './enquiries.service';
import { isRecord, parseFormBody } from '../../lib/request-inputs';
import { route } from '../../lib/route';
import { ALREADY_REGISTERED, registerVisitor } from './visitors.service';
import { ENQUIRY_RATE_LIMIT } from './enquiries.routes';
import { assertRegistrationOpen } from '../show/registration-window';
import { type MailLinks } from '../mail/links';
import { badgeDownloadUrl } from '../badges/badge-mail';

/** A form's fields, sent in a `data` wrapper or bare. */
const fieldsOf = (body: unknown) => (isRecord(body) && isRecord(body.data) ? body.data : body);

/**
 * The specification's exhibitor enquiry, which its client sends to `auth/local/register` too:
 * the enquiry's own fields (`nom`, `telephone`), none of a visitor's (`name`, `phone`).
 */
function isEnquiry(body: unknown): boolean {
  const fields = fieldsOf(body);
  return isRecord(fields) && ('nom' in fields || 'telephone' in fields) && !('name' in fields) && !('phone' in fields);
}

/**
 * The home page's visitor registration. `POST visiteurs/putVisitor` is what the form sends;
 * `POST auth/local/register` with the same body does the same, so the specification's call
 * table holds. Only the form's fields are read: role, type, confirmation, password and the
 * like are the server's to set. The specification's client also sends its exhibitor enquiry to
 * `auth/local/register`: that body is stored as an enquiry, as `POST demandes-exposants` does
 * (decision 021), under the enquiry's own budget too.
 */
export const visitorsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  mail: MailLinks;
  onQueued: () => void;
  /** Registrations per minute and per address (REGISTRATION_RATE_LIMIT). */
  rateLimit: number;
  organiserEmail: string;
}> = async (app, { db, mail, onQueued, rateLimit, organiserEmail }) => {
  // The specification's body as it is: no consent box to tick (decision 049), and a `consent`
  // sent anyway is dropped with the other fields the form does not name.
  const register = async (form: VisitorForm) => {
    const lang = form.lang ?? DEFAULT_LANGUAGE;
    await assertRegistrationOpen(db, mail.now(), lang);
    const result = await registerVisitor(db, mail, form);
    onQueued();
    // One answer for every known address (see Decision 015); the mail to it says the rest.
    if (result.outcome !== 'created') throw badRequest(pick(lang, ALREADY_REGISTERED));
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
  // Its own key, so that it counts apart from every other limiter without a route of its own.
  const enquiryLimit = app.createRateLimit({
    max: ENQUIRY_RATE_LIMIT,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `spec-enquiry:${request.ip}`,
  });
  const enquiry = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await enquiryLimit(request);
    if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests(reply, limit.ttlInSeconds);
    const form = parseFormBody(exhibitorEnquirySchema, request.body);
    await assertRegistrationOpen(db, mail.now(), form.lang);
    const data = await submitEnquiry(db, form, organiserEmail);
    onQueued();
    return { data, meta: {} };
  };
  const config = { rateLimit: { max: rateLimit, timeWindow: '1 minute' } };
  route(app, putVisitor, { config }, async (request, reply) => reply.status(201).send(await register(request.body)));
  route(app, postPublicRegister, { config }, async (request, reply) =>
    reply
      .status(201)
      .send(
        isEnquiry(request.body)
          ? await enquiry(request, reply)
          : await register(parseFormBody(visitorFormSchema, request.body)),
      ),
  );
};
