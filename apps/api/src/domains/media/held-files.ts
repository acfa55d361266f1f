import { createHmac, timingSafeEqual } from 'node:crypto';
import { notExists, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client';
import * as schema from '../../db/schema';
import { exhibitorPages, exhibitorUploads, media, mediaFiles, users } from '../../db/schema';

/**
 * An exhibitor's upload is public once something public names it: the live page of an exhibitor
 * not deactivated (a document, its logo), or anything an organiser made (a banner, a partner's
 * logo). Before, and while its exhibitor is deactivated, the file is held
 * (decision 044): only its exhibitor and the organisers read it, at an address that carries a key
 * (`?k=`, good until the end of the next day), and the visitors it scanned its visitor-card
 * document. The show's domain hosts nothing that no one reviewed.
 */

/** Every column of the schema that points at a media row, but the uploads' own list. */
export const MEDIA_COLUMNS: PgColumn[] = (Object.values(schema) as unknown[])
  .filter((t): t is PgTable => t instanceof PgTable && t !== exhibitorUploads)
  .flatMap((t) => getTableConfig(t).foreignKeys.map((fk) => fk.reference()))
  .filter((ref) => ref.foreignTable === media)
  .map((ref) => ref.columns[0]!);

/** Nothing in the database names the media row `id` (but the columns left out). */
export const unnamed = (id: SQL | PgColumn, except: PgColumn[] = []): SQL[] =>
  MEDIA_COLUMNS.filter((c) => !except.includes(c)).map((column) =>
    notExists(sql`(select 1 from ${column.table} where ${column} = ${id})`),
  );

/**
 * What the uploads route may do with the stored file at `path` (a hashed name), asked of the
 * database on every request: `gone` when its bytes are no longer stored (the sweep removed them:
 * no instance may answer it from its memory), `held` when it is an exhibitor's upload that
 * nothing public names, else `public`. A deactivated exhibitor's page and logo are not public (its
 * page leaves the directory): the files only they name are held again, and public once more when
 * the exhibitor is reactivated.
 */
export async function uploadState(db: Db, path: string): Promise<'gone' | 'held' | 'public'> {
  const [row] = await queryRows<{ stored: boolean; held: boolean }>(
    db,
    sql`select
      exists (select 1 from ${mediaFiles} where ${mediaFiles.path} = ${path}) as stored,
      exists (
        select 1 from ${media}
        where ${media.path} = ${path}
          and exists (select 1 from ${exhibitorUploads} where ${exhibitorUploads.mediaId} = ${media.id})
          and not exists (
            select 1 from ${exhibitorPages} inner join ${users} on ${users.id} = ${exhibitorPages.userId}
            where ${media.id} = any(${exhibitorPages.documentIds}) and not ${users.blocked})
          and not exists (select 1 from ${users} where ${users.avatarId} = ${media.id} and not ${users.blocked})
          and ${sql.join(unnamed(media.id, [exhibitorPages.visitorDocumentId, users.avatarId]), sql` and `)}
      ) as held`,
  );
  if (!row?.stored) return 'gone';
  return row.held ? 'held' : 'public';
}

const DAY_SECONDS = 24 * 3600;
const STORED = /^\/uploads\/(media\/[0-9a-f]{32}\.(?:webp|pdf))$/;

/** The keys that open held files, made from the session secret for this use only. */
export function createFileKeys(secret: string) {
  const key = createHmac('sha256', secret).update('salon-btp held files v1').digest();
  const mac = (path: string, expiry: number) => createHmac('sha256', key).update(`${path}\n${expiry}`).digest();
  /** The key of `path`: the same all day long (browsers keep the file), good until the end of the next day. */
  const keyOf = (path: string, now: Date) => {
    const expiry = (Math.floor(now.getTime() / 1000 / DAY_SECONDS) + 2) * DAY_SECONDS;
    return `${expiry}.${mac(path, expiry).toString('base64url')}`;
  };
  /** A copy of an answer in which every stored file's address carries its key. */
  const keyAll = (value: unknown, now: Date): unknown => {
    if (typeof value === 'string') {
      const path = STORED.exec(value)?.[1];
      return path ? `${value}?k=${keyOf(path, now)}` : value;
    }
    if (Array.isArray(value)) return value.map((v) => keyAll(v, now));
    if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, keyAll(v, now)]));
    }
    return value;
  };
  return {
    keyAll,
    /** Whether `given` is a live key of `path`. */
    opens(path: string, given: unknown, now: Date): boolean {
      if (typeof given !== 'string') return false;
      const [expiryText, signature, extra] = given.split('.');
      const expiry = Number(expiryText);
      if (!signature || extra !== undefined || !Number.isSafeInteger(expiry) || expiry * 1000 <= now.getTime()) {
        return false;
      }
      const expected = mac(path, expiry);
      const sent = Buffer.from(signature, 'base64url');
      return sent.length === expected.length && timingSafeEqual(sent, expected);
    },
  };
}
export type FileKeys = ReturnType<typeof createFileKeys>;
