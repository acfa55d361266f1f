import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAdminMedia, getAdminMediaList, postAdminMedia } from '@salon/shared';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import { sendList } from '../../lib/admin-list';
import { idParam } from '../../lib/request-inputs';
import { addMedia, getMedia, listMedia } from './media-library.service';
import type { AdminDeps } from './deps';
import { receiveUpload } from '../files/upload-request';

/** The uploaded images and PDFs the content records point at. */
export const adminMediaRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db }) => {
  // A multipart upload: its file is read by the handler (receiveUpload), not declared.
  route(app, postAdminMedia, {}, async (request, reply) => {
    const { file, filename } = await receiveUpload(request);
    const record = await addMedia(db, currentUser(request).id, file, filename);
    return reply.status(201).send(record);
  });

  route(app, getAdminMediaList, {}, async (request, reply) => {
    const { list, rows, total } = await listMedia(db, request.query);
    return sendList(reply, 'media', list, rows, total);
  });

  route(app, getAdminMedia, {}, async (request) => {
    const id = idParam(request.params.id);
    const record = id === null ? null : await getMedia(db, id);
    if (!record) throw notFound('Fichier introuvable.');
    return record;
  });
};
