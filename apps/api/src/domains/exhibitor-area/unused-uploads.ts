import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../../db/client';
import { exhibitorUploads, media, mediaFiles } from '../../db/schema';
import { unnamed } from '../media/held-files';

/**
 * Exhibitors' uploads that no version of their page names are removed after a day (decision
 * 044): the quota counts the files an exhibitor holds, and a file nothing shows is not hosted on
 * the show's domain for good. A file stays while its exhibitor's live or pending version, its
 * logo or its visitor card names it; its bytes stay while anything else in the database names it
 * (another exhibitor who sent the same bytes, an organiser's banner).
 */

/** Every instance runs the sweep; the lock lets one at a time do it. */
const SWEEP_LOCK = 0x7377_7070; // 'swpp'
const SWEEP_EVERY_MS = 3600_000;

/**
 * Removes the uploads older than a day that their exhibitor's page does not name, then the files
 * no one holds or names any more. Answers how many files were removed.
 */
export async function removeUnusedUploads(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`,
    );
    if (!lock?.locked) return 0;
    // The database's clock, which wrote the rows' times (APP_NOW only plays a show's day).
    const cutoff = sql`now() - interval '1 day'`;
    const dropped = await queryRows<{ media_id: number }>(
      tx,
      sql`delete from exhibitor_uploads u
          where u.created_at < ${cutoff}
            and not exists (select 1 from users where users.id = u.user_id and users.avatar_id = u.media_id)
            and not exists (
              select 1 from exhibitor_profiles p where p.user_id = u.user_id and (
                u.media_id = any(p.document_ids) or p.visitor_document_id = u.media_id
                or p.pending -> 'documentIds' @> to_jsonb(u.media_id) or p.pending -> 'logoId' = to_jsonb(u.media_id)))
          returning u.media_id`,
    );
    const ids = [...new Set(dropped.map((r) => r.media_id))];
    if (!ids.length) return 0;
    const removed = await tx
      .delete(media)
      .where(
        and(
          inArray(media.id, ids),
          lt(media.createdAt, cutoff),
          notExists(tx.select().from(exhibitorUploads).where(eq(exhibitorUploads.mediaId, media.id))),
          ...unnamed(media.id),
        ),
      )
      .returning({ path: media.path });
    if (removed.length)
      await tx.delete(mediaFiles).where(
        inArray(
          mediaFiles.path,
          removed.map((r) => r.path),
        ),
      );
    return removed.length;
  });
}

export interface UnusedUploadsJob {
  stop(): Promise<void>;
}

/** Sweeps every hour until stopped (it waits for a sweep in progress). */
export function startUnusedUploadsJob(deps: {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}): UnusedUploadsJob {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = removeUnusedUploads(deps.db)
      .then((removed) => removed && deps.log.info({ removed }, 'unused exhibitor uploads removed'))
      .catch((err: unknown) => deps.log.error({ err }, 'unused uploads sweep failed'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
