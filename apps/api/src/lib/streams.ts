import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { XLSX_TYPE } from '@salon/shared';

export { CSV_TYPE, VCARD_TYPE, XLSX_TYPE } from '@salon/shared';

/**
 * Waits until `out` can take more, and answers false when it never will: the client went away
 * and the server destroyed the stream, which emits 'close', not 'drain'. An export writing a
 * chunk at a time stops there instead of waiting forever or reading the rest for nobody.
 * `through` is the stream written to when it is not `out` itself but feeds it (a zip entry).
 */
export async function readyForMore(out: Writable, through: Writable = out): Promise<boolean> {
  if (out.destroyed) return false;
  if (through.writableNeedDrain) {
    // Whichever comes first; the other's listener is removed, so none piles up chunk after chunk.
    const done = new AbortController();
    await Promise.race([
      once(through, 'drain', { signal: done.signal }),
      once(out, 'close', { signal: done.signal }),
    ]).finally(() => done.abort());
  }
  return !out.destroyed;
}

/**
 * Answers a download written by `write` as it goes (exports of any size in flat memory), an xlsx
 * unless `type` says otherwise. An error after the headers left can only cut the download short:
 * it is logged, and the stream destroyed.
 */
export function sendXlsxStream(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  write: (out: Writable) => Promise<void>,
  type = XLSX_TYPE,
): FastifyReply {
  const out = new PassThrough();
  write(out).catch((error: unknown) => {
    request.log.error({ err: error }, `${fileName} export failed`);
    out.destroy(error as Error);
  });
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(out);
}

/** What a spreadsheet reads as a formula when the cell is edited, or a CSV of it opened: OWASP's list. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number or a phone number ('+212 6 12 34 56 78', '-5'): no name, reference or call, nothing to run. */
const PLAIN_NUMBER = /^[+-]?[\d\s()./-]*$/;

/**
 * A text cell that cannot turn into a formula: text starting with = + - @, a tab or a CR gets
 * Excel's own text mark, a leading apostrophe ('=HYPERLINK(…) stays that text). Numbers and
 * phone numbers are left as typed, so a phone shows as '+212 6 …', not "'+212 6 …".
 */
export function safeCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * A CSV field (RFC 4180): quoted when it holds the separator, a quote or a line break; never a
 * formula.
 */
export function csvField(value: string | number | null | undefined, separator = ','): string {
  if (value === null || value === undefined) return '';
  const text = String(safeCell(value));
  return text.includes(separator) || /["\r\n]/.test(text) || text !== text.trim()
    ? `"${text.replaceAll('"', '""')}"`
    : text;
}
