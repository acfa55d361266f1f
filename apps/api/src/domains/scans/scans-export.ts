import type ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { SHOW_TIME_ZONE, type Language, type ScanTable } from '@salon/shared';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readyForMore, safeCells } from '../../lib/streams';
import { allScans, erasedRow, longestTexts } from './scans.service';

export const SCANS_FILE_NAME = 'SCANS.xlsx';

const HEADERS = {
  fr: {
    type: 'Type',
    name: 'Nom',
    email: 'Email',
    phone: 'Téléphone',
    company: 'Société',
    jobPosition: 'Fonction',
    createdAt: 'Date & Heure',
    scannerName: 'Par',
    note: 'Note',
    rating: 'Évaluation',
    visitor: 'Visiteur',
    exhibitor: 'Exposant',
    sheet: 'Scans',
  },
  en: {
    type: 'Type',
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    company: 'Company',
    jobPosition: 'Position',
    createdAt: 'Date & Time',
    scannerName: 'By',
    note: 'Note',
    rating: 'Rating',
    visitor: 'Visitor',
    exhibitor: 'Exhibitor',
    sheet: 'Scans',
  },
} as const;

const offsetParts = new Intl.DateTimeFormat('en-US', { timeZone: SHOW_TIME_ZONE, timeZoneName: 'longOffset' });
const HOUR_MS = 3600_000;
/** Marrakech's offset from UTC in minutes, per UTC hour: it changes on the hour at most. */
const offsets = new Map<number, number>();
function offsetMinutes(date: Date): number {
  const hour = Math.floor(date.getTime() / HOUR_MS);
  let minutes = offsets.get(hour);
  if (minutes === undefined) {
    const name = offsetParts.formatToParts(new Date(hour * HOUR_MS)).find((p) => p.type === 'timeZoneName')?.value;
    // 'GMT', 'GMT+01:00' or 'GMT-01:00'.
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
    minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(hour, minutes);
  }
  return minutes;
}

/**
 * A spreadsheet date has no time zone: it shows the numbers it holds. Those must be the show's
 * local time, so the instant is moved by Marrakech's offset and written as if it were UTC.
 */
export function showWallClock(date: Date): Date {
  return new Date(date.getTime() + offsetMinutes(date) * 60_000);
}

const DATE_STYLE: Partial<ExcelJS.Style> = { numFmt: 'dd/mm/yyyy hh:mm' };
const PLAIN_STYLE: Partial<ExcelJS.Style> = {};

/** Between a header's width and 60 characters; Excel's width unit is about one character. */
const fit = (header: string, longest: number | null | undefined, min = 0) =>
  Math.min(60, Math.max(header.length, longest ?? 0, min) + 2);

/**
 * SCANS.xlsx of one table, streamed: rows are read from the database a chunk at a time and
 * written out as they come, so memory does not grow with the number of scans. Columns as on
 * screen (Par only for the collaborators' table), then the note and the rating; dates are real
 * date cells shown dd/MM/yyyy HH:mm, phones text cells.
 */
export async function writeScansXlsx(db: Db, table: ScanTable, scope: SQL | null, lang: Language, out: Writable) {
  const h = HEADERS[lang];
  // Loaded on the first export only: most server processes never make one.
  const [{ default: ExcelJS }, longest] = await Promise.all([import('exceljs'), longestTexts(db, scope)]);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    // The sheet's XML is made faster than the default compression takes it; level 1 keeps up.
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet(h.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  const withScanner = table === 'scansByCollaborators';
  sheet.columns = [
    { header: h.type, key: 'type', width: fit(h.type, Math.max(h.visitor.length, h.exhibitor.length)) },
    { header: h.name, key: 'name', width: fit(h.name, longest?.name) },
    { header: h.email, key: 'email', width: fit(h.email, longest?.email) },
    // Phones are written as strings: text cells, never numbers that lose their leading '+' or '0'.
    { header: h.phone, key: 'phone', width: fit(h.phone, longest?.phone) },
    { header: h.company, key: 'company', width: fit(h.company, longest?.company) },
    { header: h.jobPosition, key: 'jobPosition', width: fit(h.jobPosition, longest?.jobPosition) },
    { header: h.createdAt, key: 'createdAt', width: fit(h.createdAt, 16) },
    ...(withScanner
      ? [{ header: h.scannerName, key: 'scannerName', width: fit(h.scannerName, longest?.scannerName) }]
      : []),
    { header: h.note, key: 'note', width: fit(h.note, longest?.note) },
    { header: h.rating, key: 'rating', width: fit(h.rating, 1) },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const dateColumn = sheet.getColumn('createdAt').number;
  for await (const rows of allScans(db, scope)) {
    for (const stored of rows) {
      const row = erasedRow(stored);
      const line = sheet.addRow(
        safeCells({
          type: row.typeScanned === 'visitor' ? h.visitor : h.exhibitor,
          name: row.name,
          email: row.email ?? '',
          phone: row.phone ?? '',
          company: row.company ?? '',
          jobPosition: row.jobPosition ?? '',
          createdAt: showWallClock(row.createdAt),
          scannerName: row.scannerName,
          note: row.note ?? '',
          rating: row.rating ?? '',
        }),
      );
      // exceljs gives each cell a style object of its own and works out each one's style again
      // (a third of the export's time); cells that share one object are worked out once.
      line.eachCell((cell, column) => {
        cell.style = column === dateColumn ? DATE_STYLE : PLAIN_STYLE;
      });
      line.commit();
    }
    // Let compression and the client catch up before the next chunk, so memory stays flat.
    if (!(await readyForMore(out))) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  sheet.commit();
  await workbook.commit();
}
