/**
 * The electronic badge as a one-page A6 PDF: printed at home or shown on a phone at the gate.
 * Everything is laid out at fixed places so that the QR code never moves; long texts shrink,
 * then wrap, then lose their end, but never overflow.
 */
import { datesText, ordinalText, type Language, type RegistrationType } from '@salon/shared';
import { documentTexts } from '../../texts/index';
import { COLORS, createDocument, FONTS, type Doc } from '../files/pdf/document';
import { ellipsize, pdfText } from '../files/pdf/text';
import { QR_QUIET_ZONE, qrMatrix, qrRuns } from './badge-qr';
import type { BadgeOpeningHours } from '../show/show-facts';

/** What a badge shows. Texts are printed as typed, in any script (decision 042). */
export interface BadgeData {
  /** The signed token (see token.ts), drawn as the QR code. */
  token: string;
  type: RegistrationType;
  /** The holder's full name. */
  name: string;
  company?: string | null;
  jobPosition?: string | null;
  /** Language of the labels; names and hours are printed as they are. */
  lang: Language;
  event: {
    /** The show's printed name: 'Salon International du Bâtiment' (SHOW_NAME), not the database's edition label. */
    name: string;
    /** 6 prints '6e édition' ('6th edition'). */
    edition: number;
    /** 'YYYY-MM-DD'. */
    startsOn: string;
    endsOn: string;
    city: string;
  };
  /** In the order to print, usually one per show day. */
  hours: BadgeOpeningHours[];
  /** Written as the PDF's creation date, so that the same badge gives the same bytes. */
  issuedAt: Date;
}

/**
 * The band's colour for each registration type: told apart at a glance at the gate. Its label is
 * the type's name in documentTexts(lang).badge.types.
 */
export const BADGE_COLOURS: Record<RegistrationType, string> = {
  visitor: '#1565c0',
  exhibitor: '#c2410c',
  collaborator: '#2e7d32',
  others: '#4b5563',
};

/** '6e édition', '6th edition'. */
export const editionLabel = (edition: number, lang: Language) =>
  documentTexts(lang).badge.edition(ordinalText(edition, lang));

/** 'Du 29 mai au 1er juin 2024', 'From 29 May to 1 June 2024' (one day: 'Le 3 juin 2025', 'On 3 June 2025'). */
export function badgeDates(from: string, to: string, lang: Language): string {
  const one = from === to;
  const t = documentTexts(lang).badge;
  const lead = one ? t.oneDay : t.days;
  return `${lead} ${datesText(from, to, lang)}`;
}

/** 'Mercredi 29 mai' and '9h00 – 19h00'; 'Wednesday 29 May' and '9:00 – 19:00'. */
function hoursLines(h: BadgeOpeningHours, lang: Language): [string, string] {
  const t = documentTexts(lang).badge;
  return [t.weekday(h.day), `${t.hour(h.opens)} – ${t.hour(h.closes)}`];
}

