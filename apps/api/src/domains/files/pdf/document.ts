import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';
import { pdfText } from './text';

/**
 * pdfkit (about 20 MB once loaded, with its fonts) is loaded the first time a PDF is made: a
 * server that only serves pages and the API never pays for it.
 */
const load = createRequire(import.meta.url);
let PDFDocument: typeof PDFKitDocument | undefined;

/**
 * pdfkit keeps the standard fonts' metrics loaded once per process, but every document builds
 * its own lookup tables from them (each glyph's width, some 2,700 kerning pairs per font): about
 * 0.3 ms a font, 0.9 ms of a badge's 3 ms, the same every time. pdfkit 0.20 has no way to pass
 * them on (neither `registerFont` nor a parsed font reaches its standard fonts), so this
 * subclass keeps the first document's tables of the fonts in FONTS and gives each later document
 * a font of its own that points to them: its own id and PDF object, as pdfkit's constructor
 * would make it. Nothing else is shared; the tables are only ever read. The output is the same to
 * the byte (apps/api/src/domains/files/pdf-fonts.test.ts compares a document made before and after).
 */
interface StandardFont {
  document: unknown;
  name: string;
  id: string;
  /** pdfkit's AFMFont: the lookup tables. */
  font: {
    name: string;
    ascender: number;
    descender: number;
    bbox: number[];
    lineGap: number;
    xHeight: number;
    capHeight: number;
  };
}
interface FontTables {
  _font: StandardFont | null;
  _fontFamilies: Record<string, StandardFont | undefined>;
  _fontCount: number;
  _registeredFonts: Record<string, unknown>;
}
const sharedFonts = new Map<string, { prototype: object; tables: StandardFont['font'] }>();

/** The fonts whose tables this process has kept so far (for the tests). */
export const sharedFontNames = (): string[] => [...sharedFonts.keys()].sort();

function withSharedFonts(Base: typeof PDFKitDocument): typeof PDFKitDocument {
  const names = new Set<string>(Object.values(FONTS));
  class SharedFontsDocument extends Base {
    override font(src: PDFKit.Mixins.PDFFontSource, family?: string | number, size?: number): this {
      const self = this as unknown as FontTables;
      const name =
        typeof src === 'string' && names.has(src) && typeof family !== 'string' && !self._registeredFonts[src]
          ? src
          : undefined;
      const shared = name ? sharedFonts.get(name) : undefined;
      if (name && shared && !self._fontFamilies[name]) {
        // What pdfkit's StandardFont constructor does, minus rebuilding the tables.
        const { ascender, descender, bbox, lineGap, xHeight, capHeight } = shared.tables;
        self._fontFamilies[name] = Object.assign(Object.create(shared.prototype) as StandardFont, {
          document: this,
          name: shared.tables.name,
          id: `F${++self._fontCount}`,
          font: shared.tables,
          ascender,
          descender,
          bbox,
          lineGap,
          xHeight,
          capHeight,
        });
      }
      super.font(src, family as string, size);
      const made = self._font;
      if (name && !shared && made?.name === name) {
        sharedFonts.set(name, { prototype: Object.getPrototypeOf(made) as object, tables: made.font });
      }
      return this;
    }
  }
  return SharedFontsDocument;
}

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

export const FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;

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
  PDFDocument ??= withSharedFonts(load('pdfkit') as typeof PDFKitDocument);
  const doc = new PDFDocument({
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
