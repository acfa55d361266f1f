import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminEnquirySchema,
  adminExhibitorRecordSchema,
  adminExhibitorSchema,
  enquiryFollowUpSchema,
  exhibitorAccountSchema,
} from '@salon/shared';
import * as z from 'zod/mini';
import { notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { sendList } from '../../lib/admin-list';
import { followUpEnquiry, getEnquiry, listEnquiries } from './enquiry-follow-up.service';
import { actOnExhibitor } from './exhibitor-actions.service';
import { getExhibitor, listExhibitors } from './exhibitor-accounts.service';
import { createExhibitor, updateExhibitor } from './exhibitor-edits.service';
import { idParam, parseFormBody } from '../../lib/request-inputs';
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
  const tags = ['admin'];

  app.get(
    '/enquiries',
    { schema: { tags, response: { 200: z.array(adminEnquirySchema) } } },
    async (request, reply) => {
      const { list, rows, total } = await listEnquiries(db, request.query as Record<string, unknown>);
      return sendList(reply, 'enquiries', list, rows, total);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/enquiries/:id',
    { schema: { tags, response: { 200: adminEnquirySchema } } },
    async (request) => getEnquiry(db, recordId(request.params.id, 'Demande')),
  );

  app.put<{ Params: { id: string } }>(
    '/enquiries/:id',
    { schema: { tags, response: { 200: adminEnquirySchema } } },
    async (request) => {
      const form = parseFormBody(enquiryFollowUpSchema, request.body);
      return followUpEnquiry(db, clock(), currentUser(request).id, recordId(request.params.id, 'Demande'), form);
    },
  );

  app.get(
    '/exhibitors',
    { schema: { tags, response: { 200: z.array(adminExhibitorSchema) } } },
    async (request, reply) => {
      // `edition`: another edition's exhibitors than the current one's.
      const { list, rows, total } = await listExhibitors(db, request.query as Record<string, unknown>);
      return sendList(reply, 'exhibitors', list, rows, total);
    },
  );

  // An exhibitor of a past edition's list reads with that registration (getExhibitor's `latest`).
  const oneExhibitor = { tags, response: { 200: adminExhibitorRecordSchema } };
  app.get<{ Params: { id: string } }>('/exhibitors/:id', { schema: oneExhibitor }, async (request) =>
    getExhibitor(db, recordId(request.params.id, 'Exposant'), { latest: true }),
  );

  app.post(
    '/exhibitors',
    { schema: { tags, response: { 201: adminExhibitorRecordSchema } } },
    async (request, reply) => {
      const form = parseFormBody(exhibitorAccountSchema, request.body);
      const record = await createExhibitor(db, clock(), currentUser(request).id, form);
      return reply.status(201).send(record);
    },
  );

  app.put<{ Params: { id: string } }>('/exhibitors/:id', { schema: oneExhibitor }, async (request) => {
    const form = parseFormBody(exhibitorAccountSchema, request.body);
    const id = recordId(request.params.id, 'Exposant');
    const record = await updateExhibitor(db, clock(), currentUser(request).id, id, form);
    directoryCache.clear();
    return record;
  });

  for (const action of ['confirm', 'resend-access', 'deactivate', 'reactivate'] as const) {
    app.post<{ Params: { id: string } }>(`/exhibitors/:id/${action}`, { schema: oneExhibitor }, async (request) => {
      const id = recordId(request.params.id, 'Exposant');
      const { record, mailed } = await actOnExhibitor(db, mail, currentUser(request).id, id, action);
      if (mailed) onQueued();
      directoryCache.clear();
      return record;
    });
  }
};
