import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media } from '../../db/schema';
import { serializeMedia } from './media-view';

export type SerializedMedia = ReturnType<typeof serializeMedia>;

/**
 * The media rows behind a page of records, read in one query; `get(id)` gives each one as the
 * API shows it (`url`, `formats.small.url`, ...), or null.
 */
export async function loadMedia(db: Db, ids: readonly (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const rows = wanted.length ? await db.select().from(media).where(inArray(media.id, wanted)) : [];
  const byId = new Map(rows.map((m) => [m.id, m]));
  return { get: (id: number | null): SerializedMedia => serializeMedia(id === null ? null : byId.get(id)) };
}
