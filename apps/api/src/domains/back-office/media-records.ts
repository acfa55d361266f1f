import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { media } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { mediaUrl } from '../media/media-view';

/** Media as the back-office shows them, and the files a record points at. */

type MediaRow = typeof media.$inferSelect;
type MediaKind = 'image' | 'pdf';

const kindOf = (m: Pick<MediaRow, 'mime'>): MediaKind => (m.mime === 'application/pdf' ? 'pdf' : 'image');

export function mediaRecord(m: MediaRow) {
  return {
    id: m.id,
    url: mediaUrl(m),
    name: m.name,
    mime: m.mime,
    size: m.size,
    width: m.width,
    height: m.height,
    kind: kindOf(m),
    createdAt: m.createdAt,
  };
}
export type MediaRecord = ReturnType<typeof mediaRecord>;

/** `logoId` → `logo`: each record carries its files beside their ids, for the previews. */
type WithMedia<F extends string> = { [K in F as K extends `${infer B}Id` ? B : never]: MediaRecord | null };

export async function withMedia<F extends string, R extends { [K in F]: number | null }>(
  db: Db | Tx,
  rows: R[],
  fields: readonly F[],
): Promise<(R & WithMedia<F>)[]> {
  const idOf = (row: R, field: F): number | null => row[field];
  const ids = [...new Set(rows.flatMap((r) => fields.map((f) => idOf(r, f))))].filter((id) => id !== null);
  const found = ids.length ? await db.select().from(media).where(inArray(media.id, ids)) : [];
  const byId = new Map(found.map((m) => [m.id, mediaRecord(m)]));
  return rows.map((row) => {
    const files = Object.fromEntries(
      fields.map((f) => {
        const id = idOf(row, f);
        return [f.replace(/Id$/, ''), id === null ? null : (byId.get(id) ?? null)];
      }),
    );
    return { ...row, ...files } as R & WithMedia<F>;
  });
}

/** The files a form points at must exist and be of the right kind (an image, a PDF). */
export async function checkMediaRefs(
  db: Db | Tx,
  refs: [field: string, id: number | null | undefined, kind: MediaKind][],
) {
  const wanted = refs.filter((r): r is [string, number, MediaKind] => typeof r[1] === 'number');
  if (!wanted.length) return;
  const rows = await db
    .select({ id: media.id, mime: media.mime })
    .from(media)
    .where(
      inArray(
        media.id,
        wanted.map((r) => r[1]),
      ),
    );
  const byId = new Map(rows.map((m) => [m.id, kindOf(m)]));
  const errors = wanted.flatMap(([field, id, kind]) => {
    const found = byId.get(id);
    if (!found) return [{ path: ['body', field], message: 'Fichier introuvable : envoyez-le d’abord.' }];
    if (found !== kind) {
      const message = kind === 'pdf' ? 'Un document PDF est attendu.' : 'Une image est attendue (PNG, JPEG ou WebP).';
      return [{ path: ['body', field], message }];
    }
    return [];
  });
  if (errors.length) throw badRequest('Données invalides.', { errors });
}
