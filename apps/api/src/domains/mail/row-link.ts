import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client';
import { newLinkSecret, type IssuedLink } from '../../lib/link-secrets';

/** A table whose rows are answered through a mailed link: the row's id, and its secret's hash. */
type LinkedRows = PgTable & { id: AnyPgColumn; tokenHash: AnyPgColumn };

/**
 * The secret of the link to a row (an invitation, an address change, a participation), for the
 * mail worker about to send it: only its hash is stored, and a new one replaces the last (a retry,
 * an organiser sending the mail again). None once the row is no longer `open` (answered,
 * cancelled, used). A failed attempt drops its secret, so only a delivered link ever works.
 */
export async function issueRowLink(db: Db, table: LinkedRows, id: number, open: SQL): Promise<IssuedLink | null> {
  const { secret, hash } = newLinkSecret();
  // PostgreSQL's SET names a column of the table alone: its name, not "table"."column".
  const column = sql.identifier(table.tokenHash.name);
  const issued = await queryRows(
    db,
    sql`update ${table} set ${column} = ${hash} where ${table.id} = ${id} and ${open} returning 1 as issued`,
  );
  if (!issued.length) return null;
  return {
    secret,
    drop: async () => {
      await db.execute(
        sql`update ${table} set ${column} = null where ${table.id} = ${id} and ${table.tokenHash} = ${hash}`,
      );
    },
  };
}
