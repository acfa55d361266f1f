import { createHmac, createHash, createPublicKey } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { instanceKeys } from '../../db/schema';

/**
 * Fingerprints of the keys every instance on one database must share. A sign-in token or a set-
 * password link signed by one instance must verify on the next, and a badge printed through one
 * must scan at every gate: an instance started with its own generated JWT_SECRET (a DATA_DIR of
 * its own and no variable) would sign people out at random. Neither fingerprint reveals its key:
 * an HMAC keyed by the secret, and a hash of the badge key's public half.
 */
function fingerprints(config: Pick<Config, 'JWT_SECRET' | 'BADGE_PRIVATE_KEY'>) {
  const spki = createPublicKey(config.BADGE_PRIVATE_KEY).export({ type: 'spki', format: 'der' });
  return {
    jwt: createHmac('sha256', config.JWT_SECRET).update('salon instance check').digest('hex'),
    badge: createHash('sha256').update(spki).digest('hex'),
  };
}

const VARIABLES = { jwt: 'JWT_SECRET', badge: 'BADGE_PRIVATE_KEY' } as const;

/**
 * Records this instance's key fingerprints when the database has none, and answers why this
 * instance must not start when they differ from those recorded, in one line; else null.
 */
export async function keysProblem(
  db: Db,
  config: Pick<Config, 'JWT_SECRET' | 'BADGE_PRIVATE_KEY'>,
): Promise<string | null> {
  const mine = fingerprints(config);
  const names = Object.keys(mine) as (keyof typeof mine)[];
  await db
    .insert(instanceKeys)
    .values(names.map((name) => ({ name, fingerprint: mine[name] })))
    .onConflictDoNothing();
  const recorded = await db.select().from(instanceKeys).where(inArray(instanceKeys.name, names));
  const differ = recorded.filter((r) => r.fingerprint !== mine[r.name as keyof typeof mine]).map((r) => r.name);
  if (!differ.length) return null;
  const variables = differ.map((n) => VARIABLES[n as keyof typeof VARIABLES]).join(' and ');
  return (
    `${variables}: not the one the other instances on this database use (recorded when the first one started). ` +
    `Give every instance the same ${variables}. To change it on purpose, stop every instance, run ` +
    `\`delete from instance_keys where name in (${differ.map((n) => `'${n}'`).join(', ')})\` and start them with the new one ` +
    '(a new JWT_SECRET signs everyone out; a new BADGE_PRIVATE_KEY voids every badge already sent).'
  );
}
