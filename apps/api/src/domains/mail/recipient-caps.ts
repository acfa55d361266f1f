import { and, count, gt, inArray, sql } from 'drizzle-orm';
import { normalizeEmail } from '@salon/shared';
import type { Tx } from '../../db/client';
import { mailOutbox } from '../../db/schema';

/**
 * The mails anyone can make the site send by typing an address, and how many of each one
 * address receives at most in a window (a day, unless said): the site must not be a relay for
 * mail bombing, whatever the number of client addresses the sender has. The counts are rows of
 * `mail_outbox` (its `kind`), so the cap holds across API instances.
 */
export const MAIL_CAPS = {
  /** The registration form: the badge, sent again, or the notice to an account that gets none. */
  registration: 4,
  /** "We have received your exhibitor request": one a day is plenty. */
  enquiryAck: 1,
  /** The newsletter's confirmation link, sent again when the address subscribes again. */
  newsletterConfirm: 2,
  /**
   * What an exhibitor makes the site send to the address it types for a collaborator (an
   * invitation, an access link): each says "<company> invites you", so an invite/cancel or
   * create/delete loop must not flood the address. The organisers' access mails count too.
   */
  teamMail: 3,
  /** 'Mot de passe oublié ?', an hour: a new link does not close the earlier ones. */
  passwordReset: 3,
} as const;

export type CappedMailKind = keyof typeof MAIL_CAPS;

/** The window a cap counts over, when not a day. */
const WINDOWS: Partial<Record<CappedMailKind, string>> = { passwordReset: '1 hour' };

/** The `mail_outbox.kind`s a cap counts, when not the cap's own name. */
const COUNTED_KINDS: Partial<Record<CappedMailKind, string[]>> = {
  teamMail: ['collaboratorInvitation', 'access'],
};

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
        inArray(mailOutbox.kind, COUNTED_KINDS[kind] ?? [kind]),
        // The database's clock, the one that stamped the rows.
        gt(mailOutbox.createdAt, sql`now() - ${WINDOWS[kind] ?? '1 day'}::interval`),
      ),
    );
  return (row?.n ?? 0) < MAIL_CAPS[kind];
}
