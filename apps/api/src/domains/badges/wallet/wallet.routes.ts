import {
  WALLET_BUTTONS,
  getEbadgeGoogleWallet,
  getEbadgeWalletPass,
  getGoogleWalletPass,
  getWallet,
  getWalletPassDownload,
  pick,
} from '@salon/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { forbidden, notFound } from '../../../lib/errors';
import { idParam } from '../../../lib/request-inputs';
import { route } from '../../../lib/route';
import type { MailLinks } from '../../mail/links';
import { badgeFileName, type BadgeService, type LoadedBadge } from '../badges.service';
import type { AppleWallet } from './apple-config';
import type { ApplePasses, PassPlace } from './apple-pass';
import { googleSaveUrl, type GoogleWallet } from './google-wallet';

/** The e-badge's pass, by the random key of the badge mail, as the e-badge page is reached. */
export const applePassUrl = (badgeKey: string) =>
  `/backend/api/registrations/ebadge/wallet.pkpass?token=${encodeURIComponent(badgeKey)}`;

/** 'Ajouter à Google Wallet' by the same key: a redirect to Google's link, made on the click. */
export const googleSaveLink = (badgeKey: string) =>
  `/backend/api/registrations/ebadge/google-wallet?token=${encodeURIComponent(badgeKey)}`;

/** The point of a map link that names one (`q=31.6,-8.0`, `@31.6,-8.0,15z`, `mlat=…&mlon=…`). */
export function mapPoint(url: string | null): PassPlace['location'] {
  if (!url) return null;
  const match =
    /[?&](?:q|query|ll)=(-?\d{1,2}(?:\.\d+)?),\s*(-?\d{1,3}(?:\.\d+)?)/.exec(url) ??
    /@(-?\d{1,2}\.\d+),(-?\d{1,3}\.\d+)/.exec(url) ??
    /[?&]mlat=(-?\d{1,2}(?:\.\d+)?)&mlon=(-?\d{1,3}(?:\.\d+)?)/.exec(url);
  if (!match) return null;
  const [latitude, longitude] = [Number(match[1]), Number(match[2])];
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}

/**
 * Apple Wallet: a badge's `.pkpass` by the key of its mail (the e-badge page's and the mail's
 * 'Ajouter à Apple Wallet') or by a signed link (the exhibitor area's, the kiosk's); Google
 * Wallet: a redirect to the badge's save link, by the same keys; and each wallet's own button
 * artwork that the buttons show. Without the organiser's configuration of a wallet (wallet or
 * google null), its routes are 404s and no button of it shows.
 */
export const walletRoutes: FastifyPluginAsyncZod<{
  badges: BadgeService;
  /** Where the show is held, as the site's settings say now. */
  place: () => Promise<PassPlace>;
  wallet: AppleWallet | null;
  /** The organiser's passes (null without Apple Wallet). */
  passes: ApplePasses | null;
  google: GoogleWallet | null;
  /** Verifies the signed links of `POST registrations/:id/badge-link`. */
  mail: MailLinks;
}> = async (app, { badges, place, wallet, passes, google, mail }) => {
  route(app, getWallet, {}, async () => ({ data: { apple: wallet !== null, google: google !== null }, meta: {} }));

  const send = async (reply: FastifyReply, badge: LoadedBadge) =>
    reply
      .header('content-type', 'application/vnd.apple.pkpass')
      .header('content-disposition', `attachment; filename="${badgeFileName(badge).replace(/\.pdf$/, '.pkpass')}"`)
      .header('cache-control', 'private, no-store')
      // Signed at the real time, whatever APP_NOW says: the phone checks the certificate then.
      .send(await passes!.pass(badge, await place(), new Date()));

  /** The exhibitor area's 'Ajouter à Apple Wallet': the signed link of `badge-link`, as the PDF's. */
  route(app, getWalletPassDownload, {}, async (request, reply) => {
    const id = idParam(request.params.id);
    const subject = mail.links.verify(request.query.token, 'badge_download', mail.now());
    if (id === null || subject !== id) throw forbidden('Lien de téléchargement invalide ou expiré.');
    const badge = passes && (await badges.load(id));
    if (!badge) throw notFound('Badge introuvable.');
    return send(reply, badge);
  });

  route(app, getEbadgeWalletPass, {}, async (request, reply) => {
    const badge = passes && (await badges.loadByKey(request.query.token));
    if (!badge) throw notFound('Badge introuvable.');
    return send(reply, badge);
  });

  /** To Google's 'Save to Google Wallet' link, made now. */
  const save = async (reply: FastifyReply, badge: LoadedBadge) => {
    const url = await googleSaveUrl(google!, badge, await place(), mail.publicUrl, new Date());
    return reply.header('cache-control', 'private, no-store').redirect(url, 303);
  };

  route(app, getEbadgeGoogleWallet, {}, async (request, reply) => {
    const badge = google && (await badges.loadByKey(request.query.token));
    if (!badge) throw notFound('Badge introuvable.');
    return save(reply, badge);
  });

  /** The exhibitor area's and the kiosk's 'Ajouter à Google Wallet': the signed link of `badge-link`. */
  route(app, getGoogleWalletPass, {}, async (request, reply) => {
    const id = idParam(request.params.id);
    const subject = mail.links.verify(request.query.token, 'badge_download', mail.now());
    if (id === null || subject !== id) throw forbidden('Lien de téléchargement invalide ou expiré.');
    const badge = google && (await badges.load(id));
    if (!badge) throw notFound('Badge introuvable.');
    return save(reply, badge);
  });

  // Mail clients that show no SVG (Gmail, Outlook) get each wallet's button drawn at twice its size.
  const pngs = new Map<string, Promise<Buffer>>();
  for (const [name, artwork, absent] of [
    ['apple', wallet?.artwork, 'Apple Wallet n’est pas proposé.'],
    ['google', google?.artwork, 'Google Wallet n’est pas proposé.'],
  ] as const) {
    route(app, WALLET_BUTTONS[name].png, {}, async (request, reply) => {
      if (!artwork) throw notFound(absent);
      const { lang } = request.query;
      const key = `${name}-${lang}`;
      if (!pngs.has(key)) {
        pngs.set(key, sharp(pick(lang, artwork), { density: 300 }).resize({ height: 96 }).png().toBuffer());
      }
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'public, max-age=86400')
        .send(await pngs.get(key));
    });
  }

  // Each wallet's own button, as the organiser's copy holds it; a 404 when that wallet is not offered.
  for (const [name, artwork, absent] of [
    ['apple', wallet?.artwork, 'Apple Wallet n’est pas proposé.'],
    ['google', google?.artwork, 'Google Wallet n’est pas proposé.'],
  ] as const) {
    route(app, WALLET_BUTTONS[name].svg, {}, async (request, reply) => {
      if (!artwork) throw notFound(absent);
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(pick(request.query.lang, artwork));
    });
  }
};
