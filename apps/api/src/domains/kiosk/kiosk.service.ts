import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { normalizeEmail, showDay, type BadgeViewData, type KioskLookup } from '@salon/shared';
import type { Db } from '../../db/client';
import { kioskLookupAttempts, kioskSessions, users } from '../../db/schema';
import type { BadgeService } from '../badges/badges.service';
import type { BadgeSigner } from '../badges/badge-token';
import { liveRegistrationOf } from '../gate/gate.service';
import { currentEditionId } from '../show/current-edition';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** The last-seen time is written at most this often: a kiosk asks on every lookup. */
const SEEN_EVERY_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * Four digits are 10,000 guesses: a kiosk answers this many lookups of one address within
 * LOOKUP_WINDOW_MS without a hit, then refuses that address for LOCK_MS, even with the right
 * digits. Staff still find it from their own session; the e-badge's QR code still works.
 */
export const LOOKUPS_PER_ADDRESS = 5;
const LOOKUP_WINDOW_MS = HOUR_MS;
export const LOCK_MS = 30 * 60_000;

/**
 * The first instant of the show day after `now`'s, in the show's time zone (Casablanca is
 * UTC+1, or UTC+0 during Ramadan: its midnight is 23:00 or 00:00 UTC).
 */
export function endOfShowDay(now: Date): Date {
  const next = new Date(Date.parse(`${showDay(now)}T00:00:00Z`) + 24 * HOUR_MS);
  const day = showDay(next);
  const oneHourEarlier = new Date(next.getTime() - HOUR_MS);
  return showDay(oneHourEarlier) === day ? oneHourEarlier : next;
}

export type KioskSession = typeof kioskSessions.$inferSelect;

/** A kiosk as the staff see it (the kiosks' list, the back-office): who enabled it, when, until when. */
export const kioskListColumns = {
  id: kioskSessions.id,
  name: kioskSessions.name,
  enabledBy: users.name,
  createdAt: kioskSessions.createdAt,
  lastSeenAt: kioskSessions.lastSeenAt,
  expiresAt: kioskSessions.expiresAt,
  revokedAt: kioskSessions.revokedAt,
};

/**
 * Self-service kiosks at the entrance. A kiosk holds a random token (only its hash is stored)
 * given when a controller or organiser enables the device; it lasts until revoked or until the
 * end of that show day: a token copied from an unattended kiosk dies overnight at the latest.
 */
export function createKioskService(db: Db, badges: BadgeService, signer: BadgeSigner) {
  async function show(registrationId: number | null): Promise<BadgeViewData | null> {
    const badge = registrationId === null ? null : await badges.load(registrationId);
    return badge ? badges.view(badge) : null;
  }

  return {
    async enable(name: string, enabledBy: number, now: Date) {
      const token = randomBytes(32).toString('base64url');
      const [row] = await db
        .insert(kioskSessions)
        .values({ name, tokenHash: hashOf(token), enabledBy, expiresAt: endOfShowDay(now) })
        .returning({ id: kioskSessions.id, name: kioskSessions.name, expiresAt: kioskSessions.expiresAt });
      return { token, id: row!.id, name: row!.name, expiresAt: row!.expiresAt.toISOString() };
    },

    /** The live kiosk session of this token, or null (unknown, revoked or expired). */
    async authenticate(token: string, now: Date): Promise<KioskSession | null> {
      if (!token || token.length > 100) return null;
      const [row] = await db
        .select()
        .from(kioskSessions)
        .where(
          and(
            eq(kioskSessions.tokenHash, hashOf(token)),
            isNull(kioskSessions.revokedAt),
            gt(kioskSessions.expiresAt, now),
          ),
        );
      if (!row) return null;
      if (!row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() > SEEN_EVERY_MS) {
        await db.update(kioskSessions).set({ lastSeenAt: now }).where(eq(kioskSessions.id, row.id));
      }
      return row;
    },

    list() {
      return db
        .select(kioskListColumns)
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
    async lookup({ email, phoneDigits }: KioskLookup): Promise<BadgeViewData | null> {
      const candidates = await db
        .select({ id: users.id, phone: users.phone })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${normalizeEmail(email)}`, isNull(users.deletedAt)));
      const holder = candidates.find((u) => (u.phone ?? '').replace(/\D/g, '').endsWith(phoneDigits));
      return holder ? show(await liveRegistrationOf(db, holder.id)) : null;
    },

    /**
     * Counts a kiosk's lookup of this address before it is made, so parallel guesses cannot
     * slip past the limit. Returns when the address is locked, or null when the lookup may go on.
     */
    async countLookup(email: string, now: Date): Promise<Date | null> {
      const key = normalizeEmail(email);
      const t = kioskLookupAttempts;
      // The count starts again once the window has passed without a lock, or the lock has ended.
      const fresh = sql`(${t.lockedUntil} is null and ${t.firstAt} <= ${new Date(now.getTime() - LOOKUP_WINDOW_MS)})
        or ${t.lockedUntil} <= ${now}`;
      const next = sql`case when ${fresh} then 1 else ${t.attempts} + 1 end`;
      // Rows nobody needs any more: a stale count, an ended lock.
      await db
        .delete(t)
        .where(
          or(
            and(isNull(t.lockedUntil), lte(t.firstAt, new Date(now.getTime() - LOOKUP_WINDOW_MS))),
            lte(t.lockedUntil, now),
          ),
        );
      const [row] = await db
        .insert(t)
        .values({ email: key, attempts: 1, firstAt: now })
        .onConflictDoUpdate({
          target: t.email,
          set: {
            attempts: next,
            firstAt: sql`case when ${fresh} then ${now} else ${t.firstAt} end`,
            // Set with the last allowed lookup: a hit then clears the row, a miss leaves it locked.
            lockedUntil: sql`case when ${fresh} then null when ${t.lockedUntil} is not null then ${t.lockedUntil}
              when ${next} >= ${LOOKUPS_PER_ADDRESS} then ${new Date(now.getTime() + LOCK_MS)} end`,
          },
        })
        .returning({ attempts: t.attempts, lockedUntil: t.lockedUntil });
      return row && row.attempts > LOOKUPS_PER_ADDRESS ? (row.lockedUntil ?? new Date(now.getTime() + LOCK_MS)) : null;
    },

    /** A hit: the visitor knew the digits, earlier typos are forgiven. */
    async clearLookups(email: string): Promise<void> {
      await db.delete(kioskLookupAttempts).where(eq(kioskLookupAttempts.email, normalizeEmail(email)));
    },

    /**
     * A badge by the token of its QR code (the e-badge on the visitor's phone); 'otherEdition' for
     * a genuine badge of another edition, which this show's kiosk does not print.
     */
    async lookupToken(token: string): Promise<BadgeViewData | 'otherEdition' | null> {
      const claims = signer.verify(token);
      if (claims && claims.eventId !== (await currentEditionId(db))) return 'otherEdition';
      return show(claims?.registrationId ?? null);
    },
  };
}
export type KioskService = ReturnType<typeof createKioskService>;
