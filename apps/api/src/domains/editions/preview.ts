import { and, eq, isNull } from 'drizzle-orm';
import type { EditionFacts, RegistrationWindow } from '@salon/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Jwt } from '../../lib/jwt';
import { editionById } from '../show/current-edition';
import { loadEvent } from '../show/edition';

/** The cookie that keeps an organiser's preview from page to page (plugins/web.ts). */
export const PREVIEW_COOKIE = 'apercu';

export interface EditionPreview {
  edition: EditionFacts & RegistrationWindow;
  name: string;
  id: number;
}

/**
 * The edition an organiser previews the public site as ('Aperçu du site' in the back-office), or
 * null: a preview token that is valid, of an organiser still signed in (the session's version:
 * signing out ends it), for an edition with its dates and city.
 */
export async function previewEdition(db: Db, jwt: Jwt, now: Date, token: string): Promise<EditionPreview | null> {
  const claims = await jwt.verifyPreview(token, now);
  if (!claims) return null;
  const [user] = await db
    .select({ type: users.type, blocked: users.blocked, version: users.tokenVersion })
    .from(users)
    .where(and(eq(users.id, claims.userId), isNull(users.deletedAt)));
  if (user?.type !== 'organiser' || user.blocked || user.version !== claims.version) return null;
  const event = await loadEvent(db, editionById(claims.editionId)).catch(() => null);
  return event && { edition: event, name: event.name, id: claims.editionId };
}
