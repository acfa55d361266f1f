import { eq, sql, type SQL } from 'drizzle-orm';
import type * as z from 'zod/mini';
import {
  FOLLOW_UPS,
  HALL_MEDIAN_MIN_EXHIBITORS,
  SHOW_TIME_ZONE,
  type FollowUp,
  type LeadQuestionKind,
  type leadReportSchema,
} from '@salon/shared';
import { queryRows, type Db } from '../../db/client';
import { users } from '../../db/schema';
import { currentEdition } from '../show/current-edition';

/**
 * 'Bilan': the leads made for an exhibitor in an edition, counted. Every
 * figure is a grouped query over the exhibitor's scans (the `scans_exhibitor` index), never a
 * loop over them: 50,000 scans are one pass. Nobody is named but who scanned: an erased person's
 * lead counts like any other. Another exhibitor's leads only ever reach the hall's median, as
 * anonymous totals, and only where enough exhibitors make it (HALL_MEDIAN_MIN_EXHIBITORS).
 */

export type LeadReport = z.output<typeof leadReportSchema>['data'];

// Written into the SQL (a constant): the hour is grouped by the subquery's column.
const zone = sql.raw(`'${SHOW_TIME_ZONE}'`);
const RATINGS = [5, 4, 3, 2, 1, null] as const;
const STATUSES: readonly (FollowUp | null)[] = [...FOLLOW_UPS, null];

/** grouping()'s bits (day, hour, scanner, rating, status): set for each column a row is not grouped by. */
const BY = { day: 0b01111, hour: 0b10111, scanner: 0b11011, rating: 0b11101, status: 0b11110, all: 0b11111 };

interface GroupRow {
  g: number;
  day: string | null;
  hour: number | null;
  scanner: number | null;
  name: string | null;
  rating: number | null;
  status: FollowUp | null;
  n: number;
  /** The distinct people among them: one visitor scanned by two of the team counts once. */
  people: number;
}

/** One pass over the exhibitor's leads, six groupings: per day, hour, scanner, rating, follow-up, and all. */
const groups = (leads: SQL) => sql`
  select grouping(l.day, l.hour, l.scanner, l.rating, l.status)::int as g, to_char(l.day, 'YYYY-MM-DD') as day,
    l.hour::int as hour, l.scanner,
    case when grouping(l.scanner) = 0 then (select u.name from users u where u.id = l.scanner) end as name,
    l.rating::int as rating, l.status::text as status, count(*)::int as n,
    count(distinct l.person)::int as people
  from (
    -- The raw columns (a date, a double, an enum), formatted once per group, not once per lead.
    select s.scan_day as day, date_part('hour', s.created_at at time zone ${zone}) as hour,
      s.scanner_id as scanner, s.rating, s.follow_up as status, s.scanned_id as person
    from scans s where ${leads}
  ) l
  group by grouping sets ((l.day), (l.hour), (l.scanner), (l.rating), (l.status), ())`;

/** How many leads answered each question, and picked each choice (a choice row per label stored). */
const answers = (leads: SQL) => sql`
  select a.question_id as question, null::text as choice, count(*)::int as n
  from lead_answers a join scans s on s.id = a.scan_id where ${leads} group by a.question_id
  union all
  select a.question_id, c.choice, count(*)::int
  from lead_answers a join scans s on s.id = a.scan_id cross join unnest(a.choices) c(choice)
  where ${leads} group by a.question_id, c.choice`;

/**
 * The exhibitor's hall in the edition (its registration's gate), how many other exhibitors it
 * holds and, for each day asked, their median of leads that day (an exhibitor with none counts
 * 0), and their median total. Medians are null where fewer than `min` exhibitors make them.
 */
const hall = (exhibitorId: number, edition: SQL, days: string[]) => sql`
  with mine as (
    select r.gate_id from registrations r
    where r.user_id = ${exhibitorId} and r.event_id = ${edition} and r.type = 'exhibitor'
      and r.conference_id is null and r.gate_id is not null
    limit 1
  ), others as (
    select distinct r.user_id as id from registrations r join users u on u.id = r.user_id
    where r.event_id = ${edition} and r.type = 'exhibitor' and r.conference_id is null and r.revoked_at is null
      and r.gate_id = (select gate_id from mine) and r.user_id <> ${exhibitorId}
      and u.type = 'exhibitor' and u.deleted_at is null
  ), counts as (
    select s.exhibitor_id as id, s.scan_day as day, count(*)::int as n from scans s
    where s.event_id = ${edition} and s.exhibitor_id in (select id from others)
    group by s.exhibitor_id, s.scan_day
  ), enough as (select count(*) >= ${HALL_MEDIAN_MIN_EXHIBITORS} as ok from others)
  select g.name, (select count(*)::int from others) as exhibitors,
    case when (select ok from enough) then (
      select percentile_cont(0.5) within group (order by coalesce(t.n, 0)) from others o
      left join (select id, sum(n) as n from counts group by id) t on t.id = o.id
    ) end as total,
    case when (select ok from enough) then (
      select json_object_agg(d.day, d.median) from (
        select to_char(d.day, 'YYYY-MM-DD') as day, percentile_cont(0.5) within group (order by coalesce(c.n, 0)) as median
        from unnest(${sql.param(days)}::date[]) d(day) cross join others o
        left join counts c on c.id = o.id and c.day = d.day
        group by d.day
      ) d
    ) end as days
  from gates g where g.id = (select gate_id from mine)`;

