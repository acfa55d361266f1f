import type { Writable } from 'node:stream';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, notLike, sql, type SQL } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import { type Language, MAIL_STATUSES, NEWSLETTER_STATES } from '@salon/shared';
import type { Db } from '../../db/client';
import { mailOutbox, newsletters } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { writeXlsx } from '../../lib/xlsx-writer';
import { documentTexts } from '../../texts/index';
import { parseListQuery, readPage, searchFilter } from '../../lib/admin-list';
import { recordAudit } from '../audit/audit.service';
import type { ResolveAttachments } from '../mail/attachments';
import { errorLine } from '../mail/worker';
import { mailOptions, type MailAttachment } from '../mail/transport';
import { showWallClock } from '../scans/scans-export';

/** What the outbox list shows; the record adds the bodies. */
const mailColumns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  sentAt: mailOutbox.sentAt,
  createdAt: mailOutbox.createdAt,
};
const mailRecordColumns = {
  ...mailColumns,
  text: mailOutbox.text,
  html: mailOutbox.html,
  headers: mailOutbox.headers,
  attachments: mailOutbox.attachments,
  /** The bodies hold LINK_PLACEHOLDER where the link's secret went: the secret is never stored. */
  linkRedacted: sql<boolean>`${mailOutbox.link} is not null`,
};

export type MailRecord = Pick<
  typeof mailOutbox.$inferSelect,
  'id' | 'to' | 'subject' | 'text' | 'html' | 'headers' | 'attachments' | 'sentAt' | 'createdAt'
>;

/** `badge registrationId=12`: an attachment descriptor in words a mail header keeps readable. */
const describe = ({ kind, ...rest }: { kind: string; [key: string]: unknown }) =>
  [kind, ...Object.entries(rest).map(([k, v]) => `${k}=${String(v)}`)].join(' ');

/**
 * A mail composed again from its row, for when no .eml file was written (SMTP_URL set, or not
 * sent yet): same sender, recipient, subject, bodies and headers, dated when it was sent, with
 * its attachments rebuilt by the worker's builders. One that cannot be rebuilt (a badge since
 * deleted) is named in an X-Salon-Missing-Attachments header instead.
 */
export async function composeEml(from: string, mail: MailRecord, resolve: ResolveAttachments): Promise<Buffer> {
  const attachments: MailAttachment[] = [];
  const missing: string[] = [];
  for (const descriptor of mail.attachments ?? []) {
    try {
      attachments.push(...(await resolve([descriptor])));
    } catch (err) {
      missing.push(`${describe(descriptor)} (${errorLine(err)})`);
    }
  }
  const headers: Record<string, string> = { ...mail.headers };
  if (missing.length) headers['X-Salon-Missing-Attachments'] = missing.join('; ');
  const message = mailOptions(from, { ...mail, headers, attachments });
  return new MailComposer({ ...message, date: mail.sentAt ?? mail.createdAt, newline: 'windows' }).compile().build();
}

/** A subscriber's state: waiting for the confirmation link, confirmed, or unsubscribed. */
const newsletterState = sql<(typeof NEWSLETTER_STATES)[number]>`case
  when ${newsletters.unsubscribedAt} is not null then 'unsubscribed'
  when ${newsletters.confirmedAt} is not null then 'confirmed'
  else 'waiting' end`;

export const NEWSLETTER_FILE_NAME = 'newsletter.xlsx';
const EXPORT_CHUNK = 1000;

/**
 * newsletter.xlsx, streamed: subscribers read by id a chunk at a time, dates as real date cells
 * in Marrakech time (dd/mm/yyyy hh:mm), so memory does not grow with the list.
 */
export async function writeNewsletterXlsx(db: Db, where: SQL | undefined, lang: Language, out: Writable) {
  const h = documentTexts(lang).newsletter;
  const sheet = writeXlsx(out, h.sheet, [
    { header: h.email, width: 40 },
    { header: h.language, width: 10 },
    { header: h.state, width: 28 },
    { header: h.createdAt, width: 18 },
    { header: h.confirmedAt, width: 18 },
    { header: h.unsubscribedAt, width: 18 },
  ]);
  const cell = (d: Date | null) => (d ? showWallClock(d) : null);
  for (let last = 0; ;) {
    const rows = await db
      .select({
        id: newsletters.id,
        email: newsletters.email,
        language: newsletters.language,
        state: newsletterState,
        createdAt: newsletters.createdAt,
        confirmedAt: newsletters.confirmedAt,
        unsubscribedAt: newsletters.unsubscribedAt,
      })
      .from(newsletters)
      .where(and(where, gt(newsletters.id, last)))
      .orderBy(asc(newsletters.id))
      .limit(EXPORT_CHUNK);
    const more = await sheet.addRows(
      rows.map((row) => [
        row.email,
        row.language,
        h[row.state],
        cell(row.createdAt),
        cell(row.confirmedAt),
        cell(row.unsubscribedAt),
      ]),
    );
    if (!more) return;
    if (rows.length < EXPORT_CHUNK) break;
    last = rows.at(-1)!.id;
  }
  await sheet.end();
}

