import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminExhibitorPageRowSchema,
  adminExhibitorPageSchema,
  exhibitorPageFormSchema,
  exhibitorPageHoldSchema,
} from '@salon/shared';
import * as z from 'zod/mini';
import { sendList } from '../../lib/admin-list';
import { notFound } from '../../lib/errors';
import { idParam, parseFormBody } from '../../lib/request-inputs';
import { currentUser } from '../../plugins/auth';
import type { AdminDeps } from './deps';
import { correctPage, getExhibitorPage, holdPage, listExhibitorPages, publishPage } from './exhibitor-pages.service';

function pageId(raw: string): number {
  const id = idParam(raw);
  if (id === null) throw notFound('Fiche exposant introuvable.');
  return id;
}

/**
 * 'Fiches exposants': the current edition's exhibitors' pages, reviewed by the organiser. Each
 * write clears the directory's cache, as the exhibitor's own save does.
 */
export const adminExhibitorPagesRoutes: FastifyPluginAsyncZod<AdminDeps> = async (
  app,
  { db, directoryCache, fileKeys },
) => {
  // The exhibitors' files it names open with their key while no public page names them (decision 044).
  app.addHook('preSerialization', async (_request, _reply, payload) => fileKeys.keyAll(payload, new Date()));
  const tags = ['admin'];
  const onePage = { tags, response: { 200: adminExhibitorPageSchema } };

  app.get(
    '/exhibitor-pages',
    { schema: { tags, response: { 200: z.array(adminExhibitorPageRowSchema) } } },
    async (request, reply) => {
      const { list, rows, total } = await listExhibitorPages(db, request.query as Record<string, unknown>);
      return sendList(reply, 'exhibitor-pages', list, rows, total);
    },
  );

  app.get<{ Params: { id: string } }>('/exhibitor-pages/:id', { schema: onePage }, async (request) =>
    getExhibitorPage(db, pageId(request.params.id)),
  );

  /** 'Corriger': the organiser's version of the page, published. */
  app.put<{ Params: { id: string } }>('/exhibitor-pages/:id', { schema: onePage }, async (request) => {
    const id = pageId(request.params.id);
    const form = parseFormBody(exhibitorPageFormSchema, request.body);
    const page = await correctPage(db, currentUser(request).id, id, form);
    directoryCache.clear();
    return page;
  });

  /** 'Publier': the pending version goes live. */
  app.post<{ Params: { id: string } }>('/exhibitor-pages/:id/publish', { schema: onePage }, async (request) => {
    const page = await publishPage(db, currentUser(request).id, pageId(request.params.id));
    directoryCache.clear();
    return page;
  });

  /** 'Refuser': the pending version is held with a reason; the public page stays as it was. */
  app.post<{ Params: { id: string } }>('/exhibitor-pages/:id/hold', { schema: onePage }, async (request) => {
    const id = pageId(request.params.id);
    const { reason } = parseFormBody(exhibitorPageHoldSchema, request.body);
    const page = await holdPage(db, currentUser(request).id, id, reason);
    directoryCache.clear();
    return page;
  });
};
