/**
 * Seed content for the 6th edition of the construction and public-works show and its forum
 * (29 May – 1 June 2024, Marrakech): the editions, the halls and the opening hours. French is the
 * reference language; English is complete. The other files of this folder hold the rest of the seed
 * content. Everything here is fictional demo data: no real people, firms, phone numbers or addresses.
 */
import type { Texts } from '@salon/shared';

/** One edition of the show, past or current. */
export interface PastEvent {
  id: number;
  edition: number;
  name: string;
  year: number;
  /** YYYY-MM-DD */
  startsOn: string;
  /** YYYY-MM-DD */
  endsOn: string;
  city: string;
  /** In each language it was given in. */
  theme: Partial<Texts<string | null>>;
  exhibitors: number | null;
  visitors: number | null;
}

// The current (2024) edition, id 7, as the specification gives it: reference data.
export const CURRENT_EVENT: PastEvent = {
  id: 7,
  edition: 6,
  name: '6e édition du Salon',
  year: 2024,
  startsOn: '2024-05-29',
  endsOn: '2024-06-01',
  city: 'Marrakech',
  theme: { fr: 'Construire le Maroc de demain : Horizon 2030', en: "Building tomorrow's Morocco: Horizon 2030" },
  exhibitors: 300,
  visitors: 60000,
};

/**
 * The editions before 2024 (ids 1–5): the specification gives their years and figures, not their
 * dates, cities or themes, which are invented here. Demo data: a real site's organiser enters
 * its history in the back-office. (Before they were demo data they were written on every start:
 * such rows stay, the organiser's to correct or delete; the server warns while they are there.)
 */
export const PAST_EDITIONS: PastEvent[] = [
  {
    id: 1,
    edition: 1,
    name: '1re édition du Salon',
    year: 2003,
    startsOn: '2003-11-19',
    endsOn: '2003-11-22',
    city: 'Casablanca',
    theme: { fr: 'Le bâtiment, moteur du développement' },
    exhibitors: null,
    visitors: null,
  },
  {
    id: 2,
    edition: 2,
    name: '2e édition du Salon',
    year: 2006,
    startsOn: '2006-05-17',
    endsOn: '2006-05-20',
    city: 'Casablanca',
    theme: { fr: 'Qualité et normalisation dans la construction' },
    exhibitors: 200,
    visitors: 25000,
  },
  {
    id: 3,
    edition: 3,
    name: '3e édition du Salon',
    year: 2008,
    startsOn: '2008-11-26',
    endsOn: '2008-11-29',
    city: 'Casablanca',
    theme: { fr: 'Habitat et aménagement du territoire' },
    exhibitors: 300,
    visitors: 50000,
  },
  {
    id: 4,
    edition: 4,
    name: '4e édition du Salon',
    year: 2010,
    startsOn: '2010-11-24',
    endsOn: '2010-11-27',
    city: 'Casablanca',
    theme: { fr: 'Les grands chantiers d’infrastructure' },
    exhibitors: 350,
    visitors: 60000,
  },
  {
    id: 5,
    edition: 5,
    name: '5e édition du Salon',
    year: 2017,
    startsOn: '2017-05-17',
    endsOn: '2017-05-20',
    city: 'Marrakech',
    theme: { fr: 'Construction durable et efficacité énergétique' },
    exhibitors: 238,
    visitors: 39000,
  },
];

/**
 * The editions before 2024 as the specification gives them, by their year and figures: reference
 * data, written once on a new install (its organiser adds their dates, cities and themes).
 */
export const SPEC_PAST_EDITIONS: Pick<PastEvent, 'id' | 'edition' | 'name' | 'year' | 'exhibitors' | 'visitors'>[] =
  PAST_EDITIONS.map(({ id, edition, name, year, exhibitors, visitors }) => ({
    id,
    edition,
    name,
    year,
    exhibitors,
    visitors,
  }));

// Exhibition halls of the 2024 venue.
export const HALLS: string[] = ['Hall A', 'Hall B', 'Hall C', 'Hall D', 'Hall E'];

/** Opening hours for one show day. */
export interface OpeningDay {
  /** YYYY-MM-DD */
  day: string;
  /** HH:MM */
  opensAt: string;
  /** HH:MM */
  closesAt: string;
}

// Opening hours of the 2024 show, one entry per day.
export const OPENING_HOURS: OpeningDay[] = [
  { day: '2024-05-29', opensAt: '09:00', closesAt: '19:00' },
  { day: '2024-05-30', opensAt: '09:00', closesAt: '19:00' },
  { day: '2024-05-31', opensAt: '09:00', closesAt: '19:30' },
  { day: '2024-06-01', opensAt: '09:00', closesAt: '18:00' },
];
