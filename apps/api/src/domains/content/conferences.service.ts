import { and, asc, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { type ConferenceRegistrationForm, pickFilled } from '@salon/shared';
import type { Db } from '../../db/client';
import { conferences, registrations } from '../../db/schema';
import { eachLanguage } from '../../db/multilingual';
import { notFound } from '../../lib/errors';
import { findOrCreateVisitor } from '../registration/visitor-accounts.service';
import { containsPattern } from '../../lib/list-params';
import { currentEdition } from '../show/current-edition';

type ConferenceRow = typeof conferences.$inferSelect;

/** A conference's fields but its texts. */
export function conferenceFields(c: ConferenceRow) {
  return {
    id: c.id,
    number: c.number,
    kind: c.kind,
    day: c.day,
    startsAt: c.startsAt.slice(0, 5),
    endsAt: c.endsAt.slice(0, 5),
  };
}

export function conferenceView(c: ConferenceRow) {
  return {
    ...conferenceFields(c),
    title: c.title,
    theme: c.theme,
    description: c.description,
    // And as the specification's site reads them: one field per language.
    titleFr: pickFilled('fr', c.title),
    titleEn: pickFilled('en', c.title),
    themeFr: c.theme.fr ?? null,
    themeEn: c.theme.en ?? null,
    descriptionFr: c.description.fr ?? null,
    descriptionEn: c.description.en ?? null,
  };
}

/** Case-insensitive "contains" on any of the columns; the text's `%` and `_` match themselves. */
function containsAny(text: string, columns: SQL[]): SQL {
  const pattern = containsPattern(text);
  return or(...columns.map((c) => sql`lower(${c}) like lower(${pattern})`))!;
}

/** The forum programme of the current edition, by day and start time; search and theme are already trimmed. */
export async function listConferences(
  db: Db,
  options: { search: string | null; theme: string | null; edition: SQLWrapper },
) {
  const where: SQL[] = [eq(conferences.eventId, options.edition)];
  if (options.search) {
    where.push(
      containsAny(options.search, [
        sql`${conferences.number}`,
        ...eachLanguage(conferences.title),
        ...eachLanguage(conferences.description),
      ]),
    );
  }
  if (options.theme) {
    where.push(containsAny(options.theme, eachLanguage(conferences.theme)));
  }
  const rows = await db
    .select()
    .from(conferences)
    .where(and(...where))
    .orderBy(asc(conferences.day), asc(conferences.startsAt), asc(conferences.id));
  return rows.map(conferenceView);
}

export async function findConference(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(conferences)
    .where(and(eq(conferences.id, id), eq(conferences.eventId, currentEdition)));
  return row ?? null;
}

/**
 * Signs someone up for a conference, in one transaction: the person is found by e-mail
 * (trimmed, any case, not deleted) or created as a visitor who never signs in (no password),
 * then gets a confirmed 'others' registration for the conference. A second sign-up for the
 * same conference changes nothing and is answered like the first: the answer tells nobody who
 * signed up for what (hence no registration id in it either). Only the form's fields are read:
 * role, type and confirmation are the server's.
 */
export async function registerForConference(db: Db, conferenceId: number, form: ConferenceRegistrationForm) {
  return db.transaction(async (tx) => {
    const [conference] = await tx
      .select({ id: conferences.id })
      .from(conferences)
      .where(and(eq(conferences.id, conferenceId), eq(conferences.eventId, currentEdition)));
    if (!conference) throw notFound('Conférence introuvable.');

    const person = await findOrCreateVisitor(tx, form);

    await tx
      .insert(registrations)
      .values({
        eventId: currentEdition,
        userId: person.id,
        type: 'others',
        confirmed: true,
        conferenceId: conference.id,
      })
      .onConflictDoNothing();
    return { conference: { id: conference.id } };
  });
}

/** The ids of the current edition's conferences (each has its public page). */
export function currentConferenceIds(db: Db) {
  return db.select({ id: conferences.id }).from(conferences).where(eq(conferences.eventId, currentEdition));
}
