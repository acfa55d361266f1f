import { PAGE_SIZE } from '@salon/shared';

export interface DirectorySearch {
  company: string;
  /** The hall picker's hall id; any other text is an older link's hall-or-stand search. */
  hall: string;
  /** A stand number, or part of one. */
  stand: string;
  /** A sector of the show's list, by id. */
  sector: string;
  /** A letter of the A–Z. */
  letter: string;
  page: number;
}

const text = (url: URL, name: string) => (url.searchParams.get(name) ?? '').trim();
const ID = /^\d{1,9}$/;

/** Reads the search from the page's URL (`?q=&hall=&stand=&sector=&letter=&page=`): a result page can be shared. */
export function readSearch(url: URL): DirectorySearch {
  const page = Number(url.searchParams.get('page') ?? '1');
  const letter = text(url, 'letter').toLowerCase();
  const sector = text(url, 'sector');
  return {
    company: text(url, 'q'),
    hall: text(url, 'hall'),
    stand: text(url, 'stand'),
    sector: ID.test(sector) ? sector : '',
    letter: /^[a-z]$/.test(letter) ? letter : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The hall picker's hall, when `hall` names one by its id. */
export const pickedHall = (search: DirectorySearch): number | null =>
  ID.test(search.hall) ? Number(search.hall) : null;

/**
 * The specification's 'GET registrations (directory)' call; empty texts add no filter. Without
 * `filters[event][id]` (the specification's 7) the server lists the current edition's exhibitors;
 * an organiser's preview names the edition it shows (`edition`). The pickers narrow it: a hall
 * (`filters[gate][id]`), a sector (`filters[sectors][id]`), a letter (`$startsWithi`), a stand
 * (`filters[$or]`'s stand alone); an older link's hall text keeps the specification's hall-or-stand search.
 */
export function directoryQuery(search: DirectorySearch, edition?: number): Record<string, unknown> {
  const { company, hall, stand, sector, letter, page } = search;
  const hallId = pickedHall(search);
  const filters: Record<string, unknown> = {
    ...(edition === undefined ? {} : { event: { id: edition } }),
    type: 'exhibitor',
    confirmed: true,
    user: {
      company: {
        $notNull: true,
        ...(company ? { $containsi: company } : {}),
        ...(letter ? { $startsWithi: letter } : {}),
      },
    },
    conference: { id: { $null: true } },
    ...(hallId === null ? {} : { gate: { id: hallId } }),
    ...(sector ? { sectors: { id: Number(sector) } } : {}),
  };
  // An older link's hall text is looked for in the hall's name or the stand, as the specification says.
  if (hall && hallId === null)
    filters.$or = [{ gate: { name: { $containsi: hall } } }, { booth: { $containsi: hall } }];
  else if (stand) filters.$or = [{ booth: { $containsi: stand } }];
  return {
    filters,
    populate: { gate: true, user: { populate: ['avatar'] } },
    pagination: { pageSize: PAGE_SIZE.directory, page },
  };
}

/** The URL of another page or letter of the same search. */
export function searchUrl(search: DirectorySearch): string {
  const params = new URLSearchParams();
  if (search.company) params.set('q', search.company);
  if (search.hall) params.set('hall', search.hall);
  if (search.stand) params.set('stand', search.stand);
  if (search.sector) params.set('sector', search.sector);
  if (search.letter) params.set('letter', search.letter);
  if (search.page > 1) params.set('page', String(search.page));
  const s = params.toString();
  return s ? `?${s}` : '?';
}
