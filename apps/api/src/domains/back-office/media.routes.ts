import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminMediaSchema } from '@salon/shared';
import * as z from 'zod/mini';
import { HttpError, badRequest, notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { sendList } from '../../lib/admin-list';
import { idParam } from '../../lib/query-params';
import { addMedia, getMedia, listMedia } from './media-library.service';
import type { AdminDeps } from './deps';
import { prepareUpload, UPLOAD_MESSAGES } from '../files/uploads.service';

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
      if (!request.isMultipart()) throw badRequest(UPLOAD_MESSAGES.noFile);
      let bytes: Buffer;
      let filename: string;
      try {
        const part = await request.file();
        if (!part) throw badRequest(UPLOAD_MESSAGES.noFile);
        if (part.fieldname !== 'file') throw badRequest(UPLOAD_MESSAGES.noFile);
        bytes = await part.toBuffer();
        filename = part.filename;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(UPLOAD_MESSAGES.tooLarge);
        if (err instanceof HttpError) throw err;
        // Busboy's own complaints (a cut-off body, a broken boundary) and the other limits.
        throw badRequest(UPLOAD_MESSAGES.malformed);
      }
      const file = await prepareUpload(bytes);
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
