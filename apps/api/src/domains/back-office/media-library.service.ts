import { count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { parseListQuery, readPage, searchFilter } from '../../lib/admin-list';
import { recordAudit } from '../audit/audit.service';
import { storeMedia, type PreparedFile } from '../files/uploads.service';
import { mediaRecord } from './media-records';

/**
 * An uploaded file stored with its record, audited: the record. The same bytes sent again are
 * the same stored file, whose record is answered again.
 */
export function addMedia(db: Db, userId: number, file: PreparedFile, filename: string) {
  return db.transaction(async (tx) => {
    const { row, existed } = await storeMedia(tx, file, filename);
    const after = mediaRecord(row);
    await recordAudit(tx, {
      userId,
      action: 'POST /admin/media',
      resource: 'media',
      recordId: row.id,
      before: existed ? after : {},
      after,
    });
    return after;
  });
}

/** A page of the media, as the list query asks (`kind`: image or pdf). */
export async function listMedia(db: Db, query: Record<string, unknown>) {
  const list = parseListQuery(query, {
    sortable: { id: media.id, createdAt: media.createdAt, name: media.name, size: media.size },
    defaultSort: [desc(media.createdAt), desc(media.id)],
    filters: {
      q: searchFilter(media.name),
      kind: (value) => {
        if (value === 'pdf') return eq(media.mime, 'application/pdf');
        if (value === 'image') return ne(media.mime, 'application/pdf');
        throw badRequest('Filtre kind : image ou pdf.');
      },
    },
  });
  const { rows, total } = await readPage(
    list,
    db.select().from(media).$dynamic(),
    db.select({ n: count() }).from(media).$dynamic(),
  );
  return { list, rows: rows.map(mediaRecord), total };
}

/** One medium as the back-office shows it, or null. */
export async function getMedia(db: Db, id: number) {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row ? mediaRecord(row) : null;
}
