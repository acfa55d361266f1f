import { eq } from 'drizzle-orm';
import { emptyVisit, visitSchema, type Visit } from '@salon/shared';
import type { Db } from '../../db/client';
import { registrations } from '../../db/schema';

/** The list kept with a badge; empty when none is (or what is stored no longer reads as one). */
export async function keptVisit(db: Db, registrationId: number): Promise<Visit> {
  const [row] = await db
    .select({ visit: registrations.visit })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  const kept = visitSchema.safeParse(row?.visit);
  return kept.success ? kept.data : emptyVisit();
}

export async function keepVisit(db: Db, registrationId: number, visit: Visit): Promise<void> {
  await db.update(registrations).set({ visit }).where(eq(registrations.id, registrationId));
}
