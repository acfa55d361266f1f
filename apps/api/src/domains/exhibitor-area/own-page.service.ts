import { and, eq } from 'drizzle-orm';
import { exhibitorSlug, type ExhibitorPageForm, type OwnExhibitorPage } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { exhibitorUploads, registrations, users } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { recordAudit } from '../audit/audit.service';
import { listedExhibitorOf } from '../directory/directory.service';
import { storeMedia, type PreparedFile } from '../files/uploads.service';
import { loadMedia } from '../media/media.service';
import { serializeMedia } from '../media/media-view';
import { currentEdition } from '../show/current-edition';
import { applyForm, keepPending, moderationOn, publishVersion, readVersions } from './page-versions.service';

/**
 * 'Fiche annuaire': the exhibitor's own page of the directory, read and changed by the exhibitor
 * alone (never its collaborators), each change audited. What it writes is text, stored as typed.
 */

/**
 * The exhibitor's page as its tab edits it: the version waiting for the organiser's review when
 * there is one (with why it is held, if it is), else the live one.
 */
export async function readOwnPage(db: Db | Tx, caller: Caller): Promise<OwnExhibitorPage> {
  const [row] = await db
    .select({ company: users.company, listed: registrations.id })
    .from(users)
    .leftJoin(registrations, and(eq(registrations.userId, users.id), listedExhibitorOf(currentEdition)))
    .where(eq(users.id, caller.id))
    .limit(1);
  const versions = await readVersions(db, caller.id);
  const { documentIds, logoId, ...text } = versions.pending ?? versions.live;
  const files = await loadMedia(db, [logoId, ...documentIds]);
  return {
    slug: exhibitorSlug(row?.company?.trim() ?? null, caller.id),
    listed: row?.listed != null,
    ...text,
    logo: files.get(logoId),
    documents: documentIds.flatMap((id) => files.get(id) ?? []),
    review: { status: versions.status, reason: versions.heldReason, moderated: await moderationOn(db) },
  };
}

/**
 * Saves what the tab sent (absent fields stay as they are; applyForm's rules, a 400 under its
 * field and nothing saved otherwise): live at once, or, with moderation on, kept for the
 * organiser's review while the public page stays as it was.
 */
export function saveOwnPage(db: Db, caller: Caller, form: ExhibitorPageForm) {
  return db.transaction(async (tx) => {
    const before = await readOwnPage(tx, caller);
    const versions = await readVersions(tx, caller.id);
    const next = await applyForm(tx, caller.id, versions.pending ?? versions.live, form);
    if (await moderationOn(tx)) await keepPending(tx, caller.id, next);
    else await publishVersion(tx, caller.id, next);
    const after = await readOwnPage(tx, caller);
    await recordAudit(tx, {
      userId: caller.id,
      action: 'PUT /exhibitor-page',
      resource: 'exhibitor-pages',
      recordId: caller.id,
      before,
      after,
    });
    return after;
  });
}

/** A file the exhibitor uploads for its page: stored, its record made, noted as the exhibitor's. */
export function addOwnFile(db: Db, caller: Caller, file: PreparedFile, filename: string) {
  return db.transaction(async (tx) => {
    const { row } = await storeMedia(tx, file, filename);
    await tx.insert(exhibitorUploads).values({ mediaId: row.id, userId: caller.id }).onConflictDoNothing();
    return serializeMedia(row)!;
  });
}
