import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminMediaSchema } from '@salon/shared';
import * as z from 'zod/mini';
import { notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { sendList } from '../../lib/admin-list';
import { idParam } from '../../lib/request-inputs';
import { addMedia, getMedia, listMedia } from './media-library.service';
import type { AdminDeps } from './deps';
import { receiveUpload } from '../files/upload-request';

/** The uploaded images and PDFs the content records point at. */
export const adminMediaRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db }) => {
  const tags = ['admin'];

  app.post(
    '/media',
    {
      schema: {
        tags,
        summary: 'Uploads one image (PNG, JPEG, WebP) or PDF, field `file`',
        response: { 201: adminMediaSchema },
      },
    },
    async (request, reply) => {
      const { file, filename } = await receiveUpload(request);
      const record = await addMedia(db, currentUser(request).id, file, filename);
      return reply.status(201).send(record);
    },
  );

  app.get('/media', { schema: { tags, response: { 200: z.array(adminMediaSchema) } } }, async (request, reply) => {
    const { list, rows, total } = await listMedia(db, request.query as Record<string, unknown>);
    return sendList(reply, 'media', list, rows, total);
  });

  app.get<{ Params: { id: string } }>(
    '/media/:id',
    { schema: { tags, response: { 200: adminMediaSchema } } },
    async (request) => {
      const id = idParam(request.params.id);
      const record = id === null ? null : await getMedia(db, id);
      if (!record) throw notFound('Fichier introuvable.');
      return record;
    },
  );
};
