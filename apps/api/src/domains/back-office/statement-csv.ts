import { createHash } from 'node:crypto';

/**
 * A bank statement as banks export it (CSV): one line per movement with its date, its label and
 * its amount, a header line or not, commas, semicolons or tabs between the fields. The amount is
 * a credit when positive (a 'crédit' column beside a 'débit' one counts too), in dirhams with a
 * decimal comma or point and any thousands separator. The label's booking reference
 * ('S2024-000123-7', spaces or dashes as the bank prints them) says whose payment it is.
 */

export interface StatementLine {
  /** 1-based line of the file. */
  line: number;
  date: string | null;
  label: string;
  /** Centimes; negative for a debit. */
  amount: number | null;
  reference: string | null;
  /** What makes the line itself: a line recorded once is not recorded again from another import. */
  fingerprint: string | null;
  error: string | null;
}

const REFERENCE = /S\s*(\d{4})\s*-?\s*(\d{6})\s*-?\s*(\d)/i;

/** 'S2024-000123-7' from a label that names it, however the bank spaced it. */
export function referenceIn(label: string): string | null {
  const m = REFERENCE.exec(label);
  return m ? `S${m[1]}-${m[2]}-${m[3]}` : null;
}

/** '12 500,50', '12,500.50', '-300' in dirhams → centimes; null when it is not an amount. */
export function parseAmount(text: string): number | null {
  let t = text.replace(/[\s\u00a0\u202f']/g, '').replace(/(MAD|DH|DHS)$/i, '');
  if (!t) return null;
  const comma = t.lastIndexOf(',');
  const point = t.lastIndexOf('.');
  const decimal = comma > point ? ',' : '.';
  const thousands = decimal === ',' ? '.' : ',';
  t = t.split(thousands).join('').replace(decimal, '.');
  if (!/^[-+]?\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/** '31/05/2024', '31-05-2024', '2024-05-31' → '2024-05-31'. */
export function parseDay(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return null;
}

/** The fields of a line, quotes honoured. */
function fields(line: string, separator: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"') {
      if (quoted && line[i + 1] === '"') {
        current += '"';
        i++;
      } else quoted = !quoted;
    } else if (c === separator && !quoted) {
      out.push(current.trim());
      current = '';
    } else current += c;
  }
  out.push(current.trim());
  return out;
}

const fold = (t: string) => t.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

export function parseStatement(csv: string): StatementLine[] {
  const rows = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const first = rows.find((r) => r.trim()) ?? '';
  const separator = [';', '\t', ','].find((s) => first.includes(s)) ?? ';';
  let columns = { date: 0, label: 1, amount: 2, debit: -1 };
  let start = 0;
  const header = fields(first, separator).map(fold);
  if (!header.some((h) => parseDay(h))) {
    const find = (...names: string[]) => header.findIndex((h) => names.some((n) => h.includes(n)));
    const credit = find('credit');
    columns = {
      date: Math.max(find('date'), 0),
      label: Math.max(find('libelle', 'label', 'description', 'operation', 'motif'), 1),
      amount: credit >= 0 ? credit : Math.max(find('montant', 'amount'), 2),
      debit: find('debit'),
    };
    start = rows.indexOf(first) + 1;
  }
  const seen = new Map<string, number>();
  const lines: StatementLine[] = [];
  for (let i = start; i < rows.length; i++) {
    const raw = rows[i]!;
    if (!raw.trim()) continue;
    const f = fields(raw, separator);
    const date = parseDay(f[columns.date] ?? '');
    const label = (f[columns.label] ?? '').slice(0, 300);
    const credit = parseAmount(f[columns.amount] ?? '');
    const debit = columns.debit >= 0 ? parseAmount(f[columns.debit] ?? '') : null;
    const amount = credit ?? (debit === null ? null : -Math.abs(debit));
    const error = !date ? 'date' : amount === null ? 'amount' : null;
    // Two identical lines in one statement are two movements: the occurrence is part of the print.
    const key = `${date}|${label}|${amount}`;
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    lines.push({
      line: i + 1,
      date,
      label,
      amount,
      reference: referenceIn(label),
      fingerprint: error ? null : createHash('sha256').update(`${key}|${occurrence}`).digest('hex'),
      error,
    });
  }
  return lines;
}
