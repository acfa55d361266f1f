import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { media, mediaFiles, sib } from '../../db/schema';
import { UPLOADS_ROUTE } from '../../plugins/web';
import { createPdfService, PDF_FILES, type PdfKind } from './pdf';
import { HASHED_UPLOAD, readStoredFile } from './uploads.service';

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

/** A path under /uploads/ that could name a stored file: no empty, `.` or `..` part, no backslash or control character. */
function plainPath(rel: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (!rel || rel.length > 300 || /[\\\u0000-\u001f\u007f]/.test(rel)) return false;
  return rel.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/**
 * The files served from the database: under /uploads/, the organisers' uploads and the demo
 * pictures (media_files, so that every instance serves every file); and the floor plan, forum
 * programme and catalogue, where the specification fetches them: in the assets folder. Those are
 * made from the database when asked, and kept until their data changes (pdf/), unless an
 * organiser uploaded one in its place (the show record's planPdfId, programmePdfId,
 * cataloguePdfId). Unlike the hashed assets beside them they change, so they are cached for a
 * minute and revalidated with their ETag.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const pdfs = createPdfService(db, {
    onMade: ({ kind, ms, bytes }) => app.log.info({ pdf: kind, ms: Math.round(ms), bytes }, 'PDF made from the data'),
  });

  /** The uploaded PDF of that kind, when there is one and its bytes are there (not the bytes yet). */
  async function uploaded(kind: PdfKind) {
    const [row] = await db
      .select({ path: media.path, mime: media.mime, sha256: mediaFiles.sha256 })
      .from(sib)
      .innerJoin(media, eq(media.id, sib[UPLOADED[kind]]))
      .leftJoin(mediaFiles, eq(mediaFiles.path, media.path))
      .where(eq(sib.id, 1));
    if (row?.mime !== 'application/pdf') return null;
    if (!row.sha256) {
      app.log.error({ pdf: kind, path: row.path }, 'uploaded PDF missing from media_files: serving the generated one');
      return null;
    }
    return { path: row.path, etag: `"upload-${row.sha256}"` };
  }

  // Public and cacheable by any proxy: no cookie may ride along (the XSRF cookie is set on the
  // next page or API call instead).
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.removeHeader('set-cookie');
    return payload;
  });

  for (const [kind, file] of Object.entries(PDF_FILES) as [PdfKind, string][]) {
    // HEAD declared first, so that Fastify makes no HEAD of its own: that one answers the length
    // of what GET would send, and an uploaded PDF's HEAD reads no bytes. The API docs leave it out.
    for (const method of ['HEAD', 'GET'] as const) {
      app.route({
        method,
        url: `/assets/files/${file}`,
        schema: {
          tags: ['files'],
          summary: `${file}, made from the current data`,
          querystring: z.object({
            download: z.enum(['0', '1', 'true', 'false']).optional(),
          }),
        },
        handler: async (request, reply) => {
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
          if (upload) {
            // Read only now: a 304 above needed none of its bytes, a HEAD needs their size only.
            const stored = await readStoredFile(db, upload.path, method === 'GET');
            if (stored) return reply.header('content-length', stored.size).send(stored.body ?? undefined);
          }
          const pdf = await pdfs.get(kind, etag);
          return reply.header('etag', pdf.etag).send(pdf.body);
        },
      });
    }
  }

  // Uploads are named by the hash of their bytes: a changed file is a new name, so a name can be
  // kept for ever. The demo files have fixed names: browsers keep them a month. Not a static
  // folder: a file uploaded through one instance is served by every other.
  // HEAD declared with GET: Fastify's own HEAD would answer a Content-Length of 0 (no bytes read).
  app.route({
    method: ['HEAD', 'GET'],
    url: UPLOADS_ROUTE,
    schema: { hide: true },
    handler: async (request, reply) => {
      const rel = (request.params as { '*': string })['*'];
      // A miss goes to the not-found handler, as any unknown path does (and counts like one).
      if (!plainPath(rel)) return reply.callNotFound();
      const file = await readStoredFile(db, rel, request.method === 'GET');
      if (!file) return reply.callNotFound();
      const etag = `"${file.sha256}"`;
      void reply
        .header('etag', etag)
        .header(
          'cache-control',
          HASHED_UPLOAD.test(rel) ? 'public, max-age=31536000, immutable' : 'public, max-age=2592000',
        )
        .header('x-content-type-options', 'nosniff');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return reply
        .type(file.mime)
        .header('content-length', file.size)
        .send(file.body ?? undefined);
    },
  });
};
