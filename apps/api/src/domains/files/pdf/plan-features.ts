import { FEATURE_NAMES, type FeatureKind, type PlanHallLayout } from '@salon/shared';
import { COLORS, FONTS, type Doc } from './document';
import { pdfText } from './text';

/**
 * The hall's features on the PDF, as on the site's plan (plan-features.tsx): aisles as light
 * strips, the forum's room with its name, services and entrances as a mark in a circle.
 */

type Feature = PlanHallLayout['features'][number];

/** The marks, in a 24 × 24 box: the site's own paths. */
const GLYPHS: Partial<Record<FeatureKind, string>> = {
  entrance: 'M11 6h6v12h-6M5 12h8M10 9l3 3-3 3',
  reception: 'M12 7.5v.5M12 11v6.5',
  toilets: 'M8.5 6.5v.5M15.5 6.5v.5M8.5 10v8M6.5 10.5h4M15.5 10l-2.5 5h5zM15.5 15v3',
  cafe: 'M6 9h10v4a4 4 0 0 1-4 4h-2a4 4 0 0 1-4-4zM16 10.5h1.5a2 2 0 0 1 0 4H16',
  'first-aid': 'M12 6.5v11M6.5 12h11',
};
const AISLE = '#e8edf3';
const FORUM = '#e6f0e8';
const RED = '#b3261e';

/** A kind's mark, `size` points wide, its top left corner at x, y. */
export function drawMark(doc: Doc, kind: FeatureKind, x: number, y: number, size: number): void {
  doc
    .save()
    .translate(x, y)
    .scale(size / 24);
  if (kind === 'aisle') doc.rect(1, 8, 22, 8).fill(AISLE);
  else if (kind === 'forum') doc.lineWidth(1).rect(2, 5, 20, 14).fillAndStroke(FORUM, '#2e7d4f');
  else {
    const colour = kind === 'first-aid' ? RED : COLORS.navy;
    doc
      .lineWidth(1.6)
      .circle(12, 12, 11)
      .fillAndStroke(kind === 'entrance' ? COLORS.navy : COLORS.white, colour);
    const glyph = GLYPHS[kind];
    if (glyph) {
      const stroke = kind === 'entrance' ? COLORS.white : colour;
      doc
        .lineWidth(kind === 'first-aid' ? 3.5 : 2.2)
        .lineCap('round')
        .lineJoin('round')
        .path(glyph)
        .stroke(stroke);
    } else doc.fillColor(colour).font(FONTS.bold).fontSize(9).text('WC', 1, 8, { width: 22, align: 'center' });
  }
  doc.restore();
}

/** The features under the stands: `k` points per unit, the hall's corner at x0, y0. */
export function drawFeatures(doc: Doc, features: Feature[], x0: number, y0: number, k: number, labelled: boolean) {
  const aisles = features.filter((f) => f.kind === 'aisle');
  for (const f of [...aisles, ...features.filter((f) => f.kind !== 'aisle')]) {
    const [x, y, w, h] = [x0 + f.x * k, y0 + f.y * k, f.width * k, f.height * k];
    if (f.kind === 'aisle') doc.rect(x, y, w, h).fill(AISLE);
    else if (f.kind === 'forum') {
      doc.lineWidth(0.6).rect(x, y, w, h).fillAndStroke(FORUM, '#2e7d4f');
      if (labelled) {
        const size = Math.min(9, h / 3);
        doc.fillColor(COLORS.ink).font(FONTS.bold).fontSize(size);
        doc.text(pdfText(f.label ?? FEATURE_NAMES.fr.forum), x, y + h / 2 - size / 2, {
          width: w,
          align: 'center',
          lineBreak: false,
        });
      }
    } else {
      const size = Math.min(w, h, 16) * 0.9;
      drawMark(doc, f.kind, x + (w - size) / 2, y + (h - size) / 2, size);
    }
  }
}

/** The legend's lines for the features the plan shows: each mark and its name. */
export function drawFeatureLegend(doc: Doc, kinds: Set<FeatureKind>, x: number, y: number, width: number): number {
  for (const kind of Object.keys(FEATURE_NAMES.fr) as FeatureKind[]) {
    if (!kinds.has(kind)) continue;
    drawMark(doc, kind, x, y - 1.5, 12);
    doc
      .fillColor(COLORS.ink)
      .font(FONTS.regular)
      .fontSize(8.5)
      .text(pdfText(FEATURE_NAMES.fr[kind]), x + 18, y + 0.5, { width: width - 18, lineBreak: false });
    y += 14;
  }
  return y;
}
