import { eq } from 'drizzle-orm';
import type { PgSelectBase, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { halls, registrations, users } from '../../db/schema';

/** A registration read with the person who holds it and the hall the organiser placed it in. */

/** The hall of a registration (none until the organiser places the stand). */
export const hallOfRegistration = eq(halls.id, registrations.gateId);

/**
 * Registrations with their holder and their hall (null when not placed): what a badge prints,
 * what a catalogue lists. `fields` picks from the three tables; the caller adds its `where`.
 */
export function registrationsWithHolder<T extends SelectedFields>(
  db: Db | Tx,
  fields: T,
): PgSelectBase<'registrations', T, 'partial', { registrations: 'not-null'; users: 'not-null'; gates: 'nullable' }> {
  const query = db
    .select(fields as SelectedFields)
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(halls, hallOfRegistration);
  // The builder's types cannot follow a selection still unknown here; the return type says what
  // each call gets.
  return query as never;
}

/**
 * An exhibitor as a visitor's lists place it on the plan: its company, its hall and its stand
 * (read from `users` joined to its registration and that registration's hall).
 */
export const exhibitorOnMapColumns = {
  id: users.id,
  company: users.company,
  gateId: halls.id,
  gateName: halls.name,
  booth: registrations.booth,
};
