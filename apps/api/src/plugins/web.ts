import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { constants as zlibConstants, createBrotliCompress, createGzip } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import {
  editionFacts,
  registrationState,
  type EditionFacts,
  type RegistrationWindow,
  type WebLoadContext,
  type Clock,
} from '@salon/shared';
import type { Config } from '../config/env';
import { PREVIEW_LIFETIME_SECONDS } from '../lib/jwt';
import { PREVIEW_COOKIE, type EditionPreview } from '../domains/editions/preview';
import { errorBody } from './errors';
import { INTERNAL_CALL_HEADER, internalCallToken } from './internal-call';
import { PREVIEW_EDITION_HEADER } from './edition-access';

/** The files kept in the database (media_files), served by domains/files/files.routes.ts. */
export const UPLOADS_ROUTE = '/uploads/*';

/**
 * Files are outside the API's budget: the built app's files (a route each) are not counted at all;
 * uploads and the show's PDFs (/assets/files/) count in budgets of their own, per address
 * (domains/files/files.routes.ts). Decided on a route's pattern when it is declared, never on a
 * request's raw URL, which a client can percent-encode at will (`/%62ackend/api/auth/local?.`
 * matches `/backend/api/auth/local`). A request that matches no route, or a file that is not there, ends
 * in the not-found handler, counted under the pages' budget.
 */
export function isFileRoute(pattern: string): boolean {
  if (pattern.startsWith('/backend')) return false;
  return pattern === UPLOADS_ROUTE || /\.[a-z0-9]+$/i.test(pattern);
}

/**
 * Serves the built web app: hashed assets from disk, every other GET rendered by React Router
 * on the server, so that crawlers and slow phones get the page before any script runs.
 */
export interface PageEditions {
  /** The current edition, and its registration window. */
  current: () => Promise<EditionFacts & RegistrationWindow>;
  /** The edition an organiser's preview token shows, or null (domains/editions/preview.ts). */
  preview: (token: string) => Promise<EditionPreview | null>;
}

