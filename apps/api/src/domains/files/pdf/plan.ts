import { FORUM_STAND, OTHER_SECTOR, type PlanHallLayout } from '@salon/shared';
import type { ExhibitorRow, HallRow } from './data';
import { breathe, COLORS, createDocument, FONTS, SHOW_NAME } from './document';
import { drawHall, drawLayout, drawLegend, drawNote, drawStands, drawTitle } from './plan-drawing';
import {
  colsFor,
  fitGrid,
  fitLayout,
  FOOTER_HEIGHT,
  HALL_GAP,
  hallCells,
  inner,
  LEGEND_WIDTH,
  layoutReadable,
  MARGIN,
  MAX_BOX,
  MIN_BOX,
  OTHER_COLOUR,
  SECTORS,
  sectorKey,
  STAND_GAP,
  TITLE_HEIGHT,
  type Grid,
  type HallBlock,
  type Rect,
  type Stand,
} from './plan-layout';
import { type EventInfo } from '../../show/edition';

/**
 * The floor plan, drawn as vectors on A3 landscape: one rectangle per hall with its name, and
 * inside it a grid of stand boxes, each with its stand number and its exhibitor. When every
 * stand fits on one page at a readable size, that is the whole plan. Otherwise the first page
 * shows every hall with its stands in miniature, and the halls too full to read there go on on
 * pages of their own: every stand is always on the plan, labelled.
 *
 * A hall laid out on the plan (a size and stands) is drawn to scale from its stands,
 * each exhibitor on the stand whose number is its own; the others are drawn as a schematic grid,
 * as are the exhibitors whose stand number is on no layout.
 */

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

