import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_ROLE_ID,
  EVENT_ID,
  normalizeEmail,
  normalizePhone,
  type ConferenceRegistrationForm,
} from '@salon/shared';
import type { Db } from '../db/client';
import { conferences, registrations, users } from '../db/schema';
import { badRequest, notFound } from '../lib/errors';
import { containsPattern } from './query-params';

type ConferenceRow = typeof conferences.$inferSelect;

export const ALREADY_REGISTERED = 'Vous êtes déjà inscrit(e) à cette conférence.';

export function conferenceView(c: ConferenceRow) {
  return {
    id: c.id,
    number: c.number,
    kind: c.kind,
    titleFr: c.titleFr,
    titleEn: c.titleEn,
    themeFr: c.themeFr,
    themeEn: c.themeEn,
    descriptionFr: c.descriptionFr,
    descriptionEn: c.descriptionEn,
    day: c.day,
    startsAt: c.startsAt.slice(0, 5),
    endsAt: c.endsAt.slice(0, 5),
  };
}

/** Case-insensitive "contains" on any of the columns; the text's `%` and `_` match themselves. */
function containsAny(text: string, columns: SQL[]): SQL {
  const pattern = containsPattern(text);
  return or(...columns.map((c) => sql`lower(${c}) like lower(${pattern})`))!;
}

/** The forum programme of event 7, by day and start time; search and theme are already trimmed. */
export async function listConferences(db: Db, options: { search: string | null; theme: string | null }) {
  const where: SQL[] = [eq(conferences.eventId, EVENT_ID)];
  if (options.search) {
    where.push(
      containsAny(options.search, [
        sql`${conferences.number}`,
        sql`${conferences.titleFr}`,
        sql`${conferences.titleEn}`,
        sql`coalesce(${conferences.descriptionFr}, '')`,
        sql`coalesce(${conferences.descriptionEn}, '')`,
      ]),
    );
  }
  if (options.theme) {
    where.push(
      containsAny(options.theme, [
        sql`coalesce(${conferences.themeFr}, '')`,
        sql`coalesce(${conferences.themeEn}, '')`,
      ]),
    );
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
    .where(and(eq(conferences.id, id), eq(conferences.eventId, EVENT_ID)));
  return row ?? null;
}

/**
 * Signs someone up for a conference, in one transaction: the person is found by e-mail
 * (trimmed, any case, not deleted) or created as a visitor who never signs in (no password),
 * then gets a confirmed 'others' registration for the conference. A second sign-up for the
 * same conference is a 400 with a message the form shows. Only the form's fields are read:
 * role, type and confirmation are the server's.
 */
export async function registerForConference(db: Db, conferenceId: number, form: ConferenceRegistrationForm) {
  const email = normalizeEmail(form.email);
  return db.transaction(async (tx) => {
    const [conference] = await tx
      .select({ id: conferences.id })
      .from(conferences)
      .where(and(eq(conferences.id, conferenceId), eq(conferences.eventId, EVENT_ID)));
    if (!conference) throw notFound('Conférence introuvable.');

    const findPerson = async () => {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)));
      return row;
    };
    let person = await findPerson();
    if (!person) {
      // Two sign-ups with the same new address at once: the second insert does nothing (the
      // active e-mail is unique) and then finds the first one's row.
      const [created] = await tx
        .insert(users)
        .values({
          type: 'visitor',
          roleId: DEFAULT_ROLE_ID,
          name: form.name,
          email,
          username: email,
          phone: form.phone,
          phoneNormalized: normalizePhone(form.phone),
          company: form.company || null,
          confirmed: true,
          emailOTPConfirmed: true,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      person = created ?? (await findPerson());
      if (!person) throw new Error('conference registration: person neither created nor found');
    }

    const [registration] = await tx
      .insert(registrations)
      .values({ eventId: EVENT_ID, userId: person.id, type: 'others', confirmed: true, conferenceId: conference.id })
      .onConflictDoNothing()
      .returning({ id: registrations.id });
    if (!registration) throw badRequest(ALREADY_REGISTERED);
    return { id: registration.id, conference: { id: conference.id } };
  });
}
