/**
 * A line of text cut into what one font draws in one direction (decision 042). pdfkit lays out
 * and shapes a string in one font with fontkit (Arabic letters joined, its glyphs turned to visual
 * order), but knows no fallback font and no bidirectional text; this does both:
 *
 * - each character gets the first face of the style's chain that has it (Noto Sans, then Noto
 *   Sans Arabic, then Noto Sans Tifinagh); spaces, digits and signs stay in their neighbour's face;
 * - a line is ordered by the Unicode bidirectional algorithm (UAX #9, bidi-js): its runs are put in
 *   visual order, brackets mirrored in right-to-left runs;
 * - what no font has is drawn transliterated to Latin letters (any-ascii), and the characters
 *   typed are kept as the piece's ActualText.
 */
import anyAscii from 'any-ascii';
import bidiFactory from 'bidi-js';
import { faces, type Face, type FontStyle } from './fonts';

const bidi = bidiFactory();

/** One thing drawn on a line, in one face, left to right. */
export interface Piece {
  /** The string handed to pdfkit: fontkit shapes it and puts an Arabic one in visual order. */
  text: string;
  face: Face;
  /** Where it starts in the line: pieces are written in this (logical) order, for the text layer. */
  index: number;
  /** A space between right-to-left words: measured, not drawn. */
  space?: boolean;
  /** Right to left: its brackets were mirrored (its text layer gives them back as typed). */
  rtl?: boolean;
  /** The characters typed, when no font has them and `text` is their transliteration. */
  actual?: string;
}

const covered = new WeakMap<Face, Map<number, boolean>>();
/** Whether a face has a character; remembered, as the same letters come back all the time. */
export function covers(face: Face, codePoint: number): boolean {
  let known = covered.get(face);
  if (!known) covered.set(face, (known = new Map<number, boolean>()));
  let has = known.get(codePoint);
  if (has === undefined) {
    has = face.font.hasGlyphForCodePoint(codePoint);
    if (known.size < 10_000) known.set(codePoint, has);
  }
  return has;
}

/** Characters of right-to-left scripts and the controls that open a right-to-left run. */
const isRtl = (c: number) =>
  (c >= 0x0590 && c <= 0x08ff) ||
  (c >= 0xfb1d && c <= 0xfdff) ||
  (c >= 0xfe70 && c <= 0xfefc) ||
  (c >= 0x10800 && c <= 0x10fff) ||
  (c >= 0x1e800 && c <= 0x1efff) ||
  c === 0x200f ||
  c === 0x202b ||
  c === 0x202e ||
  c === 0x2067;

/** Letters fontkit lays out right to left itself (its scripts' direction), so not to be reversed here. */
const SHAPED_RTL = /[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb50-\ufdff\ufe70-\ufefc]/;

/** Text the style's first face draws alone, left to right: pdfkit's own way is enough. */
export function isSimple(text: string, style: FontStyle): boolean {
  const primary = faces(style)[0]!;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x7f && c >= 0x20) continue;
    if (c === 0x0a) continue;
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    if (isRtl(cp) || !covers(primary, cp)) return false;
  }
  return true;
}

const COMMON = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
/** Emoji: no font here has them, and a badge is no place for their names (':construction_site:'). */
const PICTOGRAPH = /^[\p{Extended_Pictographic}\p{Emoji_Modifier}]$/u;
const IGNORABLE = /^[\p{Default_Ignorable_Code_Point}\n]$/u;
/** No face: drawn transliterated. Skipped: invisible and in no face (bidi controls, joiners), or an emoji. */
const NONE = -1;
const SKIP = -2;

/** The face (index in the chain) of each character of `text`, at the index of its first UTF-16 unit. */
function assignFaces(text: string, chain: Face[]): Int8Array {
  const out = new Int8Array(text.length);
  const firstCovering = (cp: number) => {
    const k = chain.findIndex((f) => covers(f, cp));
    return k === -1 ? NONE : k;
  };
  let previous = SKIP;
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    let face: number;
    if (previous >= 0 && covers(chain[previous]!, cp) && (COMMON.test(ch) || IGNORABLE.test(ch))) face = previous;
    else if (IGNORABLE.test(ch)) face = SKIP;
    else if (COMMON.test(ch)) {
      // A sign at the start of a run goes with the letters that follow it, if their face has it.
      let next = SKIP;
      for (let j = i + ch.length; j < text.length;) {
        const c = text.codePointAt(j)!;
        const s = String.fromCodePoint(c);
        if (!COMMON.test(s) && !IGNORABLE.test(s)) {
          next = firstCovering(c);
          break;
        }
        j += s.length;
      }
      // Between two characters no font has (a Hebrew name's space): transliterated with them.
      if (previous === NONE && next === NONE) face = NONE;
      else face = next >= 0 && covers(chain[next]!, cp) ? next : firstCovering(cp);
    } else face = firstCovering(cp);
    if (face === NONE && PICTOGRAPH.test(ch)) face = SKIP;
    out[i] = face;
    if (face !== SKIP) previous = face;
    // The pair's second unit is never looked at: the loops step over whole characters.
    if (cp > 0xffff) out[++i] = SKIP;
  }
  return out;
}

