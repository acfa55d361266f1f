import { createHash, randomBytes } from 'node:crypto';

/** The stored form of a mailed link's secret: the database never holds the secret itself. */
export const hashLinkSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A 256-bit secret for a single-use link, and the hash to store. */
export function newLinkSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashLinkSecret(secret) };
}
