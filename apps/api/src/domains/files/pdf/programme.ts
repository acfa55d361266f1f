import { DEFAULT_LANGUAGE, pickFilled } from '@salon/shared';
import type { ConferenceRow } from './data';
import { breathe, COLORS, createDocument, FONTS, SHOW_NAME, type Doc } from './document';
import { formatDayRange, formatHour, formatLongDay, pdfText } from './text';
import { type EventInfo } from '../../show/edition';

const KIND_LABELS: Record<ConferenceRow['kind'], string> = {
  conference: 'Conférence',
  academy: 'Académie de formation',
  sponsor: 'Session sponsor',
};

const MARGIN = 50;
const LEFT_WIDTH = 105;
const GUTTER = 15;

/** The forum programme: a title block, then each day and its sessions in time order. */
export async function renderProgramme(input: {
  event: EventInfo;
  conferences: ConferenceRow[];
  createdAt: Date;
}): Promise<Buffer> {
  const { event, conferences } = input;
  const title = `Programme du Forum ${event.startsOn.slice(0, 4)}`;
  const { doc, finish } = createDocument({
    title: `${SHOW_NAME} — ${title}`,
    size: 'A4',
    layout: 'portrait',
    margin: MARGIN,
    createdAt: input.createdAt,
  });
  const pageWidth = doc.page.width;
  const contentWidth = pageWidth - 2 * MARGIN;
  const maxY = () => doc.page.height - doc.page.margins.bottom;

  // Title block.
  doc.rect(0, 0, pageWidth, 190).fill(COLORS.navy);
  doc.rect(0, 190, pageWidth, 5).fill(COLORS.orange);
  doc
    .fillColor(COLORS.white)
    .font(FONTS.bold)
    .fontSize(24)
    .text(pdfText(SHOW_NAME), MARGIN, 42, { width: contentWidth });
  doc
    .fillColor('#ffc58a')
    .font(FONTS.bold)
    .fontSize(15)
    .text(pdfText(`${event.edition}e édition — ${title}`), { width: contentWidth });
  doc.moveDown(0.6);
  doc
    .fillColor(COLORS.white)
    .font(FONTS.regular)
    .fontSize(12.5)
    .text(pdfText(`${formatDayRange(event.startsOn, event.endsOn)}, ${event.city}`), { width: contentWidth });
  const theme = pickFilled(DEFAULT_LANGUAGE, event.theme);
  if (theme) {
    doc.moveDown(0.4);
    doc
      .font(FONTS.italic)
      .fontSize(11.5)
      .text(pdfText(`Thème : ${theme}`), { width: contentWidth });
  }

  let y = 225;
  if (conferences.length === 0) {
    doc
      .fillColor(COLORS.ink)
      .font(FONTS.regular)
      .fontSize(12)
      .text('Le programme sera publié prochainement.', MARGIN, y, { width: contentWidth });
  }

  const days = new Map<string, ConferenceRow[]>();
  for (const c of conferences) days.set(c.day, [...(days.get(c.day) ?? []), c]);

  const rightX = MARGIN + LEFT_WIDTH + GUTTER;
  const rightWidth = contentWidth - LEFT_WIDTH - GUTTER;
  const HEADING_HEIGHT = 34;

  const heading = (day: string, continued: boolean) => {
    doc
      .fillColor(COLORS.navy)
      .font(FONTS.bold)
      .fontSize(15)
      .text(pdfText(formatLongDay(day) + (continued ? ' (suite)' : '')), MARGIN, y, {
        width: contentWidth,
        lineBreak: false,
      });
    doc
      .moveTo(MARGIN, y + 20)
      .lineTo(MARGIN + contentWidth, y + 20)
      .lineWidth(1.5)
      .strokeColor(COLORS.orange)
      .stroke();
    y += HEADING_HEIGHT;
  };

  for (const [day, sessions] of days) {
    for (const [index, session] of sessions.entries()) {
      const block = measureSession(doc, session, rightWidth);
      const needed = block + (index === 0 ? HEADING_HEIGHT + 8 : 0);
      if (y + needed > maxY()) {
        doc.addPage();
        y = MARGIN;
        await breathe();
        heading(day, index > 0);
      } else if (index === 0) {
        if (y > 225) y += 8;
        heading(day, false);
      }
      const pages = doc.bufferedPageRange().count;
      drawSession(doc, session, y, rightX, rightWidth);
      // A description longer than a page flows on by itself: carry on below it.
      y = doc.bufferedPageRange().count === pages ? y + block : doc.y + 18;
      if (index < sessions.length - 1) {
        doc
          .moveTo(rightX, y - 9)
          .lineTo(MARGIN + contentWidth, y - 9)
          .lineWidth(0.5)
          .strokeColor(COLORS.line)
          .stroke();
      }
    }
  }

  return finish(`${SHOW_NAME} ${event.startsOn.slice(0, 4)} — ${title}`);
}

const times = (s: ConferenceRow) => `${formatHour(s.startsAt)} – ${formatHour(s.endsAt)}`;

function measureSession(doc: Doc, s: ConferenceRow, width: number): number {
  let right = doc.font(FONTS.bold).fontSize(12).heightOfString(pdfText(s.title), { width });
  if (s.theme)
    right +=
      3 +
      doc
        .font(FONTS.italic)
        .fontSize(10)
        .heightOfString(pdfText(`Thème : ${s.theme}`), { width });
  if (s.description) {
    right += 5 + doc.font(FONTS.regular).fontSize(10).heightOfString(pdfText(s.description), { width, lineGap: 1.5 });
  }
  const left = 16 + 14 + 12;
  return Math.max(left, right) + 18;
}

function drawSession(doc: Doc, s: ConferenceRow, y: number, rightX: number, rightWidth: number): void {
  doc
    .fillColor(COLORS.orange)
    .font(FONTS.bold)
    .fontSize(13)
    .text(pdfText(s.number), MARGIN, y, { width: LEFT_WIDTH, lineBreak: false });
  doc
    .fillColor(COLORS.ink)
    .font(FONTS.bold)
    .fontSize(10)
    .text(pdfText(times(s)), MARGIN, y + 17, { width: LEFT_WIDTH, lineBreak: false });
  doc
    .fillColor(COLORS.muted)
    .font(FONTS.regular)
    .fontSize(8.5)
    .text(pdfText(KIND_LABELS[s.kind]), MARGIN, y + 31, { width: LEFT_WIDTH, lineBreak: false });

  doc.fillColor(COLORS.navy).font(FONTS.bold).fontSize(12).text(pdfText(s.title), rightX, y, { width: rightWidth });
  if (s.theme) {
    doc.moveDown(0.25);
    doc
      .fillColor(COLORS.muted)
      .font(FONTS.italic)
      .fontSize(10)
      .text(pdfText(`Thème : ${s.theme}`), rightX, doc.y, { width: rightWidth });
  }
  if (s.description) {
    doc.moveDown(0.4);
    doc
      .fillColor(COLORS.ink)
      .font(FONTS.regular)
      .fontSize(10)
      .text(pdfText(s.description), rightX, doc.y, { width: rightWidth, lineGap: 1.5 });
  }
}
