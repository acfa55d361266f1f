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
export const FILTER_PLACEHOLDERS = Object.fromEntries(
  Object.keys(NO_FILTERS).map((key) => [key, sql.placeholder(`f_${key}`)]),
) as unknown as FilterArgs;
export const filterParams = (filters: FilterValues) =>
  Object.fromEntries(Object.entries(filters).map(([key, value]) => [`f_${key}`, value]));
/** The filters a query named (a GET form's empty field names none). */
export const filterValues = (filters: ScanFilters = {}): FilterValues => ({
  ...NO_FILTERS,
  ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)),
});
export const anyFilter = (filters: FilterValues) => Object.values(filters).some((v) => v !== null);

/**
 * The filters of 'Mes scans' on a table's scans (the statement's `scans`, unaliased): they only
 * narrow the table's scope. A tag matches whatever its case; an answer is a question of the
 * exhibitor's and, when named, one of the choices picked; `by` is who scanned; `day` the show day.
 */
export function filtered(f: FilterArgs): SQL {
  // The follow-up compared as the column's own type, so that the index scans_lead_filters serves it.
  return sql`(${f.status}::text is null
      or (${f.status}::text = 'none' and "scans"."follow_up" is null)
      or "scans"."follow_up" = (case when ${f.status}::text = 'none' then null else ${f.status}::text end)::lead_follow_up)
    and (${f.rating}::int is null or "scans"."rating" = ${f.rating}::int)
    and (${f.tag}::text is null or exists (
      select 1 from unnest("scans"."tags") t(tag) where lower(t.tag) = lower(${f.tag}::text)))
    and (${f.question}::int is null or exists (
      select 1 from lead_answers a where a.scan_id = "scans"."id" and a.question_id = ${f.question}::int
        and (${f.choice}::text is null or ${f.choice}::text = any(a.choices))))
    and (${f.by}::int is null or "scans"."scanner_id" = ${f.by}::int)
    and (${f.day}::date is null or "scans"."scan_day" = ${f.day}::date)`;
}
