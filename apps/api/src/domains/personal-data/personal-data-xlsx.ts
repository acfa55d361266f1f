import type { Writable } from 'node:stream';
import { and, asc, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { writeXlsx, xlsxWorkbook, type XlsxCell, type XlsxColumn } from '../../lib/xlsx-writer';
import { showWallClock } from '../scans/scans-export';
import { isVisitor, personColumns } from './people.service';
import type { PersonalData } from './personal-data.service';

/** The back-office's two workbooks of people: the visitors' list, and everything held about one person. */

export const VISITORS_FILE_NAME = 'visiteurs.xlsx';
const EXPORT_CHUNK = 1000;

/**
 * visiteurs.xlsx's columns, in order: one per field of a person as the back-office shows them
 * (personColumns), so a field added there is a type error here until it has its header.
 */
const VISITOR_COLUMNS: Record<keyof typeof personColumns, XlsxColumn> = {
  id: { header: 'Id', width: 8 },
  name: { header: 'Nom', width: 28 },
  email: { header: 'E-mail', width: 36 },
  // Phones are strings: text cells that keep their leading '+' or '0'.
  phone: { header: 'Téléphone', width: 18 },
  company: { header: 'Société', width: 28 },
  jobPosition: { header: 'Fonction', width: 24 },
  secteurActivite: { header: 'Secteur d’activité', width: 28 },
  businessSector: { header: 'Domaine', width: 24 },
  pays: { header: 'Pays', width: 16 },
  language: { header: 'Langue', width: 8 },
  createdAt: { header: 'Inscription', width: 18 },
  badgeRevoked: { header: 'Badge révoqué', width: 14 },
  anonymisedAt: { header: 'Supprimé le', width: 18 },
};
const VISITOR_FIELDS = Object.keys(VISITOR_COLUMNS) as (keyof typeof personColumns)[];

/** A cell of visiteurs.xlsx: dates in Marrakech time, yes/no in French. */
function visitorCell(value: unknown): XlsxCell {
  if (value instanceof Date) return showWallClock(value);
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  return value as XlsxCell;
}

/** visiteurs.xlsx, streamed a chunk at a time (by id) so memory does not grow with the list. */
export async function writeVisitorsXlsx(db: Db, where: SQL | undefined, out: Writable) {
  const sheet = writeXlsx(out, 'Visiteurs', Object.values(VISITOR_COLUMNS));
  for (let last = 0; ;) {
    const rows = await db
      .select(personColumns)
      .from(users)
      .where(and(isVisitor, where, gt(users.id, last)))
      .orderBy(asc(users.id))
      .limit(EXPORT_CHUNK);
    const more = await sheet.addRows(rows.map((row) => VISITOR_FIELDS.map((field) => visitorCell(row[field]))));
    if (!more) return;
    if (rows.length < EXPORT_CHUNK) break;
    last = rows.at(-1)!.id;
  }
  await sheet.end();
}

/** Sheet names (31 characters at most) of the xlsx export, one per section. */
const SHEETS: Record<keyof PersonalData, string> = {
  person: 'Personne',
  registrations: 'Inscriptions',
  scansMade: 'Scans effectués',
  scansOf: 'Scans de la personne',
  doNotContact: 'Ne plus contacter',
  checkins: 'Entrées',
  newsletters: 'Newsletter',
  enquiries: 'Demandes exposant',
  contactMessages: 'Messages de contact',
  mails: 'E-mails',
  audit: 'Journal',
};

/** A cell: dates as date cells in Marrakech time, objects (audit before/after) as JSON text. */
function cellOf(value: unknown): XlsxCell {
  if (value instanceof Date) return showWallClock(value);
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value as XlsxCell;
}

/** The export as a workbook: the person as field/value lines, then one sheet per section. */
export function personalDataXlsx(data: PersonalData): Promise<Buffer> {
  const sections = (Object.keys(SHEETS) as (keyof PersonalData)[]).filter((key) => key !== 'person');
  return xlsxWorkbook([
    {
      name: SHEETS.person,
      columns: [
        { header: 'Champ', width: 20 },
        { header: 'Valeur', width: 40 },
      ],
      rows: Object.entries(data.person).map(([field, value]) => [field, cellOf(value)]),
    },
    ...sections.map((key) => {
      const rows = data[key] as Record<string, unknown>[];
      const keys = Object.keys(rows[0] ?? {});
      // An empty section says so in its one line.
      if (!rows.length) return { name: SHEETS[key], columns: [{ header: 'Aucune donnée.', width: 20 }], rows: [] };
      return {
        name: SHEETS[key],
        columns: keys.map((k) => ({ header: k, width: 20 })),
        rows: rows.map((item) => keys.map((k) => cellOf(item[k]))),
      };
    }),
  ]);
}
