import { OTHER_SECTOR } from '@salon/shared';
import { COLORS, FONTS, SHOW_NAME, type Doc } from './document';
import {
  HALL_HEADER,
  MARGIN,
  OTHER_COLOUR,
  SECTORS,
  STAND_GAP,
  type Grid,
  type HallBlock,
  type HallLayout,
  type LayoutFit,
  type Rect,
  type Stand,
} from './plan-layout';
import { ellipsize, formatDayRange, pdfText } from './text';
import { drawFeatureLegend, drawFeatures } from './plan-features';
import { type EventInfo } from '../../show/edition';

/** The floor plan's parts, drawn: title, halls, stands and their labels, notes and legend. */

export function drawTitle(doc: Doc, title: string, event: EventInfo, part: string | null): void {
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

export function drawHall(doc: Doc, r: Rect, name: string, caption: string): void {
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

export function drawStands(doc: Doc, stands: Stand[], box: Rect, grid: Grid, labelled: boolean, gap = STAND_GAP): void {
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

/** A hall to scale: its outline, then each stand where it stands, labelled when there is room. */
export function drawLayout(doc: Doc, layout: HallLayout, fit: LayoutFit, labelled: boolean): void {
  doc
    .lineWidth(1)
    .rect(fit.x, fit.y, layout.width * fit.k, layout.height * fit.k)
    .fillAndStroke(COLORS.white, COLORS.navy);
  drawFeatures(doc, layout.features, fit.x, fit.y, fit.k, labelled);
  doc.lineWidth(labelled ? 0.6 : 0.3);
  for (const s of layout.stands) {
    const [x, y, w, h] = [fit.x + s.x * fit.k, fit.y + s.y * fit.k, s.width * fit.k, s.height * fit.k];
    doc.rect(x, y, w, h).fillAndStroke(s.stand?.colour ?? COLORS.white, labelled ? COLORS.navy : '#8a97a8');
    if (labelled) drawLabel(doc, s.stand ?? { label: s.number, company: '', colour: COLORS.white }, x, y, w, h);
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
export function drawNote(doc: Doc, box: Rect, text: string): void {
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

export function drawLegend(doc: Doc, r: Rect, blocks: HallBlock[], sectorsUsed: Set<string>, total: number): void {
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

  const kinds = new Set(blocks.flatMap((b) => b.layout?.features.map((f) => f.kind) ?? []));
  if (kinds.size) {
    heading('Repères');
    y = drawFeatureLegend(doc, kinds, x, y, width) + 10;
  }

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
      pdfText(
        blocks.some((b) => b.layout)
          ? 'Halls à l’échelle de leur plan ; les autres, schématiques. Établi à partir des exposants confirmés.'
          : 'Plan schématique : les stands ne sont pas à l’échelle. Établi à partir des exposants confirmés.',
      ),
      x,
      r.y + r.h - 42,
      { width },
    );
}
