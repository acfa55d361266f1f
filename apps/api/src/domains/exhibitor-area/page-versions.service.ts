import { and, eq, inArray } from 'drizzle-orm';
import type { ExhibitorPageForm, ExhibitorPageStatus, ExhibitorPageVersion } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { exhibitorPages, exhibitorUploads, media, sectors, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { readSettingsRow } from '../content/site-settings.service';

/**
 * The versions of an exhibitor's page: the live one (the page's columns and the account's logo,
 * which the directory, the page and the sitemap read) and, with moderation on, the one waiting
 * for the organiser's review (`pending`, the whole page). The exhibitor and the organiser change
 * a page through the same rules here.
 */

export interface PageVersions {
  live: ExhibitorPageVersion;
  pending: ExhibitorPageVersion | null;
  heldReason: string | null;
  status: ExhibitorPageStatus;
  /** The page's last change; null: never written. */
  changedAt: Date | null;
}

export const statusOf = (pending: unknown, heldReason: string | null): ExhibitorPageStatus =>
  pending == null ? 'live' : heldReason == null ? 'pending' : 'held';

type PageRow = typeof exhibitorPages.$inferSelect;

/** The live version a profile row (or none) and the account's logo make. */
export function liveVersion(profile: PageRow | null | undefined, logoId: number | null): ExhibitorPageVersion {
  return {
    description: profile?.description ?? {},
    sectorIds: profile?.sectorIds ?? [],
    brands: profile?.brands ?? [],
    website: profile?.website ?? null,
    linkedin: profile?.linkedin ?? null,
    facebook: profile?.facebook ?? null,
    instagram: profile?.instagram ?? null,
    youtube: profile?.youtube ?? null,
    x: profile?.x ?? null,
    documentIds: profile?.documentIds ?? [],
    logoId,
  };
}

/** An exhibitor's page, both versions. */
export async function readVersions(db: Db | Tx, userId: number): Promise<PageVersions> {
  const [row] = await db
    .select({ avatarId: users.avatarId, profile: exhibitorPages })
    .from(users)
    .leftJoin(exhibitorPages, eq(exhibitorPages.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const profile = row?.profile;
  const heldReason = profile?.heldReason ?? null;
  return {
    live: liveVersion(profile, row?.avatarId ?? null),
    pending: profile?.pending ?? null,
    heldReason,
    status: statusOf(profile?.pending, heldReason),
    changedAt: profile?.updatedAt ?? null,
  };
}

/** Whether the organiser reviews the exhibitors' changes before they are public (site settings). */
export async function moderationOn(db: Db | Tx): Promise<boolean> {
  return (await readSettingsRow(db)).moderateExhibitorPages;
}

export const refused = (field: string, message: string) =>
  badRequest('Données invalides.', { errors: [{ path: ['body', field], message }] });

/** The files among `ids` that this exhibitor uploaded, of this kind. */
export async function ownFiles(tx: Tx, userId: number, ids: number[], kind: 'image' | 'pdf') {
  if (!ids.length) return new Set<number>();
  const rows = await tx
    .select({ id: media.id, mime: media.mime })
    .from(exhibitorUploads)
    .innerJoin(media, eq(media.id, exhibitorUploads.mediaId))
    .where(and(eq(exhibitorUploads.userId, userId), inArray(media.id, ids)));
  return new Set(rows.filter((r) => (r.mime === 'application/pdf') === (kind === 'pdf')).map((r) => r.id));
}

/**
 * `base` changed by the form (absent fields, and the presentation's absent languages, stay as
 * they are): sectors of the show's list, PDFs and a logo the exhibitor uploaded itself (or those
 * `base` already has). Anything else is a 400 under its field.
 */
export async function applyForm(
  tx: Tx,
  userId: number,
  base: ExhibitorPageVersion,
  form: ExhibitorPageForm,
): Promise<ExhibitorPageVersion> {
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
    const mine = await ownFiles(tx, userId, documentIds, 'pdf');
    const kept = new Set(base.documentIds);
    if (documentIds.some((id) => !mine.has(id) && !kept.has(id))) throw refused('documentIds', 'notYourFile');
  }
  if (form.logoId != null && form.logoId !== base.logoId) {
    const mine = await ownFiles(tx, userId, [form.logoId], 'image');
    if (!mine.has(form.logoId)) throw refused('logoId', 'notYourFile');
  }
  const { sectorIds: _s, documentIds: _d, description, ...rest } = form;
  const given = <T extends object>(values: T) =>
    Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
  return {
    ...base,
    ...given(rest),
    // The languages the form leaves out keep their text.
    description: { ...base.description, ...given(description ?? {}) },
    ...(sectorIds && { sectorIds }),
    ...(documentIds && { documentIds }),
  };
}

/** Puts a version live (the page's columns, the account's logo); nothing waits any more. */
export async function publishVersion(tx: Tx, userId: number, version: ExhibitorPageVersion) {
  const { logoId, ...fields } = version;
  const values = { ...fields, pending: null, heldReason: null, updatedAt: new Date() };
  await tx
    .insert(exhibitorPages)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: exhibitorPages.userId, set: values });
  await tx.update(users).set({ avatarId: logoId }).where(eq(users.id, userId));
}

/** Keeps a version for the organiser's review; the live one stays as it is. */
export async function keepPending(tx: Tx, userId: number, version: ExhibitorPageVersion) {
  const values = { pending: version, heldReason: null, updatedAt: new Date() };
  await tx
    .insert(exhibitorPages)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: exhibitorPages.userId, set: values });
}
