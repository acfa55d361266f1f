import { and, count, desc, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SHOW_TIME_ZONE } from '@salon/shared';
import type { Db } from '../../db/client';
import { checkins, halls, mailOutbox, newsletters, registrations, scans, users } from '../../db/schema';
import { currentEdition, showRegistration } from '../show/current-edition';

/**
 * The figures of the organisers' dashboard for this edition, each one SQL aggregate, all run
 * at once. Days and hours are the show's (Africa/Casablanca), whatever the server's zone.
 */
const TOP = 8;
// The zone is written into the SQL (a constant), not bound: grouping by an expression needs the
// select's and the group by's to be the same text.
const zone = sql.raw(`'${SHOW_TIME_ZONE}'`);
const localDay = (column: unknown) => sql<string>`to_char((${column} at time zone ${zone}), 'YYYY-MM-DD')`;

const exhibitor = alias(users, 'exhibitor');

/** The biggest groups, then one 'Autres' (others) for the rest. */
function topAndOthers(rows: { label: string | null; n: number }[]) {
  const sorted = [...rows].sort((a, b) => b.n - a.n);
  const top = sorted.slice(0, TOP).map((r) => ({ label: r.label, value: r.n }));
  const rest = sorted.slice(TOP).reduce((sum, r) => sum + r.n, 0);
  return rest ? [...top, { label: 'Autres', value: rest }] : top;
}

/**
 * The figures of an edition: the current one unless another is named (`edition`, a past one to
 * compare, or the next one as it fills). The mail and newsletter figures are the site's, whatever
 * the edition.
 */
