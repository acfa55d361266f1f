import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EXHIBITOR_ACTIONS,
  getAdminExhibitor,
  getAdminExhibitors,
  getEnquiries,
  getEnquiry as getEnquiryCall,
  postAdminExhibitor,
  putAdminExhibitor,
  postEnquiryStandLink,
  putEnquiry,
} from '@salon/shared';
import { notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { sendList } from '../../lib/admin-list';
import { route } from '../../lib/route';
import { followUpEnquiry, getEnquiry, listEnquiries, sendStandLink } from './enquiry-follow-up.service';
import { actOnExhibitor } from './exhibitor-actions.service';
import { getExhibitor, listExhibitors } from './exhibitor-accounts.service';
import { createExhibitor, updateExhibitor } from './exhibitor-edits.service';
import { idParam } from '../../lib/request-inputs';
import type { AdminDeps } from './deps';

function recordId(raw: string, what: string): number {
  const id = idParam(raw);
  if (id === null) throw notFound(`${what} introuvable.`);
  return id;
}

/** Enquiries and exhibitors: from the home page's enquiry to the public directory. */
export const adminExhibitorAccountsRoutes: FastifyPluginAsyncZod<AdminDeps> = async (
  app,
  { db, clock, mail, onQueued, directoryCache, fileKeys },
) => {
  // A deactivated exhibitor's logo is held (decision 044): the organisers read it with its key.
  app.addHook('preSerialization', async (_request, _reply, payload) => fileKeys.keyAll(payload, new Date()));

  route(app, getEnquiries, {}, async (request, reply) => {
    const { list, rows, total } = await listEnquiries(db, request.query);
    return sendList(reply, 'enquiries', list, rows, total);
  });

  route(app, getEnquiryCall, {}, async (request) => getEnquiry(db, recordId(request.params.id, 'Demande')));

  route(app, putEnquiry, {}, async (request) =>
    followUpEnquiry(db, clock(), currentUser(request).id, recordId(request.params.id, 'Demande'), request.body),
  );

  route(app, postEnquiryStandLink, {}, async (request) => {
    await sendStandLink(db, mail, currentUser(request).id, recordId(request.params.id, 'Demande'));
    onQueued();
    return { data: { sent: true }, meta: {} };
  });

  // `edition`: another edition's exhibitors than the current one's.
  route(app, getAdminExhibitors, {}, async (request, reply) => {
    const { list, rows, total } = await listExhibitors(db, request.query);
    return sendList(reply, 'exhibitors', list, rows, total);
  });

  // An exhibitor of a past edition's list reads with that registration (getExhibitor's `latest`).
  route(app, getAdminExhibitor, {}, async (request) =>
    getExhibitor(db, recordId(request.params.id, 'Exposant'), { latest: true }),
  );

  route(app, postAdminExhibitor, {}, async (request, reply) => {
    const record = await createExhibitor(db, clock(), currentUser(request).id, request.body);
    return reply.status(201).send(record);
  });

  route(app, putAdminExhibitor, {}, async (request) => {
    const id = recordId(request.params.id, 'Exposant');
    const record = await updateExhibitor(db, clock(), currentUser(request).id, id, request.body);
    directoryCache.clear();
    return record;
  });

  for (const [action, c] of Object.entries(EXHIBITOR_ACTIONS) as [
    keyof typeof EXHIBITOR_ACTIONS,
    (typeof EXHIBITOR_ACTIONS)['confirm'],
  ][]) {
    route(app, c, {}, async (request) => {
      const id = recordId(request.params.id, 'Exposant');
      const { record, mailed } = await actOnExhibitor(db, mail, currentUser(request).id, id, action);
      if (mailed) onQueued();
      directoryCache.clear();
      return record;
    });
  }
};