/** Where any-ascii's choice reads worse than the PDFs' earlier one (it makes '→' a '>'). */
const SIGNS: Record<string, string> = { '→': '->', '←': '<-', '↔': '<->', '⇒': '=>' };
/** Transliterated to Latin letters; the font's box for what has none. */
const transliterate = (text: string) =>
  anyAscii(text.replace(/[→←↔⇒]/g, (c) => SIGNS[c]!)).replace(/\s+/g, ' ') || text;

/** The pieces to measure a string by: each run in one face, in logical order. */
export function measurePieces(text: string, style: FontStyle): Piece[] {
  const chain = faces(style);
  const assigned = assignFaces(text, chain);
  const pieces: Piece[] = [];
  let run = '';
  let face = SKIP;
  let start = 0;
  const flush = () => {
    if (!run) return;
    pieces.push(
      face === NONE
        ? { text: transliterate(run), face: chain[0]!, index: start, actual: run }
        : { text: run, face: chain[face]!, index: start },
    );
    run = '';
  };
  for (let i = 0; i < text.length; i += unitLength(text, i)) {
    const f = assigned[i]!;
    if (f === SKIP) continue;
    if (f !== face) {
      flush();
      face = f;
      start = i;
    }
    run += text.slice(i, i + unitLength(text, i));
  }
  flush();
  return pieces;
}

/** The character a mirrored one was typed as ('(' for ')'), or itself. */
export const unmirrored = (codePoint: number): number =>
  bidi.getMirroredCharacter(String.fromCodePoint(codePoint))?.codePointAt(0) ?? codePoint;

/** The direction of a paragraph: its first strong character's (UAX #9, P2 and P3). */
export function paragraphDirection(text: string): 'ltr' | 'rtl' {
  return bidi.getEmbeddingLevels(text, 'auto').paragraphs[0]?.level === 1 ? 'rtl' : 'ltr';
}

/** A right-to-left word that fontkit will not turn itself: reversed here, its marks kept after their letter. */
function reverseClusters(text: string): string {
  const clusters = text.match(/\P{M}\p{M}*|\p{M}+/gu) ?? [];
  return clusters.reverse().join('');
}

interface Run {
  start: number;
  end: number;
  level: number;
  face: number;
}

/** A line's pieces in visual order, left to right, in a paragraph of the given direction. */
export function linePieces(line: string, style: FontStyle, direction: 'ltr' | 'rtl'): Piece[] {
  const chain = faces(style);
  const assigned = assignFaces(line, chain);
  const embedding = bidi.getEmbeddingLevels(line, direction);
  const { levels } = embedding;
  const mirrored = bidi.getMirroredCharactersMap(line, levels);

  // Runs of one level and one face, skipped characters left out.
  const runs: Run[] = [];
  for (let i = 0; i < line.length; i += unitLength(line, i)) {
    const face = assigned[i]!;
    if (face === SKIP) continue;
    const last = runs.at(-1);
    const end = i + unitLength(line, i);
    if (last && last.level === levels[i] && last.face === face) last.end = end;
    else runs.push({ start: i, end, level: levels[i]!, face });
  }

  // UAX #9, L2: from the highest level to the lowest odd one, reverse every sequence at that level or above.
  const highest = Math.max(0, ...runs.map((r) => r.level));
  const lowestOdd = Math.min(highest + 1, ...runs.filter((r) => r.level % 2 === 1).map((r) => r.level));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; i++) {
      if (runs[i]!.level < level) continue;
      let j = i;
      while (j + 1 < runs.length && runs[j + 1]!.level >= level) j++;
      runs.splice(i, j - i + 1, ...runs.slice(i, j + 1).reverse());
      i = j;
    }
  }

  const pieces: Piece[] = [];
  for (const run of runs) {
    const text = (from: number, to: number) => {
      let out = '';
      for (let i = from; i < to; i += unitLength(line, i)) {
        if (assigned[i] !== SKIP) out += mirrored.get(i) ?? line.slice(i, i + unitLength(line, i));
      }
      return out;
    };
    if (run.face === NONE) {
      // Drawn as one Latin piece: a transliterated name reads in the order it was typed.
      const actual = line.slice(run.start, run.end);
      pieces.push({ text: transliterate(actual), face: chain[0]!, index: run.start, actual });
      continue;
    }
    const face = chain[run.face]!;
    if (run.level % 2 === 0) {
      pieces.push({ text: text(run.start, run.end), face, index: run.start });
      continue;
    }
    // Right to left: its words from right to left, each drawn on its own (pdfkit would lay out a
    // string word by word in logical order), the spaces between them only measured.
    const words: Piece[] = [];
    for (const m of line.slice(run.start, run.end).matchAll(/\s+|\S+/g)) {
      const start = run.start + m.index;
      const word = text(start, start + m[0].length);
      if (!word) continue;
      if (/^\s+$/.test(word)) words.push({ text: word, face, index: start, space: true });
      else words.push({ text: SHAPED_RTL.test(word) ? word : reverseClusters(word), face, index: start, rtl: true });
    }
    pieces.push(...words.reverse());
  }
  return pieces;
}

/** 2 for a character written as a surrogate pair, else 1. */
const unitLength = (text: string, i: number) => (text.codePointAt(i)! > 0xffff ? 2 : 1);