/** Greedy word wrap at the current font; a word wider than the line stays whole (and too wide). */
function wrap(doc: Doc, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (!line || doc.widthOfString(candidate) <= width) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

interface Fitted {
  size: number;
  lines: string[];
}

/**
 * The largest size from `max` down to `min` at which the text holds in `maxLines` lines of
 * `width`; failing that, the text at `min` wrapped and cut with an ellipsis.
 */
function fit(
  doc: Doc,
  text: string,
  font: string,
  sizes: { max: number; min: number },
  width: number,
  maxLines: number,
): Fitted {
  doc.font(font);
  for (let size = sizes.max; size >= sizes.min; size -= 1) {
    doc.fontSize(size);
    const lines = wrap(doc, text, width);
    if (lines.length <= maxLines && lines.every((l) => doc.widthOfString(l) <= width)) return { size, lines };
  }
  doc.fontSize(sizes.min);
  const lines = wrap(doc, text, width);
  const kept = lines.slice(0, maxLines);
  if (lines.length > maxLines) kept[maxLines - 1] = lines.slice(maxLines - 1).join(' ');
  return { size: sizes.min, lines: kept.map((l) => ellipsize(doc, l, width)) };
}

const LINE_HEIGHT = 1.18;
const blockHeight = (f: Fitted) => f.lines.length * f.size * LINE_HEIGHT;

/**
 * One line centred in `width`, placed by hand: given a width, pdfkit would wrap again by its own
 * measure and could push a last word onto the next line.
 */
function centred(doc: Doc, text: string, x: number, y: number, width: number, characterSpacing = 0): void {
  const left = x + Math.max(0, (width - doc.widthOfString(text, { characterSpacing })) / 2);
  doc.text(text, left, y, { lineBreak: false, characterSpacing });
}

/** Fitted lines from `y`, in their font and size; returns where the next line would start. */
function drawLines(doc: Doc, f: Fitted, font: string, color: string, x: number, y: number, width: number): number {
  doc.font(font).fontSize(f.size).fillColor(color);
  for (const line of f.lines) {
    centred(doc, line, x, y, width);
    y += f.size * LINE_HEIGHT;
  }
  return y;
}

const MM = 72 / 25.4;
const MARGIN = 16;
const HEADER_HEIGHT = 70;
const BAND_TOP = 200;
const BAND_HEIGHT = 28;
/** The QR code's side without its quiet zone: 46 mm, above the 45 mm gate scanners want. */
const QR_SIDE = 46 * MM;

/** The badge PDF: header, holder, coloured type band, QR code beside the hours, entry rule. */
export async function renderBadgePdf(data: BadgeData): Promise<Buffer> {
  const texts = documentTexts(data.lang).badge;
  const label = texts.types[data.type];
  const { doc, finish } = createDocument({
    title: `${data.event.name} — ${texts.badge} ${label}`,
    size: 'A6',
    layout: 'portrait',
    // Every text is placed by hand; a margin would only make pdfkit open a second page.
    margin: 0,
    createdAt: data.issuedAt,
  });
  const pageWidth = doc.page.width;
  const pageHeight = doc.page.height;
  const width = pageWidth - 2 * MARGIN;

  // Header: the show, its edition, when and where.
  doc.rect(0, 0, pageWidth, HEADER_HEIGHT).fill(COLORS.navy);
  doc.rect(0, HEADER_HEIGHT, pageWidth, 3).fill(COLORS.orange);
  const title = fit(doc, pdfText(data.event.name), FONTS.bold, { max: 15, min: 10 }, width, 1);
  drawLines(doc, title, FONTS.bold, COLORS.white, MARGIN, 13, width);
  const edition = fit(
    doc,
    pdfText(editionLabel(data.event.edition, data.lang)),
    FONTS.bold,
    { max: 10, min: 10 },
    width,
    1,
  );
  drawLines(doc, edition, FONTS.bold, '#ffc58a', MARGIN, 33, width);
  const when = pdfText(`${badgeDates(data.event.startsOn, data.event.endsOn, data.lang)} — ${data.event.city}`);
  drawLines(
    doc,
    fit(doc, when, FONTS.regular, { max: 10, min: 7 }, width, 1),
    FONTS.regular,
    COLORS.white,
    MARGIN,
    49,
    width,
  );

  // The holder, centred between the header and the band.
  const blocks: { fitted: Fitted; font: string; color: string }[] = [
    {
      fitted: fit(doc, pdfText(data.name), FONTS.bold, { max: 22, min: 13 }, width, 2),
      font: FONTS.bold,
      color: COLORS.ink,
    },
  ];
  if (data.company?.trim()) {
    const fitted = fit(doc, pdfText(data.company), FONTS.bold, { max: 13, min: 9 }, width, 2);
    blocks.push({ fitted, font: FONTS.bold, color: COLORS.navy });
  }
  if (data.jobPosition?.trim()) {
    const fitted = fit(doc, pdfText(data.jobPosition), FONTS.regular, { max: 10.5, min: 8 }, width, 2);
    blocks.push({ fitted, font: FONTS.regular, color: COLORS.muted });
  }
  const GAP = 5;
  const top = HEADER_HEIGHT + 3;
  const total = blocks.reduce((sum, b) => sum + blockHeight(b.fitted), 0) + GAP * (blocks.length - 1);
  let y = top + Math.max(6, (BAND_TOP - top - total) / 2);
  for (const b of blocks) y = drawLines(doc, b.fitted, b.font, b.color, MARGIN, y, width) + GAP;

  // The type band.
  doc.rect(0, BAND_TOP, pageWidth, BAND_HEIGHT).fill(BADGE_COLOURS[data.type]);
  doc.font(FONTS.bold).fontSize(15).fillColor(COLORS.white);
  centred(doc, pdfText(label.toUpperCase()), MARGIN, BAND_TOP + 8, width, 1.5);

  // The QR code, as filled rectangles: one per run of dark modules, all in one path.
  const matrix = qrMatrix(data.token);
  const module = QR_SIDE / matrix.size;
  const qrX = MARGIN;
  const qrY = BAND_TOP + BAND_HEIGHT + QR_QUIET_ZONE * module;
  for (const run of qrRuns(matrix)) doc.rect(qrX + run.x * module, qrY + run.y * module, run.width * module, module);
  doc.fill('#000000');

  // Opening hours beside the code, past its quiet zone, shrunk if the show has many days.
  const colX = qrX + QR_SIDE + QR_QUIET_ZONE * module;
  const colWidth = pageWidth - MARGIN - colX;
  drawHours(doc, data, colX, qrY, colWidth, QR_SIDE);

  // The entry rule, under the code's quiet zone.
  const ruleY = qrY + QR_SIDE + QR_QUIET_ZONE * module;
  doc
    .font(FONTS.italic)
    .fontSize(8.5)
    .fillColor(COLORS.ink)
    .text(pdfText(texts.entry), MARGIN, ruleY, {
      width,
      align: 'center',
      height: pageHeight - ruleY - 6,
      ellipsis: true,
    });

  return finish();
}

/** The hours column, centred on the code: a heading, then each day over its hours. */
function drawHours(doc: Doc, data: BadgeData, x: number, top: number, width: number, height: number): void {
  if (data.hours.length === 0) return;
  const heading = fit(doc, pdfText(documentTexts(data.lang).badge.hours), FONTS.bold, { max: 9, min: 7 }, width, 2);
  const headingHeight = blockHeight(heading) + 6;
  // Two lines a day; more days than fit at 8.5 pt get a smaller type.
  const row = Math.min(24, (height - headingHeight) / data.hours.length);
  const size = Math.min(8.5, (row - 3) / (2 * LINE_HEIGHT));
  let y = top + (height - headingHeight - row * data.hours.length) / 2;
  y = drawLines(doc, heading, FONTS.bold, COLORS.navy, x, y, width);
  doc
    .moveTo(x + width * 0.25, y + 1)
    .lineTo(x + width * 0.75, y + 1)
    .lineWidth(1)
    .strokeColor(COLORS.orange)
    .stroke();
  y += 6;
  for (const h of data.hours) {
    const [day, time] = hoursLines(h, data.lang);
    doc.font(FONTS.bold).fontSize(size).fillColor(COLORS.ink);
    centred(doc, ellipsize(doc, pdfText(day), width), x, y, width);
    doc.font(FONTS.regular).fillColor(COLORS.muted);
    centred(doc, ellipsize(doc, pdfText(time), width), x, y + size * LINE_HEIGHT, width);
    y += row;
  }
}
