import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getOwnPage, getVisitorCard, postOwnPageFile, putOwnPage, putVisitorCard } from '@salon/shared';
import type { Db } from '../../db/client';
import { tooManyRequests } from '../../lib/errors';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import type { DirectoryCache } from '../directory/directory.service';
import type { FileKeys } from '../media/held-files';
import { receiveUpload, UPLOAD_LIMITS } from '../files/upload-request';
import { addOwnFile, readOwnPage, saveOwnPage } from './own-page.service';
import { readVisitorCard, saveVisitorCard } from './visitor-card.service';

/** 'Fiche annuaire': the exhibitor's page of the directory, kept by the exhibitor (not its collaborators). */
export const ownPageRoutes: FastifyPluginAsyncZod<{
  db: Db;
  directoryCache: DirectoryCache;
  fileKeys: FileKeys;
}> = async (app, { db, directoryCache, fileKeys }) => {
  // The exhibitors' files it names open with their key while no public page names them (decision 044).
  app.addHook('preSerialization', async (_request, _reply, payload) => fileKeys.keyAll(payload, new Date()));
  // This part reads the exhibitor's uploads (its routes only).
  await app.register(multipart, { limits: UPLOAD_LIMITS });

  route(app, getOwnPage, {}, async (request) => ({ data: await readOwnPage(db, currentUser(request)), meta: {} }));

  route(app, putOwnPage, {}, async (request) => {
    const page = await saveOwnPage(db, currentUser(request), request.body);
    // The directory's cards show the logo, its sector picker finds the page's sectors.
    directoryCache.clear();
    return { data: page, meta: {} };
  });

  /** The contact card and the document the visitors it scanned get (decision 037). */
  route(app, getVisitorCard, {}, async (request) => ({
    data: await readVisitorCard(db, currentUser(request)),
    meta: {},
  }));

  route(app, putVisitorCard, {}, async (request) => ({
    data: await saveVisitorCard(db, currentUser(request), request.body),
    meta: {},
  }));

  // Uploads are counted per address (the route's limit) and per account, whatever its addresses
  // (the rate-limit plugin's store: Redis when REDIS_URL is set, so shared by the instances).
  const perAccount = app.createRateLimit({
    max: 30,
    timeWindow: '1 minute',
    keyGenerator: (request) => `uploads-account:${currentUser(request).id}`,
  });

  /** An image (its logo) or a PDF (a document it hands out): its file is read by the handler (receiveUpload). */
  route(
    app,
    postOwnPageFile,
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const budget = await perAccount(request);
      if (!budget.isAllowed && budget.isExceeded) {
        throw tooManyRequests(reply, budget.ttlInSeconds, 'Trop de fichiers envoyés par ce compte.');
      }
      const { file, filename } = await receiveUpload(request);
      const record = await addOwnFile(db, currentUser(request), file, filename);
      return reply.status(201).send({ data: record, meta: {} });
    },
  );
};
