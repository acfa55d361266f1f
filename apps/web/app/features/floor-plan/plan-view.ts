import type { PlanHallLayout, PlanStand } from '@salon/shared';

/**
 * What the plan page shows, from its URL: `?hall=hall-b` picks a hall, `?stand=B-14` opens the
 * hall of that stand with it highlighted, `?q=béton` highlights the stands whose number or
 * company matches. The same rules run on the server (the page without scripts) and in the browser.
 */

export interface PlanQuery {
  hall: string;
  stand: string;
  q: string;
  /** A sector of the show's list (its id): its stands are highlighted. */
  sector: string;
}

export function readPlanQuery(url: URL): PlanQuery {
  const get = (name: string) => (url.searchParams.get(name) ?? '').trim().slice(0, 100);
  const sector = get('sector');
  return { hall: get('hall'), stand: get('stand'), q: get('q'), sector: /^\d{1,9}$/.test(sector) ? sector : '' };
}

/** 'Hall B' → 'hall-b': the hall's name in the URL. */
export const hallSlug = (name: string) =>
  fold(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Lower case, without accents: 'Béton' and 'beton' match. */
export const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The stands that a search matches: its number or one of its companies contains the text, and one
 * of its exhibitors is in the sector when one is picked.
 */
export function matchesOf(stands: PlanStand[], q: string, sector = ''): Set<string> {
  const needle = fold(q.trim());
  const sectorId = sector ? Number(sector) : null;
  if (!needle && sectorId === null) return new Set();
  return new Set(
    stands
      .filter(
        (s) =>
          (!needle || fold(s.number).includes(needle) || s.companies.some((c) => fold(c).includes(needle))) &&
          (sectorId === null || s.sectors.includes(sectorId)),
      )
      .map((s) => s.number),
  );
}

/**
 * What the page is sent: every hall's name and how many stands of it the search matches, and the
 * shown hall whole. The other halls' stands stay on the server: a tab is another address.
 */
export interface PlanView {
  halls: { id: number; name: string; found: number }[];
  hall: PlanHallLayout | undefined;
  /** The number of the stand asked for with `?stand=`, when the plan has it. */
  target: string | undefined;
  /** Matches of the search in every hall. */
  total: number;
}

/**
 * The hall shown: the stand's, else the one named, else the first with a match of the search,
 * else the first hall.
 */
export function planView(halls: PlanHallLayout[], query: PlanQuery): PlanView {
  const wanted = fold(query.stand);
  let target: PlanStand | undefined;
  let hall = wanted
    ? halls.find((h) => (target = h.stands.find((s) => fold(s.number) === wanted)) !== undefined)
    : undefined;
  const found = halls.map((h) => ({ id: h.id, name: h.name, found: matchesOf(h.stands, query.q, query.sector).size }));
  const total = found.reduce((n, h) => n + h.found, 0);
  hall ??= query.hall ? halls.find((h) => hallSlug(h.name) === query.hall) : undefined;
  hall ??= total ? halls[found.findIndex((h) => h.found > 0)] : undefined;
  hall ??= halls[0];
  return { halls: found, hall, target: target?.number, total };
}

/** The link to a hall (and the search and sector going on), as the tabs give it. */
export function hallLink(hall: { name: string }, q: string, sector = ''): string {
  const params = new URLSearchParams({ hall: hallSlug(hall.name) });
  if (q) params.set('q', q);
  if (sector) params.set('sector', sector);
  return `?${params.toString()}`;
}

/** The drawing's viewBox: the hall with a margin around it, in its units. */
export function planViewBox(hall: { width: number; height: number }) {
  const margin = Math.max(hall.width, hall.height) * 0.015;
  return { x: -margin, y: -margin, width: hall.width + 2 * margin, height: hall.height + 2 * margin };
}

/** The average width of a character, in font sizes, for labels of the system sans-serif. */
const CHAR_WIDTH = 0.56;

/**
 * A stand's labels, sized to its rectangle: its number, and the company shortened to fit its
 * width ('Béton du S…'). Sizes are in the hall's units, like the rectangle.
 */
export function standLabels(stand: PlanStand) {
  const numberSize = Math.min(stand.height / 3.2, stand.width / 4.5, 1.6);
  const nameSize = numberSize * 0.82;
  const fits = Math.max(1, Math.floor((stand.width * 0.9) / (nameSize * CHAR_WIDTH)));
  const company =
    stand.companies.length > 1 ? `${stand.companies[0]} +${stand.companies.length - 1}` : stand.companies[0];
  const name = company && company.length > fits ? `${company.slice(0, Math.max(1, fits - 1)).trimEnd()}…` : company;
  return { numberSize, nameSize, name };
}
