import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  exhibitorPageFormSchema,
  exhibitorPageHoldSchema,
  getAdminExhibitorPage,
  getAdminExhibitorPages,
  postExhibitorPageHold,
  postExhibitorPagePublish,
  putAdminExhibitorPage,
} from '@salon/shared';
import { sendList } from '../../lib/admin-list';
import { route } from '../../lib/route';
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

  route(app, getAdminExhibitorPages, {}, async (request, reply) => {
    const { list, rows, total } = await listExhibitorPages(db, request.query);
    return sendList(reply, 'exhibitor-pages', list, rows, total);
  });

  route(app, getAdminExhibitorPage, {}, async (request) => getExhibitorPage(db, pageId(request.params.id)));

  /** 'Corriger': the organiser's version of the page, published. */
  route(app, putAdminExhibitorPage, {}, async (request) => {
    const id = pageId(request.params.id);
    const form = parseFormBody(exhibitorPageFormSchema, request.body);
    const page = await correctPage(db, currentUser(request).id, id, form);
    directoryCache.clear();
    return page;
  });

  /** 'Publier': the pending version goes live. */
  route(app, postExhibitorPagePublish, {}, async (request) => {
    const page = await publishPage(db, currentUser(request).id, pageId(request.params.id));
    directoryCache.clear();
    return page;
  });

  /** 'Refuser': the pending version is held with a reason; the public page stays as it was. */
  route(app, postExhibitorPageHold, {}, async (request) => {
    const id = pageId(request.params.id);
    const { reason } = parseFormBody(exhibitorPageHoldSchema, request.body);
    const page = await holdPage(db, currentUser(request).id, id, reason);
    directoryCache.clear();
    return page;
  });
};
