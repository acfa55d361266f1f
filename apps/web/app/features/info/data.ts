/** One show day (`GET opening-hours`). */
export interface OpeningDay {
  /** YYYY-MM-DD */
  day: string;
  /** HH:MM (a trailing ':SS' is tolerated) */
  opensAt: string;
  closesAt: string;
}

/** A sector of the sectors page (`GET sectors?filters[kind]=page`). */
export interface PageSector {
  id: number;
  position: number;
  nameFr: string;
  nameEn: string;
  descriptionFr: string | null;
  descriptionEn: string | null;
}

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

/** Picks the field of the page's language, falling back on the other one. */
export function localized(lang: string, fr: string | null | undefined, en: string | null | undefined): string {
  return (lang === 'en' ? en || fr : fr || en) ?? '';
}
