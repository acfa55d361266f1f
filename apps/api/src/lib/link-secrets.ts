import { createHash, randomBytes } from 'node:crypto';

/** The stored form of a mailed link's secret: the database never holds the secret itself. */
export const hashLinkSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A 256-bit secret for a single-use link, and the hash to store. */
export function newLinkSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashLinkSecret(secret) };
}

/**
 * What the outbox stores where a link's secret goes (mail_outbox.link names the link). The mail
 * worker puts a fresh secret there when it sends the mail, so the outbox, its backups and the
 * back-office's mail viewer never hold a usable link.
 */
export const LINK_PLACEHOLDER = '[lien masqué / link redacted]';

/** A link issued by the mail worker for one attempt at sending a mail. */
export interface IssuedLink {
  secret: string;
  /** The attempt failed: the secret reached nobody and stops working (the retry gets a fresh one). */
  drop(): Promise<void>;
  /** The mail left. */
  sent?(): Promise<void>;
}
