import { createBadgeSigner } from '../badges/badge-token';
import { createBadgeService } from '../badges/badges.service';
import { createAttachmentResolver } from '../mail/attachments';
import { createMailTransport } from '../mail/transport';
import { createMailWorker } from '../mail/worker';
import { call } from '../../../test/helper';
import { ctx, token, useOrganiserScene } from '../../../test/organiser-scene';
import { linkIssuers } from '../../link-issuers';

/**
 * The set-up the back-office's mail outbox tests (admin-mail, admin-mail-links) share: an
 * organiser signed in, the calls to the outbox, and the mail worker of server.ts.
 *
 * `useAdminMailScene()`, called at the top of a test file, builds the scene before its tests
 * and closes it after them; the names below are the scene's while the file's tests run.
 */

export { ctx, organiser, token } from '../../../test/organiser-scene';

/** Builds the app and an organiser, Olga Organisatrice, signed in, before the file's tests; closes it after them. */
export const useAdminMailScene = () => useOrganiserScene({ name: 'Olga Organisatrice' });

export const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));
export const get = (url: string) => call(ctx.app, 'GET', url, { token });
export const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The worker of server.ts, on the file transport the embedded default uses (no SMTP_URL). */
export function fileWorker() {
  const badges = createBadgeService(ctx.db, createBadgeSigner(ctx.config.BADGE_PRIVATE_KEY));
  return createMailWorker({
    db: ctx.db,
    transport: createMailTransport(ctx.config),
    resolveAttachments: createAttachmentResolver({ badge: badges.attachment }),
    issuers: linkIssuers,
    log: silent,
  });
}
