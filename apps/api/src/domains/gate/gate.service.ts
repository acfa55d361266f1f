import { and, asc, count, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  REGISTRATION_TYPES,
  showDay,
  type CheckinResult,
  type CheckinSubmission,
  type GateRoster,
  type RosterEntry,
  type RosterPerson,
} from '@salon/shared';
import { queryRows, type Db } from '../../db/client';
import { checkins, halls, registrations, users } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import type { BadgeClaims, BadgeSigner } from '../badges/badge-token';
import { currentShow } from '../show/show-facts';
import { currentEdition, currentEditionId } from '../show/current-edition';

/** A device offline for longer than this sends a time nobody can vouch for: the send time is kept. */
const MAX_OFFLINE_MS = 30 * 24 * 3600 * 1000;
/**
 * A change committed just before the cursor was read may carry an earlier time: each delta
 * starts this long before the cursor it was given. The device merges, so a repeat is harmless.
 */
const CURSOR_OVERLAP_MS = 60_000;
/** A device away for longer than this gets the whole roster again. */
const MAX_DELTA_AGE_MS = 24 * 3600 * 1000;

const typeIndex = (type: (typeof REGISTRATION_TYPES)[number]) => REGISTRATION_TYPES.indexOf(type);

/** An instant as an ISO string, whatever the driver returned (PGlite gives a Date, postgres.js a string). */
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * What a gate device keeps to decide offline: the key, the hours, the gates, the live badges
 * with name and company, the revoked ones and today's entries. With `since` (the cursor of the
 * last answer), only what changed after it.
 */
