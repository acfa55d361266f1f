import { parseVisit, VISIT_COOKIE, type Visit } from '@salon/shared';

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
