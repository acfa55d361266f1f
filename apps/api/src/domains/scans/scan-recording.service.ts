import { and, desc, eq, not, sql } from 'drizzle-orm';
import { showDay, type RegistrationType, type ScanRefusal, type ScanSubmission, type ScanType } from '@salon/shared';
import type { Db } from '../../db/client';
import { registrations, scans, users } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import type { BadgeClaims } from '../badges/badge-token';
import { scanningFor, totalKey, viewOf, type ScanTotals, type ScanView } from './scans.service';
import {
  invalidFields,
  normalTags,
  resolveAnswers,
  writeAnswers,
  type FieldIssue,
  type ResolvedAnswer,
} from './leads.service';
import { currentEditionId } from '../show/current-edition';

/** `POST scans`: what the devices send, each scan recorded once (decision 009). */

/** A device offline for longer than this sends a time nobody can vouch for: the send time is kept. */
const MAX_OFFLINE_MS = 30 * 24 * 3600 * 1000;

/** Another member of the team scanned the same person in this edition: who, and when (the latest). */
export interface TeamScan {
  name: string;
  createdAt: string;
}

export type ScanResult =
  | { id: string; status: 'recorded'; scan: ScanView; team?: TeamScan }
  | { id: string; status: 'alreadyScanned'; scan: ScanView }
  | { id: string; status: 'refused'; reason: ScanRefusal };

const SCAN_TYPE_OF: Record<RegistrationType, ScanType> = {
  visitor: 'visitor',
  others: 'visitor',
  exhibitor: 'exhibitor',
  collaborator: 'collaborator',
};

