import { getBadgeDownload, getEbadge, postBadgeLink, postBadgeMail } from '@salon/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { Caller } from '../../lib/caller';
import { currentUser } from '../../plugins/auth';
import { badgeFileName, type BadgeService, type LoadedBadge } from './badges.service';
import { idParam } from '../../lib/request-inputs';
import { route } from '../../lib/route';
import { type MailLinks } from '../mail/links';
import { badgeDownloads, badgeDownloadUrl, queueBadgeMail } from './badge-mail';
import { keptVisit } from './kept-visit';
import { applePassUrl, googleSaveLink } from './wallet/wallet.routes';

/** Sends of a badge by e-mail allowed per minute and per address. */
export const BADGE_MAIL_RATE_LIMIT = 10;

/**
 * The holder, or, for a collaborator badge, the exhibitor it works for: never the person's own
 * visitor or conference badge.
 */
const mayHave = (user: Caller, badge: LoadedBadge) =>
  badge.userId === user.id ||
  (user.type === 'exhibitor' && badge.exhibitorId === user.id && badge.data.type === 'collaborator');

/**
 * The badge outside the PDF files: the download the browser navigates to (a signed link, since a
 * navigation carries no bearer header), the e-badge page's data (the link in the mail), and, for
 * a signed-in holder or its exhibitor, a fresh download link and a new mail.
 */
export const ebadgeRoutes: FastifyPluginAsyncZod<{
  db: Db;
  badges: BadgeService;
  mail: MailLinks;
  onQueued: () => void;
  /** Whether the organiser offers Apple Wallet passes (walletFromConfig) and Google Wallet (googleWalletFromConfig). */
  appleWallet: boolean;
  googleWallet: boolean;
}> = async (app, { db, badges, mail, onQueued, appleWallet, googleWallet }) => {
  /** The badge a signed-in user asks for; someone else's is a 404, as one that does not exist. */
  async function ownBadge(user: Caller, rawId: string): Promise<LoadedBadge> {
    const id = idParam(rawId);
    const badge = id === null ? null : await badges.load(id);
    if (!badge || !mayHave(user, badge)) throw notFound('Badge introuvable.');
    return badge;
  }

  route(app, getBadgeDownload, {}, async (request, reply) => {
    const id = idParam(request.params.id);
    const subject = mail.links.verify(request.query.token, 'badge_download', mail.now());
    if (id === null || subject !== id) throw forbidden('Lien de téléchargement invalide ou expiré.');
    const badge = await badges.load(id);
    if (!badge) throw notFound('Badge introuvable.');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${badgeFileName(badge)}"`)
      .header('cache-control', 'private, no-store')
      .send(await badges.pdf(badge));
  });

  route(app, getEbadge, {}, async (request, reply) => {
    // The mail's link carries the badge's random key; a revoked badge's key opens nothing.
    const badge = await badges.loadByKey(request.query.token);
    if (!badge) throw forbidden('Ce lien n’est pas valide ou a expiré.');
    reply.header('cache-control', 'private, no-store');
    const downloadUrl = badgeDownloadUrl(mail, badge.registrationId);
    const visit = await keptVisit(db, badge.registrationId);
    const appleWalletUrl = appleWallet ? applePassUrl(request.query.token) : null;
    const googleWalletUrl = googleWallet ? googleSaveLink(request.query.token) : null;
    return { data: { ...badges.view(badge), downloadUrl, appleWalletUrl, googleWalletUrl, visit }, meta: {} };
  });

  route(app, postBadgeLink, {}, async (request) => {
    const badge = await ownBadge(currentUser(request), request.params.id);
    return { data: badgeDownloads(mail, badge.registrationId), meta: {} };
  });

  const perMinute = { config: { rateLimit: { max: BADGE_MAIL_RATE_LIMIT, timeWindow: '1 minute' } } };
  route(app, postBadgeMail, perMinute, async (request) => {
    const badge = await ownBadge(currentUser(request), request.params.id);
    await db.transaction((tx) => queueBadgeMail(tx, mail, badge.registrationId));
    onQueued();
    return { data: { sent: true }, meta: {} };
  });
};
