import { getVisitedStandCard, getVisitedStands, postDoNotContact, type Clock } from '@salon/shared';
import type { FileKeys } from '../media/held-files';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { idParam } from '../../lib/request-inputs';
import { route } from '../../lib/route';
import type { BadgeService } from '../badges/badges.service';
import { acceptForms, backTo, fromTheSite, wantsJson } from './from-the-site';
import { contactVcard, forgetMe, visitedStands } from './visited-stands.service';
import { VISIT_RATE_LIMIT } from './visit.routes';

const NO_BADGE = 'Ce lien n’est pas valide ou a expiré.';
const NOT_VISITED = 'Exposant introuvable.';

/**
 * 'Stands visités' on the e-badge page (decision 037): the badge's random key (the link of the
 * badge mail) is the authorisation, as for the page itself. A key that opens no badge (unknown,
 * cancelled, erased) and an exhibitor that never scanned the badge are the same 404s: a key
 * reaches only the exhibitors that scanned its badge.
 */
export const visitedStandsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  badges: BadgeService;
  clock: Clock;
  publicUrl: string;
  fileKeys: FileKeys;
}> = async (app, { db, badges, clock, publicUrl, fileKeys }) => {
  // The visitor-card document opens with its key for the visitors the exhibitor scanned (decision 044).
  app.addHook('preSerialization', async (_request, _reply, payload) => fileKeys.keyAll(payload, new Date()));

  async function holderOf(token: string) {
    const badge = await badges.loadByKey(token);
    if (!badge) throw notFound(NO_BADGE);
    return badge.userId;
  }
  const exhibitorOf = (value: string) => {
    const id = idParam(value);
    if (id === null) throw notFound(NOT_VISITED);
    return id;
  };

  route(app, getVisitedStands, {}, async (request, reply) => {
    const stands = await visitedStands(db, await holderOf(request.query.token));
    reply.header('cache-control', 'private, no-store');
    return { data: stands.map((s) => s.stand), meta: {} };
  });

  route(app, getVisitedStandCard, {}, async (request, reply) => {
    const exhibitorId = exhibitorOf(request.params.exhibitorId);
    const [visited] = await visitedStands(db, await holderOf(request.query.token), exhibitorId);
    if (!visited?.stand.contactCard) throw notFound(NOT_VISITED);
    return reply
      .header('content-type', 'text/vcard; charset=utf-8')
      .header('content-disposition', `attachment; filename="${visited.stand.slug}.vcf"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(contactVcard(visited.card, exhibitorId)));
  });

  acceptForms(app);

  route(
    app,
    postDoNotContact,
    {
      // A plain form, as 'Ma visite''s (decision 035): the browser's word that the post comes from
      // the site stands in for the XSRF header a form cannot send; checked before the body is read.
      config: { xsrf: false, rateLimit: { max: VISIT_RATE_LIMIT, timeWindow: '1 minute' } },
      preValidation: async (request) => {
        if (!fromTheSite(request, publicUrl)) throw forbidden('Jeton XSRF manquant ou invalide.');
      },
    },
    async (request, reply) => {
      const exhibitorId = exhibitorOf(request.params.exhibitorId);
      const holder = await holderOf(request.body.token);
      const undo = request.body.undo === '1';
      if (!(await forgetMe(db, holder, exhibitorId, clock(), undo))) throw notFound(NOT_VISITED);
      if (wantsJson(request)) return { data: { doNotContact: !undo }, meta: {} };
      return reply.redirect(backTo(request.body.back, '/ebadge'), 303);
    },
  );
};
