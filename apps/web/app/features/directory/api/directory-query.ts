import { PAGE_SIZE, toQueryString } from '@salon/shared';

export interface DirectorySearch {
  company: string;
  hall: string;
  page: number;
}

/** Reads the search from the page's URL (`?q=&hall=&page=`): a result page can be shared. */
export function readSearch(url: URL): DirectorySearch {
  const page = Number(url.searchParams.get('page') ?? '1');
  return {
    company: (url.searchParams.get('q') ?? '').trim(),
    hall: (url.searchParams.get('hall') ?? '').trim(),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/**
 * The specification's 'GET registrations (directory)' call; empty texts add no filter. Without
 * `filters[event][id]` (the specification's 7) the server lists the current edition's exhibitors;
 * an organiser's preview names the edition it shows (`edition`).
 */
export function directoryQuery({ company, hall, page }: DirectorySearch, edition?: number): string {
  const filters: Record<string, unknown> = {
    ...(edition === undefined ? {} : { event: { id: edition } }),
    type: 'exhibitor',
    confirmed: true,
    user: { company: company ? { $notNull: true, $containsi: company } : { $notNull: true } },
    conference: { id: { $null: true } },
  };
  if (hall) filters.$or = [{ gate: { name: { $containsi: hall } } }, { booth: { $containsi: hall } }];
  return `registrations?${toQueryString({
    filters,
    populate: { gate: true, user: { populate: ['avatar'] } },
    pagination: { pageSize: PAGE_SIZE.directory, page },
  })}`;
}

/** The URL of another page of the same search. */
export function searchUrl(search: DirectorySearch): string {
  const params = new URLSearchParams();
  if (search.company) params.set('q', search.company);
  if (search.hall) params.set('hall', search.hall);
  if (search.page > 1) params.set('page', String(search.page));
  const s = params.toString();
  return s ? `?${s}` : '?';
}
