import { and, isNull, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, DEFAULT_ROLE_ID, normalizeEmail, normalizePhone, type Language } from '@salon/shared';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';

export interface PersonFields {
  name: string;
  email: string;
  phone: string;
  company?: string | undefined;
  jobPosition?: string | undefined;
  language?: Language | undefined;
}

/**
 * The active account with this e-mail (trimmed, any case), or a new visitor who never signs in
 * (no password). An existing person's details are never changed from a public form: anyone can
 * type anyone's address. Two forms sent at once with the same new address: the second insert
 * does nothing (the active e-mail is unique) and finds the first one's row.
 *
 * The insert is tried first: conflicts on the other unique index (a phone already used by an
 * exhibitor account) cannot happen, since that index only covers exhibitors and collaborators.
 */
export async function findOrCreateVisitor(tx: Tx, fields: PersonFields): Promise<{ id: number; created: boolean }> {
  const email = normalizeEmail(fields.email);
  const find = async () => {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)));
    return row;
  };
  // Most people are new: try the insert first, one round trip; the unique active e-mail turns
  // it into nothing for someone already there, who is then read.
  const [created] = await tx
    .insert(users)
    .values({
      type: 'visitor',
      roleId: DEFAULT_ROLE_ID,
      name: fields.name,
      email,
      username: email,
      phone: fields.phone,
      phoneNormalized: normalizePhone(fields.phone),
      company: fields.company || null,
      jobPosition: fields.jobPosition || null,
      language: fields.language ?? DEFAULT_LANGUAGE,
      confirmed: true,
      emailOTPConfirmed: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (created) return { id: created.id, created: true };
  const existing = await find();
  if (!existing) throw new Error('person neither created nor found');
  return { id: existing.id, created: false };
}
