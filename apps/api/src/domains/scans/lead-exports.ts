import type { Writable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import type { Language } from '@salon/shared';
import type { Db } from '../../db/client';
import { documentTexts } from '../../texts/index';
import { csvField, readyForMore } from '../../lib/streams';
import { allScans } from './scans.service';
import { answeredLabels } from './leads.service';
import { answerCells, answerText, followUpName, showWallClock } from './scans-export';

/**
 * The leads for the tools exhibitors import them into: a CSV whose headers a CRM maps
 * by itself and a vCard 4.0 file (RFC 6350) for an address book. Both skip the scans of people
 * erased under the personal-data law, as they name nobody; SCANS.xlsx keeps them as counts. A
 * person who asked the exhibitor not to contact them (decision 037) is in the CSV without e-mail
 * or phone, marked 'Do Not Contact', and not in the vCard file at all: an address book is for
 * contacting.
 */

export const LEADS_CSV_NAME = 'SCANS.csv';
export const LEADS_VCARD_NAME = 'SCANS.vcf';

/**
 * The CSV's headers: the labels of HubSpot's default contact properties, which its import maps
 * without being asked (First Name … Job Title), then the lead's own columns. English whatever the
 * file's language: the CRMs' templates are.
 */
const CSV_HEADERS = [
  'First Name',
  'Last Name',
  'Email',
  'Phone Number',
  'Company Name',
  'Job Title',
  'Notes',
  'Rating',
  'Follow-up',
  'Tags',
  'Scanned At',
  'Scanned By',
] as const;
/** After the answers' columns: 'Yes' when the person asked not to be contacted. */
const DO_NOT_CONTACT_HEADER = 'Do Not Contact';

/** The one name field ('Nom & Prénom', typed in one box) cut at its first space: first word, then the rest. */
export function nameParts(name: string | null): { first: string; last: string } {
  const trimmed = (name ?? '').trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  return space < 0 ? { first: '', last: trimmed } : { first: trimmed.slice(0, space), last: trimmed.slice(space + 1) };
}

/** '2024-05-29 10:15': the show's local time, as a CRM's date field reads it. */
const localTime = (date: Date) => showWallClock(date).toISOString().slice(0, 16).replace('T', ' ');

/** Writes each chunk of leads as `render` makes them; false when the client went away. */
async function writeLeads(
  db: Db,
  scope: SQL | null,
  out: Writable,
  head: string,
  render: (row: LeadRow) => string,
  keep: (row: LeadRow) => boolean = () => true,
): Promise<void> {
  out.write(head);
  for await (const rows of allScans(db, scope)) {
    const text = rows
      .filter((row) => !row.anonymisedAt && keep(row))
      .map(render)
      .join('');
    if (text) out.write(text);
    if (!(await readyForMore(out))) return;
  }
  out.end();
}
/** A scan as allScans reads it for the exports. */
type LeadRow = (ReturnType<typeof allScans> extends AsyncGenerator<infer Rows> ? Rows : never)[number];

/**
 * SCANS.csv of one table: UTF-8 with a byte-order mark (so Excel reads its accents too), CRLF
 * lines, one lead a line, the answers in one column per question after the headers above.
 */
export async function writeLeadsCsv(db: Db, scope: SQL | null, lang: Language, out: Writable) {
  const questions = await answeredLabels(db, scope);
  const line = (cells: (string | number | null | undefined)[]) => `${cells.map((c) => csvField(c)).join(',')}\r\n`;
  const head = `\uFEFF${line([...CSV_HEADERS, ...questions, DO_NOT_CONTACT_HEADER])}`;
  await writeLeads(db, scope, out, head, (row) => {
    const { first, last } = nameParts(row.name);
    const reachable = !row.doNotContactAt;
    return line([
      first,
      last,
      reachable ? row.email : null,
      reachable ? row.phone : null,
      row.company,
      row.jobPosition,
      row.note,
      row.rating,
      followUpName(lang, row.followUp),
      row.tags.join(', '),
      localTime(row.createdAt),
      row.scannerName,
      ...answerCells(questions, row.answers),
      reachable ? null : 'Yes',
    ]);
  });
}

/**
 * A vCard text value (RFC 6350 §3.4): backslash, comma, semicolon and line breaks escaped, other
 * control characters (which a content line may not hold) dropped.
 */
export const vText = (value: string) =>
  value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replaceAll('\\', '\\\\')
    .replaceAll(',', '\\,')
    .replaceAll(';', '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');

/** A content line folded at 75 octets (§3.2), never inside a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // A continuation line starts with the space that marks it: one octet of its 75.
    if (octets + size > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return `${parts.join('\r\n ')}\r\n`;
}

/**
 * SCANS.vcf of one table: a vCard 4.0 per lead (name, organisation, title, e-mail, phone), its
 * tags as CATEGORIES, and in NOTE the note, the rating, the follow-up, the answers and who scanned
 * it when. UID is the scan's own id, so a second import updates the same card.
 */
export async function writeLeadsVcard(db: Db, scope: SQL | null, lang: Language, out: Writable) {
  const l = documentTexts(lang).vcardNote;
  await writeLeads(
    db,
    scope,
    out,
    '',
    (row) => {
      const { first, last } = nameParts(row.name);
      const note = [
        row.note,
        row.rating !== null ? `${l.rating}${l.sep}${row.rating}/5` : null,
        row.followUp ? `${l.followUp}${l.sep}${followUpName(lang, row.followUp)}` : null,
        ...row.answers.map((a) => `${a.label}${l.sep}${answerText(a)}`),
        `${l.by} ${row.scannerName} ${l.at} ${localTime(row.createdAt)}`,
      ].filter(Boolean);
      const lines = [
        'BEGIN:VCARD',
        'VERSION:4.0',
        `UID:urn:uuid:${row.id}`,
        `FN:${vText(row.name ?? '')}`,
        `N:${vText(last)};${vText(first)};;;`,
        row.company && `ORG:${vText(row.company)}`,
        row.jobPosition && `TITLE:${vText(row.jobPosition)}`,
        row.email && `EMAIL:${vText(row.email)}`,
        // The phone as typed: a text value, not a tel: URI the typing may not make valid.
        row.phone && `TEL;VALUE=text:${vText(row.phone)}`,
        row.tags.length > 0 && `CATEGORIES:${row.tags.map(vText).join(',')}`,
        `NOTE:${vText(note.join('\n'))}`,
        'END:VCARD',
      ];
      return lines
        .filter((x): x is string => typeof x === 'string' && x !== '')
        .map(foldLine)
        .join('');
    },
    (row) => !row.doNotContactAt,
  );
}
