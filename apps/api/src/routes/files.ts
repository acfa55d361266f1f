import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { createPdfService, PDF_FILES, type PdfKind } from '../services/pdf';

/** Weak comparison (RFC 9110, 13.1.2): `W/"x"` matches `"x"`, and `*` matches anything. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * The floor plan, forum programme and catalogue, where the specification fetches them: in the
 * assets folder. They are not files on disk but made from the database when asked, and kept
 * until their data changes (services/pdf). Unlike the hashed assets beside them they change,
 * so they are cached for a minute and revalidated with their ETag.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const pdfs = createPdfService(db, {
    onMade: ({ kind, ms, bytes }) => app.log.info({ pdf: kind, ms: Math.round(ms), bytes }, 'PDF made from the data'),
  });

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
        const etag = await pdfs.etag(kind);
        void reply
          .header('cache-control', 'public, max-age=60')
          .header('etag', etag)
          // Chrome shows a PDF through an <embed> with inline styles, which the site's policy
          // (`object-src 'none'`, no inline style) would block: a PDF runs nothing, framing is all
          // there is to restrict.
          .header('content-security-policy', "frame-ancestors 'self'");
        if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
        const pdf = await pdfs.get(kind, etag);
        return reply
          .header('etag', pdf.etag)
          .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${file}"`)
          .type('application/pdf')
          .send(pdf.body);
      },
    );
  }
};
