import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { SHOW_TIME_ZONE, type Language, type ScanTable } from '@salon/shared';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { allScans, longestTexts } from './scans.service';

export const SCANS_FILE_NAME = 'SCANS.xlsx';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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

const wallClockParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOW_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * A spreadsheet date has no time zone: it shows the numbers it holds. Those must be the show's
 * local time, so the instant is rewritten as the UTC date with Marrakech's wall-clock fields.
 */
export function showWallClock(date: Date): Date {
  const parts = wallClockParts.formatToParts(date);
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')));
}

/** Between a header's width and 60 characters; Excel's width unit is about one character. */
const fit = (header: string, longest: number | null | undefined, min = 0) =>
  Math.min(60, Math.max(header.length, longest ?? 0, min) + 2);

/**
 * SCANS.xlsx of one table, streamed: rows are read from the database a chunk at a time and
 * written out as they come, so 50,000 scans cost no more memory than fifty. Columns as on
 * screen (Par only for the collaborators' table), then the note and the rating; dates are real
 * date cells shown dd/MM/yyyy HH:mm, phones text cells.
 */
export async function writeScansXlsx(db: Db, table: ScanTable, scope: SQL | null, lang: Language, out: Writable) {
  const h = HEADERS[lang];
  const longest = await longestTexts(db, scope);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(h.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  const withScanner = table === 'scansByCollaborators';
  sheet.columns = [
    { header: h.type, key: 'type', width: fit(h.type, Math.max(h.visitor.length, h.exhibitor.length)) },
    { header: h.name, key: 'name', width: fit(h.name, longest?.name) },
    { header: h.email, key: 'email', width: fit(h.email, longest?.email) },
    { header: h.phone, key: 'phone', width: fit(h.phone, longest?.phone), style: { numFmt: '@' } },
    { header: h.company, key: 'company', width: fit(h.company, longest?.company) },
    { header: h.jobPosition, key: 'jobPosition', width: fit(h.jobPosition, longest?.jobPosition) },
    { header: h.createdAt, key: 'createdAt', width: fit(h.createdAt, 16), style: { numFmt: 'dd/mm/yyyy hh:mm' } },
    ...(withScanner
      ? [{ header: h.scannerName, key: 'scannerName', width: fit(h.scannerName, longest?.scannerName) }]
      : []),
    { header: h.note, key: 'note', width: fit(h.note, longest?.note), style: { alignment: { wrapText: true } } },
    { header: h.rating, key: 'rating', width: fit(h.rating, 1) },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const rows of allScans(db, scope)) {
    for (const row of rows) {
      sheet
        .addRow({
          type: row.typeScanned === 'visitor' ? h.visitor : h.exhibitor,
          name: row.name,
          email: row.email,
          phone: row.phone ?? '',
          company: row.company ?? '',
          jobPosition: row.jobPosition ?? '',
          createdAt: showWallClock(row.createdAt),
          scannerName: row.scannerName,
          note: row.note ?? '',
          rating: row.rating ?? '',
        })
        .commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}
