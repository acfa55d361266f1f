import { and, count, eq, gt, sql } from 'drizzle-orm';
import { normalizeEmail } from '@salon/shared';
import type { Tx } from '../../db/client';
import { mailOutbox } from '../../db/schema';

/**
 * The mails anyone can make the site send by typing an address, and how many of each one
 * address receives in a day at most: the site must not be a relay for mail bombing, whatever
 * the number of client addresses the sender has. The counts are rows of `mail_outbox` (its
 * `kind`), so the cap holds across API instances.
 */
export const DAILY_MAIL_CAPS = {
  /** The registration form: the badge, sent again, or the notice to an account that gets none. */
  registration: 4,
  /** "We have received your exhibitor request": one a day is plenty. */
  enquiryAck: 1,
  /** The newsletter's confirmation link, sent again when the address subscribes again. */
  newsletterConfirm: 2,
} as const;

export type CappedMailKind = keyof typeof DAILY_MAIL_CAPS;

/** Keys of the transaction-level advisory lock taken per recipient (the first is this module's). */
const RECIPIENT_LOCK = 0x6d61696c; // 'mail'

/**
 * Whether `to` may receive one more mail of this kind today. Call it in the transaction that
 * queues the mail: it holds a lock on the address until the end, so two requests at once cannot
 * both see the last free place.
 */
export async function mayMail(tx: Tx, to: string, kind: CappedMailKind): Promise<boolean> {
  const email = normalizeEmail(to);
  await tx.execute(sql`select pg_advisory_xact_lock(${RECIPIENT_LOCK}, hashtext(${email}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(mailOutbox)
    .where(
      and(
        sql`lower(${mailOutbox.to}) = ${email}`,
        eq(mailOutbox.kind, kind),
        // The database's clock, the one that stamped the rows.
        gt(mailOutbox.createdAt, sql`now() - interval '1 day'`),
      ),
    );
  return (row?.n ?? 0) < DAILY_MAIL_CAPS[kind];
}
