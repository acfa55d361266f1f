import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { renderBadgePdf, type BadgeData } from '../badges/badge-pdf';
import { createBadgeSigner } from '../badges/badge-token';
import { BADGE_EVENT, pdfText, TYPED_NAMES } from '../badges/badge-pdf.test-support';
import { faces, fontFiles, parsedFontCount, woffToSfnt } from './pdf/fonts';
import { linePieces, paragraphDirection } from './pdf/runs';
import { pdfText as printable } from './pdf/text';

const signer = createBadgeSigner(
  generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
);

const badge = (registrationId: number, overrides: Partial<BadgeData> = {}): BadgeData => ({
  token: signer.sign({ registrationId, type: 'exhibitor', eventId: 7, issuedAt: 1_716_000_000 }),
  type: 'exhibitor',
  name: 'Fatima Zahra El Amrani',
  company: 'Atlas Béton Industrie',
  jobPosition: 'Directrice technique',
  lang: 'fr',
  event: BADGE_EVENT,
  hours: [
    { day: '2024-05-29', opens: '09:00', closes: '19:00' },
    { day: '2024-06-01', opens: '09:00', closes: '18:00' },
  ],
  issuedAt: new Date('2024-05-18T10:00:00Z'),
  ...overrides,
});

const NAMES = TYPED_NAMES;

/** The fonts a PDF embeds: each subset's name ('ABCDEF+NotoSans-Bold') and whether it is a TrueType file. */
function embeddedFonts(pdf: Buffer): { names: string[]; fontFiles: number } {
  const text = pdf.toString('latin1');
  const names = [...text.matchAll(/\/FontName \/([A-Z]{6}\+[\w-]+)/g)].map((m) => m[1]!);
  return { names: [...new Set(names)].sort(), fontFiles: text.match(/\/FontFile2 /g)?.length ?? 0 };
}

/** The PDF's streams, inflated, as text. */
function contents(pdf: Buffer): string {
  const out: string[] = [];
  const text = pdf.toString('latin1');
  for (const m of text.matchAll(/<<\s*\/Length (\d+)\s*\/Filter \/FlateDecode\s*>>\s*stream\n/g)) {
    const start = m.index + m[0].length;
    out.push(inflateSync(pdf.subarray(start, start + Number(m[1]))).toString('latin1'));
  }
  return out.join('\n');
}

/** The ActualText of each marked span of the page, decoded (pdfkit writes UTF-16BE literal strings). */
function actualTexts(pdf: Buffer): string[] {
  const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
  return [...contents(pdf).matchAll(/\/Span <<\s*\/ActualText \(((?:\\.|[^\\)])*)\)/gs)].map((m) => {
    const raw = m[1]!.replace(/\\([0-7]{1,3}|.)/gs, (_, e: string) =>
      /^[0-7]+$/.test(e) ? String.fromCharCode(parseInt(e, 8)) : (escapes[e] ?? e),
    );
    return Buffer.from(raw, 'latin1')
      .swap16()
      .toString('utf16le')
      .replace(/^\ufeff/, '');
  });
}