interface HallRow {
  name: string;
  exhibitors: number;
  total: number | null;
  days: Record<string, number> | null;
}

interface QuestionRow {
  id: number;
  kind: LeadQuestionKind;
  label: string;
  choices: string[];
  deleted: boolean;
}

/** A median or a mean as the screens print it: one decimal at most. */
const tenth = (n: number) => Math.round(n * 10) / 10;

/** The show days of an edition, 'YYYY-MM-DD' (none when it has no dates). */
function showDays(from: string | null, to: string | null): string[] {
  if (!from || !to) return [];
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/**
 * The report of an exhibitor's leads in an edition (null: the current one): its own scans and its
 * collaborators', whoever they work for now.
 */
export async function leadReport(db: Db, exhibitorId: number, editionId: number | null): Promise<LeadReport> {
  const edition = sql`coalesce(${editionId}::int, ${currentEdition})`;
  const leads = sql`s.exhibitor_id = ${exhibitorId} and s.event_id = ${edition}`;
  const [[event], grouped, answered, questions] = await Promise.all([
    queryRows<{ year: number; from: string | null; to: string | null }>(
      db,
      sql`select year, to_char(starts_on, 'YYYY-MM-DD') as "from", to_char(ends_on, 'YYYY-MM-DD') as "to"
        from events where id = ${edition}`,
    ),
    queryRows<GroupRow>(db, groups(leads)),
    queryRows<{ question: number; choice: string | null; n: number }>(db, answers(leads)),
    queryRows<QuestionRow>(
      db,
      sql`select id, kind, label, choices, deleted_at is not null as deleted from lead_questions
        where exhibitor_id = ${exhibitorId}
        order by case when deleted_at is null then position else 32767 end, id`,
    ),
  ]);
  const of = (bits: number) => grouped.filter((r) => r.g === bits);
  const total = of(BY.all)[0]?.n ?? 0;
  const people = of(BY.all)[0]?.people ?? 0;

  const perDay = new Map(of(BY.day).map((r) => [r.day!, r.n]));
  const days = [...new Set([...showDays(event?.from ?? null, event?.to ?? null), ...perDay.keys()])].sort();
  const [hallRow] = await queryRows<HallRow>(db, hall(exhibitorId, edition, days));
  const hallDays = hallRow?.days ?? null;

  const perHour = new Map(of(BY.hour).map((r) => [r.hour!, r.n]));
  const hours = perHour.size ? [...perHour.keys()] : [];
  const first = Math.min(...hours);
  const last = Math.max(...hours);

  const byQuestion = new Map<number, { answered: number; choices: Map<string, number> }>();
  for (const row of answered) {
    const entry = byQuestion.get(row.question) ?? { answered: 0, choices: new Map<string, number>() };
    if (row.choice === null) entry.answered = row.n;
    else entry.choices.set(row.choice, row.n);
    byQuestion.set(row.question, entry);
  }

  const perRating = new Map(of(BY.rating).map((r) => [r.rating, r.n]));
  const perStatus = new Map(of(BY.status).map((r) => [r.status, r.n]));
  return {
    year: event?.year ?? 0,
    total,
    people,
    perDay: days.length ? tenth(total / days.length) : 0,
    days: days.map((day) => ({
      day,
      leads: perDay.get(day) ?? 0,
      hallMedian: hallDays ? tenth(hallDays[day] ?? 0) : null,
    })),
    hours: hours.length
      ? Array.from({ length: last - first + 1 }, (_, i) => ({ hour: first + i, leads: perHour.get(first + i) ?? 0 }))
      : [],
    scanners: of(BY.scanner)
      .map((r) => ({ id: r.scanner!, name: r.name ?? '', leads: r.n }))
      .sort((a, b) => b.leads - a.leads || a.name.localeCompare(b.name, 'fr')),
    ratings: RATINGS.map((rating) => ({ rating, leads: perRating.get(rating) ?? 0 })),
    followUps: STATUSES.map((status) => ({ status, leads: perStatus.get(status) ?? 0 })),
    // The questions asked now, in their order, then those deleted that this edition's leads answered.
    questions: questions
      .filter((q) => !q.deleted || byQuestion.has(q.id))
      .map((q) => {
        const counts = byQuestion.get(q.id);
        const picked = counts?.choices ?? new Map<string, number>();
        // The question's choices in its order, then labels it no longer offers (renamed since), most picked first.
        const former = [...picked.keys()]
          .filter((c) => !q.choices.includes(c))
          .sort((a, b) => picked.get(b)! - picked.get(a)! || a.localeCompare(b, 'fr'));
        const n = counts?.answered ?? 0;
        return {
          id: q.id,
          label: q.label,
          kind: q.kind,
          answered: n,
          unanswered: total - n,
          choices:
            q.kind === 'text'
              ? []
              : [...q.choices, ...former].map((choice) => ({ choice, leads: picked.get(choice) ?? 0 })),
        };
      }),
    hall: hallRow
      ? {
          name: hallRow.name,
          exhibitors: hallRow.exhibitors,
          median:
            hallRow.total === null
              ? null
              : { total: tenth(hallRow.total), perDay: days.length ? tenth(hallRow.total / days.length) : 0 },
        }
      : null,
  };
}

/** The exhibitor's company, printed at the head of its report's PDF. */
export async function reportCompany(db: Db, exhibitorId: number): Promise<string | null> {
  const [exhibitor] = await db.select({ company: users.company }).from(users).where(eq(users.id, exhibitorId));
  return exhibitor?.company ?? null;
}
