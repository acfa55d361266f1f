import { randomBytes, timingSafeEqual } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER } from '@salon/shared';
import type { Config } from '../config/env';
import { forbidden } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` on a route that a signed token in its address authorises, such as the newsletter's
     * List-Unsubscribe address (RFC 8058), which mail clients POST to without any cookie.
     */
    xsrf?: false;
  }
}

/**
 * `tourOrigin`: the origin of the virtual tour the organiser set (site settings), read on every
 * response, so that the home page may frame it; none when no tour is set.
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  { tourOrigin }: { tourOrigin: () => string | null },
): Promise<void> {
  await app.register(helmet, {
    // Each HTML page gets its own nonce for React Router's inline scripts.
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // Google: the venue's map (infos-contact, infos-lieu).
        frameSrc: ['https://www.google.com', () => tourOrigin() ?? ''],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Strict-Transport-Security only makes sense behind HTTPS.
    strictTransportSecurity: config.PUBLIC_URL.startsWith('https:'),
  });

  // Double-submit cookie, as the specification's HTTP layer expects: the page copies
  // XSRF-TOKEN into X-XSRF-TOKEN. The cookie is set on any response that lacks it, so the
  // first POST of a page always has one.
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: config.PUBLIC_URL.startsWith('https:'),
        httpOnly: false,
      });
    }
    // Decided on the route the request matched, never on its raw URL: `/%62ackend/api/...` reaches
    // the same handler as `/backend/api/...`. No route outside the API takes a POST, so every
    // unsafe request is checked, whatever its path.
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.xsrf === false) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      throw forbidden('Jeton XSRF manquant ou invalide.');
    }
  });
}

function sameToken(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}
