import type { Writable } from 'node:stream';
import { SHOW_TIME_ZONE, type FollowUp, type Language, type ScanExport } from '@salon/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { scans } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { writeXlsx } from '../../lib/xlsx-writer';
import { documentTexts } from '../../texts/index';
import { currentEdition } from '../show/current-edition';
import { allScans, erasedRow, scanned, scanner, tableScope, type LeadAnswerView } from './scans.service';
import { answeredLabels } from './leads.service';

export const SCANS_FILE_NAME = 'SCANS.xlsx';

/**
 * What an export holds: a table's scans, or `team`, every lead made for the caller's exhibitor
 * (its own and its collaborators') when the caller is the exhibitor; a collaborator's team file
 * is its own table, all it sees.
 */
export function exportScope(what: ScanExport, user: Caller, edition: number | null = null): SQL | null {
  if (what !== 'team') return tableScope(what, user, edition);
  if (user.type !== 'exhibitor') return tableScope('scansExposant', user, edition);
  return and(eq(scans.exhibitorId, user.id), eq(scans.eventId, sql`coalesce(${edition}::int, ${currentEdition})`))!;
}

/** A follow-up's name in the file's language. */
export const followUpName = (lang: Language, code: FollowUp | null) =>
  code ? documentTexts(lang).scans.followUps[code] : null;

/** An answer as one cell: the text typed, or the choices ticked. */
export const answerText = (a: LeadAnswerView | undefined) =>
  a ? (a.kind === 'text' ? a.text : a.choices.join(', ')) : null;

/** A lead's answers under each of the columns' labels (two questions of one label share its cell). */
export const answerCells = (labels: readonly string[], answers: readonly LeadAnswerView[]) =>
  labels.map(
    (label) =>
      answers
        .filter((a) => a.label === label)
        .map(answerText)
        .join(' / ') || null,
  );

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

/** Between a header's width and 60 characters; Excel's width unit is about one character. */
const fit = (header: string, longest: number | null | undefined, min = 0) =>
  Math.min(60, Math.max(header.length, longest ?? 0, min) + 2);

/**
 * SCANS.xlsx of one table, streamed: rows are read from the database a chunk at a time and
 * written out as they come, so memory does not grow with the number of scans. Columns as on
 * screen (Par for the collaborators' table and the team's file), then the note and the rating, as the
 * specification has them; after them, the follow-up, the tags and one column per question the
 * leads answered, and last whether the person asked not to be contacted. Dates are real date cells shown dd/MM/yyyy HH:mm, phones text cells.
 */
export async function writeScansXlsx(db: Db, table: ScanExport, scope: SQL | null, lang: Language, out: Writable) {
  const h = documentTexts(lang).scans;
  const longest = await longestTexts(db, scope);
  const questions = await answeredLabels(db, scope);
  const withScanner = table !== 'scansExposant';
  const sheet = writeXlsx(out, h.sheet, [
    { header: h.type, width: fit(h.type, Math.max(h.visitor.length, h.exhibitor.length)) },
    { header: h.name, width: fit(h.name, longest?.name) },
    { header: h.email, width: fit(h.email, longest?.email) },
    // Phones are written as strings: text cells, never numbers that lose their leading '+' or '0'.
    { header: h.phone, width: fit(h.phone, longest?.phone) },
    { header: h.company, width: fit(h.company, longest?.company) },
    { header: h.jobPosition, width: fit(h.jobPosition, longest?.jobPosition) },
    { header: h.createdAt, width: fit(h.createdAt, 16) },
    ...(withScanner ? [{ header: h.scannerName, width: fit(h.scannerName, longest?.scannerName) }] : []),
    { header: h.note, width: fit(h.note, longest?.note) },
    { header: h.rating, width: fit(h.rating, 1) },
    { header: h.followUp, width: fit(h.followUp, 13) },
    { header: h.tags, width: fit(h.tags, 30) },
    ...questions.map((label) => ({ header: label, width: fit(label, 20) })),
    // The person asked the exhibitor, from their e-badge page, not to be contacted (decision 037).
    { header: h.doNotContact, width: fit(h.doNotContact, 3) },
  ]);
  for await (const rows of allScans(db, scope)) {
    const more = await sheet.addRows(
      rows.map((stored) => {
        const row = erasedRow(stored);
        return [
          row.typeScanned === 'visitor' ? h.visitor : h.exhibitor,
          row.name,
          row.email,
          row.phone,
          row.company,
          row.jobPosition,
          showWallClock(row.createdAt),
          ...(withScanner ? [row.scannerName] : []),
          row.note,
          row.rating,
          followUpName(lang, row.followUp),
          // What was written about an erased person went with them; the counts stay.
          ...(row.anonymisedAt
            ? [null, ...questions.map(() => null)]
            : [row.tags.join(', '), ...answerCells(questions, row.answers)]),
          row.doNotContactAt ? h.yes : null,
        ];
      }),
    );
    // The client went away: nothing more is read.
    if (!more) return;
  }
  await sheet.end();
}

/** The longest text of each column of a table, so the export can size its columns before streaming. */
async function longestTexts(db: Db, scope: SQL | null) {
  const longest = (column: AnyPgColumn) => sql<number | null>`max(char_length(${column}))`.mapWith(Number);
  const [row] = scope
    ? await db
        .select({
          name: longest(scanned.name),
          email: longest(scanned.email),
          phone: longest(scanned.phone),
          company: longest(scanned.company),
          jobPosition: longest(scanned.jobPosition),
          scannerName: longest(scanner.name),
          note: longest(scans.note),
        })
        .from(scans)
        .innerJoin(scanned, eq(scanned.id, scans.scannedId))
        .innerJoin(scanner, eq(scanner.id, scans.scannerId))
        .where(scope)
    : [];
  return row;
}
