import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_EDITION_ID, type RegistrationType } from '@salon/shared';
import { scans } from '../../db/schema';
import type { ScanResult } from './scan-recording.service';
import {
  badgeOf as signedBadge,
  createCollaborator,
  createExhibitor,
  type Collaborator,
  type Exhibitor,
} from '../../../test/fixtures';
import { call, createTestApp, login, type TestContext } from '../../../test/helper';

/**
 * The set-up the scans' tests (scans, scans-list) share: the app at 18:00 on the show's second
 * day, an exhibitor and its collaborator, another exhibitor, each signed in, and the helpers that
 * send scans and read the stored ones.
 *
 * `useScansScene()`, called at the top of a test file, builds the scene before its tests and
 * closes it after them; the names below are the scene's while the file's tests run.
 */

export const SHOW_MORNING = '2024-05-30T10:15:00+01:00';

export interface ScansScene {
  ctx: TestContext;
  exhibitor: Exhibitor;
  /** The exhibitor's collaborator, Karim Collaborateur. */
  collaborator: Collaborator;
  other: Exhibitor;
  /** The exhibitor's, the collaborator's and the other exhibitor's session tokens. */
  token: string;
  collaboratorToken: string;
  otherToken: string;
}

/** Builds the app at 18:00 on the show's second day and the three people, each signed in. */
export async function scansScene(): Promise<ScansScene> {
  const ctx = await createTestApp({ APP_NOW: '2024-05-30T18:00:00+01:00' });
  const exhibitor = await createExhibitor(ctx.db);
  const collaborator = await createCollaborator(ctx.db, exhibitor, { name: 'Karim Collaborateur' });
  const other = await createExhibitor(ctx.db);
  return {
    ctx,
    exhibitor,
    collaborator,
    other,
    token: await login(ctx.app, exhibitor.user.email),
    collaboratorToken: await login(ctx.app, collaborator.user.email),
    otherToken: await login(ctx.app, other.user.email),
  };
}

export let ctx: TestContext;
export let exhibitor: Exhibitor;
export let collaborator: Collaborator;
export let other: Exhibitor;
export let token: string;
export let collaboratorToken: string;
export let otherToken: string;

/** Builds the scene before the file's tests and closes it after them. */
export function useScansScene() {
  beforeAll(async () => {
    ({ ctx, exhibitor, collaborator, other, token, collaboratorToken, otherToken } = await scansScene());
  });
  afterAll(() => ctx.close());
}

/** The QR text of a registration's badge, signed with the server's key. */
export const badgeOf = (registration: { id: number; type: RegistrationType }, eventId = DEMO_EDITION_ID) =>
  signedBadge(ctx, registration, { eventId });

export function scan(badge: string, extra: Record<string, unknown> = {}) {
  return { id: randomUUID(), badge, scannedAt: SHOW_MORNING, ...extra };
}

export async function send(items: unknown[], as = token) {
  const res = await call(ctx.app, 'POST', 'scans', { token: as, body: { scans: items } });
  return { res, results: res.statusCode === 200 ? res.json<{ data: ScanResult[] }>().data : [] };
}

export const storedFor = (scannerId: number) => ctx.db.select().from(scans).where(eq(scans.scannerId, scannerId));
