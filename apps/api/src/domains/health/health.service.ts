import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { checkins, mailOutbox } from '../../db/schema';

/**
 * The figures /metrics reads from the database, in one round trip on indexed columns
 * (mail_outbox_due, checkins_created): the mails waiting, the age in seconds of the oldest, and
 * the check-ins of the last minute.
 */
export async function readDataFigures(db: Db) {
  const [row] = await queryRows<{ pending: number; oldest: number | null; checkins: number }>(
    db,
    sql`select
      (select count(*)::int from ${mailOutbox} where ${mailOutbox.status} = 'pending') as pending,
      (select extract(epoch from now() - min(${mailOutbox.createdAt}))::float8 from ${mailOutbox}
        where ${mailOutbox.status} = 'pending') as oldest,
      (select count(*)::int from ${checkins} where ${checkins.createdAt} > now() - interval '1 minute') as checkins`,
  );
  return row;
}