export async function renderPlan(input: {
  event: EventInfo;
  halls: HallRow[];
  exhibitors: ExhibitorRow[];
  layouts: PlanHallLayout[];
  createdAt: Date;
}): Promise<Buffer> {
  const { event } = input;
  const year = event.startsOn.slice(0, 4);
  const title = `Plan du salon ${year}`;
  const { doc, finish } = createDocument({
    title: `${SHOW_NAME} — ${title}`,
    size: 'A3',
    layout: 'landscape',
    margin: MARGIN,
    createdAt: input.createdAt,
  });

  const sectorsUsed = new Set<string>();
  const colourOf = (sector: string | null): string => {
    const key = sectorKey(sector ?? '');
    const match = SECTORS.find((s) => s.key === key);
    sectorsUsed.add(match?.name ?? OTHER_SECTOR);
    return match?.colour ?? OTHER_COLOUR;
  };
  const toStand = (e: ExhibitorRow): Stand => ({
    label: e.booth?.trim() || 'sans n°',
    company: e.company,
    colour: colourOf(e.sector),
  });
  const byBooth = (a: ExhibitorRow, b: ExhibitorRow) => {
    const ab = a.booth?.trim() ?? '';
    const bb = b.booth?.trim() ?? '';
    if (!ab !== !bb) return ab ? -1 : 1;
    return collator.compare(ab, bb) || collator.compare(a.company, b.company) || a.registrationId - b.registrationId;
  };
  const known = new Set(input.halls.map((h) => h.id));
  const number = (booth: string | null) => booth?.trim().toLowerCase() ?? '';
  const layouts = new Map(input.layouts.filter((l) => l.stands.length > 0).map((l) => [l.id, l]));
  // Each exhibitor whose stand number is on a layout is drawn there, whatever hall it names.
  const atStand = new Map<string, ExhibitorRow[]>();
  for (const l of layouts.values()) for (const s of l.stands) atStand.set(number(s.number), []);
  const onGrid: ExhibitorRow[] = [];
  for (const e of [...input.exhibitors].sort(byBooth)) (atStand.get(number(e.booth)) ?? onGrid).push(e);

  const blocks: HallBlock[] = input.halls.map((h) => {
    const layout = layouts.get(h.id);
    if (!layout) return { name: h.name, stands: onGrid.filter((e) => e.gateId === h.id).map(toStand) };
    const laid = layout.stands.map((s) => {
      const holders = atStand.get(number(s.number)) ?? [];
      const first = holders[0];
      const company = holders.map((e) => e.company).join(', ');
      if (s.number === FORUM_STAND) return { ...s, stand: { label: 'Salle du Forum', company: '', colour: '#e6f0e8' } };
      return { ...s, stand: first ? { ...toStand(first), label: s.number, company } : null };
    });
    return {
      name: h.name,
      // The exhibitors' stands, for the counts: the forum's room is none.
      stands: laid.flatMap((s) => (s.stand && s.number !== FORUM_STAND ? [s.stand] : [])),
      layout: { width: layout.width, height: layout.height, stands: laid, features: layout.features },
    };
  });
  // Exhibitors of a laid-out hall whose stand is not on its layout: a grid of their own.
  for (const h of input.halls) {
    const off = layouts.has(h.id) ? onGrid.filter((e) => e.gateId === h.id) : [];
    if (off.length) blocks.push({ name: `${h.name} (hors plan)`, stands: off.map(toStand) });
  }
  const homeless = onGrid.filter((e) => e.gateId === null || !known.has(e.gateId));
  if (homeless.length) blocks.push({ name: 'Hall non attribué', stands: homeless.map(toStand) });

  const page = { w: doc.page.width, h: doc.page.height };
  const area: Rect = {
    x: MARGIN,
    y: MARGIN + TITLE_HEIGHT,
    w: page.w - 2 * MARGIN - LEGEND_WIDTH - HALL_GAP,
    h: page.h - 2 * MARGIN - TITLE_HEIGHT - FOOTER_HEIGHT,
  };
  const legendBox: Rect = { x: area.x + area.w + HALL_GAP, y: area.y, w: LEGEND_WIDTH, h: area.h };
  const cells = hallCells(area, Math.max(blocks.length, 1));
  const fits = blocks.map((b, i) => (b.layout ? null : fitGrid(b.stands.length, inner(cells[i]!))));
  const readable = (g: Grid | null) => g === null || (g.w >= MIN_BOX.w && g.h >= MIN_BOX.h);
  const blockReadable = (b: HallBlock, i: number) =>
    b.layout ? layoutReadable(b.layout, fitLayout(b.layout, inner(cells[i]!))) : readable(fits[i]!);

  // One page when every hall can be read there; the same box size everywhere, as on a real plan.
  const onePage = blocks.every(blockReadable);
  const uniform = onePage
    ? fits.reduce<{ w: number; h: number }>(
        (acc, g) => (g ? { w: Math.min(acc.w, g.w), h: Math.min(acc.h, g.h) } : acc),
        { ...MAX_BOX },
      )
    : null;

  // Detail pages, numbered in advance so that the overview can point to them.
  const detailArea = inner(area);
  const detailGrid = { w: MIN_BOX.w + 24, h: MIN_BOX.h + 6 };
  const perDetailPage =
    Math.max(1, Math.floor((detailArea.w + STAND_GAP) / (detailGrid.w + STAND_GAP))) *
    Math.max(1, Math.floor((detailArea.h + STAND_GAP) / (detailGrid.h + STAND_GAP)));
  let nextPage = 2;
  if (!onePage) {
    for (const [i, b] of blocks.entries()) {
      if (blockReadable(b, i)) continue;
      // A laid-out hall gets a page of its own, the whole drawing at the page's scale.
      const pages = b.layout ? 1 : Math.ceil(b.stands.length / perDetailPage);
      b.detailPages = [nextPage, nextPage + pages - 1];
      nextPage += pages;
    }
  }

  const total = blocks.reduce((n, b) => n + b.stands.length, 0);
  drawTitle(doc, title, event, null);
  for (const [i, b] of blocks.entries()) {
    const cell = cells[i]!;
    const box = inner(cell);
    if (b.layout) {
      const caption = `${b.layout.stands.length} stands${b.detailPages ? ` — détail en page ${b.detailPages[0]}` : ''}`;
      drawHall(doc, cell, b.name, caption);
      drawLayout(doc, b.layout, fitLayout(b.layout, box), !b.detailPages);
      continue;
    }
    drawHall(doc, cell, b.name, `${b.stands.length} stand${b.stands.length > 1 ? 's' : ''}`);
    if (uniform) {
      drawStands(doc, b.stands, box, { cols: colsFor(box.w, uniform.w), ...uniform }, true);
    } else if (!b.detailPages) {
      drawStands(doc, b.stands, box, fits[i]!, true);
    } else {
      const mini = fitGrid(b.stands.length, box, 1);
      if (mini && mini.h >= 1.5 && mini.w >= 1.5) drawStands(doc, b.stands, box, mini, false, 1);
      const [first, last] = b.detailPages;
      drawNote(doc, box, first === last ? `Détail en page ${first}` : `Détail en pages ${first} à ${last}`);
    }
  }
  if (blocks.length === 0) {
    doc
      .fillColor(COLORS.muted)
      .font(FONTS.regular)
      .fontSize(14)
      .text('Le plan sera publié prochainement.', area.x, area.y + 20, { width: area.w, align: 'center' });
  }
  drawLegend(doc, legendBox, blocks, sectorsUsed, total);

  for (const b of blocks) {
    if (!b.detailPages) continue;
    if (b.layout) {
      await breathe();
      doc.addPage();
      drawTitle(doc, title, event, b.name);
      drawHall(doc, area, b.name, `${b.layout.stands.length} stands`);
      drawLayout(doc, b.layout, fitLayout(b.layout, inner(area)), true);
      drawLegend(doc, legendBox, blocks, sectorsUsed, total);
      continue;
    }
    const [first, last] = b.detailPages;
    const count = last - first + 1;
    const per = Math.ceil(b.stands.length / count);
    for (let p = 0; p < count; p++) {
      await breathe();
      doc.addPage();
      const part = b.stands.slice(p * per, (p + 1) * per);
      const suffix = count > 1 ? ` (${p + 1}/${count})` : '';
      drawTitle(doc, title, event, `${b.name}${suffix}`);
      drawHall(
        doc,
        area,
        `${b.name}${suffix}`,
        `stands ${p * per + 1} à ${p * per + part.length} sur ${b.stands.length}`,
      );
      const box = inner(area);
      const grid = fitGrid(part.length, box) ?? { cols: 1, ...MIN_BOX };
      drawStands(doc, part, box, grid, true);
      drawLegend(doc, legendBox, blocks, sectorsUsed, total);
    }
  }

  const scale = layouts.size ? 'halls à l’échelle de leur plan' : 'plan schématique, non à l’échelle';
  return finish(`${SHOW_NAME} ${year} — ${title} (${scale})`);
}
