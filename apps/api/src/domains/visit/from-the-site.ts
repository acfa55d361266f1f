import { XSRF_COOKIE, XSRF_HEADER } from '@salon/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The plain forms of the visitors' pages ('Ma visite', the e-badge page), which work without
 * scripts: a form cannot send the XSRF header, so the browser's own word on where a post comes
 * from stands in for it (decision 035), and the answer goes back to the page that posted.
 */

/** A button's form posts as a browser does without scripts; the script sends JSON. For one plugin's routes. */
export function acceptForms(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}

/** Whether the script asked (it wants the list back), rather than a form (it wants the page back). */
export const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? '').includes('application/json');

/**
 * Whether the post comes from the site's own pages: the script's XSRF pair, or, for a form posted
 * without scripts (which cannot send the header), the browser's own word: `Sec-Fetch-Site`, else
 * the `Origin` every browser sends with a post. A request with none of them is refused, as any
 * unsafe request without the pair is.
 */
export function fromTheSite(request: FastifyRequest, publicUrl: string): boolean {
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER];
  if (cookie && typeof header === 'string' && header === cookie) return true;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = request.headers.origin;
  return !!origin && (origin === new URL(publicUrl).origin || origin === `${request.protocol}://${request.host}`);
}

/** A path of this site to go back to; anything else (another site, `//host`) goes to `fallback`. */
export function backTo(back: string | undefined, fallback: string): string {
  if (!back?.startsWith('/') || back.startsWith('//') || back.includes('\\')) return fallback;
  const url = new URL(back, 'http://site.invalid');
  // The result is checked, not only the input: `/.//evil.example` resolves to the path `//evil.example`.
  if (url.origin !== 'http://site.invalid' || url.pathname.startsWith('//')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
