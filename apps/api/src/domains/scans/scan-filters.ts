import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ScanFilters } from '@salon/shared';

/** The filters of 'Mes scans' as a statement's values: each null is no filter. */
export type FilterValues = { [K in keyof Required<ScanFilters>]: ScanFilters[K] | null };
export type FilterArgs = { [K in keyof FilterValues]: FilterValues[K] | Placeholder };
export const NO_FILTERS: FilterValues = {
  status: null,
  rating: null,
  tag: null,
  question: null,
  choice: null,
  by: null,
  day: null,
};
const FILTER_PLACEHOLDERS = Object.fromEntries(
  Object.keys(NO_FILTERS).map((key) => [key, sql.placeholder(`f_${key}`)]),
) as unknown as FilterArgs;
const filterParams = (filters: FilterValues) =>
  Object.fromEntries(Object.entries(filters).map(([key, value]) => [`f_${key}`, value]));
/** The filters a query named (a GET form's empty field names none). */
export const filterValues = (filters: ScanFilters = {}): FilterValues => ({
  ...NO_FILTERS,
  ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)),
});
export const anyFilter = (filters: FilterValues) => Object.values(filters).some((v) => v !== null);

/**
 * The filters of 'Mes scans' on a table's scans (the statement's `scans`, unaliased), those
 * `named` names, their values from `f` (the values themselves, or a statement's placeholders):
 * they only narrow the table's scope. A tag matches whatever its case; an answer is a question of
 * the exhibitor's and, when named, one of the choices picked; `by` is who scanned; `day` the show day.
 *
 * Only the named filters are written, so that each combination is a statement PostgreSQL plans
 * once per connection (filterShape names it). With every filter written as `$n is null or …`,
 * it had to plan the page again at each call, to see which held: 0.6 ms of a 1.8 ms page.
 */
export function filtered(named: FilterValues, f: FilterArgs = named): SQL {
  const clauses: SQL[] = [];
  // The follow-up compared as the column's own type, so that the index scans_lead_filters serves it.
  if (named.status === 'none') clauses.push(sql`"scans"."follow_up" is null`);
  else if (named.status !== null) clauses.push(sql`"scans"."follow_up" = ${f.status}::lead_follow_up`);
  if (named.rating !== null) clauses.push(sql`"scans"."rating" = ${f.rating}::int`);
  if (named.tag !== null) {
    clauses.push(sql`exists (select 1 from unnest("scans"."tags") t(tag) where lower(t.tag) = lower(${f.tag}::text))`);
  }
  if (named.question !== null) {
    const picked = named.choice === null ? sql`` : sql`and ${f.choice}::text = any(a.choices)`;
    clauses.push(sql`exists (select 1 from lead_answers a
      where a.scan_id = "scans"."id" and a.question_id = ${f.question}::int ${picked})`);
  }
  if (named.by !== null) clauses.push(sql`"scans"."scanner_id" = ${f.by}::int`);
  if (named.day !== null) clauses.push(sql`"scans"."scan_day" = ${f.day}::date`);
  return clauses.length ? sql.join(clauses, sql` and `) : sql`true`;
}

/** Which filters `filtered` writes for these values: a statement's shape. */
const filterShape = (named: FilterValues): string =>
  Object.entries(named)
    .filter(([, value]) => value !== null)
    .map(([key, value]) => (key === 'status' && value === 'none' ? 'none' : key))
    .join(',');

/** The filters as a prepared statement takes them: its shape, its clause and the values of its placeholders. */
export const statementFilters = (named: FilterValues) => ({
  shape: filterShape(named),
  where: filtered(named, FILTER_PLACEHOLDERS),
  params: filterParams(named),
});