describe('a name printed as it was typed', () => {
  it('prints every script in the badge, with fonts embedded as subsets, under 60 KB', async () => {
    const cases: Partial<BadgeData>[] = [
      { name: NAMES.arabic, company: 'شركة الأطلس للبناء', jobPosition: 'مدير تقني' },
      { name: NAMES.latin, company: NAMES.mixedCompany },
      { name: NAMES.cyrillic, company: NAMES.greek, jobPosition: NAMES.tifinagh },
    ];
    for (const [i, c] of cases.entries()) {
      const pdf = await renderBadgePdf(badge(i + 1, c));
      const text = await pdfText(pdf);
      for (const typed of [c.name, c.company, c.jobPosition].filter(Boolean)) expect(text).toContain(typed);
      expect(text).not.toContain('?');
      const fonts = embeddedFonts(pdf);
      expect(fonts.fontFiles).toBe(fonts.names.length);
      expect(fonts.names.every((n) => /^[A-Z]{6}\+Noto/.test(n))).toBe(true);
      expect(pdf.toString('latin1')).not.toMatch(/\/BaseFont \/Helvetica/);
      expect(pdf.length).toBeLessThanOrEqual(60_000);
    }
    const arabic = embeddedFonts(await renderBadgePdf(badge(9, cases[0])));
    expect(arabic.names.map((n) => n.slice(7))).toEqual(
      expect.arrayContaining(['NotoSansArabic-Bold', 'NotoSansArabic-Regular', 'NotoSans-Bold']),
    );
    const tifinagh = embeddedFonts(await renderBadgePdf(badge(10, cases[2])));
    expect(tifinagh.names.map((n) => n.slice(7))).toContain('NotoSansTifinagh-Regular');
  });

  it('lays a mixed line out in visual order (UAX #9), Arabic shaped right to left and brackets mirrored', () => {
    const visual = (line: string) =>
      linePieces(line, 'bold', paragraphDirection(line))
        .map((p) => p.text.trim())
        .filter(Boolean);
    // Left to right: 'Atlas', then the Arabic words from right to left, then 'SARL'.
    expect(paragraphDirection(NAMES.mixedCompany)).toBe('ltr');
    expect(visual(NAMES.mixedCompany)).toEqual(['Atlas', 'والأشغال', 'للبناء', 'SARL']);
    // An Arabic line is right to left: its first word at the right, the Latin inside it in its
    // order, the brackets turned to face the way they do in Arabic.
    const rtl = 'شركة الأطلس (SARL) 2024';
    expect(paragraphDirection(rtl)).toBe('rtl');
    expect(visual(rtl)).toEqual(['2024', '(', 'SARL', ')', 'الأطلس', 'شركة']);
    // fontkit joins the letters (initial, medial, final forms) and gives them in visual order.
    const arabic = faces('bold')[1]!.font.layout('محمد') as { glyphs: { name: string; codePoints: number[] }[] };
    expect(arabic.glyphs.map((g) => String.fromCodePoint(...g.codePoints)).join('')).toBe('دمحم');
    expect(arabic.glyphs.map((g) => g.name)).toEqual(['uni062F.fina', 'uni0645.medi', 'uni062D.medi', 'uni0645.init']);
    // Each script in the face that has it.
    const faceOf = (line: string) => linePieces(line, 'regular', 'ltr').map((p) => p.face.key);
    expect(faceOf(NAMES.latin)).toEqual(['latin-regular']);
    expect(faceOf(NAMES.cyrillic)).toEqual(['latin-regular']);
    expect(faceOf(NAMES.greek)).toEqual(['latin-regular']);
    expect(faceOf(NAMES.tifinagh)).toEqual(['tifinagh-regular']);
  });

  it('draws a script no font has transliterated, the typed name kept in the text layer (decision 042)', async () => {
    const name = '王小明';
    const pdf = await renderBadgePdf(badge(11, { name, company: 'שלום בע"מ 🏗️', jobPosition: null }));
    const text = await pdfText(pdf);
    expect(text).toContain('WangXiaoMing');
    expect(text).toContain('slvm');
    expect(text).not.toContain('?');
    expect(text).not.toContain('construction');
    // The characters typed are the pieces' ActualText, which readers that honour it copy.
    expect(actualTexts(pdf)).toEqual([name, 'שלום בע"מ']);
  });

  it('keeps the characters of the typed text in the text layer, whatever glyphs shaping shares', async () => {
    // 'ب' and 'ن', 'ت' and 'ي' are one dotless glyph with dots in Noto Sans Arabic; 'g' is in 'ğ'.
    const pdf = await renderBadgePdf(badge(12, { name: 'بنت نبيل', company: 'Öğüt gig', jobPosition: 'تقني' }));
    const text = await pdfText(pdf);
    for (const typed of ['بنت نبيل', 'Öğüt gig', 'تقني']) expect(text).toContain(typed);
  });

  it('keeps what was typed: spaces made plain, invisible controls out, nothing replaced', () => {
    expect(printable('Œuvre, façade, « déjà » – l’été…')).toBe('Œuvre, façade, « déjà » – l’été…');
    expect(printable('Ünal → İzmir\u202f2024\u0007 ✓')).toBe('Ünal → İzmir 2024 ✓');
    expect(printable('e\u0301te\u0301\u00ad\ufeff')).toBe('été');
    expect(printable('مي\u200cخواهم')).toBe('مي\u200cخواهم');
    // Direction marks stay; overrides, which would show the letters in another order, go.
    expect(printable('\u202eAdmin\u202c \u2067x\u2069 A\u200fB')).toBe('Admin x A\u200fB');
    expect(printable(NAMES.tifinagh)).toBe(NAMES.tifinagh);
  });
});

describe('fonts read once per process', () => {
  it('parses each font file once, and gives the same bytes for the same badge in a fresh process', async () => {
    await renderBadgePdf(badge(1, { name: NAMES.arabic, jobPosition: NAMES.tifinagh }));
    const parsed = parsedFontCount();
    for (let i = 0; i < 5; i++) await renderBadgePdf(badge(i, { name: NAMES.arabic, jobPosition: NAMES.tifinagh }));
    expect(parsedFontCount()).toBe(parsed);
    expect(parsed).toBeLessThanOrEqual(fontFiles().length);

    const data = badge(2, { name: NAMES.latin, company: NAMES.mixedCompany });
    const kept = await renderBadgePdf(data);
    expect((await renderBadgePdf(data)).equals(kept)).toBe(true);
    vi.resetModules();
    const fresh = await import('../badges/badge-pdf');
    expect((await fresh.renderBadgePdf(data)).equals(kept)).toBe(true);
  });

  it('ships its fonts: npm packages resolved from node_modules, a WOFF made a TrueType file', () => {
    const files = fontFiles();
    expect(files).toHaveLength(6);
    for (const file of files) expect(file).toContain('node_modules');
    const woff = readFileSync(files.find((f) => f.endsWith('.woff'))!);
    const ttf = woffToSfnt(woff);
    expect(ttf.readUInt32BE(0)).toBe(0x00010000);
    expect(ttf.length).toBe(woff.readUInt32BE(16));
  });
});
