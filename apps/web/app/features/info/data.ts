import type { Answer, openingHoursSchema, Sector } from '@salon/shared';
/** One show day (`GET opening-hours`). */
export type OpeningDay = Answer<typeof openingHoursSchema>['data'][number];

/** A sector of the sectors page (`GET sectors?filters[kind]=page`). */
export type PageSector = Sector;

/**
 * The specification's past editions (section 2, History), shown when the API cannot answer: a
 * failed call never blanks a page. The current edition's row comes from the page's edition.
 */
export const FALLBACK_PAST_EDITIONS: {
  edition: number;
  year: number;
  exhibitors: number | null;
  visitors: number | null;
}[] = [
  { edition: 1, year: 2003, exhibitors: null, visitors: null },
  { edition: 2, year: 2006, exhibitors: 200, visitors: 25000 },
  { edition: 3, year: 2008, exhibitors: 300, visitors: 50000 },
  { edition: 4, year: 2010, exhibitors: 350, visitors: 60000 },
  { edition: 5, year: 2017, exhibitors: 238, visitors: 39000 },
];

/** How many sectors the specification lists; their names are in the translations (pages.secteurs.fallback). */
export const FALLBACK_SECTOR_COUNT = 18;
