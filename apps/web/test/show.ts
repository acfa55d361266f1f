import type { EditionFacts } from '@salon/shared';

/** The demo's current edition (the specification's 2024 one), as the server gives it to pages. */
export const DEMO_SHOW: EditionFacts = {
  edition: 6,
  year: 2024,
  startsOn: '2024-05-29',
  endsOn: '2024-06-01',
  city: 'Marrakech',
  theme: { fr: 'Construire le Maroc de demain : Horizon 2030', en: "Building tomorrow's Morocco: Horizon 2030" },
};
