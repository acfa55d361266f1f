import { OTHER_SECTOR, SECTOR_CHOICES } from '@salon/shared';
import type { EventInfo, ExhibitorRow, HallRow } from './data';
import { breathe, COLORS, createDocument, FONTS, SHOW_NAME, type Doc } from './document';
import { ellipsize, formatDayRange, pdfText } from './text';

/**
 * The floor plan, drawn as vectors on A3 landscape: one rectangle per hall with its name, and
 * inside it a grid of stand boxes, each with its stand number and its exhibitor. When every
 * stand fits on one page at a readable size, that is the whole plan. Otherwise the first page
 * shows every hall with its stands in miniature, and the halls too full to read there go on on
 * pages of their own: every stand is always on the plan, labelled.
 *
 * The database knows which hall a stand is in, not where: the plan is a schematic, not to scale.
 */

const MARGIN = 30;
const TITLE_HEIGHT = 56;
const FOOTER_HEIGHT = 22;
const LEGEND_WIDTH = 205;
const HALL_GAP = 16;
const HALL_HEADER = 22;
const HALL_PADDING = 7;
const STAND_GAP = 4;
/** Stand boxes never grow past this, so that a hall of three stands still looks like stands. */
const MAX_BOX = { w: 118, h: 44 };
/** Below this the number and the company cannot be read. */
const MIN_BOX = { w: 50, h: 20 };

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
const OTHER_COLOUR = '#ececec';
const SECTORS = SECTOR_CHOICES.filter((s) => s !== OTHER_SECTOR).map((name, i) => ({
  name,
  key: sectorKey(name),
  colour: SECTOR_COLOURS[i % SECTOR_COLOURS.length]!,
}));

function sectorKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

interface Stand {
  label: string;
  company: string;
  colour: string;
}

interface HallBlock {
  name: string;
  stands: Stand[];
  /** Pages of its own when the overview cannot show its stands readably: [first, last], 1-based. */
  detailPages?: [number, number];
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Grid {
  cols: number;
  w: number;
  h: number;
}

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

export async function renderPlan(input: {
  event: EventInfo;
  halls: HallRow[];
  exhibitors: ExhibitorRow[];
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
  const blocks: HallBlock[] = input.halls.map((h) => ({
    name: h.name,
    stands: input.exhibitors
      .filter((e) => e.gateId === h.id)
      .sort(byBooth)
      .map(toStand),
  }));
  const homeless = input.exhibitors.filter((e) => e.gateId === null || !known.has(e.gateId)).sort(byBooth);
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
  const fits = blocks.map((b, i) => fitGrid(b.stands.length, inner(cells[i]!)));
  const readable = (g: Grid | null) => g === null || (g.w >= MIN_BOX.w && g.h >= MIN_BOX.h);

  // One page when every hall can be read there; the same box size everywhere, as on a real plan.
  const onePage = fits.every(readable);
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
      if (readable(fits[i]!)) continue;
      const pages = Math.ceil(b.stands.length / perDetailPage);
      b.detailPages = [nextPage, nextPage + pages - 1];
      nextPage += pages;
    }
  }

