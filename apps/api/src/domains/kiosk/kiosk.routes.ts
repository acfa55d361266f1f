import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  KIOSK_TOKEN_HEADER,
  deleteKiosk,
  getKiosks,
  getOwnKiosk,
  kioskBadgeLookupSchema,
  kioskLookupSchema,
  postKioskLookup,
  type BadgeViewData,
  type Clock,
} from '@salon/shared';
import { HttpError, notFound, unauthorized } from '../../lib/errors';
import { AUDIENCES, currentUser, only } from '../../plugins/auth';
import type { KioskService, KioskSession } from './kiosk.service';
import { idParam, parseFormBody } from '../../lib/request-inputs';
import { route } from '../../lib/route';
import type { Db } from '../../db/client';
import { assertRegistrationOpen } from '../show/registration-window';
import { badgeDownloads } from '../badges/badge-mail';
import { qrSvgPath } from '../badges/badge-qr';
import type { MailLinks } from '../mail/links';

declare module 'fastify' {
  interface FastifyRequest {
    kiosk: KioskSession | null;
  }
}

const NO_BADGE = 'Aucun badge ne correspond à ces informations.';
const OTHER_EDITION = 'Ce badge est celui d’une autre édition : il n’est pas valable pour ce salon.';
/** Said by the kiosk (the web app shows its own French or English text for `details.reason`). */
const SEE_STAFF =
  'Trop d’essais pour cette adresse. Adressez-vous à un membre de l’équipe d’accueil, qui retrouvera votre badge.';

const kioskToken = (request: FastifyRequest) => {
  const header = request.headers[KIOSK_TOKEN_HEADER];
  return typeof header === 'string' ? header : '';
};

/** preHandler: 401 unless the request carries a live kiosk token. */
export function kioskOnly(kiosks: KioskService, clock: Clock) {
  return async (request: FastifyRequest) => {
    request.kiosk = await kiosks.authenticate(kioskToken(request), clock());
    if (!request.kiosk) throw unauthorized('Borne désactivée ou inconnue.');
  };
}

/**
 * The kiosk's badge lookup, the kiosk's own session, and the list of kiosks for the staff who
 * revoke them. A kiosk token reaches only the kiosk's routes; a controller or organiser may
 * also look a badge up from their own session.
 */
export const kioskRoutes: FastifyPluginAsyncZod<{
  db: Db;
  kiosks: KioskService;
  clock: Clock;
  lookupRateLimit: number;
  /** Signs the wallet links the kiosk shows (mail.appleWallet, mail.googleWallet unset: none offered). */
  mail: MailLinks;
}> = async (app, { db, kiosks, clock, lookupRateLimit, mail }) => {
  /** A short-lived link as an absolute address and its QR code, for the visitor's own phone. */
  const code = (link: string | null) => {
    const url = link && `${mail.publicUrl}${link}`;
    return url ? { url, qr: qrSvgPath(url) } : null;
  };
  /** The badge as the kiosk shows it, with its wallets' links for the visitor's iPhone or Android phone. */
  const shown = (badge: BadgeViewData) => {
    const links = badgeDownloads(mail, badge.registration.id);
    const wallets = { appleWallet: code(links.appleWalletUrl), googleWallet: code(links.googleWalletUrl) };
    return { data: { ...badge, ...wallets }, meta: {} };
  };
  const kiosk = kioskOnly(kiosks, clock);
  const staff = only(app, AUDIENCES.gateStaff);
  // A kiosk token, or else a controller's or organiser's session.
  const kioskOrStaff = async (request: FastifyRequest, reply: FastifyReply) => {
    if (kioskToken(request)) return kiosk(request);
    for (const check of staff.preHandler) await check(request, reply);
  };

  route(app, getOwnKiosk, { preHandler: kiosk }, async (request) => {
    const { id, name, createdAt, expiresAt } = request.kiosk!;
    return {
      data: { id, name, createdAt: createdAt.toISOString(), expiresAt: expiresAt.toISOString() },
      meta: {},
    };
  });

  /**
   * `{ email, phoneDigits }` typed by the visitor, or `{ token }` read from the e-badge on their
   * phone. Answers what the badge shows and nothing more. Counted per kiosk or staff member
   * (known only once authenticated: a header the caller can vary is no key), and, from a
   * kiosk, per address: after LOOKUPS_PER_ADDRESS misses only staff can look that address up.
   */
  route(
    app,
    postKioskLookup,
    {
      preHandler: kioskOrStaff,
      config: {
        rateLimit: {
          max: lookupRateLimit,
          timeWindow: '1 minute',
          // After kioskOrStaff, so the caller is known.
          hook: 'preHandler',
          keyGenerator: (req) => (req.kiosk ? `kiosk:${req.kiosk.id}` : `kiosk-staff:${currentUser(req).id}`),
        },
      },
    },
    async (request, reply) => {
      // The kiosk makes badges while the registration is open (by default, until the show is over).
      await assertRegistrationOpen(db, clock());
      const { body } = request;
      if (body && typeof body === 'object' && 'token' in body) {
        const badge = await kiosks.lookupToken(parseFormBody(kioskBadgeLookupSchema, body).token);
        if (badge === 'otherEdition') throw new HttpError(404, OTHER_EDITION, { reason: 'otherEdition' });
        if (!badge) throw notFound(NO_BADGE);
        return shown(badge);
      }
      const query = parseFormBody(kioskLookupSchema, body);
      if (request.kiosk) {
        const now = clock();
        const lockedUntil = await kiosks.countLookup(query.email, now);
        if (lockedUntil) {
          // For the staff watching the logs: someone may be walking an address (not logged: it is personal).
          request.log.warn({ kioskId: request.kiosk.id }, 'kiosk lookup refused: an address past its wrong digits');
          void reply.header('retry-after', Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000)));
          throw new HttpError(429, SEE_STAFF, { reason: 'seeStaff' });
        }
      }
      const badge = await kiosks.lookup(query);
      if (!badge) throw notFound(NO_BADGE);
      if (request.kiosk) await kiosks.clearLookups(query.email);
      return shown(badge);
    },
  );

  route(app, getKiosks, {}, async () => {
    const rows = await kiosks.list();
    return { data: rows, meta: { pagination: { page: 1, pageSize: rows.length, pageCount: 1, total: rows.length } } };
  });

  route(app, deleteKiosk, {}, async (request, reply) => {
    const id = idParam(request.params.id);
    if (id === null || !(await kiosks.revoke(id, clock()))) throw notFound('Borne introuvable ou déjà désactivée.');
    return reply.status(204).send();
  });
};
