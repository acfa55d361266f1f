/**
 * The PDFs' fonts (decision 042): Noto Sans for Latin, Cyrillic and Greek, Noto Sans Arabic, Noto
 * Sans Tifinagh, from npm packages, embedded and subset by pdfkit. Each file is read and parsed once
 * per process (or worker thread), the first time a PDF asks for it; a document only gets its own
 * pdfkit wrapper (the subset of the glyphs it uses).
 *
 * - `@expo-google-fonts/noto-sans` and `-arabic` ship Google Fonts' whole static TTFs: one file
 *   per style covers Latin, Cyrillic, Greek (and Vietnamese, Devanagari) with their kerning and
 *   shaping tables. Fontsource's Noto Sans is cut into one file per Unicode range, so a name such
 *   as 'Łukasz Öğüt' would need two fonts in one word.
 * - `@fontsource/noto-sans-tifinagh` is the only package with Tifinagh. Its WOFF is made a plain
 *   TrueType file here: fontkit reads a WOFF's tables compressed and inflates the whole 'glyf'
 *   table again for every glyph it copies into a subset (13 ms a badge instead of 0.1).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { readSfnt, type SfntTables } from './subset';

/** The part of a fontkit font that is used here and by pdfkit's embedded fonts. */
export interface FontkitFont {
  postscriptName: string;
  unitsPerEm: number;
  ascent: number;
  descent: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string): unknown;
}

export type FontStyle = 'regular' | 'bold' | 'italic';

/** A font file in a style: what pdfkit embeds, under `key` in a document. */
export interface Face {
  key: string;
  font: FontkitFont;
  /** The family has no such style and this face stands in for it (Tifinagh in bold, Arabic in italic). */
  standIn: boolean;
  /** The first face's line metrics for pdfkit's layout (per 1,000 units): see LAYOUT_METRICS. */
  metrics?: LineMetrics;
}

export interface LineMetrics {
  ascender: number;
  descender: number;
  lineGap: number;
}

/**
 * The lines are laid out with Helvetica's metrics, which every PDF here was drawn with: pdfkit
 * sets a line's baseline `ascender` below its top and its height from the three. Noto Sans's own
 * (1069, -293, 0: room for Vietnamese's stacked accents) would move every text 0.35 em down and
 * make paragraphs 18 % taller; its capitals are Helvetica's height (714 and 718 units), so the
 * text sits where it did. The embedded fonts still carry Noto Sans's metrics.
 */
const LAYOUT_METRICS: Record<FontStyle, LineMetrics> = {
  regular: { ascender: 718, descender: -207, lineGap: 231 },
  bold: { ascender: 718, descender: -207, lineGap: 265 },
  italic: { ascender: 718, descender: -207, lineGap: 231 },
};

const load = createRequire(import.meta.url);

type Family = 'latin' | 'arabic' | 'tifinagh';
const TIFINAGH = '@fontsource/noto-sans-tifinagh/files/noto-sans-tifinagh-tifinagh-400-normal.woff';
/** Each family's file for each style; a family without the style uses its regular. */
const FILES: Record<Family, Partial<Record<FontStyle, string>> & { regular: string }> = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
    italic: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  },
  arabic: {
    regular: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  },
  tifinagh: { regular: TIFINAGH },
};
/** The fallback chain: a character is drawn with the first family that has it. */
const CHAIN: Family[] = ['latin', 'arabic', 'tifinagh'];

/** The path of every font file the PDFs use (for the build's checks and the tests). */
export const fontFiles = (): string[] =>
  [...new Set(Object.values(FILES).flatMap((f) => Object.values(f)))].map((file) => load.resolve(file));

let parsed = 0;
/** How many font files this process has parsed (for the tests: once each, whatever the documents). */
export const parsedFontCount = () => parsed;

/** A WOFF 1.0 file as the TrueType file it wraps (https://www.w3.org/TR/WOFF/). */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  for (const [i, t] of tables.entries()) {
    t.tag.copy(header, 12 + i * 16);
    header.writeUInt32BE(t.checksum, 12 + i * 16 + 4);
    header.writeUInt32BE(offset, 12 + i * 16 + 8);
    header.writeUInt32BE(t.data.length, 12 + i * 16 + 12);
    const padded = (t.data.length + 3) & ~3;
    parts.push(t.data, Buffer.alloc(padded - t.data.length));
    offset += padded;
  }
  return Buffer.concat(parts);
}

interface FontkitGlyph {
  id: number;
  codePoints: number[];
}
type GetGlyph = (id: number, codePoints?: number[]) => FontkitGlyph | null;

/**
 * fontkit keeps one glyph object per glyph, with the characters it was first asked for: the
 * subset asks for the 'g' inside 'ğ' with none, Arabic shaping gives one dotless letter to 'ب' and
 * 'ن' alike. pdfkit writes those characters into the PDF's text layer (ToUnicode), so a later 'g'
 * would be copied as nothing and 'ن' as 'ب'. Here a glyph asked for with other characters is a
 * copy carrying them (its metrics and outline still read from the one object).
 */
function ownCodePoints(font: FontkitFont): FontkitFont {
  const target = font as FontkitFont & { getGlyph: GetGlyph };
  const getGlyph = target.getGlyph.bind(target);
  target.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (!glyph) return glyph;
    const same = glyph.codePoints.length === codePoints.length && glyph.codePoints.every((c, i) => c === codePoints[i]);
    return same ? glyph : Object.assign(Object.create(glyph) as FontkitGlyph, { codePoints });
  };
  return font;
}

const files = new Map<string, FontkitFont>();
const sfnt = new WeakMap<FontkitFont, SfntTables>();
function open(file: string): FontkitFont {
  let font = files.get(file);
  if (!font) {
    const fontkit = load('fontkit') as { create(buffer: Buffer): FontkitFont };
    const bytes = woffToSfnt(readFileSync(load.resolve(file)));
    font = ownCodePoints(fontkit.create(bytes));
    sfnt.set(font, readSfnt(bytes));
    parsed += 1;
    files.set(file, font);
  }
  return font;
}

/** A face's font file as tables, for subset.ts. */
export const sfntTables = (face: Face): SfntTables => sfnt.get(face.font)!;

const chains = new Map<FontStyle, Face[]>();
/**
 * The faces of a style, in fallback order: Latin, Cyrillic and Greek first, then Arabic, then
 * Tifinagh. A face's file is parsed when its font is first asked for: a process that prints only
 * Latin names never parses the Arabic one.
 */
export function faces(style: FontStyle): Face[] {
  let chain = chains.get(style);
  if (!chain) {
    chain = CHAIN.map((family, i) => {
      const own = FILES[family][style];
      const file = own ?? FILES[family].regular;
      // One key a file, so that a document embeds a file once whatever the styles it stands in for.
      return {
        key: `${family}-${own ? style : 'regular'}`,
        standIn: !own,
        metrics: i === 0 ? LAYOUT_METRICS[style] : undefined,
        get font() {
          return open(file);
        },
      };
    });
    chains.set(style, chain);
  }
  return chain;
}

/** The face a document's text starts in, for a style. */
export const primaryFace = (style: FontStyle): Face => faces(style)[0]!;