  const total = blocks.reduce((n, b) => n + b.stands.length, 0);
  drawTitle(doc, title, event, null);
  for (const [i, b] of blocks.entries()) {
    const cell = cells[i]!;
    drawHall(doc, cell, b.name, `${b.stands.length} stand${b.stands.length > 1 ? 's' : ''}`);
    const box = inner(cell);
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

  return finish(`${SHOW_NAME} ${year} — ${title} (plan schématique, non à l'échelle)`);
}

/** Equal cells for the halls, in the number of columns that keeps them closest to square. */
function hallCells(area: Rect, n: number): Rect[] {
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

const inner = (r: Rect): Rect => ({
  x: r.x + HALL_PADDING,
  y: r.y + HALL_HEADER + HALL_PADDING,
  w: r.w - 2 * HALL_PADDING,
  h: r.h - HALL_HEADER - 2 * HALL_PADDING,
});

const colsFor = (width: number, boxWidth: number, gap = STAND_GAP) =>
  Math.max(1, Math.floor((width + gap) / (boxWidth + gap)));

/** The largest stand boxes (about 2.6 times wider than tall) that fit `count` of them in `box`. */
function fitGrid(count: number, box: Rect, gap = STAND_GAP): Grid | null {
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

function drawTitle(doc: Doc, title: string, event: EventInfo, part: string | null): void {
  const width = doc.page.width - 2 * MARGIN;
  doc
    .fillColor(COLORS.navy)
    .font(FONTS.bold)
    .fontSize(20)
    .text(pdfText(part ? `${title} — ${part}` : title), MARGIN, MARGIN, { width, lineBreak: false });
  doc
    .fillColor(COLORS.muted)
    .font(FONTS.regular)
    .fontSize(10.5)
    .text(
      pdfText(
        `${SHOW_NAME} — ${event.edition}e édition · ${formatDayRange(event.startsOn, event.endsOn)}, ${event.city}`,
      ),
      MARGIN,
      MARGIN + 26,
      { width, lineBreak: false },
    );
  doc
    .moveTo(MARGIN, MARGIN + 44)
    .lineTo(MARGIN + width, MARGIN + 44)
    .lineWidth(2)
    .strokeColor(COLORS.orange)
    .stroke();
}

function drawHall(doc: Doc, r: Rect, name: string, caption: string): void {
  doc.lineWidth(1.2).rect(r.x, r.y, r.w, r.h).fillAndStroke(COLORS.bg, COLORS.navy);
  doc.rect(r.x, r.y, r.w, HALL_HEADER).fill(COLORS.navy);
  doc.font(FONTS.regular).fontSize(8.5);
  const captionText = pdfText(caption);
  const captionWidth = Math.min(doc.widthOfString(captionText), r.w * 0.45);
  doc.fillColor('#dfe6ee').text(ellipsize(doc, captionText, captionWidth), r.x + r.w - 7 - captionWidth, r.y + 7, {
    width: captionWidth + 1,
    lineBreak: false,
  });
  doc.font(FONTS.bold).fontSize(12);
  doc
    .fillColor(COLORS.white)
    .text(ellipsize(doc, pdfText(name), r.w - captionWidth - 24), r.x + 7, r.y + 5.5, { lineBreak: false });
}

function drawStands(doc: Doc, stands: Stand[], box: Rect, grid: Grid, labelled: boolean, gap = STAND_GAP): void {
  doc.lineWidth(labelled ? 0.6 : 0.25);
  for (const [i, s] of stands.entries()) {
    const x = box.x + (i % grid.cols) * (grid.w + gap);
    const y = box.y + Math.floor(i / grid.cols) * (grid.h + gap);
    doc.rect(x, y, grid.w, grid.h).fillAndStroke(s.colour, labelled ? COLORS.navy : '#8a97a8');
    if (labelled) drawLabel(doc, s, x, y, grid.w, grid.h);
  }
}

function drawLabel(doc: Doc, s: Stand, x: number, y: number, w: number, h: number): void {
  const pad = Math.min(3.5, h * 0.12);
  const numberSize = Math.max(5.5, Math.min(9.5, h * 0.34));
  const companySize = Math.max(5, Math.min(8, h * 0.27));
  const width = w - 2 * pad;
  doc.fillColor(COLORS.ink).font(FONTS.bold).fontSize(numberSize);
  doc.text(ellipsize(doc, pdfText(s.label), width), x + pad, y + pad, { lineBreak: false });
  doc.font(FONTS.regular).fontSize(companySize);
  const top = y + pad + numberSize + 1.5;
  const lineHeight = companySize * 1.15;
  const room = Math.max(1, Math.floor((y + h - pad - top) / lineHeight));
  for (const [i, line] of wrapLines(doc, pdfText(s.company), width, Math.min(room, 2)).entries()) {
    doc.text(line, x + pad, top + i * lineHeight, { lineBreak: false });
  }
}

/** At most `max` lines of `width`, word by word; the last one shortened with an ellipsis. */
function wrapLines(doc: Doc, text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let rest = text.trim();
  while (rest && lines.length < max - 1) {
    if (doc.widthOfString(rest) <= width) break;
    const words = rest.split(' ');
    let line = '';
    let taken = 0;
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (doc.widthOfString(candidate) > width) break;
      line = candidate;
      taken++;
    }
    // A single word wider than the box: leave it to the ellipsis.
    if (taken === 0) break;
    lines.push(line);
    rest = words.slice(taken).join(' ');
  }
  if (rest) lines.push(ellipsize(doc, rest, width));
  return lines;
}

/** A white tag over a hall shown in miniature. */
function drawNote(doc: Doc, box: Rect, text: string): void {
  doc.font(FONTS.bold).fontSize(10);
  const t = pdfText(text);
  const w = Math.min(doc.widthOfString(t) + 16, box.w);
  const h = 22;
  const x = box.x + (box.w - w) / 2;
  const y = box.y + (box.h - h) / 2;
  doc.lineWidth(1).rect(x, y, w, h).fillAndStroke(COLORS.white, COLORS.orange);
  doc
    .fillColor(COLORS.navy)
    .text(ellipsize(doc, t, w - 8), x + 4, y + 6.5, { width: w - 8, align: 'center', lineBreak: false });
}

function drawLegend(doc: Doc, r: Rect, blocks: HallBlock[], sectorsUsed: Set<string>, total: number): void {
  doc.lineWidth(0.8).rect(r.x, r.y, r.w, r.h).fillAndStroke(COLORS.white, COLORS.line);
  const x = r.x + 10;
  const width = r.w - 20;
  let y = r.y + 10;
  const heading = (text: string) => {
    doc.fillColor(COLORS.navy).font(FONTS.bold).fontSize(10.5).text(pdfText(text), x, y, { width, lineBreak: false });
    y += 17;
  };

  doc.fillColor(COLORS.navy).font(FONTS.bold).fontSize(13).text('Légende', x, y, { width, lineBreak: false });
  y += 22;
  const sample = { w: 96, h: 34 };
  doc.lineWidth(0.6).rect(x, y, sample.w, sample.h).fillAndStroke(SECTORS[0]!.colour, COLORS.navy);
  drawLabel(doc, { label: 'A-02', company: 'Nom de l’exposant', colour: '' }, x, y, sample.w, sample.h);
  doc.fillColor(COLORS.ink).font(FONTS.regular).fontSize(8);
  doc.text('Numéro de stand', x + sample.w + 8, y + 3, { width: width - sample.w - 8 });
  doc.text('Exposant (abrégé « … » si long)', x + sample.w + 8, y + 15, { width: width - sample.w - 8 });
  y += sample.h + 16;

  heading('Secteurs d’activité');
  const entries = [
    ...SECTORS.filter((s) => sectorsUsed.has(s.name)),
    ...(sectorsUsed.has(OTHER_SECTOR) ? [{ name: 'Autre ou non renseigné', colour: OTHER_COLOUR }] : []),
  ];
  for (const s of entries) {
    doc.lineWidth(0.5).rect(x, y, 12, 9).fillAndStroke(s.colour, COLORS.navy);
    doc
      .fillColor(COLORS.ink)
      .font(FONTS.regular)
      .fontSize(8.5)
      .text(pdfText(s.name), x + 18, y + 0.5, { width: width - 18, lineBreak: false });
    y += 14;
  }
  if (entries.length === 0) {
    doc.fillColor(COLORS.muted).font(FONTS.regular).fontSize(8.5).text('Aucun stand attribué.', x, y, { width });
    y += 14;
  }
  y += 10;

  heading('Halls');
  const bottom = r.y + r.h - 60;
  for (const [i, b] of blocks.entries()) {
    if (y > bottom - 12 && i < blocks.length - 1) {
      doc
        .fillColor(COLORS.muted)
        .font(FONTS.regular)
        .fontSize(8.5)
        .text(`… et ${blocks.length - i} autres halls`, x, y, { width, lineBreak: false });
      y += 13;
      break;
    }
    const pages = b.detailPages
      ? b.detailPages[0] === b.detailPages[1]
        ? ` — p. ${b.detailPages[0]}`
        : ` — p. ${b.detailPages[0]} à ${b.detailPages[1]}`
      : '';
    const line = `${b.name} : ${b.stands.length} stand${b.stands.length > 1 ? 's' : ''}${pages}`;
    doc.fillColor(COLORS.ink).font(FONTS.regular).fontSize(8.5);
    doc.text(ellipsize(doc, pdfText(line), width), x, y, { lineBreak: false });
    y += 13;
  }
  y += 6;
  doc
    .fillColor(COLORS.navy)
    .font(FONTS.bold)
    .fontSize(9)
    .text(`${total} stand${total > 1 ? 's' : ''} au total`, x, y, { width, lineBreak: false });

  doc
    .fillColor(COLORS.muted)
    .font(FONTS.italic)
    .fontSize(7.5)
    .text(
      pdfText('Plan schématique : les stands ne sont pas à l’échelle. Établi à partir des exposants confirmés.'),
      x,
      r.y + r.h - 42,
      { width },
    );
}
