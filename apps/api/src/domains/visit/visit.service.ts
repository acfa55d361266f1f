import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { exhibitorSlug, type Visit } from '@salon/shared';
import type { Db } from '../../db/client';
import { conferences, halls, registrations, users } from '../../db/schema';
import { conferenceView } from '../content/conferences.service';
import { listedExhibitorOf } from '../directory/directory.service';
import { currentEdition } from '../show/current-edition';
import { exhibitorOnMapColumns, hallOfRegistration } from '../show/registration-joins';

/** `ids` in the order of `order`, those it does not name left out. */
const inOrder = <T extends { id: number }>(rows: T[], order: number[]) =>
  order.flatMap((id) => rows.filter((r) => r.id === id));

/**
 * What a visitor's list names, in its order: the listed exhibitors of the current edition (as the
 * directory shows them) and its conferences. Anything else (an exhibitor no longer listed, an id
 * one higher, another edition's talk) is left out, never an error: the list lives on a device.
 */
export async function readVisit(db: Db, visit: Visit) {
  const [exhibitors, talks] = await Promise.all([
    visit.exhibitors.length
      ? db
          .select(exhibitorOnMapColumns)
          .from(users)
          .innerJoin(registrations, and(eq(registrations.userId, users.id), listedExhibitorOf(currentEdition)))
          .leftJoin(halls, hallOfRegistration)
          .where(inArray(users.id, visit.exhibitors))
      : [],
    visit.conferences.length
      ? db
          .select()
          .from(conferences)
          .where(and(inArray(conferences.id, visit.conferences), eq(conferences.eventId, currentEdition)))
      : [],
  ]);
  return {
    exhibitors: inOrder(exhibitors, visit.exhibitors).map((e) => {
      const company = e.company!.trim();
      return {
        id: e.id,
        slug: exhibitorSlug(company, e.id),
        company,
        gate: e.gateId === null ? null : { id: e.gateId, name: e.gateName! },
        booth: e.booth,
      };
    }),
    conferences: inOrder(talks, visit.conferences)
      .map(conferenceView)
      .sort((a, b) => `${a.day} ${a.startsAt}`.localeCompare(`${b.day} ${b.startsAt}`)),
  };
}

/** The current edition's forum conferences a person signed up to (live conference registrations), in time order. */
export async function signedUpConferences(db: Db, userId: number) {
  const rows = await db
    .select({ conference: conferences })
    .from(registrations)
    .innerJoin(conferences, eq(conferences.id, registrations.conferenceId))
    .where(
      and(eq(registrations.userId, userId), eq(registrations.eventId, currentEdition), isNull(registrations.revokedAt)),
    )
    .orderBy(asc(conferences.day), asc(conferences.startsAt));
  return rows.map((r) => conferenceView(r.conference));
}
