import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnLetters, escapeXml, writeXlsx, type XlsxCell } from './xlsx-writer';

/** The file written for these rows, read back by exceljs as a spreadsheet program would. */
async function workbookOf(
  rows: XlsxCell[][],
  columns = [
    { header: 'Nom', width: 12 },
    { header: 'Date', width: 18 },
  ],
) {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (chunk: Buffer) => parts.push(chunk));
  const sheet = writeXlsx(out, 'Scans & co', columns);
  await sheet.addRows(rows);
  await sheet.end();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(parts) as unknown as ExcelJS.Buffer);
  return workbook;
}

describe('the streamed spreadsheet writer', () => {
  it('writes a sheet a spreadsheet program reads back: bold frozen header, widths, texts, numbers and dates', async () => {
    const when = new Date(Date.UTC(2024, 4, 30, 10, 5));
    const workbook = await workbookOf(
      [
        ['Fatima <El Amrani> & "fils"', when, 4],
        ['  espaces  ', null, 0],
      ],
      [
        { header: 'Nom', width: 30 },
        { header: 'Date', width: 18 },
        { header: 'Note', width: 6 },
      ],
    );
    const sheet = workbook.getWorksheet('Scans & co')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Nom', 'Date', 'Note']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(30);
    expect(sheet.getCell('A2').value).toBe('Fatima <El Amrani> & "fils"');
    expect(sheet.getCell('B2').value).toEqual(when);
    expect(sheet.getCell('B2').numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(sheet.getCell('C2').value).toBe(4);
    expect(sheet.getCell('A3').value).toBe('  espaces  ');
    // An empty cell is left out; a zero is a number.
    expect(sheet.getCell('B3').value).toBeNull();
    expect(sheet.getCell('C3').value).toBe(0);
  });

  it('never writes a formula, and leaves out the control characters XML cannot hold', async () => {
    const workbook = await workbookOf([['=HYPERLINK("http://evil.example","clic")', 'a\u0000b\u001fc']]);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A2').value).toBe('\'=HYPERLINK("http://evil.example","clic")');
    expect(sheet.getCell('A2').formula).toBeUndefined();
    expect(sheet.getCell('B2').value).toBe('abc');
    expect(escapeXml('<a href="x">&</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
  });

  it('names columns past Z as spreadsheets do', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('keeps thousands of rows in a file whose rows all read back, in order', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [
      `Visiteur ${i}`,
      new Date(Date.UTC(2024, 4, 29, 9) + i * 60_000),
    ]);
    const sheet = (await workbookOf(rows)).worksheets[0]!;
    expect(sheet.rowCount).toBe(5001);
    expect(sheet.getCell('A5001').value).toBe('Visiteur 4999');
    expect(sheet.getCell('B5001').value).toEqual(rows[4999]![1]);
  });

  it('stops when the client goes away: a row then answers false and the end does not wait for it', async () => {
    // A client that reads nothing, then hangs up.
    const out = new Writable({ highWaterMark: 1, write: () => undefined });
    const sheet = writeXlsx(out, 'Scans', [{ header: 'Nom', width: 12 }]);
    const row = ['x'.repeat(2000)];
    let more = true;
    const filling = (async () => {
      while (more) more = await sheet.addRows([row]);
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    out.destroy();
    await filling;
    expect(more).toBe(false);
    await sheet.end();
  });
});
