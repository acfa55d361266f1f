import { PassThrough, type Writable } from 'node:stream';
import yazl from 'yazl';
import { readyForMore, safeCell } from './streams';

/**
 * The project's one spreadsheet writer: every export (SCANS.xlsx of a whole show, the visitors'
 * and the newsletter's lists, one person's data) is written here. A one-sheet file is written as it
 * goes: each row is one string of SpreadsheetML, compressed by zlib in libuv's threads, and memory
 * stays flat whatever the number of rows (exceljs, used before for the smaller exports, builds an
 * object and a style per cell and costs about 30 MB once loaded; the tests still read files with it).
 *
 * What it writes: a bold header row, frozen; column widths; texts as inline strings passed through
 * safeCell (never a formula); numbers; dates as date cells shown `dd/mm/yyyy hh:mm` (the Date's UTC
 * fields are what the cell shows); empty cells left out (null, undefined or '').
 */
export interface XlsxColumn {
  header: string;
  /** In characters, as Excel counts them. */
  width: number;
}
export type XlsxCell = string | number | Date | null | undefined;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Style indexes of styles.xml's cellXfs: 0 plain, 1 bold (the header), 2 a date. */
const BOLD = 1;
const DATE = 2;
const STYLES = `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** The workbook's parts besides its sheets, for sheets named `sheetNames` (sheet1.xml, sheet2.xml…). */
const staticParts = (sheetNames: readonly string[]): [string, string][] => [
  [
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheetNames.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets>${sheetNames.map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">${sheetNames.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}<Relationship Id="rId${sheetNames.length + 1}" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
  ],
  ['xl/styles.xml', STYLES],
];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// The control characters XML 1.0 cannot hold (tab, line feed and carriage return it can).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
/** XML's special characters escaped, and the characters it cannot hold left out. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c]!);
}

/** A, B, … Z, AA, AB…: a column's letters from its index (0 is A). */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A date's serial number: days since 30 December 1899, the time of day as a fraction. */
const serial = (date: Date) => date.getTime() / 86_400_000 + 25_569;

function cellXml(ref: string, value: XlsxCell, style = 0): string {
  if (value === null || value === undefined || value === '') return '';
  const s = style ? ` s="${style}"` : '';
  if (value instanceof Date) return `<c r="${ref}" s="${DATE}"><v>${serial(value)}</v></c>`;
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : '';
  const text = escapeXml(String(safeCell(value)));
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

export interface XlsxSheet {
  /**
   * Adds rows (a chunk read from the database), then resolves when the output can take more;
   * false when it never will (the client went away): stop there.
   */
  addRows(rows: readonly (readonly XlsxCell[])[]): Promise<boolean>;
  /** Closes the sheet and the file; resolves once the last byte is handed to `out`. */
  end(): Promise<void>;
}

/** One sheet's XML, a piece at a time: its head (frozen header row, widths), rows, and tail. */
function sheetXml(columns: readonly XlsxColumn[]) {
  const letters = columns.map((_, i) => columnLetters(i));
  const widths = columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`)
    .join('');
  let rows = 0;
  const row = (cells: readonly XlsxCell[], style = 0) => {
    rows += 1;
    let xml = `<row r="${rows}">`;
    for (let i = 0; i < letters.length; i++) xml += cellXml(`${letters[i]}${rows}`, cells[i], style);
    return `${xml}</row>`;
  };
  return {
    head: `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${widths}</cols><sheetData>${row(
      columns.map((c) => c.header),
      BOLD,
    )}`,
    rows: (cells: readonly (readonly XlsxCell[])[]) => cells.map((r) => row(r)).join(''),
    tail: '</sheetData></worksheet>',
  };
}

/** A one-sheet workbook streamed to `out`, rows added a chunk at a time. */
export function writeXlsx(out: Writable, sheetName: string, columns: readonly XlsxColumn[]): XlsxSheet {
  const zip = new yazl.ZipFile();
  zip.outputStream.pipe(out);
  // Done when the last byte has left, or when the client went away (nothing more to send).
  const finished = new Promise<void>((resolve, reject) => {
    zip.outputStream.on('end', resolve).on('error', reject);
    out.on('close', resolve);
  });
  // Heard by end(); a writer left early (the client went away) must not leave it unhandled.
  finished.catch(() => undefined);
  for (const [name, text] of staticParts([sheetName])) zip.addBuffer(Buffer.from(text), name);
  const sheet = new PassThrough();
  // Level 1: the sheet's text comes faster than the default level compresses it.
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml', { compressionLevel: 1 });
  zip.end();
  const xml = sheetXml(columns);
  sheet.write(xml.head);
  return {
    // One write per chunk: zlib then compresses large pieces in libuv's threads.
    addRows: (cells) => (sheet.write(xml.rows(cells)) ? Promise.resolve(!out.destroyed) : readyForMore(out, sheet)),
    async end() {
      sheet.end(xml.tail);
      await finished;
    },
  };
}

/** A small workbook of several sheets (one person's data), made whole in memory. */
export async function xlsxWorkbook(
  sheets: readonly { name: string; columns: readonly XlsxColumn[]; rows: readonly (readonly XlsxCell[])[] }[],
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of staticParts(sheets.map((s) => s.name))) zip.addBuffer(Buffer.from(text), name);
  sheets.forEach((sheet, i) => {
    const xml = sheetXml(sheet.columns);
    zip.addBuffer(Buffer.from(xml.head + xml.rows(sheet.rows) + xml.tail), `xl/worksheets/sheet${i + 1}.xml`);
  });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
