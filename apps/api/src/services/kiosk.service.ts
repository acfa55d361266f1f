import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { normalizeEmail, type KioskBadge, type KioskLookup } from '@salon/shared';
import type { Db } from '../db/client';
import { kioskSessions, users } from '../db/schema';
import type { BadgeService } from './badges.service';
import type { BadgeSigner } from './badge/token';
import { liveRegistrationOf } from './gate.service';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** The last-seen time is written at most this often: a kiosk asks on every lookup. */
const SEEN_EVERY_MS = 60_000;

export type KioskSession = typeof kioskSessions.$inferSelect;

/**
 * Self-service kiosks at the entrance. A kiosk holds a random token (only its hash is stored)
 * given when a controller or organiser enables the device; it lasts until revoked.
 */
export function createKioskService(db: Db, badges: BadgeService, signer: BadgeSigner) {
  async function show(registrationId: number | null): Promise<KioskBadge | null> {
    const badge = registrationId === null ? null : await badges.load(registrationId);
    return badge ? badges.view(badge) : null;
  }

  return {
    async enable(name: string, enabledBy: number) {
      const token = randomBytes(32).toString('base64url');
      const [row] = await db
        .insert(kioskSessions)
        .values({ name, tokenHash: hashOf(token), enabledBy })
        .returning({ id: kioskSessions.id, name: kioskSessions.name, createdAt: kioskSessions.createdAt });
      return { token, id: row!.id, name: row!.name };
    },

    /** The live kiosk session of this token, or null (unknown or revoked). */
    async authenticate(token: string, now: Date): Promise<KioskSession | null> {
      if (!token || token.length > 100) return null;
      const [row] = await db
        .select()
        .from(kioskSessions)
        .where(and(eq(kioskSessions.tokenHash, hashOf(token)), isNull(kioskSessions.revokedAt)));
      if (!row) return null;
      if (!row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() > SEEN_EVERY_MS) {
        await db.update(kioskSessions).set({ lastSeenAt: now }).where(eq(kioskSessions.id, row.id));
      }
      return row;
    },

    list() {
      return db
        .select({
          id: kioskSessions.id,
          name: kioskSessions.name,
          enabledBy: users.name,
          createdAt: kioskSessions.createdAt,
          lastSeenAt: kioskSessions.lastSeenAt,
          revokedAt: kioskSessions.revokedAt,
        })
        .from(kioskSessions)
        .leftJoin(users, eq(users.id, kioskSessions.enabledBy))
        .orderBy(desc(kioskSessions.createdAt), desc(kioskSessions.id));
    },

    /** Ends a kiosk session; true when there was a live one. */
    async revoke(id: number, now: Date): Promise<boolean> {
      const ended = await db
        .update(kioskSessions)
        .set({ revokedAt: now })
        .where(and(eq(kioskSessions.id, id), isNull(kioskSessions.revokedAt)))
        .returning({ id: kioskSessions.id });
      return ended.length > 0;
    },

    /**
     * A badge by its holder's e-mail and the last four digits of their phone: both must match,
     * so an address alone finds nothing.
     */
    async lookup({ email, phoneDigits }: KioskLookup): Promise<KioskBadge | null> {
      const candidates = await db
        .select({ id: users.id, phone: users.phone })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${normalizeEmail(email)}`, isNull(users.deletedAt)));
      const holder = candidates.find((u) => (u.phone ?? '').replace(/\D/g, '').endsWith(phoneDigits));
      return holder ? show(await liveRegistrationOf(db, holder.id)) : null;
    },

    /** A badge by the token of its QR code (the e-badge on the visitor's phone). */
    async lookupToken(token: string): Promise<KioskBadge | null> {
      const claims = signer.verify(token);
      return show(claims?.registrationId ?? null);
    },
  };
}
export type KioskService = ReturnType<typeof createKioskService>;
