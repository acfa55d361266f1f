import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { parseFormBody } from '../../lib/request-inputs';
import {
  sibSchema,
  agenceSchema,
  adminAgencySchema,
  adminShowRecordSchema,
  adminSiteSettingsSchema,
  siteSettingsSchema,
} from '@salon/shared';
import { readSettingsRow } from '../content/site-settings.service';
import { readAgence, readSib, updateAgence, updateSib, updateSiteSettings } from './singleton-records.service';
import type { AdminDeps } from './deps';

/**
 * The show record, the agency record and the site settings ('Lieu, contacts et visite'): one row
 * each, id 1.
 */
export const adminSingletonRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, siteSettings: store }) => {
  const tags = ['admin'];
  const settings = { tags, response: { 200: adminSiteSettingsSchema } };
  const show = { tags, response: { 200: adminShowRecordSchema } };
  const agency = { tags, response: { 200: adminAgencySchema } };

  // A singleton, like admin/sib/1: react-admin edits it as record 1.
  app.get('/site-settings/1', { schema: settings }, async () => readSettingsRow(db));

  app.put('/site-settings/1', { schema: settings }, async (request) => {
    const form = parseFormBody(siteSettingsSchema, request.body);
    const record = await updateSiteSettings(db, currentUser(request).id, form);
    store.changed();
    return record;
  });

  app.get('/sib/1', { schema: show }, async () => {
    const record = await readSib(db);
    if (!record) throw notFound('Fiche du salon introuvable.');
    return record;
  });

  /** The show's logos and background, and the PDFs that replace the generated plan, programme and catalogue. */
  app.put('/sib/1', { schema: show }, async (request) => {
    const form = parseFormBody(sibSchema, request.body);
    return updateSib(db, currentUser(request).id, form);
  });

  app.get('/agence/1', { schema: agency }, async () => {
    const record = await readAgence(db);
    if (!record) throw notFound('Fiche de l’agence introuvable.');
    return record;
  });

  app.put('/agence/1', { schema: agency }, async (request) => {
    const form = parseFormBody(z.partial(agenceSchema), request.body);
    return updateAgence(db, currentUser(request).id, form, request.body);
  });
};
