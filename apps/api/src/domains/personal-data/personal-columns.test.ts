import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGE_NOT_PERSONAL,
  contactMessagePersonalColumns,
  contactMessages,
  demandesExposants,
  ENQUIRY_NOT_PERSONAL,
  enquiryPersonalColumns,
  NEWSLETTER_NOT_PERSONAL,
  newsletterPersonalColumns,
  newsletters,
  NOT_PERSONAL,
  personalColumns,
  personalTraceColumns,
  SCAN_NOT_PERSONAL,
  scanPersonalColumns,
  scans,
  users,
} from '../../db/schema';

/**
 * The tables that hold people's data, each with its declaration: the person's own columns (which
 * the erasure blanks and the export gives back) and the others. A column added to one of them
 * must be put on one side, or the erasure would keep it without anyone deciding so.
 */
const DECLARED: { table: Table; personal: Record<string, unknown>[]; notPersonal: readonly string[] }[] = [
  { table: users, personal: [personalColumns, personalTraceColumns], notPersonal: NOT_PERSONAL },
  { table: demandesExposants, personal: [enquiryPersonalColumns], notPersonal: ENQUIRY_NOT_PERSONAL },
  { table: contactMessages, personal: [contactMessagePersonalColumns], notPersonal: CONTACT_MESSAGE_NOT_PERSONAL },
  { table: newsletters, personal: [newsletterPersonalColumns], notPersonal: NEWSLETTER_NOT_PERSONAL },
  { table: scans, personal: [scanPersonalColumns], notPersonal: SCAN_NOT_PERSONAL },
];

describe('the tables that hold people’s data', () => {
  it('declare each of their columns either personal or not personal, once', () => {
    for (const { table, personal, notPersonal } of DECLARED) {
      const columns = getTableColumns(table);
      const declared = [...personal.flatMap((set) => Object.keys(set)), ...notPersonal];
      const name = getTableName(table);
      expect(declared.toSorted(), name).toEqual(Object.keys(columns).toSorted());
      // A personal column is the table's own column under its own name.
      for (const set of personal) {
        for (const [key, column] of Object.entries(set)) expect(column, `${name}.${key}`).toBe(columns[key]);
      }
    }
  });
});
