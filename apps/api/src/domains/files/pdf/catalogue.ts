import anyAscii from 'any-ascii';
import type { ExhibitorRow } from './data';
import { breathe, COLORS, createDocument, FONTS, SHOW_NAME, type Doc } from './document';
import { formatDayRange, pdfText } from './text';
import { type EventInfo } from '../../show/edition';

const MARGIN = 45;
const FONT_SIZE = 9;
const PAD_X = 5;
const PAD_Y = 4.5;

interface Column {
  header: string;
  width: number;
  font: string;
  value: (e: ExhibitorRow) => string;
}

/** 'Hall A — Stand A-02', or what is known of it. */
export function hallAndStand(e: Pick<ExhibitorRow, 'hall' | 'booth'>): string {
  const hall = e.hall?.trim();
  const booth = e.booth?.trim();
  if (hall && booth) return `${hall} — Stand ${booth}`;
  if (hall) return hall;
  if (booth) return `Stand ${booth}`;
  return '—';
}

/** As the directory shows it: 'BTP' when the exhibitor gave no sector. */
export const sectorOf = (e: Pick<ExhibitorRow, 'sector'>): string => e.sector?.trim() || 'BTP';

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
export const byCompany = (a: ExhibitorRow, b: ExhibitorRow): number =>
  collator.compare(a.company, b.company) || a.registrationId - b.registrationId;

/** The letter an exhibitor is filed under: 'É' under 'E', 'Ł' under 'L', other scripts, digits and signs under '#'. */
function letterOf(company: string): string {
  const first = [...company.trim()][0] ?? '';
  const letter = /\p{Script=Latin}/u.test(first) ? anyAscii(first).charAt(0).toUpperCase() : '';
  return /[A-Z]/.test(letter) ? letter : '#';
}

/** Every listed exhibitor sorted by company, as a table with its header on every page. */
export async function renderCatalogue(input: {
  event: EventInfo;
  exhibitors: ExhibitorRow[];
  createdAt: Date;
}): Promise<Buffer> {
  const { event } = input;
  const exhibitors = [...input.exhibitors].sort(byCompany);
  const year = event.startsOn.slice(0, 4);
  const title = `Catalogue des exposants ${year}`;
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

  const columns: Column[] = (
    [
      { header: 'Exposant', width: 0.37, font: FONTS.bold, value: (e) => e.company },
      { header: 'Hall et stand', width: 0.25, font: FONTS.regular, value: hallAndStand },
      { header: 'Secteur', width: 0.23, font: FONTS.regular, value: sectorOf },
      { header: 'Pays', width: 0.15, font: FONTS.regular, value: (e) => e.country?.trim() || '—' },
    ] satisfies Column[]
  ).map((c) => ({ ...c, width: c.width * contentWidth }));

  // Title block.
  doc.rect(0, 0, pageWidth, 130).fill(COLORS.navy);
  doc.rect(0, 130, pageWidth, 4).fill(COLORS.orange);
  doc.fillColor(COLORS.white).font(FONTS.bold).fontSize(22).text(pdfText(title), MARGIN, 36, { width: contentWidth });
  doc
    .fillColor('#ffc58a')
    .font(FONTS.bold)
    .fontSize(12.5)
    .text(pdfText(`${SHOW_NAME} — ${event.edition}e édition`), { width: contentWidth });
  doc.moveDown(0.3);
  doc
    .fillColor(COLORS.white)
    .font(FONTS.regular)
    .fontSize(11)
    .text(
      pdfText(
        `${formatDayRange(event.startsOn, event.endsOn)}, ${event.city} · ${exhibitors.length} exposant${exhibitors.length > 1 ? 's' : ''}`,
      ),
      { width: contentWidth },
    );

  let y = 155;
  const HEADER_HEIGHT = FONT_SIZE + 2 * PAD_Y + 2;
  const header = () => {
    doc.rect(MARGIN, y, contentWidth, HEADER_HEIGHT).fill(COLORS.navy);
    let x = MARGIN;
    doc.font(FONTS.bold).fontSize(FONT_SIZE).fillColor(COLORS.white);
    for (const c of columns) {
      doc.text(c.header, x + PAD_X, y + PAD_Y + 1, { width: c.width - 2 * PAD_X, lineBreak: false });
      x += c.width;
    }
    y += HEADER_HEIGHT;
  };
  const newPage = async () => {
    doc.addPage();
    y = MARGIN;
    header();
    await breathe();
  };

  if (exhibitors.length === 0) {
    doc
      .fillColor(COLORS.ink)
      .font(FONTS.regular)
      .fontSize(12)
      .text('La liste des exposants sera publiée prochainement.', MARGIN, y, { width: contentWidth });
    return finish(`${SHOW_NAME} ${year} — ${title}`);
  }

  header();
  const LETTER_HEIGHT = 22;
  let letter = '';
  let stripe = false;
  for (const e of exhibitors) {
    // A pasted paragraph must not make a row taller than a page.
    const cells = columns.map((c) => pdfText(clip(c.value(e), 160)));
    const { height: rowHeight, oneLine } = measureRow(doc, columns, cells);
    const next = letterOf(e.company);
    const needed = rowHeight + (next !== letter ? LETTER_HEIGHT : 0);
    if (y + needed > maxY()) await newPage();
    if (next !== letter) {
      letter = next;
      stripe = false;
      doc
        .fillColor(COLORS.orange)
        .font(FONTS.bold)
        .fontSize(12)
        .text(letter, MARGIN + PAD_X, y + 6, { width: contentWidth, lineBreak: false });
      doc
        .moveTo(MARGIN, y + LETTER_HEIGHT - 2)
        .lineTo(MARGIN + contentWidth, y + LETTER_HEIGHT - 2)
        .lineWidth(0.75)
        .strokeColor(COLORS.orange)
        .stroke();
      y += LETTER_HEIGHT;
    }
    if (stripe) doc.rect(MARGIN, y, contentWidth, rowHeight).fill(COLORS.bg);
    stripe = !stripe;
    let x = MARGIN;
    for (const [i, c] of columns.entries()) {
      doc
        .fillColor(i === 0 ? COLORS.navy : COLORS.ink)
        .font(c.font)
        .fontSize(FONT_SIZE)
        .text(cells[i]!, x + PAD_X, y + PAD_Y, oneLine[i] ? { lineBreak: false } : { width: c.width - 2 * PAD_X });
      x += c.width;
    }
    y += rowHeight;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + contentWidth, y)
      .lineWidth(0.4)
      .strokeColor(COLORS.line)
      .stroke();
  }

  return finish(`${SHOW_NAME} ${year} — ${title}`);
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** Each cell's height; most fit on one line, which spares pdfkit's line wrapper (5,000 rows). */
function measureRow(doc: Doc, columns: Column[], cells: string[]): { height: number; oneLine: boolean[] } {
  let height = 0;
  const oneLine: boolean[] = [];
  for (const [i, c] of columns.entries()) {
    doc.font(c.font).fontSize(FONT_SIZE);
    const width = c.width - 2 * PAD_X;
    const fits = !cells[i]!.includes('\n') && doc.widthOfString(cells[i]!) <= width;
    oneLine.push(fits);
    height = Math.max(height, fits ? doc.currentLineHeight(true) : doc.heightOfString(cells[i]!, { width }));
  }
  return { height: Math.ceil(height + 2 * PAD_Y), oneLine };
}
