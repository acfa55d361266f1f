import type { Writable } from 'node:stream';
import { and, asc, gt, type SQL } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { readyForMore, safeCell, safeCells } from '../../lib/streams';
import { showWallClock } from '../scans/scans-export';
import { isVisitor, personColumns } from './people.service';
import type { PersonalData } from './personal-data.service';

/** The back-office's two workbooks of people: the visitors' list, and everything held about one person. */

export const VISITORS_FILE_NAME = 'visiteurs.xlsx';
const EXPORT_CHUNK = 1000;

/** visiteurs.xlsx, streamed a chunk at a time (by id) so memory does not grow with the list. */
export async function writeVisitorsXlsx(db: Db, where: SQL | undefined, out: Writable) {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Visiteurs', { views: [{ state: 'frozen', ySplit: 1 }] });
  const date: Partial<ExcelJS.Column> = { width: 18, style: { numFmt: 'dd/mm/yyyy hh:mm' } };
  sheet.columns = [
    { header: 'Id', key: 'id', width: 8 },
    { header: 'Nom', key: 'name', width: 28 },
    { header: 'E-mail', key: 'email', width: 36 },
    // Phones are strings: text cells that keep their leading '+' or '0'.
    { header: 'Téléphone', key: 'phone', width: 18 },
    { header: 'Société', key: 'company', width: 28 },
    { header: 'Fonction', key: 'jobPosition', width: 24 },
    { header: 'Secteur d’activité', key: 'secteurActivite', width: 28 },
    { header: 'Domaine', key: 'businessSector', width: 24 },
    { header: 'Pays', key: 'pays', width: 16 },
    { header: 'Langue', key: 'language', width: 8 },
    { header: 'Inscription', key: 'createdAt', ...date },
    { header: 'Badge révoqué', key: 'badgeRevoked', width: 14 },
    { header: 'Supprimé le', key: 'anonymisedAt', ...date },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (let last = 0; ;) {
    const rows = await db
      .select(personColumns)
      .from(users)
      .where(and(isVisitor, where, gt(users.id, last)))
      .orderBy(asc(users.id))
      .limit(EXPORT_CHUNK);
    for (const row of rows) {
      sheet
        .addRow(
          safeCells({
            ...row,
            phone: row.phone ?? '',
            createdAt: showWallClock(row.createdAt),
            badgeRevoked: row.badgeRevoked ? 'Oui' : 'Non',
            anonymisedAt: row.anonymisedAt ? showWallClock(row.anonymisedAt) : null,
          }),
        )
        .commit();
    }
    if (!(await readyForMore(out))) return;
    if (rows.length < EXPORT_CHUNK) break;
    last = rows.at(-1)!.id;
  }
  sheet.commit();
  await workbook.commit();
}

/** Sheet names (31 characters at most) of the xlsx export, one per section. */
const SHEETS: Record<keyof PersonalData, string> = {
  person: 'Personne',
  registrations: 'Inscriptions',
  scansMade: 'Scans effectués',
  scansOf: 'Scans de la personne',
  checkins: 'Entrées',
  newsletters: 'Newsletter',
  enquiries: 'Demandes exposant',
  contactMessages: 'Messages de contact',
  mails: 'E-mails',
  audit: 'Journal',
};

/** A cell: dates as date cells in Marrakech time, objects (audit before/after) as JSON text. */
function cellOf(value: unknown): ExcelJS.CellValue {
  if (value instanceof Date) return showWallClock(value);
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return safeCell(value) as ExcelJS.CellValue;
}

/** The export as a workbook: the person as field/value lines, then one sheet per section. */
export async function personalDataXlsx(data: PersonalData): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const dateStyle = { numFmt: 'dd/mm/yyyy hh:mm' };
  const person = workbook.addWorksheet(SHEETS.person);
  person.columns = [
    { header: 'Champ', key: 'field', width: 20 },
    { header: 'Valeur', key: 'value', width: 40 },
  ];
  for (const [field, value] of Object.entries(data.person)) {
    const row = person.addRow({ field, value: cellOf(value) });
    if (value instanceof Date) row.getCell(2).style = dateStyle;
  }
  person.getRow(1).font = { bold: true };
  for (const key of Object.keys(SHEETS) as (keyof PersonalData)[]) {
    if (key === 'person') continue;
    const rows = data[key] as Record<string, unknown>[];
    const sheet = workbook.addWorksheet(SHEETS[key]);
    const keys = Object.keys(rows[0] ?? {});
    sheet.columns = keys.map((k) => ({ header: k, key: k, width: 20 }));
    for (const item of rows) {
      const row = sheet.addRow(Object.fromEntries(keys.map((k) => [k, cellOf(item[k])])));
      keys.forEach((k, i) => {
        if (item[k] instanceof Date) row.getCell(i + 1).style = dateStyle;
      });
    }
    if (!rows.length) sheet.addRow(['Aucune donnée.']);
    sheet.getRow(1).font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
