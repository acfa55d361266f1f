import { getVisit, parseVisit, VISIT_COOKIE, type Visit } from '@salon/shared';
import { loaderDataOr } from '../../lib/server-api';

/** 'Ma visite' as the device holds it: the cookie the request carries (an empty list without one). */
export function visitOf(request: Request): Visit {
  const cookie = (request.headers.get('cookie') ?? '').split(/;\s*/).find((c) => c.startsWith(`${VISIT_COOKIE}=`));
  return parseVisit(cookie ? decodeURIComponent(cookie.slice(VISIT_COOKIE.length + 1)) : null);
}

/** The query of `GET visit` for a list (ids separated by commas), or null for an empty list: nothing to read. */
export const visitQuery = (visit: Visit) =>
  visit.exhibitors.length || visit.conferences.length
    ? {
        exhibitors: visit.exhibitors.join(',') || undefined,
        conferences: visit.conferences.join(',') || undefined,
      }
    : null;

/**
 * The exhibitors and conferences a visit names, read from the API; none when it names none or the
 * read fails ('Ma visite' and the e-badge page).
 */
export async function visitItems(context: unknown, visit: Visit) {
  const query = visitQuery(visit);
  const none = { exhibitors: [], conferences: [] };
  return query ? loaderDataOr(context, getVisit, { query }, none) : none;
}
