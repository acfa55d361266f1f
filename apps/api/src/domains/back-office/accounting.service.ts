import { and, asc, between, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, payments, standBookings } from '../../db/schema';
import { csvField } from '../../lib/streams';
import { xlsxWorkbook, type XlsxCell, type XlsxColumn } from '../../lib/xlsx-writer';

/**
 * The accountant's view of stands sold online, for a period of issue or receipt (days at the
 * show's place, both included): the invoices and credit notes as issued, and the payments
 * received, each with the booking's reference. Amounts are dirhams with two decimals, computed
 * from the issued rows' centimes: their sums are the PDFs' to the centime. The CSV is the French
 * spreadsheets' (semicolons, decimal commas); the XLSX has both lists, amounts as numbers.
 */

export interface Period {
  from: string;
  to: string;
}

const INVOICE_COLUMNS: XlsxColumn[] = [
  { header: 'Numéro', width: 14 },
  { header: 'Type', width: 12 },
  { header: 'Date', width: 11 },
  { header: 'Échéance', width: 11 },
  { header: 'Client', width: 32 },
  { header: 'ICE', width: 17 },
  { header: 'Référence', width: 16 },
  { header: 'Avoir de', width: 14 },
  { header: 'Total HT', width: 13 },
  { header: 'TVA', width: 12 },
  { header: 'Total TTC', width: 13 },
];
const PAYMENT_COLUMNS: XlsxColumn[] = [
  { header: 'Date', width: 11 },
  { header: 'Référence', width: 16 },
  { header: 'Client', width: 32 },
  { header: 'Moyen', width: 10 },
  { header: 'Libellé', width: 40 },
  { header: 'Montant', width: 13 },
];
const KIND = { deposit: 'Acompte', balance: 'Solde', services: 'Prestations', credit: 'Avoir' } as const;

async function readPeriod(db: Db, period: Period) {
  const issued = await db
    .select()
    .from(invoices)
    .where(between(invoices.issuedOn, period.from, period.to))
    .orderBy(asc(invoices.series), asc(invoices.year), asc(invoices.number));
  const labels = new Map(issued.map((i) => [i.id, i.label]));
  const received = await db
    .select({
      receivedOn: payments.receivedOn,
      reference: standBookings.reference,
      company: standBookings.companyName,
      method: payments.method,
      label: payments.label,
      amount: payments.amount,
    })
    .from(payments)
    .innerJoin(standBookings, eq(standBookings.id, payments.bookingId))
    .where(and(between(payments.receivedOn, period.from, period.to)))
    .orderBy(asc(payments.receivedOn), asc(payments.id));
  const invoiceRows = issued.map((i): { cells: XlsxCell[]; amounts: number[] } => ({
    cells: [
      i.label,
      KIND[i.kind],
      i.issuedOn,
      i.dueOn,
      i.buyer.name,
      i.buyer.ice,
      i.reference,
      i.creditOf ? (labels.get(i.creditOf) ?? '') : '',
    ],
    amounts: [i.totalExclTax, i.vat, i.totalExclTax + i.vat],
  }));
  const paymentRows = received.map((p) => ({
    cells: [p.receivedOn, p.reference, p.company, p.method, p.label] as XlsxCell[],
    amounts: [p.amount],
  }));
  return { invoiceRows, paymentRows };
}

/** Centimes as the CSV prints them: '12500,50', '-300,00'. */
const csvAmount = (centimes: number) => {
  const sign = centimes < 0 ? '-' : '';
  const abs = Math.abs(centimes);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};

export async function accountingCsv(db: Db, period: Period, what: 'invoices' | 'payments'): Promise<string> {
  const { invoiceRows, paymentRows } = await readPeriod(db, period);
  const columns = what === 'invoices' ? INVOICE_COLUMNS : PAYMENT_COLUMNS;
  const rows = what === 'invoices' ? invoiceRows : paymentRows;
  // Texts are fields that never turn into formulas; amounts are the server's own digits, as they are.
  const line = (cells: XlsxCell[], amounts: number[] = []) =>
    `${[...cells.map((c) => csvField(c as string | null, ';')), ...amounts.map(csvAmount)].join(';')}\r\n`;
  return `\uFEFF${line(columns.map((c) => c.header))}${rows.map((r) => line(r.cells, r.amounts)).join('')}`;
}

export async function accountingXlsx(db: Db, period: Period): Promise<Buffer> {
  const { invoiceRows, paymentRows } = await readPeriod(db, period);
  const dirhams = (r: { cells: XlsxCell[]; amounts: number[] }) => [...r.cells, ...r.amounts.map((c) => c / 100)];
  return xlsxWorkbook([
    { name: 'Factures et avoirs', columns: INVOICE_COLUMNS, rows: invoiceRows.map(dirhams) },
    { name: 'Paiements', columns: PAYMENT_COLUMNS, rows: paymentRows.map(dirhams) },
  ]);
}