export async function registerWeb(
  app: FastifyInstance,
  config: Config,
  clock: Clock,
  editions: PageEditions,
): Promise<void> {
  const serverEntry = path.join(config.WEB_BUILD_DIR, 'server/index.js');
  let render: ((request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | undefined;
  if (existsSync(serverEntry)) {
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    const handler = createRequestHandler(build, 'production');
    await app.register(fastifyStatic, {
      root: path.join(config.WEB_BUILD_DIR, 'client'),
      prefix: '/',
      index: false,
      // One route per built file: every other path falls through to the page renderer.
      wildcard: false,
      setHeaders(res, file) {
        const rel = path.relative(path.join(config.WEB_BUILD_DIR, 'client'), file);
        // Vite names built files by their hash: they never change. Translations do.
        if (rel.startsWith('assets/') && !rel.startsWith('assets/i18n/') && !rel.startsWith('assets/files/')) {
          void res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          void res.header('Cache-Control', 'public, max-age=300');
        }
      },
    });
    // The edition last read: a page still renders while the database cannot answer for a moment.
    let lastShow: (EditionFacts & RegistrationWindow) | null = null;
    const showFacts = async () => {
      try {
        lastShow = await editions.current();
      } catch (error) {
        if (!lastShow) throw error;
        app.log.warn({ err: error }, 'current edition unreadable: pages use the one read last');
      }
      return lastShow;
    };
    /**
     * An organiser's preview: `?apercu=<token>` starts it (kept in a cookie from page to page),
     * `?apercu=fin` ends it. Pages under a preview are stored by no cache and indexed by no engine.
     */
    const previewOf = async (request: FastifyRequest, reply: FastifyReply, url: URL) => {
      const asked = url.searchParams.get('apercu');
      const kept = request.cookies[PREVIEW_COOKIE];
      const token = asked === 'fin' ? null : (asked ?? kept);
      const preview = token ? await editions.preview(token) : null;
      if (preview && asked) {
        reply.setCookie(PREVIEW_COOKIE, asked, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: config.PUBLIC_URL.startsWith('https:'),
          maxAge: PREVIEW_LIFETIME_SECONDS,
        });
      } else if (!preview && kept) {
        reply.clearCookie(PREVIEW_COOKIE, { path: '/' });
      }
      return preview;
    };
    render = async (request, reply) => {
      const controller = new AbortController();
      reply.raw.once('close', () => controller.abort());
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
      }
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      const preview = await previewOf(request, reply, url);
      // The token goes into the cookie, never stays in the address bar: a page the organiser copies
      // and sends on is no preview.
      if (url.searchParams.has('apercu')) {
        url.searchParams.delete('apercu');
        return reply.header('cache-control', 'no-store').redirect(`${url.pathname}${url.search}`, 303);
      }
      const edition = preview?.edition ?? (await showFacts());
      const context: WebLoadContext = {
        show: editionFacts(edition),
        registration: registrationState(edition, clock()),
        preview: preview && { name: preview.name, editionId: preview.id },
        nonce: reply.cspNonce.script,
        styleNonce: reply.cspNonce.style,
        now: clock().toISOString(),
        publicUrl: config.PUBLIC_URL,
        productSlug: config.PRODUCT_SLUG,
        api: async (apiPath) => {
          const res = await app.inject({
            method: 'GET',
            url: `/backend/api/${apiPath}`,
            headers: {
              [INTERNAL_CALL_HEADER]: internalCallToken,
              ...(preview && { [PREVIEW_EDITION_HEADER]: String(preview.id) }),
            },
          });
          return { status: res.statusCode, body: res.json<unknown>() };
        },
        underConstruction: config.UNDER_CONSTRUCTION,
      };
      const response = await handler(
        new Request(url, { method: request.method, headers, signal: controller.signal }),
        context as never,
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') void reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) void reply.header('set-cookie', cookies);
      if (!response.headers.has('cache-control')) void reply.header('cache-control', 'private, no-cache');
      if (preview) void reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex, nofollow');
      if (!response.body) return reply.send();
      return reply.send(compressed(request, reply, Readable.fromWeb(response.body)));
    };
  } else {
    app.log.warn({ serverEntry }, 'web app not built: serving the API only (run `npm run build`)');
  }
  await registerBackOffice(app, config);

  /**
   * Pages are rendered in the not-found handler, which is not a route: the compress plugin's
   * per-route hook does not reach it, so pages are compressed here (Brotli at a fast level).
   */
  function compressed(request: FastifyRequest, reply: FastifyReply, body: Readable): Readable {
    const accept = String(request.headers['accept-encoding'] ?? '');
    void reply.header('vary', 'accept-encoding');
    if (/\bbr\b/.test(accept)) {
      void reply.header('content-encoding', 'br');
      return body.pipe(createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
    }
    if (/\bgzip\b/.test(accept)) {
      void reply.header('content-encoding', 'gzip');
      return body.pipe(createGzip());
    }
    return body;
  }

  // Every page is rendered here, and every unknown path ends here: both cost a render or tell a
  // URL scanner what exists, so they have a budget per address, apart from the API's.
  const pageLimit = app.rateLimit({ max: config.PAGE_RATE_LIMIT, timeWindow: '1 minute' });
  app.setNotFoundHandler({ preHandler: pageLimit }, async (request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (render && isPage && !request.url.startsWith('/backend') && !request.url.startsWith('/uploads/')) {
      return render(request, reply);
    }
    return reply.status(404).send(errorBody(404, 'NotFoundError', 'Ressource introuvable.'));
  });
}

/** What apps/web/admin/index.html holds where each response writes its CSP style nonce. */
const STYLE_NONCE_PLACEHOLDER = '__CSP_STYLE_NONCE__';

/**
 * The organisers' back-office: a build of its own (apps/web/vite.admin.config.ts), one HTML page
 * for /admin and every path below it (react-admin's routes, in the browser), and its scripts under
 * /admin/assets/. The page carries the response's CSP style nonce: MUI gives it to the styles it
 * writes (apps/web/admin/admin-app.tsx). Its scripts are files of this origin: no nonce needed.
 */
async function registerBackOffice(app: FastifyInstance, config: Config): Promise<void> {
  const dir = path.join(config.WEB_BUILD_DIR, 'admin');
  const htmlFile = path.join(dir, 'index.html');
  if (!existsSync(htmlFile)) {
    app.log.warn({ htmlFile }, 'back-office not built: no /admin (run `npm run build`)');
    return;
  }
  const html = readFileSync(htmlFile, 'utf8');
  await app.register(fastifyStatic, {
    root: path.join(dir, 'assets'),
    prefix: '/admin/assets/',
    decorateReply: false,
    index: false,
    wildcard: false,
    // Vite names them by their hash.
    cacheControl: false,
    setHeaders(res) {
      void res.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    // A script or style that is not there is a 404, not the page.
    if (request.url.startsWith('/admin/assets/')) {
      return reply.status(404).send(errorBody(404, 'NotFoundError', 'Ressource introuvable.'));
    }
    return (
      reply
        .header('content-type', 'text/html; charset=utf-8')
        // Not stored at all: the page carries this response's nonce.
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .send(html.replaceAll(STYLE_NONCE_PLACEHOLDER, reply.cspNonce.style))
    );
  };
  app.get('/admin', { schema: { hide: true } }, page);
  app.get('/admin/*', { schema: { hide: true } }, page);
}
