import { and, eq, sql } from 'drizzle-orm';
import { descriptionFields, exhibitorSlug, type ExhibitorPageForm, type OwnExhibitorPage } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { exhibitorUploads, media, registrations, users } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { badRequest } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { listedExhibitorOf } from '../directory/directory.service';
import { storeMedia, uploadPath, type PreparedFile } from '../files/uploads.service';
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
  const { documentIds, logoId, description, ...text } = versions.pending ?? versions.live;
  const files = await loadMedia(db, [logoId, ...documentIds]);
  return {
    slug: exhibitorSlug(row?.company?.trim() ?? null, caller.id),
    listed: row?.listed != null,
    ...descriptionFields(description),
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

/**
 * What one exhibitor may hold at once (decision 044): a page shows 3 documents and a logo, the
 * visitor card one of them; 10 files leave room for a version waiting for review and a few
 * replacements, 60 MB for three documents of the largest size. Files no page version names are
 * removed after a day (unused-uploads.ts), which frees their place.
 */
export const UPLOAD_QUOTA = { files: 10, bytes: 60 * 1024 * 1024 };
export const QUOTA_MESSAGE =
  'Vous avez déjà 10 fichiers ou 60 Mo de fichiers : retirez-en un de votre fiche, il sera supprimé sous 24 heures.';
/** Key of the transaction-level advisory lock taken per exhibitor while it adds a file. */
const UPLOAD_LOCK = 0x75706c64; // 'upld'

/**
 * A file the exhibitor uploads for its page: stored, its record made, noted as the exhibitor's,
 * within its quota (a 400 past it, nothing stored). The same bytes sent again take no more room.
 */
export function addOwnFile(db: Db, caller: Caller, file: PreparedFile, filename: string) {
  return db.transaction(async (tx) => {
    // Two uploads at once from one account are counted one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_LOCK}, ${caller.id})`);
    const held = await tx
      .select({ path: media.path, size: media.size })
      .from(exhibitorUploads)
      .innerJoin(media, eq(media.id, exhibitorUploads.mediaId))
      .where(eq(exhibitorUploads.userId, caller.id));
    const bytes = held.reduce((sum, f) => sum + f.size, 0);
    const again = held.some((f) => f.path === uploadPath(file));
    if (!again && (held.length >= UPLOAD_QUOTA.files || bytes + file.body.length > UPLOAD_QUOTA.bytes)) {
      throw badRequest(QUOTA_MESSAGE);
    }
    const { row } = await storeMedia(tx, file, filename);
    // Sent again, it counts as new for the sweep of unused files.
    await tx
      .insert(exhibitorUploads)
      .values({ mediaId: row.id, userId: caller.id })
      .onConflictDoUpdate({
        target: [exhibitorUploads.mediaId, exhibitorUploads.userId],
        set: { createdAt: sql`now()` },
      });
    return serializeMedia(row)!;
  });
}