export async function loadRoster(
  db: Db,
  signer: BadgeSigner,
  now: Date,
  since: string | undefined,
): Promise<GateRoster> {
  const [clockRow] = await queryRows<{ dbNow: Date | string }>(db, sql`select now() as "dbNow"`);
  const cursor = iso(clockRow!.dbNow);
  const sinceTime = since ? new Date(since) : null;
  const full =
    !sinceTime ||
    Number.isNaN(sinceTime.getTime()) ||
    new Date(cursor).getTime() - sinceTime.getTime() > MAX_DELTA_AGE_MS;
  const after = full ? null : new Date(sinceTime.getTime() - CURSOR_OVERLAP_MS);
  const today = showDay(now);

  const changed = after ? or(gt(registrations.updatedAt, after), gt(users.updatedAt, after)) : undefined;
  const gone = or(isNotNull(registrations.revokedAt), isNotNull(users.deletedAt));
  const holders = db
    .select({
      id: registrations.id,
      type: registrations.type,
      name: users.name,
      company: users.company,
      gone: sql<boolean>`${gone}`.mapWith(Boolean),
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(and(eq(registrations.eventId, currentEdition), changed));
  const entered = or(eq(checkins.verdict, 'admitted'), eq(checkins.reentry, true));
  const [rows, entryRows, countRows, gateRows, show] = await Promise.all([
    holders,
    db
      .select({ registrationId: checkins.registrationId, scannedAt: checkins.scannedAt, gateId: checkins.gateId })
      .from(checkins)
      .where(
        and(
          eq(checkins.checkinDay, today),
          eq(checkins.verdict, 'admitted'),
          isNotNull(checkins.registrationId),
          after ? gt(checkins.createdAt, after) : undefined,
        ),
      )
      .orderBy(asc(checkins.scannedAt)),
    db
      .select({ gateId: checkins.gateId, n: count() })
      .from(checkins)
      .where(and(eq(checkins.checkinDay, today), entered))
      .groupBy(checkins.gateId),
    db
      .select({ id: halls.id, name: halls.name })
      .from(halls)
      .where(eq(halls.eventId, currentEdition))
      .orderBy(asc(halls.position), asc(halls.id)),
    currentShow(db),
  ]);

  const people: RosterPerson[] = [];
  const revoked: number[] = [];
  for (const r of rows) {
    if (r.gone) revoked.push(r.id);
    else people.push([r.id, typeIndex(r.type), r.name, r.company]);
  }
  const entries: RosterEntry[] = entryRows.map((e) => [e.registrationId!, iso(e.scannedAt), e.gateId ?? 0]);
  const byGate: Record<string, number> = {};
  let total = 0;
  for (const c of countRows) {
    byGate[String(c.gateId ?? 0)] = c.n;
    total += c.n;
  }
  return {
    now: now.toISOString(),
    cursor,
    full,
    eventId: show.event.id,
    publicKey: signer.publicKeyJwk,
    gates: gateRows,
    hours: show.hours.map((h) => ({ day: h.day, opens: h.opens.slice(0, 5), closes: h.closes.slice(0, 5) })),
    people,
    revoked,
    entries,
    counts: { today: total, byGate },
  };
}

/** The verdict stored: the device's, unless the server finds the badge is not one of ours. */
function storedVerdict(s: CheckinSubmission, claims: BadgeClaims | null, known: boolean, eventId: number) {
  if (!claims) return { verdict: 'refused' as const, reason: 'invalid' as const };
  if (claims.eventId !== eventId) return { verdict: 'refused' as const, reason: 'otherEvent' as const };
  if (!known) return { verdict: 'refused' as const, reason: 'invalid' as const };
  if (s.verdict === 'refused') return { verdict: 'refused' as const, reason: s.reason ?? 'invalid' };
  return { verdict: s.verdict, reason: null };
}

/**
 * Stores what a gate device sends, each check-in once by its device-made id: a resend answers
 * as the first send did. Two first entries of the same badge on the same show day (two gates
 * offline) are both kept and both marked as a conflict for the organisers. An id already used by
 * another controller is refused.
 */
export async function recordCheckins(
  db: Db,
  verify: (token: string) => BadgeClaims | null,
  user: Caller,
  submissions: readonly CheckinSubmission[],
  now: Date,
): Promise<CheckinResult[]> {
  const ids = submissions.map((s) => s.id);
  const claimsOf = new Map(submissions.map((s) => [s.id, verify(s.badge)]));
  const claimed = [...new Set([...claimsOf.values()].flatMap((c) => (c ? [c.registrationId] : [])))];
  const [stored, existing, gateRows, eventId] = await Promise.all([
    db.select({ clientId: checkins.clientId }).from(checkins).where(inArray(checkins.clientId, ids)),
    claimed.length
      ? db
          .select({ id: registrations.id })
          .from(registrations)
          .where(and(inArray(registrations.id, claimed), eq(registrations.eventId, currentEdition)))
      : [],
    db.select({ id: halls.id }).from(halls).where(eq(halls.eventId, currentEdition)),
    currentEditionId(db),
  ]);
  const storedIds = new Set(stored.map((r) => r.clientId));
  const registrationIds = new Set(existing.map((r) => r.id));
  const gateIds = new Set(gateRows.map((g) => g.id));

  const fresh = submissions.filter((s, i) => !storedIds.has(s.id) && ids.indexOf(s.id) === i);
  const rows = fresh.map((s) => {
    const claims = claimsOf.get(s.id) ?? null;
    // Another edition's registration ids are not this one's: its badge names nobody here.
    const known = claims !== null && claims.eventId === eventId && registrationIds.has(claims.registrationId);
    const readAt = new Date(s.scannedAt);
    const at = readAt > now || now.getTime() - readAt.getTime() > MAX_OFFLINE_MS ? now : readAt;
    const { verdict, reason } = storedVerdict(s, claims, known, eventId);
    return {
      clientId: s.id,
      registrationId: known ? claims.registrationId : null,
      gateId: gateIds.has(s.gateId) ? s.gateId : null,
      controllerId: user.id,
      deviceId: s.deviceId,
      scannedAt: at,
      checkinDay: showDay(at),
      verdict,
      reason,
      reentry: verdict !== 'refused' && s.reentry,
    };
  });
  if (rows.length) {
    const inserted = await db
      .insert(checkins)
      .values(rows)
      .onConflictDoNothing({ target: checkins.clientId })
      .returning({ clientId: checkins.clientId });
    const insertedIds = new Set(inserted.map((i) => i.clientId));
    const firstEntries = rows.filter(
      (r) => r.registrationId !== null && r.verdict === 'admitted' && !r.reentry && insertedIds.has(r.clientId),
    );
    if (firstEntries.length) await markConflicts(db, firstEntries);
  }

  const final = await db
    .select({ clientId: checkins.clientId, controllerId: checkins.controllerId, conflict: checkins.conflict })
    .from(checkins)
    .where(inArray(checkins.clientId, ids));
  const byId = new Map(final.map((r) => [r.clientId, r]));
  return submissions.map((s) => {
    const row = byId.get(s.id);
    if (!row || row.controllerId !== user.id) return { id: s.id, status: 'refused', conflict: false };
    return { id: s.id, status: 'recorded', conflict: row.conflict };
  });
}

/**
 * Marks every first entry of a badge on a day that has more than one.
 *
 * The batch's badges and days go as two array parameters. A list of (badge, day) pairs, as
 * before, became a 500-branch OR that PGlite could not plan: from about 300 pairs the embedded
 * database spun for minutes (bench:gate), freezing the whole server. Crossing badges and days can
 * only reach more first entries of the same badges, and any badge-day with two is a real conflict.
 */
async function markConflicts(db: Db, entries: { registrationId: number | null; checkinDay: string }[]) {
  const arrayOf = (values: (number | string | null)[]) => `{${[...new Set(values)].join(',')}}`;
  const badges = arrayOf(entries.map((e) => e.registrationId));
  const days = arrayOf(entries.map((e) => e.checkinDay));
  const firstEntry = and(eq(checkins.verdict, 'admitted'), eq(checkins.reentry, false))!;
  await db
    .update(checkins)
    .set({ conflict: true })
    .where(
      and(
        firstEntry,
        eq(checkins.conflict, false),
        sql`(${checkins.registrationId}, ${checkins.checkinDay}) in (
          select ${checkins.registrationId}, ${checkins.checkinDay} from ${checkins}
          where ${firstEntry} and ${checkins.registrationId} = any(${badges}::integer[])
            and ${checkins.checkinDay} = any(${days}::date[])
          group by 1, 2 having count(*) > 1)`,
      ),
    );
}

/** A live badge of the show (not revoked, holder not deleted) for the kiosk; null otherwise. */
export async function liveRegistrationOf(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(
      and(
        eq(registrations.userId, userId),
        eq(registrations.eventId, currentEdition),
        isNull(registrations.revokedAt),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(sql`${registrations.conferenceId} nulls first`, asc(registrations.id))
    .limit(1);
  return row?.id ?? null;
}
