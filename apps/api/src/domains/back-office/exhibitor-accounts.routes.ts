import { desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENQUIRY_STATUSES, enquiryFollowUpSchema, exhibitorAccountSchema } from '@salon/shared';
import { demandesExposants, registrations, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { isId, MAX_INT } from '../../lib/query';
import { currentUser } from '../../plugins/auth';
import { editionFilterId, parseListQuery, searchFilter, sendList } from '../../lib/admin-list';
import { currentEdition, editionById } from '../show/current-edition';
import { followUpEnquiry, getEnquiry, listEnquiries } from './enquiry-follow-up.service';
import { actOnExhibitor } from './exhibitor-actions.service';
import {
  EXHIBITOR_STATUSES,
  getExhibitor,
  listExhibitors,
  statusCondition,
  type ExhibitorStatus,
} from './exhibitor-accounts.service';
import { createExhibitor, updateExhibitor } from './exhibitor-edits.service';
import { idParam, parseFormBody } from '../../lib/query-params';
import type { AdminDeps } from './deps';

const text =
  (name: string, max = 200) =>
  (value: unknown) => {
    if (typeof value !== 'string' || value.length > max) throw badRequest(`Filtre ${name} : un texte.`);
    return value.trim();
  };

function recordId(raw: string, what: string): number {
  const id = idParam(raw);
  if (id === null) throw notFound(`${what} introuvable.`);
  return id;
}

/** Enquiries and exhibitors: from the home page's enquiry to the public directory. */
export const adminExhibitorAccountsRoutes: FastifyPluginAsyncZod<AdminDeps> = async (
  app,
  { db, clock, mail, onQueued, directoryCache },
) => {
  const tags = ['admin'];

  app.get('/enquiries', { schema: { tags } }, async (request, reply) => {
    const list = parseListQuery(request.query as Record<string, unknown>, {
      sortable: { id: demandesExposants.id, createdAt: demandesExposants.createdAt, status: demandesExposants.status },
      defaultSort: [desc(demandesExposants.createdAt), desc(demandesExposants.id)],
      filters: {
        q: searchFilter(demandesExposants.nom, demandesExposants.email, demandesExposants.societe),
        status: (value) => {
          const status = ENQUIRY_STATUSES.find((s) => s === value);
          if (!status) throw badRequest(`Filtre status : ${ENQUIRY_STATUSES.join(', ')}.`);
          return eq(demandesExposants.status, status);
        },
      },
    });
    const { rows, total } = await listEnquiries(db, list);
    return sendList(reply, 'enquiries', list, rows, total);
  });

  app.get<{ Params: { id: string } }>('/enquiries/:id', { schema: { tags } }, async (request) =>
    getEnquiry(db, recordId(request.params.id, 'Demande')),
  );

  app.put<{ Params: { id: string } }>('/enquiries/:id', { schema: { tags } }, async (request) => {
    const form = parseFormBody(enquiryFollowUpSchema, request.body);
    return followUpEnquiry(db, clock(), currentUser(request).id, recordId(request.params.id, 'Demande'), form);
  });

  app.get('/exhibitors', { schema: { tags } }, async (request, reply) => {
    // `edition`: another edition's exhibitors than the current one's.
    let edition: SQLWrapper = currentEdition;
    const list = parseListQuery(request.query as Record<string, unknown>, {
      sortable: { id: users.id, company: users.company, createdAt: users.createdAt, booth: registrations.booth },
      defaultSort: [desc(users.createdAt), desc(users.id)],
      filters: {
        q: searchFilter(users.company, users.name, users.email),
        gateId: (value) => {
          if (!isId(value)) throw badRequest(`Filtre gateId : un identifiant (entier de 1 à ${MAX_INT}).`);
          return eq(registrations.gateId, value);
        },
        secteurActivite: (value) => eq(users.secteurActivite, text('secteurActivite')(value)),
        status: (value) => {
          if (!EXHIBITOR_STATUSES.includes(value as ExhibitorStatus))
            throw badRequest(`Filtre status : ${EXHIBITOR_STATUSES.join(', ')}.`);
          return statusCondition(value as ExhibitorStatus);
        },
        edition: (value) => {
          edition = editionById(editionFilterId(value, 'edition'));
          return sql`true`;
        },
      },
    });
    const { rows, total } = await listExhibitors(db, list, edition);
    return sendList(reply, 'exhibitors', list, rows, total);
  });

  // An exhibitor of a past edition's list reads with that registration (getExhibitor's `latest`).
  app.get<{ Params: { id: string } }>('/exhibitors/:id', { schema: { tags } }, async (request) =>
    getExhibitor(db, recordId(request.params.id, 'Exposant'), { latest: true }),
  );

  app.post('/exhibitors', { schema: { tags } }, async (request, reply) => {
    const form = parseFormBody(exhibitorAccountSchema, request.body);
    const record = await createExhibitor(db, clock(), currentUser(request).id, form);
    return reply.status(201).send(record);
  });

  app.put<{ Params: { id: string } }>('/exhibitors/:id', { schema: { tags } }, async (request) => {
    const form = parseFormBody(exhibitorAccountSchema, request.body);
    const id = recordId(request.params.id, 'Exposant');
    const record = await updateExhibitor(db, clock(), currentUser(request).id, id, form);
    directoryCache.clear();
    return record;
  });

  for (const action of ['confirm', 'resend-access', 'deactivate', 'reactivate'] as const) {
    app.post<{ Params: { id: string } }>(`/exhibitors/:id/${action}`, { schema: { tags } }, async (request) => {
      const id = recordId(request.params.id, 'Exposant');
      const { record, mailed } = await actOnExhibitor(db, mail, currentUser(request).id, id, action);
      if (mailed) onQueued();
      directoryCache.clear();
      return record;
    });
  }
};
