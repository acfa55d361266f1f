import { randomBytes, timingSafeEqual } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER } from '@salon/shared';
import type { Config } from '../config/env';
import { forbidden } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What the pages may ask of the device (Permissions-Policy). The camera for this origin only: the
 * scanner and the gate read badges with it. Everything else a page of this site never needs is
 * off, for it and for every frame (the venue's map, the virtual tour), so that injected or framed
 * content cannot ask for it either. Fullscreen and xr-spatial-tracking keep their defaults: the home
 * page's virtual tour is allowed them (its frame's `allow`).
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
].join(', ');

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
    // Each HTML page gets its own nonces: one for React Router's inline scripts, one for the style
    // sheet written into its <head> (apps/web/app/root.tsx) and, in the back-office, for the
    // <style> elements MUI writes (apps/web/admin/admin-app.tsx). Helmet adds them to script-src
    // and style-src.
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // No `style="…"` attribute in any page's HTML: injected markup cannot restyle the page
        // (hide a form, lay a fake one over it), and no page needs one. The home page's banner is
        // an <img> behind the hero (apps/web/app/routes/home.tsx). Styles that scripts set (React's
        // `style` props once in the browser, MUI, panzoom) go through the CSSOM, which this does
        // not restrict. Said outright rather than left to style-src, which it would fall back to.
        styleSrcAttr: ["'none'"],
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

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
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