export async function showDashboard(db: Db, edition: SQLWrapper = currentEdition) {
  const visitor = showRegistration({ types: ['visitor'], edition });
  const exhibitorRegistration = showRegistration({ types: ['exhibitor'], revoked: true, edition });
  // Registrations per day, by sector and by country: one pass over the visitors, three groupings.
  const day = localDay(registrations.createdAt);
  const grouping = sql<number>`grouping(${day}, ${users.secteurActivite}, ${users.pays})`.mapWith(Number);
  const [visitorGroups, exhibitorStates, [collaborators], scansPerDay, topExhibitors, entries, mails, [newsletter]] =
    await Promise.all([
      db
        .select({ day, sector: users.secteurActivite, country: users.pays, grouping, n: count() })
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.userId))
        .where(visitor)
        .groupBy(sql`grouping sets ((${day}), (${users.secteurActivite}), (${users.pays}))`),
      db
        .select({
          state: sql<string>`case when ${users.blocked} then 'deactivated' when ${registrations.confirmed} then 'confirmed' else 'pending' end`,
          n: count(),
        })
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.userId))
        .where(and(exhibitorRegistration, eq(users.type, 'exhibitor'), isNull(users.deletedAt)))
        .groupBy(sql`1`),
      db
        .select({ n: count() })
        .from(users)
        .innerJoin(
          registrations,
          and(
            eq(registrations.userId, users.id),
            showRegistration({ types: ['collaborator'], revoked: true, edition }),
          ),
        )
        .where(and(eq(users.type, 'collaborator'), isNull(users.deletedAt), eq(users.blocked, false))),
      db
        .select({ day: sql<string>`to_char(${scans.scanDay}, 'YYYY-MM-DD')`, n: count() })
        .from(scans)
        .where(eq(scans.eventId, edition))
        .groupBy(scans.scanDay)
        .orderBy(scans.scanDay),
      db
        .select({ id: exhibitor.id, company: exhibitor.company, n: count() })
        .from(scans)
        .innerJoin(exhibitor, eq(exhibitor.id, scans.exhibitorId))
        .where(and(eq(scans.eventId, edition), eq(exhibitor.type, 'exhibitor')))
        .groupBy(exhibitor.id, exhibitor.company)
        .orderBy(desc(count()), exhibitor.company)
        .limit(10),
      db
        .select({
          day: sql<string>`to_char(${checkins.checkinDay}, 'YYYY-MM-DD')`,
          hour: sql<number>`extract(hour from ${checkins.scannedAt} at time zone ${SHOW_TIME_ZONE})::int`,
          gate: halls.name,
          n: count(),
        })
        .from(checkins)
        .innerJoin(registrations, eq(registrations.id, checkins.registrationId))
        .leftJoin(halls, eq(halls.id, checkins.gateId))
        .where(and(eq(checkins.verdict, 'admitted'), eq(registrations.eventId, edition)))
        .groupBy(checkins.checkinDay, sql`2`, halls.name),
      db.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).groupBy(mailOutbox.status),
      db
        .select({ n: count() })
        .from(newsletters)
        .where(and(sql`${newsletters.confirmedAt} is not null`, isNull(newsletters.unsubscribedAt))),
    ]);

  // grouping() has a bit set for each column the row is not grouped by: day 0b011, sector 0b101, country 0b110.
  const perDay = visitorGroups
    .filter((g) => g.grouping === 0b011)
    .map((g) => ({ day: g.day, n: g.n }))
    .sort((a, b) => a.day.localeCompare(b.day));
  const bySector = visitorGroups.filter((g) => g.grouping === 0b101).map((g) => ({ label: g.sector, n: g.n }));
  const byCountry = visitorGroups.filter((g) => g.grouping === 0b110).map((g) => ({ label: g.country, n: g.n }));
  let cumulative = 0;
  const registrationsPerDay = perDay.map(({ day, n }) => ({ day, daily: n, cumulative: (cumulative += n) }));
  const states = Object.fromEntries(exhibitorStates.map((r) => [r.state, r.n]));
  const mailCount = (...statuses: string[]) =>
    mails.filter((m) => statuses.includes(m.status)).reduce((sum, m) => sum + m.n, 0);

  // Entries per day, and per hour for each gate (all days together), with the busiest hour.
  const entriesPerDay = new Map<string, number>();
  const perHour = new Map<number, Record<string, number>>();
  const gateNames = new Set<string>();
  for (const { day, hour, gate, n } of entries) {
    const name = gate ?? '—';
    gateNames.add(name);
    entriesPerDay.set(day, (entriesPerDay.get(day) ?? 0) + n);
    const slot = perHour.get(hour) ?? {};
    slot[name] = (slot[name] ?? 0) + n;
    perHour.set(hour, slot);
  }
  const entriesPerHour = [...perHour.entries()]
    .sort(([a], [b]) => a - b)
    .map(([hour, byGate]) => ({ hour, total: Object.values(byGate).reduce((s, n) => s + n, 0), ...byGate }));
  const peak = entriesPerHour.reduce<(typeof entriesPerHour)[number] | null>(
    (best, slot) => (!best || slot.total > best.total ? slot : best),
    null,
  );

  return {
    totals: {
      visitors: cumulative,
      exhibitorsConfirmed: states.confirmed ?? 0,
      exhibitorsPending: states.pending ?? 0,
      exhibitorsDeactivated: states.deactivated ?? 0,
      collaborators: collaborators?.n ?? 0,
      scans: scansPerDay.reduce((sum, r) => sum + r.n, 0),
      entries: [...entriesPerDay.values()].reduce((sum, n) => sum + n, 0),
      mailsWaiting: mailCount('pending', 'sending'),
      mailsFailed: mailCount('failed'),
      newsletterConfirmed: newsletter?.n ?? 0,
    },
    registrationsPerDay,
    visitorsBySector: topAndOthers(bySector),
    visitorsByCountry: topAndOthers(byCountry),
    scansPerDay: scansPerDay.map(({ day, n }) => ({ day, scans: n })),
    topExhibitors: topExhibitors.map(({ id, company, n }) => ({ id, company, scans: n })),
    entriesPerDay: [...entriesPerDay.entries()].sort().map(([day, n]) => ({ day, entries: n })),
    entriesPerHour,
    gates: [...gateNames].sort(),
    peakHour: peak ? { hour: peak.hour, entries: peak.total } : null,
  };
}

export type ShowDashboard = Awaited<ReturnType<typeof showDashboard>>;
