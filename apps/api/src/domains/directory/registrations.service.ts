import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { REGISTRATION_TYPES, type RegistrationType } from '@salon/shared';
import type { Db } from '../../db/client';
import { editions, halls, registrations } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { intValue, parseFilters } from '../../lib/strapi-filters';

const ALLOWED_FILTERS = ['event.id', 'user.id', 'type'] as const;

/**
 * The registrations of the user `userId`, narrowed by the client's `filters` (event.id, user.id,
 * type): a filter naming someone else narrows the result to nothing, never widens it.
 */
export async function ownRegistrations(db: Db, userId: number, filters: unknown) {
  const where: SQL[] = [eq(registrations.userId, userId)];
  for (const f of parseFilters(filters, ALLOWED_FILTERS)) {
    const values = f.op === '$in' ? [f.value].flat() : [f.value];
    if (f.op !== '$eq' && f.op !== '$in') throw badRequest(`Opérateur ${f.op} non pris en charge pour ${f.path}.`);
    switch (f.path) {
      case 'event.id':
        where.push(
          inArray(
            registrations.eventId,
            values.map((v) => intValue(v, f.path)),
          ),
        );
        break;
      case 'user.id':
        where.push(
          inArray(
            registrations.userId,
            values.map((v) => intValue(v, f.path)),
          ),
        );
        break;
      case 'type': {
        const types = values.map(String);
        if (!types.every((t): t is RegistrationType => (REGISTRATION_TYPES as readonly string[]).includes(t))) {
          throw badRequest(`Type d’inscription inconnu. Valeurs possibles : ${REGISTRATION_TYPES.join(', ')}.`);
        }
        where.push(inArray(registrations.type, types));
        break;
      }
    }
  }
  const rows = await db
    .select({ r: registrations, gate: halls, event: editions })
    .from(registrations)
    .innerJoin(editions, eq(editions.id, registrations.eventId))
    .leftJoin(halls, eq(halls.id, registrations.gateId))
    .where(and(...where))
    .orderBy(registrations.id);
  const data = rows.map(({ r, gate, event }) => ({
    id: r.id,
    type: r.type,
    confirmed: r.confirmed,
    booth: r.booth,
    revoked: r.revokedAt !== null,
    event: { id: event.id, name: event.name, current: event.current },
    user: { id: r.userId },
    conference: r.conferenceId ? { id: r.conferenceId } : null,
    gate: gate ? { id: gate.id, name: gate.name } : null,
    createdAt: r.createdAt,
  }));
  return data;
}
