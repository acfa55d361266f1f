/**
 * Real visitor badges for the scanner: a visitor registers through the public API (as the home
 * page's form does), the badge mail arrives, its e-badge link's key opens the e-badge data, which
 * holds the signed token the QR code carries.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { XSRF_COOKIE, XSRF_HEADER } from '@salon/shared';
import { mailTo } from './mail';

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let phoneCounter = 0;
/** A phone number no other registration of this run uses. */
const uniquePhone = () => `06${String(Date.now() + phoneCounter++).slice(-8)}`;

export interface Visitor {
  name: string;
  email: string;
  phone: string;
  company: string;
  jobPosition: string;
  /** The badge's QR code text. */
  token: string;
  /** The QR code the e-badge page draws: an SVG path, one unit per module. */
  qr: { size: number; path: string };
  /** The key of the badge mail's e-badge link (`/ebadge?token=`). */
  key: string;
}

/** The XSRF cookie the server sets on any response, to copy into the header of a POST. */
async function xsrfToken(request: APIRequestContext): Promise<string> {
  const stored = (await request.storageState()).cookies.find((c) => c.name === XSRF_COOKIE);
  if (stored) return stored.value;
  await request.get('/');
  const cookie = (await request.storageState()).cookies.find((c) => c.name === XSRF_COOKIE);
  if (!cookie) throw new Error(`no ${XSRF_COOKIE} cookie after GET /`);
  return cookie.value;
}

/**
 * Registers a new visitor (a unique name and address) and returns it with its badge token, read
 * the way the visitor gets it: the badge mail's e-badge link, then the e-badge page's data.
 * `typed` replaces the unique name and company (a name in Arabic, as typed).
 */
export async function registerVisitor(
  request: APIRequestContext,
  firstName = 'Yasmine',
  mailDir?: string,
  typed: { name?: string; company?: string } = {},
): Promise<Visitor> {
  const id = unique();
  const visitor = {
    name: typed.name ?? `${firstName} Scan ${id}`,
    email: `scan-${id}@example.com`,
    phone: uniquePhone(),
    company: typed.company ?? `Atelier ${id}`,
    jobPosition: 'Acheteuse',
  };
  const registered = await request.post('/backend/api/visiteurs/putVisitor', {
    headers: { [XSRF_HEADER]: await xsrfToken(request) },
    data: { ...visitor, lang: 'fr' },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  const mail = await mailTo(visitor.email, undefined, mailDir);
  const link = /https?:\/\/[^\s"<]+\/ebadge\?token=([\w.-]+)/.exec(mail);
  if (!link) throw new Error(`no e-badge link in the badge mail to ${visitor.email}`);
  const ebadge = await request.get(`/backend/api/registrations/ebadge?token=${encodeURIComponent(link[1]!)}`);
  expect(ebadge.status(), await ebadge.text()).toBe(200);
  const { data } = (await ebadge.json()) as { data: { name: string; token: string; qr: Visitor['qr'] } };
  expect(data.name).toBe(visitor.name);
  return { ...visitor, token: data.token, qr: data.qr, key: link[1]! };
}

/**
 * The same token with one character of its signature changed: the shape of a badge, but not one
 * the show signed. (A middle character: the last one carries padding bits a decoder may ignore.)
 */
export function forge(token: string): string {
  const at = token.indexOf('.') + 20;
  const swapped = token[at] === 'A' ? 'B' : 'A';
  return token.slice(0, at) + swapped + token.slice(at + 1);
}
