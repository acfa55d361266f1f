import { and, isNull, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, DEFAULT_ROLE_ID, normalizeEmail, normalizePhone, type Language } from '@salon/shared';
import type { Tx } from '../../db/client';
import { personalColumns, users } from '../../db/schema';

/**
 * What a public form tells of a new visitor: name, e-mail and phone, and any other of a person's
 * own fields the form's schema lets through (the visitor form's company and position).
 */
export type PersonFields = Partial<Record<keyof typeof personalColumns, string>> & {
  name: string;
  email: string;
  phone: string;
  language?: Language | undefined;
};

/**
 * The person a public form registers, signing in with nothing: every field of a person's own the
 * form holds is written as typed (one left empty as null), so a field added to a form's schema
 * and to `personalColumns` is stored without more. Both ways of writing a visitor (the
 * registration's one statement, findOrCreateVisitor) write this row.
 */
export function visitorRow(fields: PersonFields) {
  const email = normalizeEmail(fields.email);
  const typed = Object.fromEntries(
    Object.keys(personalColumns).map((key) => [key, fields[key as keyof typeof personalColumns] || null]),
  ) as Record<keyof typeof personalColumns, string | null>;
  return {
    ...typed,
    type: 'visitor',
    roleId: DEFAULT_ROLE_ID,
    name: fields.name,
    email,
    username: email,
    phone: fields.phone,
    phoneNormalized: normalizePhone(fields.phone),
    language: fields.language ?? DEFAULT_LANGUAGE,
    confirmed: true,
    emailOTPConfirmed: true,
  } satisfies typeof users.$inferInsert;
}

/** The same row as SQL's `(columns)` and `(values)` of an insert into users, for a statement written by hand. */
export function visitorRowSql(fields: PersonFields): { columns: SQL; values: SQL } {
  const row = visitorRow(fields);
  const keys = Object.keys(row) as (keyof typeof row)[];
  return {
    columns: sql.join(
      keys.map((key) => sql.identifier(users[key].name)),
      sql`, `,
    ),
    values: sql.join(
      keys.map((key) => sql`${row[key]}`),
      sql`, `,
    ),
  };
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
  const [created] = await tx.insert(users).values(visitorRow(fields)).onConflictDoNothing().returning({ id: users.id });
  if (created) return { id: created.id, created: true };
  const existing = await find();
  if (!existing) throw new Error('person neither created nor found');
  return { id: existing.id, created: false };
}
