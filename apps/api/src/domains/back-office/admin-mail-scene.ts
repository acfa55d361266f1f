import { afterAll, beforeAll } from 'vitest';
import { createBadgeSigner } from '../badges/badge-token';
import { createBadgeService } from '../badges/badges.service';
import { createAttachmentResolver } from '../mail/attachments';
import { createMailTransport } from '../mail/transport';
import { createMailWorker } from '../mail/worker';
import { createOrganiser, sessionOf, type User } from '../../../test/fixtures';
import { call, createTestApp, type TestContext } from '../../../test/helper';

/**
 * The set-up the back-office's mail outbox tests (admin-mail, admin-mail-links) share: an
 * organiser signed in, the calls to the outbox, and the mail worker of server.ts.
 *
 * `useAdminMailScene()`, called at the top of a test file, builds the scene before its tests
 * and closes it after them; the names below are the scene's while the file's tests run.
 */

export interface AdminMailScene {
  ctx: TestContext;
  organiser: User;
  /** The organiser's session token. */
  token: string;
}

/** Builds the app and an organiser, Olga Organisatrice, signed in. */
export async function adminMailScene(): Promise<AdminMailScene> {
  const ctx = await createTestApp();
  const organiser = await createOrganiser(ctx.db, { name: 'Olga Organisatrice' });
  return { ctx, organiser, token: await sessionOf(ctx, organiser) };
}

export let ctx: TestContext;
export let organiser: User;
export let token: string;

/** Builds the scene before the file's tests and closes it after them. */
export function useAdminMailScene() {
  beforeAll(async () => {
    ({ ctx, organiser, token } = await adminMailScene());
  });
  afterAll(() => ctx.close());
}

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
    log: silent,
  });
}
