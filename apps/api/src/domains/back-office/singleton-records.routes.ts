import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getAdminAgence,
  getAdminSib,
  getAdminSiteSettings,
  putAdminAgence,
  putAdminSib,
  putAdminSiteSettings,
  agenceSchema,
} from '@salon/shared';
import * as z from 'zod/mini';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import { parseFormBody } from '../../lib/request-inputs';
import { readSettingsRow } from '../content/site-settings.service';
import { readAgence, readSib, updateAgence, updateSib, updateSiteSettings } from './singleton-records.service';
import type { AdminDeps } from './deps';

/**
 * The show record, the agency record and the site settings ('Lieu, contacts et visite'): one row
 * each, id 1, as react-admin edits a singleton (like admin/sib/1).
 */
export const adminSingletonRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, siteSettings: store }) => {
  route(app, getAdminSiteSettings, {}, async () => readSettingsRow(db));

  route(app, putAdminSiteSettings, {}, async (request) => {
    const record = await updateSiteSettings(db, currentUser(request).id, request.body);
    store.changed();
    return record;
  });

  route(app, getAdminSib, {}, async () => {
    const record = await readSib(db);
    if (!record) throw notFound('Fiche du salon introuvable.');
    return record;
  });

  route(app, putAdminSib, {}, async (request) => updateSib(db, currentUser(request).id, request.body));

  route(app, getAdminAgence, {}, async () => {
    const record = await readAgence(db);
    if (!record) throw notFound('Fiche de l’agence introuvable.');
    return record;
  });

  // The agency's record is created by its first change, with every required field (updateAgence).
  route(app, putAdminAgence, {}, async (request) => {
    const form = parseFormBody(z.partial(agenceSchema), request.body);
    return updateAgence(db, currentUser(request).id, form, request.body);
  });
};
