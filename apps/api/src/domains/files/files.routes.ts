import type { Readable } from 'node:stream';
import { fileAnswer, noContentSchema } from '@salon/shared';
import { normalizeIP } from '@fastify/rate-limit';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { media, mediaFiles, sib } from '../../db/schema';
import { tooManyRequests } from '../../lib/errors';
import { UPLOADS_ROUTE } from '../../plugins/web';
import { createPdfService, PDF_KINDS, pdfFileName, type PdfKind } from './pdf';
import { editionOfYear } from '../show/current-edition';
import { createStoredFiles, LARGE_FILE_BYTES } from './stored-files';
import { HASHED_UPLOAD } from './uploads.service';
import { uploadState, type FileKeys } from '../media/held-files';

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
export const filesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** Downloads of these files allowed per minute and per address, and of those over LARGE_FILE_BYTES. */
  rateLimit: number;
  largeRateLimit: number;
  /** Bytes of recently served files kept in memory (0: none, every file is streamed from the database). */
  cacheBytes: number;
  /** Opens the exhibitors' files that no public page names yet. */
  fileKeys: FileKeys;
}> = async (app, { db, rateLimit, largeRateLimit, cacheBytes, fileKeys }) => {
  const pdfs = createPdfService(db, {
    onMade: ({ kind, ms, bytes }) => app.log.info({ pdf: kind, ms: Math.round(ms), bytes }, 'PDF made from the data'),
  });
  const files = createStoredFiles(db, {
    cacheBytes,
    onRead: ({ path, bytes, ms }) => app.log.debug({ path, bytes, ms: Math.round(ms) }, 'file read from the database'),
  });

  // The files' budgets, per address, apart from the API's and the pages' (the rate-limit plugin's
  // store: Redis when REDIS_URL is set, so shared by the instances). Every download counts in the
  // first; the ones that send more than LARGE_FILE_BYTES count in the second too. In-process calls
  // (pages' loaders) are not counted, as everywhere.
  const keyed = (prefix: string) => (request: FastifyRequest) => `${prefix}:${normalizeIP(request.ip)}`;
  const budgets = {
    files: app.createRateLimit({ max: rateLimit, timeWindow: '1 minute', keyGenerator: keyed('files') }),
    large: app.createRateLimit({ max: largeRateLimit, timeWindow: '1 minute', keyGenerator: keyed('large-files') }),
  };
  /** Counts the request in the budget; past it, a 429 in the error shape, kept by no cache. */
  async function spend(budget: keyof typeof budgets, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const result = await budgets[budget](request);
    if (result.isAllowed || !result.isExceeded) return;
    void reply
      .header('x-ratelimit-limit', result.max)
      .header('x-ratelimit-remaining', 0)
      .header('x-ratelimit-reset', result.ttlInSeconds);
    throw tooManyRequests(
      reply,
      result.ttlInSeconds,
      budget === 'large'
        ? 'Trop de téléchargements de fichiers volumineux depuis cette adresse.'
        : 'Trop de téléchargements depuis cette adresse.',
    );
  }

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

  // Each edition's files at its year: /assets/files/plan-2024.pdf. An unknown year is a 404.
  for (const kind of PDF_KINDS) {
    // HEAD declared first, so that Fastify makes no HEAD of its own: that one answers the length
    // of what GET would send, and an uploaded PDF's HEAD reads no bytes. The API docs leave it out.
    for (const method of ['HEAD', 'GET'] as const) {
      app.route({
        method,
        url: `/assets/files/${kind}-:year(^\\d{4}).pdf`,
        schema: {
          tags: ['files'],
          summary: `${kind}-<year>.pdf, the edition's, made from its current data`,
          params: z.object({ year: z.coerce.number().int() }),
          querystring: z.object({
            download: z.enum(['0', '1', 'true', 'false']).optional(),
          }),
          response: { 200: fileAnswer('application/pdf'), 304: noContentSchema },
        },
        handler: async (request, reply) => {
          await spend('files', request, reply);
          const edition = await editionOfYear(db, request.params.year);
          if (!edition) return reply.callNotFound();
          // An edition not current yet: the organisers' and their preview's only (decision 044).
          if (edition.upcoming && !(await app.editionsSeen(request, reply))(edition.id)) return reply.callNotFound();
          const file = pdfFileName(kind, request.params.year);
          const download = request.query.download === '1' || request.query.download === 'true';
          // The organiser's own PDF stands for the current edition's.
          const upload = edition.current ? await uploaded(kind) : null;
          const etag = upload?.etag ?? (await pdfs.etag(kind, edition.id));
          const cacheHeaders = () =>
            reply
              // An edition not current yet is the organisers' only: no shared cache may keep it.
              .header('cache-control', edition.upcoming ? 'private, no-store' : 'public, max-age=60')
              .header('etag', etag)
              // Chrome shows a PDF through an <embed> with inline styles, which the site's policy
              // (`object-src 'none'`, no inline style) would block: a PDF runs nothing, framing is all
              // there is to restrict.
              .header('content-security-policy', "frame-ancestors 'self'");
          if (etagMatches(request.headers['if-none-match'], etag)) return cacheHeaders().status(304).send(null);
          // What will be sent: the uploaded file (its bytes not read yet: a HEAD needs its size
          // only), or the one made from the data. Large, it counts in the large files' budget
          // before any header is set (a refusal must carry none of a file's).
          const stored = upload && (await files.find(upload.path));
          const pdf = stored ? null : await pdfs.get(kind, etag, edition.id);
          const size = stored ? stored.size : pdf!.body.length;
          if (method === 'GET' && size > LARGE_FILE_BYTES) await spend('large', request, reply);
          void cacheHeaders()
            .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${file}"`)
            .type('application/pdf');
          if (stored) {
            void reply.header('content-length', stored.size);
            return reply.send(method === 'GET' ? await files.body(stored) : undefined);
          }
          return reply.header('etag', pdf!.etag).send(pdf!.body);
        },
      });
    }
  }

  // Uploads are named by the hash of their bytes: a changed file is a new name, so a name can be
  // kept for ever. The demo files have fixed names: browsers keep them a month. Not a static
  // folder: a file uploaded through one instance is served by every other.
  // HEAD declared with GET: Fastify's own HEAD would answer a Content-Length of 0 (no bytes read).
  // The path under /uploads/, and an exhibitor's file's key (`?k=`), as the router and the query parser read them.
  app.route<{ Params: { '*': string }; Querystring: { k?: unknown } }>({
    method: ['HEAD', 'GET'],
    url: UPLOADS_ROUTE,
    schema: { hide: true },
    handler: async (request, reply) => {
      await spend('files', request, reply);
      const rel = request.params['*'];
      // A miss goes to the not-found handler, as any unknown path does (and counts like one).
      if (!plainPath(rel)) return reply.callNotFound();
      // An upload whose bytes were removed is gone, though this instance may still hold them in
      // memory; an exhibitor's file that no public page names opens only with its key (decision 044).
      const state = HASHED_UPLOAD.test(rel) ? await uploadState(db, rel) : 'public';
      if (state === 'gone') return reply.callNotFound();
      const held = state === 'held';
      if (held && !fileKeys.opens(rel, request.query.k, new Date())) return reply.callNotFound();
      const file = await files.find(rel);
      if (!file) return reply.callNotFound();
      const etag = `"${file.sha256}"`;
      const fresh = etagMatches(request.headers['if-none-match'], etag);
      // Before any header: a refusal must not carry a year of cache.
      if (request.method === 'GET' && !fresh && file.size > LARGE_FILE_BYTES) await spend('large', request, reply);
      void reply
        .header('etag', etag)
        .header(
          'cache-control',
          held
            ? 'private, max-age=3600'
            : HASHED_UPLOAD.test(rel)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=2592000',
        )
        .header('x-content-type-options', 'nosniff');
      if (fresh) return reply.status(304).send();
      const body: Buffer | Readable | undefined = request.method === 'GET' ? await files.body(file) : undefined;
      return reply.type(file.mime).header('content-length', file.size).send(body);
    },
  });
};
