import { and, eq, isNotNull } from 'drizzle-orm';
import {
  LEAD_FIELDS,
  type LeadAnswerInput,
  type LeadField,
  type LeadFieldValues,
  type LeadUpdate,
} from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { leadAnswers, scans, users } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { HttpError } from '../../lib/errors';
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
  const stale = await db.transaction(async (tx) => {
    // Read under a lock: two saves of one lead at once are checked and written one after the other.
    const [stored] = await tx
      .select({ note: scans.note, rating: scans.rating, tags: scans.tags, followUp: scans.followUp })
      .from(scans)
      .where(eq(scans.id, lead.pk))
      .for('update');
    const changedMeanwhile = update.previous ? await staleFields(tx, lead.pk, stored!, update, update.previous) : [];
    if (changedMeanwhile.length) return changedMeanwhile;
    const set: Partial<typeof scans.$inferInsert> = {};
    if (update.followUp !== undefined) set.followUp = update.followUp;
    if (!lead.erased) {
      if (update.note !== undefined) set.note = update.note || null;
      if (update.rating !== undefined) set.rating = update.rating;
      if (update.tags !== undefined) set.tags = normalTags(update.tags);
      await writeAnswers(tx, lead.pk, resolved, now);
    }
    if (Object.keys(set).length) await tx.update(scans).set(set).where(eq(scans.id, lead.pk));
    return [];
  });
  const view = await viewOf(db, eq(scans.id, lead.pk));
  if (stale.length) {
    throw new HttpError(
      409,
      'Ce prospect a été modifié ailleurs entre-temps : rien n’a été enregistré. Vérifiez puis enregistrez à nouveau.',
      { fields: stale, lead: view },
    );
  }
  return view;
}

/** An answer as a comparable text: its text, or its choices in any order; none is ''. */
function answerKey(a: Pick<LeadAnswerInput, 'choices' | 'text'> | undefined): string {
  if (!a) return '';
  if (a.text?.trim()) return `text:${a.text.trim()}`;
  return a.choices?.length ? `choices:${JSON.stringify([...new Set(a.choices)].sort())}` : '';
}

const noteKey = (note: string | null | undefined) => note?.trim() || null;
const tagsKey = (tags: readonly string[] | undefined) => JSON.stringify(normalTags(tags ?? []));

/**
 * The fields the update changes that someone else changed since the form showed them
 * (`previous`): the stored value is neither what the form showed nor what the update writes
 * (the same save sent twice is no conflict). A field without its `previous` is not checked;
 * answers are checked question by question.
 */
async function staleFields(
  tx: Tx,
  pk: number,
  stored: { note: string | null; rating: number | null; tags: string[]; followUp: string | null },
  update: LeadUpdate,
  previous: LeadFieldValues,
): Promise<LeadField[]> {
  const moved = (now: unknown, before: unknown, after: unknown) => now !== before && now !== after;
  const stale = new Set<LeadField>();
  const named = (field: LeadField) => update[field] !== undefined && previous[field] !== undefined;
  if (named('note') && moved(noteKey(stored.note), noteKey(previous.note), noteKey(update.note))) stale.add('note');
  if (named('rating') && moved(stored.rating, previous.rating, update.rating)) stale.add('rating');
  if (named('tags') && moved(tagsKey(stored.tags), tagsKey(previous.tags), tagsKey(update.tags))) stale.add('tags');
  if (named('followUp') && moved(stored.followUp, previous.followUp, update.followUp)) stale.add('followUp');
  if (named('answers') && update.answers!.length) {
    const rows = await tx
      .select({ question: leadAnswers.questionId, choices: leadAnswers.choices, text: leadAnswers.text })
      .from(leadAnswers)
      .where(eq(leadAnswers.scanId, pk));
    const answerOf = (list: readonly LeadAnswerInput[], question: number) => list.find((a) => a.question === question);
    for (const a of update.answers!) {
      const now = answerKey(rows.find((r) => r.question === a.question));
      if (moved(now, answerKey(answerOf(previous.answers!, a.question)), answerKey(a))) stale.add('answers');
    }
  }
  return LEAD_FIELDS.filter((f) => stale.has(f));
}
