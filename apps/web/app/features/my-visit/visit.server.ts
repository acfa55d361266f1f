import { parseVisit, VISIT_COOKIE, type Visit } from '@salon/shared';

/** 'Ma visite' as the device holds it: the cookie the request carries (an empty list without one). */
export function visitOf(request: Request): Visit {
  const cookie = (request.headers.get('cookie') ?? '').split(/;\s*/).find((c) => c.startsWith(`${VISIT_COOKIE}=`));
  return parseVisit(cookie ? decodeURIComponent(cookie.slice(VISIT_COOKIE.length + 1)) : null);
}

/** The query of `GET visit` (and of its calendar) for a list. */
export const visitQuery = (visit: Visit) =>
  [
    visit.exhibitors.length && `exhibitors=${visit.exhibitors.join(',')}`,
    visit.conferences.length && `conferences=${visit.conferences.join(',')}`,
  ]
    .filter(Boolean)
    .join('&');
