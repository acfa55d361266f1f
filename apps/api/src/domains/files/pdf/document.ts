import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';
import type { FontStyle } from './fonts';
import { trimLayouts, withFallbackFonts } from './multiscript';
import { pdfText } from './text';

/**
 * pdfkit (about 20 MB once loaded) is loaded the first time a PDF is made: a server that only
 * serves pages and the API never pays for it.
 */
const load = createRequire(import.meta.url);
let PDFDocument: typeof PDFKitDocument | undefined;

export type Doc = PDFKit.PDFDocument;

export const COLORS = {
  navy: '#12355b',
  navyDark: '#0b2440',
  orange: '#d9730d',
  ink: '#1d2430',
  muted: '#5a6472',
  line: '#d8dee6',
  bg: '#f5f7fa',
  white: '#ffffff',
} as const;

/** The styles of the PDFs' fonts (fonts.ts): Noto Sans, with its Arabic and Tifinagh fallbacks. */
export const FONTS = { regular: 'regular', bold: 'bold', italic: 'italic' } as const satisfies Record<
  FontStyle,
  FontStyle
>;

/** The show's name as the site prints it; the database only knows '6e édition du Salon'. */
export const SHOW_NAME = 'Salon International du Bâtiment';

export interface NewDocument {
  title: string;
  size: 'A4' | 'A3' | 'A6';
  layout: 'portrait' | 'landscape';
  margin: number;
  /** Written as the PDF's creation date: the data's, so that the same data gives the same bytes. */
  createdAt: Date;
}

/**
 * A document whose bytes are collected in memory; call `finish` once everything is drawn, with
 * the footer label of every page, or nothing for a one-page card such as a badge.
 */
export function createDocument(options: NewDocument): { doc: Doc; finish: (footer?: string) => Promise<Buffer> } {
  PDFDocument ??= withFallbackFonts(load('pdfkit') as typeof PDFKitDocument);
  trimLayouts();
  const doc = new PDFDocument({
    font: FONTS.regular,
    size: options.size,
    layout: options.layout,
    margin: options.margin,
    bufferPages: true,
    lang: 'fr-FR',
    displayTitle: true,
    info: {
      Title: pdfText(options.title),
      Author: pdfText(SHOW_NAME),
      Subject: pdfText(options.title),
      Creator: pdfText(SHOW_NAME),
      Producer: 'PDFKit',
      CreationDate: options.createdAt,
      ModDate: options.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const finish = (footer?: string) => {
    if (footer !== undefined) addFooters(doc, pdfText(footer));
    doc.end();
    return done;
  };
  return { doc, finish };
}

/** The footer of every page: what the document is on the left, 'Page n / N' on the right. */
function addFooters(doc: Doc, label: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const { width, height, margins } = doc.page;
    const bottom = margins.bottom;
    // Drawn inside the bottom margin: without this pdfkit would open a new page.
    doc.page.margins.bottom = 0;
    const y = height - bottom / 2 - 4;
    const usable = width - margins.left - margins.right;
    doc
      .moveTo(margins.left, y - 6)
      .lineTo(width - margins.right, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLORS.line)
      .stroke();
    doc.font(FONTS.regular).fontSize(8).fillColor(COLORS.muted);
    doc.text(label, margins.left, y, { width: usable * 0.75, lineBreak: false, height: 10 });
    doc.text(`Page ${i + 1 - start} / ${count}`, margins.left, y, {
      width: usable,
      align: 'right',
      lineBreak: false,
      height: 10,
    });
    doc.page.margins.bottom = bottom;
  }
}

/** Lets other requests run while a long document is drawn (pdfkit works synchronously). */
export const breathe = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
