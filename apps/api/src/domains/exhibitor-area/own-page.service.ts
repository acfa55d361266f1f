import { and, eq, inArray } from 'drizzle-orm';
import { exhibitorSlug, type ExhibitorPageForm, type OwnExhibitorPage } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { exhibitorProfiles, exhibitorUploads, media, registrations, sectors, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { Caller } from '../../lib/caller';
import { recordAudit } from '../audit/audit.service';
import { listedExhibitorOf } from '../directory/directory.service';
import { storeMedia, type PreparedFile } from '../files/uploads.service';
import { loadMedia } from '../media/media.service';
import { serializeMedia } from '../media/media-view';
import { currentEdition } from '../show/current-edition';

/**
 * 'Fiche annuaire': the exhibitor's own page of the directory, read and changed by the exhibitor
 * alone (never its collaborators), each change audited. What it writes is text, stored as typed.
 */

/** The exhibitor's page as its tab edits it. */
export async function readOwnPage(db: Db | Tx, caller: Caller): Promise<OwnExhibitorPage> {
  const [row] = await db
    .select({ company: users.company, avatarId: users.avatarId, profile: exhibitorProfiles, listed: registrations.id })
    .from(users)
    .leftJoin(exhibitorProfiles, eq(exhibitorProfiles.userId, users.id))
    .leftJoin(registrations, and(eq(registrations.userId, users.id), listedExhibitorOf(currentEdition)))
    .where(eq(users.id, caller.id))
    .limit(1);
  const profile = row?.profile;
  const documentIds = profile?.documentIds ?? [];
  const files = await loadMedia(db, [row?.avatarId ?? null, ...documentIds]);
  return {
    slug: exhibitorSlug(row?.company?.trim() ?? null, caller.id),
    listed: row?.listed != null,
    descriptionFr: profile?.descriptionFr ?? null,
    descriptionEn: profile?.descriptionEn ?? null,
    sectorIds: profile?.sectorIds ?? [],
    brands: profile?.brands ?? [],
    website: profile?.website ?? null,
    linkedin: profile?.linkedin ?? null,
    facebook: profile?.facebook ?? null,
    instagram: profile?.instagram ?? null,
    youtube: profile?.youtube ?? null,
    x: profile?.x ?? null,
    logo: files.get(row?.avatarId ?? null),
    documents: documentIds.flatMap((id) => files.get(id) ?? []),
  };
}

const refused = (field: string, message: string) =>
  badRequest('Données invalides.', { errors: [{ path: ['body', field], message }] });

/** The files among `ids` that this exhibitor uploaded, of this kind. */
async function ownFiles(tx: Tx, userId: number, ids: number[], kind: 'image' | 'pdf') {
  if (!ids.length) return new Set<number>();
  const rows = await tx
    .select({ id: media.id, mime: media.mime })
    .from(exhibitorUploads)
    .innerJoin(media, eq(media.id, exhibitorUploads.mediaId))
    .where(and(eq(exhibitorUploads.userId, userId), inArray(media.id, ids)));
  return new Set(rows.filter((r) => (r.mime === 'application/pdf') === (kind === 'pdf')).map((r) => r.id));
}

/**
 * Saves what the tab sent (absent fields stay as they are): sectors of the show's list, PDFs and
 * a logo the exhibitor uploaded itself (or the logo it already has). Anything else is a 400 under
 * its field, and nothing is saved.
 */
export function saveOwnPage(db: Db, caller: Caller, form: ExhibitorPageForm) {
  return db.transaction(async (tx) => {
    const before = await readOwnPage(tx, caller);
    const unique = (ids: number[] | undefined) => (ids ? [...new Set(ids)] : undefined);
    const sectorIds = unique(form.sectorIds);
    const documentIds = unique(form.documentIds);
    if (sectorIds?.length) {
      const known = await tx
        .select({ id: sectors.id })
        .from(sectors)
        .where(and(eq(sectors.kind, 'choice'), inArray(sectors.id, sectorIds)));
      if (known.length !== sectorIds.length) throw refused('sectorIds', 'unknownSector');
    }
    if (documentIds?.length) {
      const mine = await ownFiles(tx, caller.id, documentIds, 'pdf');
      const kept = new Set(before.documents.map((d) => d.id));
      if (documentIds.some((id) => !mine.has(id) && !kept.has(id))) throw refused('documentIds', 'notYourFile');
    }
    if (form.logoId != null && form.logoId !== before.logo?.id) {
      const mine = await ownFiles(tx, caller.id, [form.logoId], 'image');
      if (!mine.has(form.logoId)) throw refused('logoId', 'notYourFile');
    }
    const { logoId, sectorIds: _s, documentIds: _d, ...text } = form;
    const fields = {
      ...Object.fromEntries(Object.entries(text).filter(([, v]) => v !== undefined)),
      ...(sectorIds && { sectorIds }),
      ...(documentIds && { documentIds }),
    };
    await tx
      .insert(exhibitorProfiles)
      .values({ userId: caller.id, ...fields })
      .onConflictDoUpdate({ target: exhibitorProfiles.userId, set: { ...fields, updatedAt: new Date() } });
    if (logoId !== undefined) await tx.update(users).set({ avatarId: logoId }).where(eq(users.id, caller.id));
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
