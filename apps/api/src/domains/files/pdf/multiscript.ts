/**
 * pdfkit's document with the fonts of decision 042. `doc.font(FONTS.bold)` selects a style; a
 * string Noto Sans draws alone, left to right (nearly all of them), goes through pdfkit as it is.
 * Any other is measured and drawn piece by piece (runs.ts): each piece in the face that has its
 * characters, the pieces of a line in visual order. pdfkit's line wrapping, alignment and ellipsis
 * work on top, as they only measure with `widthOfString` and draw each line with `_fragment`.
 *
 * This reaches into pdfkit 0.20's internals (`_fragment`, `_font`, its EmbeddedFont); the PDF
 * tests (pdf-fonts.test.ts) draw every script through them.
 */
import type PDFKitDocument from 'pdfkit';
import { primaryFace, sfntTables, type Face, type FontStyle } from './fonts';
import { isSimple, linePieces, measurePieces, paragraphDirection, unmirrored, type Piece } from './runs';
import { GlyfSubset } from './subset';

interface Glyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}
interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

/** What this file reaches of pdfkit's EmbeddedFont. */
interface EmbeddedFont {
  id: string;
  ascender: number;
  descender: number;
  lineGap: number;
  embed(): void;
  scale: number;
  widthOfString(text: string, size: number): number;
  ref(): unknown;
  /** Each word's layout, by its text: shared here between the documents of a process. */
  layoutCache?: Record<string, unknown>;
  layout(text: string, features?: unknown): { glyphs: Glyph[]; positions: Position[] };
  encode(text: string, features?: unknown): [string[], Position[]];
  subset: GlyfSubset;
  widths: (number | undefined)[];
  unicode: (number[] | undefined)[];
  /** The code given to each glyph with its characters ('id:characters'), by `codeFor`. */
  codes?: Map<string, number>;
}

type FragmentOptions = PDFKit.Mixins.TextOptions & {
  /** Set by pdfkit's line wrapper: the width of the line and of its text. */
  lineWidth?: number;
  textWidth?: number;
};

interface Internals {
  _font: EmbeddedFont;
  _fontSource: unknown;
  _fontFamily: unknown;
  _fontSize: number;
  _fontFamilies: Record<string, EmbeddedFont | undefined>;
  _fillColor?: [PDFKit.Mixins.ColorValue, number?];
  page: { height: number; fonts: Record<string, unknown> };
  addContent(operator: string): void;
}

/**
 * The code of a glyph drawn for some characters. pdfkit gives a glyph one code and writes the
 * characters it was first drawn for into the text layer (ToUnicode); here a glyph drawn for other
 * characters (Arabic's dotless letter in 'ب' and in 'ن', a bracket typed ')' drawn '(' in a
 * right-to-left run) gets a code of its own, a copy of the glyph in the subset, so that a reader
 * copies, searches and reads aloud what was typed.
 */
function codeFor(font: EmbeddedFont, glyphId: number, advanceWidth: number, codePoints: number[]): string {
  const codes = (font.codes ??= new Map<string, number>());
  const key = `${glyphId}:${codePoints.join(',')}`;
  let code = codes.get(key);
  if (code === undefined) {
    code = font.subset.includeGlyph(glyphId);
    if (font.unicode[code] !== undefined) code = font.subset.glyphs.push(glyphId) - 1;
    codes.set(key, code);
    font.widths[code] = advanceWidth * font.scale;
    font.unicode[code] = codePoints;
  }
  return code.toString(16).padStart(4, '0');
}

/** pdfkit's `EmbeddedFont.encode` (its simple text), with `codeFor`'s codes. */
function encodeKeepingCharacters(this: EmbeddedFont, text: string, features?: unknown): [string[], Position[]] {
  const { glyphs, positions } = this.layout(text, features);
  return [glyphs.map((g) => codeFor(this, g.id, g.advanceWidth, g.codePoints)), positions];
}

/** The outline of a glyph as an SVG path, in font units (for the marks drawn as shapes). */
const outlines = new WeakMap<object, Map<number, string>>();
function outline(face: Face, glyphId: number): string {
  let known = outlines.get(face.font);
  if (!known) outlines.set(face.font, (known = new Map<number, string>()));
  let path = known.get(glyphId);
  if (path === undefined) {
    const font = face.font as unknown as { getGlyph(id: number): { path: { toSVG(): string } } };
    path = font.getGlyph(glyphId).path.toSVG();
    known.set(glyphId, path);
  }
  return path;
}

/**
 * fontkit lays out a word in some 0.1 ms (its shaping tables are walked for every string); pdfkit
 * keeps each word's layout for one document. Kept here for the process, per font file: a
 * badge's labels, header and hours are the same words every time. Emptied when it grows large.
 */
