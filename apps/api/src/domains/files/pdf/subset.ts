/**
 * The glyphs a document uses, as the TrueType font pdfkit embeds (FontFile2): what fontkit's
 * TTFSubset writes (head, hhea, maxp, hmtx, loca, glyf and the hinting tables), made from the
 * font's table bytes. fontkit decodes every glyph's outline to copy it, for each document: a
 * quarter of a badge's time. Here a glyph is copied as bytes, and only a composite glyph is read,
 * for the glyphs it is made of (an 'é' is an 'e' and an accent).
 */

/** A font file's tables by tag, and where each glyph's bytes are. */
export interface SfntTables {
  tables: Map<string, Buffer>;
  /** The 'glyf' offset of each glyph, and of the end of the last one. */
  loca: Uint32Array;
  numberOfHMetrics: number;
}

/** The tables of a TrueType file (fonts.ts reads each font file once). */
export function readSfnt(file: Buffer): SfntTables {
  const tables = new Map<string, Buffer>();
  const count = file.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const offset = file.readUInt32BE(at + 8);
    tables.set(file.toString('latin1', at, at + 4), file.subarray(offset, offset + file.readUInt32BE(at + 12)));
  }
  const head = tables.get('head')!;
  const maxp = tables.get('maxp')!;
  const locaBytes = tables.get('loca')!;
  const glyphs = maxp.readUInt16BE(4);
  const loca = new Uint32Array(glyphs + 1);
  const long = head.readInt16BE(50) === 1;
  for (let i = 0; i <= glyphs; i++) loca[i] = long ? locaBytes.readUInt32BE(i * 4) : locaBytes.readUInt16BE(i * 2) * 2;
  return { tables, loca, numberOfHMetrics: tables.get('hhea')!.readUInt16BE(34) };
}

// Composite glyph flags (OpenType 'glyf').
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

const checksum = (data: Buffer): number => {
  let sum = 0;
  const padded = data.length % 4 ? Buffer.concat([data, Buffer.alloc(4 - (data.length % 4))]) : data;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
};

/** What pdfkit's EmbeddedFont asks of its subset: `includeGlyph`, `glyphs` and `encode`. */
export class GlyfSubset {
  /** The font's glyph ids, in the subset's order (a glyph may come twice: see multiscript.ts). */
  readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();

  constructor(private readonly font: SfntTables) {
    this.includeGlyph(0);
  }

  includeGlyph(id: number): number {
    let index = this.mapping.get(id);
    if (index === undefined) {
      index = this.glyphs.push(id) - 1;
      this.mapping.set(id, index);
    }
    return index;
  }

  encode(): Buffer {
    const { tables, loca, numberOfHMetrics } = this.font;
    const glyf = tables.get('glyf')!;
    const hmtx = tables.get('hmtx')!;
    const parts: Buffer[] = [];
    const offsets: number[] = [];
    const advances: number[] = [];
    const bearings: number[] = [];
    let offset = 0;
    // Components found on the way are added at the end and copied in turn.
    for (let i = 0; i < this.glyphs.length; i++) {
      const id = this.glyphs[i]!;
      let data = glyf.subarray(loca[id], loca[id + 1]);
      if (data.length >= 10 && data.readInt16BE(0) < 0) {
        data = Buffer.from(data);
        let at = 10;
        let flags: number;
        do {
          flags = data.readUInt16BE(at);
          data.writeUInt16BE(this.includeGlyph(data.readUInt16BE(at + 2)), at + 2);
          at += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
          if (flags & WE_HAVE_A_SCALE) at += 2;
          else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) at += 4;
          else if (flags & WE_HAVE_A_TWO_BY_TWO) at += 8;
        } while (flags & MORE_COMPONENTS);
      }
      offsets.push(offset);
      parts.push(data);
      if (data.length % 4) parts.push(Buffer.alloc(4 - (data.length % 4)));
      offset += (data.length + 3) & ~3;
      advances.push(hmtx.readUInt16BE(4 * Math.min(id, numberOfHMetrics - 1)));
      bearings.push(
        hmtx.readInt16BE(id < numberOfHMetrics ? 4 * id + 2 : 4 * numberOfHMetrics + 2 * (id - numberOfHMetrics)),
      );
    }
    offsets.push(offset);
    const count = this.glyphs.length;
    const metrics = Buffer.alloc(4 * count);
    for (let i = 0; i < count; i++) {
      metrics.writeUInt16BE(advances[i]!, 4 * i);
      metrics.writeInt16BE(bearings[i]!, 4 * i + 2);
    }
    const locaOut = Buffer.alloc(4 * (count + 1));
    for (const [i, o] of offsets.entries()) locaOut.writeUInt32BE(o, 4 * i);
    const head = Buffer.from(tables.get('head')!);
    head.writeUInt32BE(0, 8);
    head.writeInt16BE(1, 50);
    const hhea = Buffer.from(tables.get('hhea')!);
    hhea.writeUInt16BE(count, 34);
    const maxp = Buffer.from(tables.get('maxp')!);
    maxp.writeUInt16BE(count, 4);
    const out = new Map<string, Buffer>([
      ['glyf', Buffer.concat(parts)],
      ['head', head],
      ['hhea', hhea],
      ['hmtx', metrics],
      ['loca', locaOut],
      ['maxp', maxp],
    ]);
    for (const tag of ['cvt ', 'fpgm', 'prep']) if (tables.has(tag)) out.set(tag, tables.get(tag)!);
    return writeSfnt(out);
  }
}

/** A TrueType file of these tables, its checksums written. */
function writeSfnt(tables: Map<string, Buffer>): Buffer {
  const tags = [...tables.keys()].sort();
  const entrySelector = Math.floor(Math.log2(tags.length));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + 16 * tags.length);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(tags.length, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(tags.length * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  let headAt = 0;
  for (const [i, tag] of tags.entries()) {
    const data = tables.get(tag)!;
    const at = 12 + i * 16;
    header.write(tag, at, 'latin1');
    header.writeUInt32BE(checksum(data), at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(data.length, at + 12);
    if (tag === 'head') headAt = offset;
    parts.push(data);
    if (data.length % 4) parts.push(Buffer.alloc(4 - (data.length % 4)));
    offset += (data.length + 3) & ~3;
  }
  const file = Buffer.concat(parts);
  file.writeUInt32BE((0xb1b0afba - checksum(file)) >>> 0, headAt + 8);
  return file;
}
