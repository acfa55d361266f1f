/**
 * bench:scans's SCANS.xlsx: downloaded to a file (seconds to the last byte), then read back with
 * exceljs and checked (rows, different e-mails, header) outside the measured time.
 */
import { createWriteStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';

/** Downloads SCANS.xlsx to `file`: seconds to the last byte and bytes. */
export async function download(url: string, headers: Record<string, string>, file: string) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  if (!res.ok || !res.body) throw new Error(`export: HTTP ${res.status} ${await res.text()}`);
  if (!res.headers.get('content-type')?.includes('spreadsheetml')) {
    throw new Error(`export: content-type ${res.headers.get('content-type')}`);
  }
  await pipeline(Readable.fromWeb(res.body), createWriteStream(file));
  return { seconds: (performance.now() - started) / 1000, bytes: statSync(file).size };
}

/** Rows of the sheet (header included), distinct e-mails (column 3) and the first header cell. */
async function readBack(file: string) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache' });
  let rows = 0;
  let header = '';
  const emails = new Set<string>();
  for await (const sheet of reader) {
    for await (const row of sheet) {
      rows += 1;
      if (rows === 1) header = row.getCell(1).text;
      else emails.add(row.getCell(3).text);
    }
  }
  return { rows, emails: emails.size, header };
}

export async function check(file: string, scanCount: number, what: string): Promise<void> {
  const got = await readBack(file);
  if (got.header !== 'Type' || got.rows !== scanCount + 1 || got.emails !== scanCount) {
    throw new Error(
      `${what}: ${got.rows} rows (header '${got.header}'), ${got.emails} different e-mails; expected ${scanCount + 1} rows, ${scanCount} e-mails`,
    );
  }
}