const mailStatusFilter = (value: unknown) => {
  const status = MAIL_STATUSES.find((s) => s === value);
  if (!status) throw badRequest(`Filtre status : ${MAIL_STATUSES.join(', ')}.`);
  return eq(mailOutbox.status, status);
};

const newsletterStateFilter = (value: unknown) => {
  const state = NEWSLETTER_STATES.find((s) => s === value);
  if (!state) throw badRequest(`Filtre state : ${NEWSLETTER_STATES.join(', ')}.`);
  if (state === 'unsubscribed') return isNotNull(newsletters.unsubscribedAt);
  return and(
    isNull(newsletters.unsubscribedAt),
    state === 'confirmed' ? isNotNull(newsletters.confirmedAt) : isNull(newsletters.confirmedAt),
  )!;
};
const newsletterFilters = { state: newsletterStateFilter, q: searchFilter(newsletters.email) };

/** A page of the outbox, as the list query asks. */
export async function listMails(db: Db, query: Record<string, unknown>) {
  const list = parseListQuery(query, {
    sortable: {
      id: mailOutbox.id,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      attempts: mailOutbox.attempts,
      status: mailOutbox.status,
      to: mailOutbox.to,
    },
    defaultSort: [desc(mailOutbox.createdAt), desc(mailOutbox.id)],
    filters: { status: mailStatusFilter, q: searchFilter(mailOutbox.to, mailOutbox.subject) },
  });
  const { rows, total } = await readPage(
    list,
    db.select(mailColumns).from(mailOutbox).$dynamic(),
    db.select({ n: count() }).from(mailOutbox).$dynamic(),
  );
  return { list, rows, total };
}

/** One mail of the outbox with its bodies, or null. */
export const mailRecord = async (db: Db, id: number) => {
  const [row] = await db.select(mailRecordColumns).from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
};

/**
 * The mail `before` sent again now, audited: its attempts start again from zero. Refused (a 400)
 * unless it failed or still waits, or when its address is an erased person's.
 */
export function retryMail(db: Db, userId: number, before: NonNullable<Awaited<ReturnType<typeof mailRecord>>>) {
  return db.transaction(async (tx) => {
    // Conditional: the worker may have claimed the mail since it was read.
    const [updated] = await tx
      .update(mailOutbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
      .where(
        and(
          eq(mailOutbox.id, before.id),
          inArray(mailOutbox.status, ['failed', 'pending']),
          // An erased person's mail has no address left to go to.
          notLike(mailOutbox.to, 'supprime-%@invalid'),
        ),
      )
      .returning(mailRecordColumns);
    if (!updated) throw badRequest('Seul un e-mail en échec ou en attente peut être renvoyé.');
    await recordAudit(tx, {
      userId,
      action: 'POST /admin/mails/:id/retry',
      resource: 'mails',
      recordId: before.id,
      before: { status: before.status, attempts: before.attempts, nextAttemptAt: before.nextAttemptAt },
      after: { status: updated.status, attempts: updated.attempts, nextAttemptAt: updated.nextAttemptAt },
    });
    return updated;
  });
}

/** A page of the newsletter's subscribers, as the list query asks. */
export async function listNewsletters(db: Db, query: Record<string, unknown>) {
  const list = parseListQuery(query, {
    sortable: {
      id: newsletters.id,
      email: newsletters.email,
      createdAt: newsletters.createdAt,
      confirmedAt: newsletters.confirmedAt,
      unsubscribedAt: newsletters.unsubscribedAt,
    },
    defaultSort: [desc(newsletters.createdAt), desc(newsletters.id)],
    filters: newsletterFilters,
  });
  const { rows, total } = await readPage(
    list,
    db
      .select({
        id: newsletters.id,
        email: newsletters.email,
        language: newsletters.language,
        state: newsletterState,
        confirmedAt: newsletters.confirmedAt,
        unsubscribedAt: newsletters.unsubscribedAt,
        createdAt: newsletters.createdAt,
      })
      .from(newsletters)
      .$dynamic(),
    db.select({ n: count() }).from(newsletters).$dynamic(),
  );
  return { list, rows, total };
}

/** The subscribers the export's filter keeps (the list's filters; no sort, no range). */
export function newsletterExportWhere(query: Record<string, unknown>) {
  const list = parseListQuery(query, { sortable: {}, defaultSort: [], filters: newsletterFilters });
  return and(...list.where);
}
