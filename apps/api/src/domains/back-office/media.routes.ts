import { count, desc, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { media } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { parseListQuery, readPage, sendList } from '../../lib/admin-list';
import { recordAudit } from '../audit/audit.service';
import { idParam } from '../../lib/query-params';
import { mediaRecord } from './media-records';
import type { AdminDeps } from './deps';
import { cleanFileName, prepareUpload, storeUpload, UPLOAD_MESSAGES } from '../files/uploads.service';
import { searchFilter } from '../../lib/admin-list';

/** The uploaded images and PDFs the content records point at. */
export const adminMediaRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db }) => {
  const tags = ['admin'];

  app.post(
    '/media',
    { schema: { tags, summary: 'Uploads one image (PNG, JPEG, WebP) or PDF, field `file`' } },
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
      const record = await db.transaction(async (tx) => {
        // The bytes and their record together: a failed record leaves no file behind.
        const rel = await storeUpload(tx, file);
        // The same bytes sent again are the same stored file: its record is answered again.
        const [existing] = await tx.select().from(media).where(eq(media.path, rel));
        const row =
          existing ??
          (
            await tx
              .insert(media)
              .values({
                name: cleanFileName(filename, file.ext),
                mime: file.mime,
                size: file.body.length,
                width: file.width,
                height: file.height,
                path: rel,
              })
              .returning()
          )[0]!;
        const after = mediaRecord(row);
        await recordAudit(tx, {
          userId: currentUser(request).id,
          action: 'POST /admin/media',
          resource: 'media',
          recordId: row.id,
          before: existing ? after : {},
          after,
        });
        return after;
      });
      return reply.status(201).send(record);
    },
  );

  app.get('/media', { schema: { tags } }, async (request, reply) => {
    const list = parseListQuery(request.query as Record<string, unknown>, {
      sortable: { id: media.id, createdAt: media.createdAt, name: media.name, size: media.size },
      defaultSort: [desc(media.createdAt), desc(media.id)],
      filters: {
        q: searchFilter(media.name),
        kind: (value) => {
          if (value === 'pdf') return eq(media.mime, 'application/pdf');
          if (value === 'image') return ne(media.mime, 'application/pdf');
          throw badRequest('Filtre kind : image ou pdf.');
        },
      },
    });
    const { rows, total } = await readPage(
      list,
      db.select().from(media).$dynamic(),
      db.select({ n: count() }).from(media).$dynamic(),
    );
    return sendList(reply, 'media', list, rows.map(mediaRecord), total);
  });

  app.get<{ Params: { id: string } }>('/media/:id', { schema: { tags } }, async (request) => {
    const id = idParam(request.params.id);
    const [row] = id === null ? [] : await db.select().from(media).where(eq(media.id, id));
    if (!row) throw notFound('Fichier introuvable.');
    return mediaRecord(row);
  });
};