const layouts = new Map<string, Record<string, unknown>>();
let documentsMade = 0;
function sharedLayouts(key: string): Record<string, unknown> {
  let cache = layouts.get(key);
  if (!cache) layouts.set(key, (cache = Object.create(null) as Record<string, unknown>));
  return cache;
}
/** Called for each new document: every 256th, a cache of more than 20,000 words starts again. */
export function trimLayouts(): void {
  if (++documentsMade % 256 !== 0) return;
  for (const [key, cache] of layouts) if (Object.keys(cache).length > 20_000) layouts.delete(key);
}

const STYLES = new Set<string>(['regular', 'bold', 'italic'] satisfies FontStyle[]);
/** As pdfkit writes numbers into a content stream. */
const num = (n: number) => Math.round(n * 1e6) / 1e6;

export function withFallbackFonts(Base: typeof PDFKitDocument): typeof PDFKitDocument {
  class FallbackFontsDocument extends Base {
    /** The style selected, when it is one of FONTS. */
    declare private style: FontStyle | undefined;
    /** The direction of the paragraph being written. */
    declare private direction: 'ltr' | 'rtl' | undefined;

    private get internals(): Internals {
      return this as unknown as Internals;
    }

    /** A face's font in this document, made the first time without changing the current font. */
    private embedded(face: Face): EmbeddedFont {
      const self = this.internals;
      let made = self._fontFamilies[face.key];
      if (!made) {
        const { _font, _fontSource, _fontFamily } = self;
        // pdfkit takes a parsed fontkit font as it is (its types know only files and buffers).
        super.font(face.font as unknown as Buffer, face.key);
        made = self._font;
        made.layoutCache = sharedLayouts(face.key);
        made.encode = encodeKeepingCharacters;
        made.subset = new GlyfSubset(sfntTables(face));
        if (face.metrics) {
          // Laid out with the metrics of fonts.ts, embedded with its own.
          const own = { ascender: made.ascender, descender: made.descender, lineGap: made.lineGap };
          const font = made;
          const embed = font.embed.bind(font);
          Object.assign(font, face.metrics);
          font.embed = () => {
            Object.assign(font, own);
            embed();
          };
        }
        Object.assign(self, { _font, _fontSource, _fontFamily });
      }
      return made;
    }

    override font(src: PDFKit.Mixins.PDFFontSource, family?: string | number, size?: number): this {
      if (typeof src === 'string' && STYLES.has(src) && typeof family !== 'string') {
        this.style = src as FontStyle;
        const face = primaryFace(this.style);
        this.embedded(face);
        return super.font(face.font as unknown as Buffer, face.key, typeof family === 'number' ? family : size);
      }
      this.style = undefined;
      return super.font(src, family as string, size);
    }

    override widthOfString(text: string, options: PDFKit.Mixins.TextOptions = {}): number {
      const style = this.style;
      if (!style || isSimple(text, style)) return super.widthOfString(text, options);
      const size = this.internals._fontSize;
      let width = 0;
      for (const piece of measurePieces(text, style))
        width += this.embedded(piece.face).widthOfString(piece.text, size);
      const spacing = (options.characterSpacing ?? 0) * (text.length - 1);
      const scaling = (options as { horizontalScaling?: number }).horizontalScaling ?? 100;
      return ((width + spacing) * scaling) / 100;
    }

    override text(
      text: string,
      x?: number | PDFKit.Mixins.TextOptions,
      y?: number,
      options?: PDFKit.Mixins.TextOptions,
    ): this {
      const previous = this.direction;
      const style = this.style;
      const whole = `${text}`;
      this.direction = style && !isSimple(whole, style) ? paragraphDirection(whole) : 'ltr';
      try {
        return super.text(text, x as number, y, options);
      } finally {
        this.direction = previous;
      }
    }

    /** pdfkit draws each line here, at its place; a line that needs it is drawn piece by piece. */
    _fragment(text: string, x: number, y: number, options: FragmentOptions): void {
      const style = this.style;
      // A wrapped line keeps its last space: in a right-to-left line it would stand at the left.
      const line = `${text}`.replace(/\n/g, '').trimEnd();
      if (!style || !line || isSimple(line, style)) {
        const base = Base.prototype as unknown as { _fragment: FallbackFontsDocument['_fragment'] };
        return base._fragment.call(this, text, x, y, options);
      }
      const self = this.internals;
      const size = self._fontSize;
      const spacing = options.characterSpacing ?? 0;
      const pieces = linePieces(line, style, this.direction ?? paragraphDirection(line));
      const widths = pieces.map((p) => this.embedded(p.face).widthOfString(p.text, size) + spacing * p.text.length);
      // Aligned as pdfkit aligns a line (justified text is not used here: left).
      if (options.width && options.align === 'right') {
        x += (options.lineWidth ?? options.width) - this.widthOfString(line.replace(/\s+$/, ''), options);
      } else if (options.width && options.align === 'center') {
        x += (options.lineWidth ?? options.width) / 2 - (options.textWidth ?? this.widthOfString(line, options)) / 2;
      }
      // Every piece on the first face's baseline, whatever its own font's ascender.
      const drop =
        typeof options.baseline === 'number'
          ? -options.baseline
          : options.baseline === 'alphabetic'
            ? 0
            : (self._font.ascender / 1000) * size;
      let left = x;
      const lefts = widths.map((w) => (left += w) - w);
      // Written in the order typed, so that a reader's text layer gets the words in that order.
      const order = pieces.map((_, i) => i).sort((a, b) => pieces[a]!.index - pieces[b]!.index);
      for (const i of order) {
        if (!pieces[i]!.space) this.drawPiece(pieces[i]!, style, lefts[i]!, y + drop, spacing, options);
      }
    }

    /**
     * One piece's glyphs from `x` on the baseline `y`, as pdfkit's `_fragment` draws them, except
     * for the marks that shaping moved and that stand for no character (the dots Noto Sans Arabic
     * puts on its dotless letters): drawn as shapes after the piece. As text, each such jump would
     * read as a space inside a word to a text extractor (pdf.js), and the mark as a character.
     */
    private drawPiece(
      piece: Piece,
      style: FontStyle,
      x: number,
      y: number,
      spacing: number,
      options: FragmentOptions,
    ): void {
      const self = this.internals;
      const font = this.embedded(piece.face);
      const size = self._fontSize;
      const { glyphs, positions } = font.layout(piece.text);
      const scale = size / 1000;
      const top = self.page.height - y;
      self.page.fonts[font.id] ??= font.ref();
      if (piece.actual) this.markContent('Span', { actual: piece.actual });
      this.save();
      // pdfkit's pages run downwards; text is set in the PDF's own upward space.
      this.transform(1, 0, 0, -1, 0, self.page.height);
      // A family with no bold (Tifinagh) is made bolder by outlining its letters in their colour.
      const embolden = piece.face.standIn && style === 'bold';
      if (embolden) this.lineWidth(size * 0.04).strokeColor(...(self._fillColor ?? ['#000000']));
      const mode = embolden || (options.fill && options.stroke) ? 2 : options.stroke ? 1 : 0;
      self.addContent('BT');
      self.addContent(`1 0 0 1 ${num(x)} ${num(top)} Tm`);
      self.addContent(`/${font.id} ${num(size)} Tf`);
      if (mode) self.addContent(`${mode} Tr`);
      if (spacing) self.addContent(`${num(spacing)} Tc`);
      const shapes: { glyphId: number; x: number; y: number }[] = [];
      let array: string[] = [];
      let run = '';
      let pen = x;
      const flush = () => {
        if (run) array.push(`<${run}>`);
        if (array.length) self.addContent(`[${array.join(' ')}] TJ`);
        run = '';
        array = [];
      };
      for (const [i, glyph] of glyphs.entries()) {
        const p = positions[i]!;
        const moved = p.xOffset || p.yOffset;
        if (moved && glyph.codePoints.length === 0) {
          shapes.push({ glyphId: glyph.id, x: pen + p.xOffset * scale, y: top + p.yOffset * scale });
          // Its advance (nearly always none) stays in the flow.
          if (p.xAdvance) {
            if (run) array.push(`<${run}>`);
            array.push(`${num(-p.xAdvance)}`);
            run = '';
          }
          pen += p.xAdvance * scale + spacing;
          continue;
        }
        const codePoints = piece.rtl ? glyph.codePoints.map(unmirrored) : glyph.codePoints;
        const code = codeFor(font, glyph.id, glyph.advanceWidth, codePoints);
        if (moved) {
          // A mark typed as such (a haraka): in the flow, moved there as pdfkit moves it.
          flush();
          self.addContent(`1 0 0 1 ${num(pen + p.xOffset * scale)} ${num(top + p.yOffset * scale)} Tm`);
          self.addContent(`<${code}> Tj`);
          self.addContent(`1 0 0 1 ${num(pen + p.xAdvance * scale + spacing)} ${num(top)} Tm`);
        } else {
          run += code;
          const kern = p.xAdvance - p.advanceWidth;
          if (kern) {
            array.push(`<${run}>`, `${num(-kern)}`);
            run = '';
          }
        }
        pen += p.xAdvance * scale + spacing;
      }
      flush();
      self.addContent('ET');
      const unitsPerEm = piece.face.font.unitsPerEm;
      for (const shape of shapes) {
        this.save();
        this.transform(size / unitsPerEm, 0, 0, size / unitsPerEm, shape.x, shape.y);
        this.path(outline(piece.face, shape.glyphId));
        if (embolden) this.fillAndStroke();
        else this.fill();
        this.restore();
      }
      this.restore();
      if (piece.actual) this.endMarkedContent();
    }
  }
  return FallbackFontsDocument;
}
