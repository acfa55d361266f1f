import { OTHER_SECTOR, SECTOR_CHOICES, type PlanHallLayout } from '@salon/shared';

/** The floor plan's measures, sector colours and grids (plan.ts draws with them). */

export const MARGIN = 30;
export const TITLE_HEIGHT = 56;
export const FOOTER_HEIGHT = 22;
export const LEGEND_WIDTH = 205;
export const HALL_GAP = 16;
export const HALL_HEADER = 22;
const HALL_PADDING = 7;
export const STAND_GAP = 4;
/** Stand boxes never grow past this, so that a hall of three stands still looks like stands. */
export const MAX_BOX = { w: 118, h: 44 };
/** Below this the number and the company cannot be read. */
export const MIN_BOX = { w: 50, h: 20 };

const SECTOR_COLOURS: readonly string[] = [
  '#f6d2ad',
  '#e3d2b5',
  '#f3cad8',
  '#c9e3f3',
  '#fae79f',
  '#d6dde6',
  '#f5c3bd',
  '#d9cff2',
  '#cfeccf',
  '#bfe3dd',
];
export const OTHER_COLOUR = '#ececec';
export const SECTORS = SECTOR_CHOICES.filter((s) => s !== OTHER_SECTOR).map((name, i) => ({
  name,
  key: sectorKey(name),
  colour: SECTOR_COLOURS[i % SECTOR_COLOURS.length]!,
}));

export function sectorKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export interface Stand {
  label: string;
  company: string;
  colour: string;
}

/** A stand of a hall laid out on the plan, in the hall's units, with who holds it (null: free). */
export interface LaidStand {
  number: string;
  x: number;
  y: number;
  width: number;
  height: number;
  stand: Stand | null;
}

export interface HallLayout {
  width: number;
  height: number;
  stands: LaidStand[];
  /** Entrances, aisles, services, the forum's room (plan-features.ts). */
  features: PlanHallLayout['features'];
}

/** Where a laid-out hall goes in `box`, to scale: its top left corner and points per unit. */
export interface LayoutFit {
  x: number;
  y: number;
  k: number;
}

export function fitLayout(layout: HallLayout, box: Rect): LayoutFit {
  const k = Math.min(box.w / layout.width, box.h / layout.height);
  return { x: box.x + (box.w - layout.width * k) / 2, y: box.y, k };
}

/** Every stand of the layout as large as a stand box must be to be read. */
export const layoutReadable = (layout: HallLayout, fit: LayoutFit) =>
  layout.stands.every((s) => s.width * fit.k >= MIN_BOX.w && s.height * fit.k >= MIN_BOX.h);

export interface HallBlock {
  name: string;
  stands: Stand[];
  /** Drawn to scale from its stands instead of a grid. */
  layout?: HallLayout;
  /** Pages of its own when the overview cannot show its stands readably: [first, last], 1-based. */
  detailPages?: [number, number];
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Grid {
  cols: number;
  w: number;
  h: number;
}

/** Equal cells for the halls, in the number of columns that keeps them closest to square. */
export function hallCells(area: Rect, n: number): Rect[] {
  const cols = Math.max(1, Math.min(n, Math.round(Math.sqrt((n * area.w) / area.h))));
  const rows = Math.ceil(n / cols);
  const w = (area.w - (cols - 1) * HALL_GAP) / cols;
  const h = (area.h - (rows - 1) * HALL_GAP) / rows;
  return Array.from({ length: n }, (_, i) => ({
    x: area.x + (i % cols) * (w + HALL_GAP),
    y: area.y + Math.floor(i / cols) * (h + HALL_GAP),
    w,
    h,
  }));
}

export const inner = (r: Rect): Rect => ({
  x: r.x + HALL_PADDING,
  y: r.y + HALL_HEADER + HALL_PADDING,
  w: r.w - 2 * HALL_PADDING,
  h: r.h - HALL_HEADER - 2 * HALL_PADDING,
});

export const colsFor = (width: number, boxWidth: number, gap = STAND_GAP) =>
  Math.max(1, Math.floor((width + gap) / (boxWidth + gap)));

/** The largest stand boxes (about 2.6 times wider than tall) that fit `count` of them in `box`. */
export function fitGrid(count: number, box: Rect, gap = STAND_GAP): Grid | null {
  if (count === 0) return null;
  let best: (Grid & { score: number }) | null = null;
  for (let cols = 1; cols <= count; cols++) {
    const rows = Math.ceil(count / cols);
    let w = (box.w - (cols - 1) * gap) / cols;
    let h = (box.h - (rows - 1) * gap) / rows;
    if (w <= 0 || h <= 0) continue;
    w = Math.min(w, MAX_BOX.w);
    h = Math.min(h, MAX_BOX.h, w * 0.6);
    w = Math.min(w, h * 4.5);
    const score = Math.min(w / 2.6, h);
    if (!best || score > best.score) best = { cols, w, h, score };
    // Once every stand is on one row, more columns only make narrower boxes.
    if (rows === 1) break;
  }
  return best ? { cols: best.cols, w: best.w, h: best.h } : { cols: count, w: 0, h: 0 };
}
