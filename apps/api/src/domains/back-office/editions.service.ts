import { and, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod/mini';
import { editionSchema, type AdminEdition } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { bannieres, editions, galeries, media, openingHours, registrations, scans, temoignages } from '../../db/schema';
import { changedTexts, eachLanguage, multilingualValue } from '../../db/multilingual';
import { badRequest } from '../../lib/errors';
import { parseFormBody } from '../../lib/request-inputs';
import { searchFilter } from '../../lib/admin-list';
import { recordAudit } from '../audit/audit.service';
import { makeCurrent } from '../show/current-edition';
import { editionColumns, registrationWindowColumns } from '../show/edition';
import { hoursByEdition, readHours, setHoursToDates, showDays, writeHours } from '../show/edition-days';
import { prepareNextEdition, type NextEdition } from '../editions/next-edition';
import { resourceRecords } from './record-resource.service';

/** An edition as the back-office reads it: the registration window's moments in ISO 8601. */
const adminEdition = <T extends { registrationOpensAt: Date | null; registrationClosesAt: Date | null }>(row: T) => ({
  ...row,
  registrationOpensAt: row.registrationOpensAt?.toISOString() ?? null,
  registrationClosesAt: row.registrationClosesAt?.toISOString() ?? null,
});

/**
 * An edition's form as its row: the registration window's moments as dates (its hours are rows of
 * their own), the theme's languages the form left out left as they are.
 */
const editionRow = ({ hours: _hours, theme, ...form }: z.output<typeof editionSchema>) => ({
  ...form,
  theme: theme && changedTexts(editions.theme, theme),
  registrationOpensAt: form.registrationOpensAt ? new Date(form.registrationOpensAt) : null,
  registrationClosesAt: form.registrationClosesAt ? new Date(form.registrationClosesAt) : null,
});

const invalid = (field: string, message: string) =>
  badRequest('Données invalides.', { errors: [{ path: ['body', field], message }] });

/** One edition per number, and per year: /plan-<year> and /programme-<year> name one edition. */
async function checkEditionTaken(tx: Tx, form: { edition: number; year: number }, id: number | null) {
  const other = id === null ? undefined : ne(editions.id, id);
  const [number] = await tx
    .select({ id: editions.id })
    .from(editions)
    .where(and(eq(editions.edition, form.edition), other));
  if (number) throw invalid('edition', 'editionTaken');
  const [year] = await tx
    .select({ id: editions.id })
    .from(editions)
    .where(and(eq(editions.year, form.year), other));
  if (year) throw invalid('year', 'yearTaken');
}

const columns = {
  ...editionColumns,
  exhibitors: editions.exhibitors,
  visitors: editions.visitors,
  current: editions.current,
  ...registrationWindowColumns,
};
type EditionRow = Parameters<typeof adminEdition>[0] & { id: number; edition: number };
/** Editions as the back-office reads them, their opening hours beside (the audit log's before and after too). */
async function presentEditions<T extends EditionRow>(dbOrTx: Db | Tx, rows: T[]) {
  const hours = await hoursByEdition(
    dbOrTx,
    rows.map((r) => r.id),
  );
  const [numbers] = await dbOrTx
    .select({
      taken: sql<number[]>`array_agg(${editions.edition})`,
      current: sql<number | null>`(max(${editions.edition}) filter (where ${editions.current}))::int`,
    })
    .from(editions);
  const taken = new Set((numbers?.taken ?? []).map(Number));
  return rows.map((row) => ({
    ...adminEdition(row),
    hours: hours.get(row.id) ?? [],
    // 'Préparer l'édition suivante' where the next number is free (the newest edition of a run).
    latest: !taken.has(row.edition + 1),
    beforeCurrent: numbers?.current != null && row.edition < numbers.current,
  }));
}

/** One edition as the editions' list shows it, or null. */
export const readEdition = async (dbOrTx: Db | Tx, id: number) => {
  const rows = await dbOrTx.select(columns).from(editions).where(eq(editions.id, id));
  return (await presentEditions(dbOrTx, rows))[0] ?? null;
};

/** The organiser's hours name each of the edition's days once, and no other ('hoursNotShowDays'). */
function checkHoursDays(hours: { day: string }[], dates: { startsOn: string | null; endsOn: string | null }) {
  const days = dates.startsOn && dates.endsOn ? showDays(dates.startsOn, dates.endsOn) : [];
  const sent = hours.map((h) => h.day).sort();
  if (sent.length !== days.length || sent.some((day, i) => day !== days[i])) throw invalid('hours', 'hoursNotShowDays');
}

/** The editions of the history page. */
export const editionRecords = resourceRecords({
  table: editions,
  id: editions.id,
  sortable: {
    id: editions.id,
    edition: editions.edition,
    year: editions.year,
    startsOn: editions.startsOn,
    name: editions.name,
  },
  defaultSort: [desc(editions.year), desc(editions.startsOn), desc(editions.id)],
  filters: { q: searchFilter(editions.name, editions.city, ...eachLanguage(editions.theme)) },
  query: (dbOrTx) => dbOrTx.select(columns).from(editions).$dynamic(),
  present: (dbOrTx, rows): Promise<AdminEdition[]> => presentEditions(dbOrTx, rows),
  async create(tx, body) {
    const form = parseFormBody(editionSchema, body);
    await checkEditionTaken(tx, form, null);
    // Editions have no serial (the current one is id 7, as the specification says): the next id
    // after the last, one creation at a time.
    await tx.execute(sql`lock table ${editions} in share row exclusive mode`);
    const [last] = await tx.select({ id: sql<number>`coalesce(max(${editions.id}), 0)::int` }).from(editions);
    const id = (last?.id ?? 0) + 1;
    await tx.insert(editions).values({ ...editionRow(form), theme: multilingualValue(form.theme), id });
    // A new edition's hours are laid out from its dates; the organiser adjusts them once it exists.
    if (form.startsOn && form.endsOn)
      await setHoursToDates(tx, id, { startsOn: form.startsOn, endsOn: form.endsOn }, []);
    return id;
  },
  async update(tx, id, body, before) {
    const form = parseFormBody(editionSchema, body);
    // The site prints the current edition's dates and city everywhere: they may change, not go.
    if (before.current) {
      const missing = (['startsOn', 'endsOn', 'city'] as const).filter((field) => !form[field]);
      if (missing.length) {
        throw badRequest('Données invalides.', {
          errors: missing.map((field) => ({ path: ['body', field], message: 'editionNotDated' })),
        });
      }
    }
    const datesChanged = form.startsOn !== before.startsOn || form.endsOn !== before.endsOn;
    // The hours sent name the days the form showed: with the dates unchanged, exactly the show's days.
    if (form.hours && !datesChanged) checkHoursDays(form.hours, form);
    await checkEditionTaken(tx, form, id);
    await tx.update(editions).set(editionRow(form)).where(eq(editions.id, id));
    if (datesChanged) {
      // Opening hours follow the dates: each day keeps the hours of its place in the show. The hours
      // the form sent were the old days': they are left aside (the organiser adjusts the new days'
      // hours once saved, as the form's hint says).
      const { startsOn, endsOn } = form;
      if (startsOn && endsOn) await setHoursToDates(tx, id, { startsOn, endsOn }, await readHours(tx, id));
      else await tx.delete(openingHours).where(eq(openingHours.eventId, id));
    } else if (form.hours) {
      await writeHours(tx, id, form.hours);
    }
  },
  async remove(tx, id) {
    // After any switch under way ('Rendre courante' takes the same lock): the current one stays.
    await tx.execute(sql`lock table ${editions} in share row exclusive mode`);
    const [before] = await tx.select({ current: editions.current }).from(editions).where(eq(editions.id, id));
    if (before?.current) throw badRequest('L’édition en cours ne peut pas être supprimée.');
    const [people] = await tx.select({ n: count() }).from(registrations).where(eq(registrations.eventId, id));
    const [scanned] = await tx.select({ n: count() }).from(scans).where(eq(scans.eventId, id));
    if ((people?.n ?? 0) + (scanned?.n ?? 0) > 0) {
      throw badRequest(
        'Des inscriptions ou des scans sont rattachés à cette édition : elle ne peut pas être supprimée.',
      );
    }
    await tx.delete(editions).where(eq(editions.id, id));
  },
});

/** 'Préparer l'édition suivante': a new edition after `id`, audited (domains/editions/next-edition.ts). */
export function prepareNext(db: Db, userId: number, id: number, form: NextEdition) {
  return db.transaction(async (tx) => {
    const created = await prepareNextEdition(tx, id, form, (values) => checkEditionTaken(tx, values, null));
    const after = (await readEdition(tx, created))!;
    await recordAudit(tx, {
      userId,
      action: 'POST /admin/editions/:id/next',
      resource: 'editions',
      recordId: created,
      before: { from: id },
      after: { ...after, halls: form.halls },
    });
    return after;
  });
}

/** 'Rendre courante': the edition `id` made the current one, audited. */
export function makeEditionCurrent(db: Db, userId: number, id: number) {
  return db.transaction(async (tx) => {
    const before = await makeCurrent(tx, id);
    const after = (await readEdition(tx, id))!;
    await recordAudit(tx, {
      userId,
      action: 'POST /admin/editions/:id/make-current',
      resource: 'editions',
      recordId: id,
      before: { current: before },
      after: { current: id },
    });
    return after;
  });
}

/**
 * What the site still says of the current edition, before `id` is made current: the shown banners
 * whose picture text, the gallery captions and the testimonials whose words name its year (the
 * year alone, not within a longer number). The site's records are no edition's: they stay as they
 * are when the edition changes (decision 045).
 */
export async function outdatedContent(db: Db, id: number) {
  const [current] = await db
    .select({ id: editions.id, year: editions.year })
    .from(editions)
    .where(eq(editions.current, true));
  if (!current || current.id === id) return { year: current?.year ?? 0, records: [] };
  const pattern = `(^|[^0-9])${current.year}([^0-9]|$)`;
  const match = (column: SQL | AnyPgColumn) => sql`${column} ~ ${pattern}`;
  const captions = eachLanguage(galeries.caption);
  const quotes = eachLanguage(temoignages.quote);
  const [banners, gallery, testimonials] = await Promise.all([
    db
      .selectDistinctOn([bannieres.id], { id: bannieres.id, text: sql<string>`${media.alt}` })
      .from(bannieres)
      .innerJoin(media, or(eq(media.id, bannieres.fichierDesktopId), eq(media.id, bannieres.fichierMobileId)))
      .where(and(eq(bannieres.actif, true), match(media.alt)))
      .orderBy(bannieres.id),
    db
      .select({ id: galeries.id, text: sql<string>`concat_ws(' / ', ${sql.join(captions, sql`, `)})` })
      .from(galeries)
      .where(or(...captions.map(match)))
      .orderBy(galeries.position, galeries.id),
    db
      .select({ id: temoignages.id, text: sql<string>`${quotes[0]}` })
      .from(temoignages)
      .where(or(...[...quotes, ...eachLanguage(temoignages.role)].map(match)))
      .orderBy(temoignages.position, temoignages.id),
  ]);
  return {
    year: current.year,
    records: [
      ...banners.map((r) => ({ resource: 'bannieres' as const, ...r })),
      ...gallery.map((r) => ({ resource: 'galeries' as const, ...r })),
      ...testimonials.map((r) => ({ resource: 'temoignages' as const, ...r })),
    ],
  };
}
