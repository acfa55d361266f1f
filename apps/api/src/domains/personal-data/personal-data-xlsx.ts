import type { Writable } from 'node:stream';
import { and, asc, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { writeXlsx, xlsxWorkbook, type XlsxCell } from '../../lib/xlsx-writer';
import { showWallClock } from '../scans/scans-export';
import { isVisitor, personColumns } from './people.service';
import type { PersonalData } from './personal-data.service';

/** The back-office's two workbooks of people: the visitors' list, and everything held about one person. */

export const VISITORS_FILE_NAME = 'visiteurs.xlsx';
const EXPORT_CHUNK = 1000;

/** visiteurs.xlsx, streamed a chunk at a time (by id) so memory does not grow with the list. */
export async function writeVisitorsXlsx(db: Db, where: SQL | undefined, out: Writable) {
  const sheet = writeXlsx(out, 'Visiteurs', [
    { header: 'Id', width: 8 },
    { header: 'Nom', width: 28 },
    { header: 'E-mail', width: 36 },
    // Phones are strings: text cells that keep their leading '+' or '0'.
    { header: 'Téléphone', width: 18 },
    { header: 'Société', width: 28 },
    { header: 'Fonction', width: 24 },
    { header: 'Secteur d’activité', width: 28 },
    { header: 'Domaine', width: 24 },
    { header: 'Pays', width: 16 },
    { header: 'Langue', width: 8 },
    { header: 'Inscription', width: 18 },
    { header: 'Badge révoqué', width: 14 },
    { header: 'Supprimé le', width: 18 },
  ]);
  for (let last = 0; ;) {
    const rows = await db
      .select(personColumns)
      .from(users)
      .where(and(isVisitor, where, gt(users.id, last)))
      .orderBy(asc(users.id))
      .limit(EXPORT_CHUNK);
    const more = await sheet.addRows(
      rows.map((row) => [
        row.id,
        row.name,
        row.email,
        row.phone,
        row.company,
        row.jobPosition,
        row.secteurActivite,
        row.businessSector,
        row.pays,
        row.language,
        showWallClock(row.createdAt),
        row.badgeRevoked ? 'Oui' : 'Non',
        row.anonymisedAt ? showWallClock(row.anonymisedAt) : null,
      ]),
    );
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