/** The badge's holder, or why the badge cannot be scanned. */
async function holderOf(db: Db, claims: BadgeClaims | null, scannerId: number, eventId: number) {
  if (!claims) return { refused: 'invalid' as const };
  if (claims.eventId !== eventId) return { refused: 'otherEvent' as const };
  const [row] = await db
    .select({
      userId: registrations.userId,
      type: registrations.type,
      eventId: registrations.eventId,
      revokedAt: registrations.revokedAt,
      deletedAt: users.deletedAt,
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(eq(registrations.id, claims.registrationId));
  // A genuine token whose registration is gone, cancelled or whose holder was deleted.
  if (!row || row.revokedAt || row.deletedAt) return { refused: 'revoked' as const };
  if (row.eventId !== claims.eventId || row.type !== claims.type) return { refused: 'invalid' as const };
  if (row.userId === scannerId) return { refused: 'self' as const };
  return { refused: null, userId: row.userId, typeScanned: SCAN_TYPE_OF[row.type] };
}

/** Note, rating and tags as sent: a key left out keeps what the scan has. */
function qualification(s: ScanSubmission) {
  const set: { note?: string | null; rating?: number | null; tags?: string[] } = {};
  if (s.note !== undefined) set.note = s.note === null || s.note === '' ? null : s.note;
  if (s.rating !== undefined) set.rating = s.rating;
  if (s.tags !== undefined) set.tags = normalTags(s.tags);
  return set;
}

/**
 * Records what a device sends. Each id is taken once: a resend (its answer lost, the page
 * reloaded) answers as the first send did and only updates the note and rating. The same person
 * scanned again by the same scanner on the same show day is the first scan. A badge that is not
 * genuine, of another edition, revoked or the scanner's own is recorded nowhere.
 */
export async function recordScans(
  db: Db,
  verify: (token: string) => BadgeClaims | null,
  user: Caller,
  submissions: readonly ScanSubmission[],
  now: Date,
  totals: ScanTotals,
): Promise<ScanResult[]> {
  const exhibitorId = scanningFor(user);
  // A collaborator without an exhibitor (it should not happen) records nothing it could not show.
  if (!exhibitorId) return submissions.map((s) => ({ id: s.id, status: 'refused', reason: 'invalid' }));
  // The answers are checked first, for the whole batch: one naming a question that is not the
  // exhibitor's refuses the batch, and nothing of it is recorded.
  const answers: ResolvedAnswer[][] = [];
  const issues: FieldIssue[] = [];
  for (const [i, s] of submissions.entries()) {
    const checked = await resolveAnswers(db, exhibitorId, s.answers ?? [], ['body', 'scans', i, 'answers']);
    answers.push(checked.resolved);
    issues.push(...checked.issues);
  }
  if (issues.length) throw invalidFields(issues);
  // The current edition, read once for the batch: its scans are all of it.
  const eventId = await currentEditionId(db);
  const results: ScanResult[] = [];
  for (const [i, s] of submissions.entries()) {
    results.push(await recordOne(db, verify, user, exhibitorId, eventId, s, answers[i]!, now));
  }
  totals.delete(totalKey('scansExposant', user.id, exhibitorId));
  totals.delete(totalKey('scansByCollaborators', exhibitorId, exhibitorId));
  return results;
}

async function recordOne(
  db: Db,
  verify: (token: string) => BadgeClaims | null,
  user: Caller,
  exhibitorId: number,
  eventId: number,
  s: ScanSubmission,
  answers: ResolvedAnswer[],
  now: Date,
): Promise<ScanResult> {
  const stored = { pk: scans.id, scannerId: scans.scannerId, exhibitorId: scans.exhibitorId };
  const [known] = await db.select(stored).from(scans).where(eq(scans.clientId, s.id));
  if (known) return resent(db, user, exhibitorId, s, known, answers, now);

  const holder = await holderOf(db, verify(s.badge), user.id, eventId);
  if (holder.refused) return { id: s.id, status: 'refused', reason: holder.refused };

  const readAt = new Date(s.scannedAt);
  const at = readAt > now || now.getTime() - readAt.getTime() > MAX_OFFLINE_MS ? now : readAt;
  const scanDay = showDay(at);
  const inserted = await db
    .insert(scans)
    .values({
      clientId: s.id,
      eventId,
      scannerId: user.id,
      exhibitorId,
      scannedId: holder.userId,
      typeScanned: holder.typeScanned,
      createdAt: at,
      scanDay,
      note: s.note || null,
      rating: s.rating ?? null,
      tags: normalTags(s.tags ?? []),
      // A person who asked this exhibitor not to contact them (decision 037) stays asked when scanned again.
      doNotContactAt: sql`(select min(p.do_not_contact_at) from scans p
        where p.scanned_id = ${holder.userId} and p.exhibitor_id = ${exhibitorId})`,
    })
    .onConflictDoNothing()
    .returning({ id: scans.id });
  if (inserted.length) {
    await writeAnswers(db, inserted[0]!.id, answers, now);
    const scan = (await viewOf(db, eq(scans.clientId, s.id)))!;
    const team = await teamScanOf(db, exhibitorId, eventId, holder.userId, user.id);
    return { id: s.id, status: 'recorded', scan, ...(team && { team }) };
  }
  // Not inserted: the same id raced in from a parallel send, or this person was scanned today.
  const [raced] = await db.select(stored).from(scans).where(eq(scans.clientId, s.id));
  if (raced) return resent(db, user, exhibitorId, s, raced, answers, now);
  const first = await viewOf(
    db,
    and(
      eq(scans.scannerId, user.id),
      eq(scans.scannedId, holder.userId),
      eq(scans.scanDay, scanDay),
      eq(scans.exhibitorId, exhibitorId),
    )!,
  );
  return { id: s.id, status: 'alreadyScanned', scan: first! };
}

/** The latest scan of this person by another member of the team in the edition, to say so on the scanner. */
async function teamScanOf(db: Db, exhibitorId: number, eventId: number, scannedId: number, scannerId: number) {
  const [found] = await db
    .select({ name: users.name, createdAt: scans.createdAt })
    .from(scans)
    .innerJoin(users, eq(users.id, scans.scannerId))
    .where(
      and(
        eq(scans.exhibitorId, exhibitorId),
        eq(scans.eventId, eventId),
        eq(scans.scannedId, scannedId),
        not(eq(scans.scannerId, scannerId)),
      ),
    )
    .orderBy(desc(scans.createdAt))
    .limit(1);
  return found ? { name: found.name ?? '', createdAt: found.createdAt.toISOString() } : null;
}

/**
 * An id already stored: the scanner's own resend, or refused: a made-up id of someone else's
 * scan, or one the scanner made for the exhibitor it has left (that scan is the former one's).
 */
async function resent(
  db: Db,
  user: Caller,
  exhibitorId: number,
  s: ScanSubmission,
  known: { pk: number; scannerId: number; exhibitorId: number },
  answers: ResolvedAnswer[],
  now: Date,
): Promise<ScanResult> {
  if (known.scannerId !== user.id || known.exhibitorId !== exhibitorId) {
    return { id: s.id, status: 'refused', reason: 'invalid' };
  }
  const set = qualification(s);
  // A note sent again for someone erased meanwhile is not written back (the erasure removed it).
  const erased = sql`exists (select 1 from users u where u.id = ${scans.scannedId} and u.anonymised_at is not null)`;
  const writable = and(eq(scans.clientId, s.id), not(erased));
  if (Object.keys(set).length) await db.update(scans).set(set).where(writable);
  // Nor are the answers.
  if (answers.length && (await db.select({ id: scans.id }).from(scans).where(writable)).length) {
    await writeAnswers(db, known.pk, answers, now);
  }
  return { id: s.id, status: 'recorded', scan: (await viewOf(db, eq(scans.clientId, s.id)))! };
}
