import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { normalizeEmail } from '@salon/shared';
import type { Tx } from '../../db/client';
import { collaboratorInvitations, emailChanges, mailOutbox, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';

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
   * create/delete loop must not flood the address. The organisers' access mails and invitations
   * to a new edition count too.
   */
  teamMail: 3,
  /** 'Mot de passe oublié ?', an hour: a new link does not close the earlier ones. */
  passwordReset: 3,
  /**
   * The link that confirms a new sign-in address, sent to the address typed in 'Informations':
   * an account could otherwise send it to one address again and again.
   */
  emailChange: 3,
  /** The confirmation of a hold on a stand (/exposer), to the address the company typed. */
  standHold: 3,
} as const;

export type CappedMailKind = keyof typeof MAIL_CAPS;

/** The window a cap counts over, when not a day. */
const WINDOWS: Partial<Record<CappedMailKind, string>> = { passwordReset: '1 hour' };

/** The `mail_outbox.kind`s a cap counts, when not the cap's own name. */
const COUNTED_KINDS: Partial<Record<CappedMailKind, string[]>> = {
  teamMail: ['collaboratorInvitation', 'access', 'participationInvitation'],
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

export const MAIL_CAP_REACHED =
  'Cette adresse a déjà reçu trois e-mails de l’espace exposant aujourd’hui : réessayez demain.';

/** Over the daily cap of an address: nothing is saved or sent, and the form says why at the e-mail field. */
export const mailCapReached = () =>
  badRequest(MAIL_CAP_REACHED, {
    code: 'mailCapReached',
    errors: [{ path: ['body', 'email'], message: 'mailCapReached' }],
  });

/**
 * What one signed-in account may make the site mail, a day, to addresses it types, whatever the
 * addresses (the caps above count per address): an account must not be a relay either.
 */
export const ACCOUNT_MAIL_CAPS = {
  /** 'Informations': links to a new sign-in address. */
  emailChange: 5,
  /**
   * 'Ajouter un collaborateur': accounts made and invitations sent, each an access or invitation
   * mail to a new address. Sending access again goes to a collaborator already made, and the
   * address's own cap (teamMail) bounds it.
   */
  newTeamMember: 30,
} as const;

export type AccountCapKind = keyof typeof ACCOUNT_MAIL_CAPS;

export const ACCOUNT_MAIL_CAP_REACHED =
  'Votre compte a déjà envoyé aujourd’hui le nombre maximal d’e-mails de ce type : réessayez demain.';

/** Over an account's daily cap: nothing is saved or sent, and the form says why at the e-mail field. */
export const accountMailCapReached = () =>
  badRequest(ACCOUNT_MAIL_CAP_REACHED, {
    code: 'accountMailCapReached',
    errors: [{ path: ['body', 'email'], message: 'accountMailCapReached' }],
  });

/** Key of the transaction-level advisory lock taken per account. */
const ACCOUNT_LOCK = 0x61636374; // 'acct'

/**
 * Whether the account may make one more mail of this kind today, counted in the rows those mails
 * come with (the database's clock, as above). Call it in the transaction that adds the row: it
 * holds a lock on the account until the end.
 */
export async function accountMayMail(tx: Tx, accountId: number, kind: AccountCapKind): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK}, ${accountId})`);
  const dayAgo = sql`now() - '1 day'::interval`;
  let made: number;
  if (kind === 'emailChange') {
    const [row] = await tx
      .select({ n: count() })
      .from(emailChanges)
      .where(and(eq(emailChanges.userId, accountId), gt(emailChanges.createdAt, dayAgo)));
    made = row?.n ?? 0;
  } else {
    // Deleted collaborators stay rows of the exhibitor: a create/delete loop counts.
    const [accounts] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.exhibitorId, accountId), eq(users.type, 'collaborator'), gt(users.createdAt, dayAgo)));
    const [invited] = await tx
      .select({ n: count() })
      .from(collaboratorInvitations)
      .where(and(eq(collaboratorInvitations.exhibitorId, accountId), gt(collaboratorInvitations.createdAt, dayAgo)));
    made = (accounts?.n ?? 0) + (invited?.n ?? 0);
  }
  return made < ACCOUNT_MAIL_CAPS[kind];
}
