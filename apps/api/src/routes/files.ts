import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { media, sib } from '../db/schema';
import { createPdfService, PDF_FILES, type PdfKind } from '../services/pdf';

/** The show record's columns of the PDFs an organiser uploaded in place of the generated ones. */
const UPLOADED: Record<PdfKind, 'planPdfId' | 'programmePdfId' | 'cataloguePdfId'> = {
  plan: 'planPdfId',
  programme: 'programmePdfId',
  catalogue: 'cataloguePdfId',
};

/** Weak comparison (RFC 9110, 13.1.2): `W/"x"` matches `"x"`, and `*` matches anything. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * The floor plan, forum programme and catalogue, where the specification fetches them: in the
 * assets folder. They are not files on disk but made from the database when asked, and kept
 * until their data changes (services/pdf), unless an organiser uploaded one in its place (the
 * show record's planPdfId, programmePdfId, cataloguePdfId; the file under `uploadDir`). Unlike the
 * hashed assets beside them they change, so they are cached for a minute and revalidated with
 * their ETag.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ db: Db; uploadDir?: string }> = async (app, { db, uploadDir }) => {
  const pdfs = createPdfService(db, {
    onMade: ({ kind, ms, bytes }) => app.log.info({ pdf: kind, ms: Math.round(ms), bytes }, 'PDF made from the data'),
  });
  if (!uploadDir) app.log.warn('files: no uploadDir given, uploaded PDFs cannot replace the generated ones');

  /** The uploaded PDF of that kind, when there is one and its file is there. */
  async function uploaded(kind: PdfKind) {
    if (!uploadDir) return null;
    const [row] = await db
      .select({ path: media.path, mime: media.mime })
      .from(sib)
      .innerJoin(media, eq(media.id, sib[UPLOADED[kind]]))
      .where(eq(sib.id, 1));
    if (row?.mime !== 'application/pdf') return null;
    const file = path.join(uploadDir, row.path);
    const info = await stat(file).catch(() => null);
    if (!info) {
      app.log.error({ pdf: kind, file }, 'uploaded PDF missing on disk: serving the generated one');
      return null;
    }
    // Stored names carry the hash of their bytes: the name is a strong validator.
    return { file, size: info.size, etag: `"upload-${path.basename(row.path, '.pdf')}"` };
  }

  // Public and cacheable by any proxy: no cookie may ride along (the XSRF cookie is set on the
  // next page or API call instead).
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.removeHeader('set-cookie');
    return payload;
  });

  for (const [kind, file] of Object.entries(PDF_FILES) as [PdfKind, string][]) {
    app.get(
      `/assets/files/${file}`,
      {
        schema: {
          tags: ['files'],
          summary: `${file}, made from the current data`,
          querystring: z.object({
            download: z.enum(['0', '1', 'true', 'false']).optional(),
          }),
        },
      },
      async (request, reply) => {
        const download = request.query.download === '1' || request.query.download === 'true';
        const upload = await uploaded(kind);
        const etag = upload?.etag ?? (await pdfs.etag(kind));
        void reply
          .header('cache-control', 'public, max-age=60')
          .header('etag', etag)
          // Chrome shows a PDF through an <embed> with inline styles, which the site's policy
          // (`object-src 'none'`, no inline style) would block: a PDF runs nothing, framing is all
          // there is to restrict.
          .header('content-security-policy', "frame-ancestors 'self'");
        if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
        void reply
          .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${file}"`)
          .type('application/pdf');
        if (upload) return reply.header('content-length', upload.size).send(createReadStream(upload.file));
        const pdf = await pdfs.get(kind, etag);
        return reply.header('etag', pdf.etag).send(pdf.body);
      },
    );
  }
};
