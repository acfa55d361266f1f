import { and, eq, isNotNull } from 'drizzle-orm';
import type { LeadUpdate } from '@salon/shared';
import type { Db } from '../../db/client';
import { scans, users } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { invalidFields, normalTags, resolveAnswers, writeAnswers } from './leads.service';
import { scanningFor, viewOf, type ScanView } from './scans.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `PUT scans/:id` ('Mes scans'): a lead completed after the scan, or its follow-up set. The
 * lead is reached as the tables show it: an exhibitor's are the scans made for it (by it or its
 * collaborators, in any edition), a collaborator's the ones it made for its current exhibitor.
 * Null when the caller does not see it. What is written about an erased person stays unwritten;
 * the follow-up is not about them and is kept.
 */
export async function updateLead(
  db: Db,
  user: Caller,
  clientId: string,
  update: LeadUpdate,
  now: Date,
): Promise<ScanView | null> {
  const exhibitorId = scanningFor(user);
  if (!exhibitorId || !UUID.test(clientId)) return null;
  const mine =
    user.type === 'exhibitor'
      ? and(eq(scans.clientId, clientId), eq(scans.exhibitorId, exhibitorId))!
      : and(eq(scans.clientId, clientId), eq(scans.exhibitorId, exhibitorId), eq(scans.scannerId, user.id))!;
  const [lead] = await db
    .select({ pk: scans.id, erased: isNotNull(users.anonymisedAt) })
    .from(scans)
    .innerJoin(users, eq(users.id, scans.scannedId))
    .where(mine);
  if (!lead) return null;
  const { resolved, issues } = await resolveAnswers(db, exhibitorId, update.answers ?? [], ['body', 'answers']);
  if (issues.length) throw invalidFields(issues);
  await db.transaction(async (tx) => {
    const set: Partial<typeof scans.$inferInsert> = {};
    if (update.followUp !== undefined) set.followUp = update.followUp;
    if (!lead.erased) {
      if (update.note !== undefined) set.note = update.note || null;
      if (update.rating !== undefined) set.rating = update.rating;
      if (update.tags !== undefined) set.tags = normalTags(update.tags);
      await writeAnswers(tx, lead.pk, resolved, now);
    }
    if (Object.keys(set).length) await tx.update(scans).set(set).where(eq(scans.id, lead.pk));
  });
  return viewOf(db, eq(scans.id, lead.pk));
}
