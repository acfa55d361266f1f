import { conferenceChangeSchema, conferenceExhibitorsSchema, conferenceFormSchema } from '@salon/shared';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { conferenceExhibitors, conferences, editions, registrations } from '../../db/schema';
import { changedTexts, eachLanguage, languageFields, multilingualValue } from '../../db/multilingual';
import { badRequest } from '../../lib/errors';
import { definedFields, parseFormBody } from '../../lib/request-inputs';
import { oneOfFilter, searchFilter } from '../../lib/admin-list';
import { conferenceFields } from '../content/conferences.service';
import { editionOfForm, resourceRecords } from './record-resource.service';

/**
 * A conference takes place on one of its edition's days, ends after it starts, and has a number of
 * its own in the edition.
 */
async function checkConference(
  tx: Tx,
  c: { number: string; day: string; startsAt: string; endsAt: string },
  edition: number,
  id: number | null,
) {
  const [event] = await tx
    .select({ startsOn: editions.startsOn, endsOn: editions.endsOn })
    .from(editions)
    .where(eq(editions.id, edition));
  const errors: { path: string[]; message: string }[] = [];
  // An edition without dates takes any day until it has them.
  const { startsOn, endsOn } = event ?? {};
  if (startsOn && endsOn && (c.day < startsOn || c.day > endsOn)) {
    const fr = (d: string) => d.split('-').reverse().join('/');
    errors.push({
      path: ['body', 'day'],
      message: `Un jour du salon : du ${fr(startsOn)} au ${fr(endsOn)}.`,
    });
  }
  if (c.endsAt <= c.startsAt) errors.push({ path: ['body', 'endsAt'], message: 'La fin doit suivre le début.' });
  const [taken] = await tx
    .select({ id: conferences.id })
    .from(conferences)
    .where(
      and(
        eq(conferences.eventId, edition),
        eq(conferences.number, c.number),
        id === null ? undefined : ne(conferences.id, id),
      ),
    );
  if (taken) errors.push({ path: ['body', 'number'], message: 'Ce numéro est déjà celui d’une autre conférence.' });
  if (errors.length) throw badRequest('Données invalides.', { errors });
}

/**
 * Who gives the conference (`exhibitorIds` of the form; absent: as it is): exhibitors of its
 * edition only, else a 400 under the field and nothing is written.
 */
async function setGivers(tx: Tx, id: number, edition: number, body: unknown) {
  const ids = parseFormBody(conferenceExhibitorsSchema, body).exhibitorIds;
  if (!ids) return;
  const wanted = [...new Set(ids)];
  const known = wanted.length
    ? await tx
        .selectDistinct({ id: registrations.userId })
        .from(registrations)
        .where(
          and(
            eq(registrations.eventId, edition),
            eq(registrations.type, 'exhibitor'),
            inArray(registrations.userId, wanted),
          ),
        )
    : [];
  if (known.length !== wanted.length) {
    throw badRequest('Données invalides.', {
      errors: [{ path: ['body', 'exhibitorIds'], message: 'Des exposants de l’édition de la conférence seulement.' }],
    });
  }
  await tx.delete(conferenceExhibitors).where(eq(conferenceExhibitors.conferenceId, id));
  if (wanted.length)
    await tx.insert(conferenceExhibitors).values(wanted.map((userId) => ({ conferenceId: id, userId })));
}

/** The exhibitors who give each of these conferences, by conference. */
async function giversOf(db: Db | Tx, ids: number[]) {
  const links = ids.length
    ? await db
        .select()
        .from(conferenceExhibitors)
        .where(inArray(conferenceExhibitors.conferenceId, ids))
        .orderBy(asc(conferenceExhibitors.userId))
    : [];
  return (id: number) => links.filter((l) => l.conferenceId === id).map((l) => l.userId);
}

// Written out: drizzle leaves a lone table's columns unqualified, which the subquery would read as its own.
const signUps = sql<number>`(select count(*)::int from registrations r where r.conference_id = "conferences"."id")`;

/** The forum's conferences, edition by edition. */
export const conferenceRecords = resourceRecords({
  table: conferences,
  id: conferences.id,
  edition: conferences.eventId,
  sortable: {
    id: conferences.id,
    number: conferences.number,
    day: conferences.day,
    startsAt: conferences.startsAt,
    ...languageFields('title', conferences.title),
    kind: conferences.kind,
  },
  defaultSort: [asc(conferences.day), asc(conferences.startsAt), asc(conferences.id)],
  filters: {
    q: searchFilter(conferences.number, ...eachLanguage(conferences.title), ...eachLanguage(conferences.description)),
    day: (value) => {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw badRequest('Filtre day : AAAA-MM-JJ.');
      return eq(conferences.day, value);
    },
    kind: oneOfFilter(conferences.kind, 'kind', ['conference', 'academy', 'sponsor']),
  },
  query: (dbOrTx) => dbOrTx.select({ row: conferences, registrations: signUps }).from(conferences).$dynamic(),
  present: async (db, rows) => {
    const givers = await giversOf(
      db,
      rows.map((r) => r.row.id),
    );
    return rows.map((r) => ({
      ...conferenceFields(r.row),
      title: r.row.title,
      theme: r.row.theme,
      description: r.row.description,
      edition: r.row.eventId,
      registrations: r.registrations,
      exhibitorIds: givers(r.row.id),
    }));
  },
  async create(tx, body) {
    const form = parseFormBody(conferenceFormSchema, body);
    const edition = await editionOfForm(tx, body);
    await checkConference(tx, form, edition, null);
    const [row] = await tx
      .insert(conferences)
      .values({
        ...form,
        title: form.title,
        theme: multilingualValue(form.theme),
        description: multilingualValue(form.description),
        eventId: edition,
      })
      .returning({ id: conferences.id });
    await setGivers(tx, row!.id, edition, body);
    return row!.id;
  },
  async update(tx, id, body, before) {
    const form = parseFormBody(conferenceChangeSchema, body);
    await checkConference(tx, { ...before, ...definedFields(form) }, before.edition, id);
    if (Object.values(form).some((v) => v !== undefined)) {
      const title = form.title && changedTexts(conferences.title, form.title);
      const theme = form.theme && changedTexts(conferences.theme, form.theme);
      const description = form.description && changedTexts(conferences.description, form.description);
      await tx
        .update(conferences)
        .set({ ...form, title, theme, description })
        .where(eq(conferences.id, id));
    }
    await setGivers(tx, id, before.edition, body);
  },
  async remove(tx, id) {
    const [n] = await tx.select({ n: count() }).from(registrations).where(eq(registrations.conferenceId, id));
    if (n && n.n > 0) {
      throw badRequest(
        `${n.n} personne${n.n > 1 ? 's sont inscrites' : ' est inscrite'} à cette conférence : elle ne peut pas être supprimée.`,
      );
    }
    await tx.delete(conferences).where(eq(conferences.id, id));
  },
});
