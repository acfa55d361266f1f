import * as z from 'zod/mini';
import { formBody, idPath, openQuery } from '../call';
import { backOfficeCall } from './back-office-call';
import { retentionRunFormSchema, retentionSettingsSchema } from '../admin-schemas';
import { fileAnswer, XLSX_TYPE } from '../contracts/common';
import {
  badgeResentSchema,
  personalDataSchema,
  personRecordSchema,
  retentionDryRunSchema,
  retentionRunSchema,
  retentionSettingsRecordSchema,
} from '../contracts/admin-people';
import { mailRecordSchema, mailRowSchema, newsletterRowSchema } from '../contracts/admin-mail';

/**
 * The back-office's people and mail: visitors, one person's data (export and erasure), the
 * retention of personal data, the mail outbox and the newsletter's subscribers.
 */

const byId = <const P extends string, R extends Record<number, unknown>>(
  method: 'GET' | 'POST',
  path: P,
  response: R,
) => backOfficeCall({ method, path, params: idPath, response });

export const getVisitors = backOfficeCall({
  method: 'GET',
  path: '/admin/visitors',
  query: openQuery,
  response: { 200: z.array(personRecordSchema) },
});
/** The visitors the list's filter keeps, as a spreadsheet (`filter` only); audited. */
export const getVisitorsExport = backOfficeCall({
  method: 'GET',
  path: '/admin/visitors/export.xlsx',
  query: openQuery,
  response: { 200: fileAnswer(XLSX_TYPE) },
});
export const getVisitor = byId('GET', '/admin/visitors/:id', { 200: personRecordSchema });
export const postVisitorResendBadge = byId('POST', '/admin/visitors/:id/resend-badge', { 200: badgeResentSchema });
/** One person's data, as indented JSON to read, or as a spreadsheet; audited. */
export const getPersonExportJson = byId('GET', '/admin/people/:id/export.json', { 200: personalDataSchema });
export const getPersonExportXlsx = byId('GET', '/admin/people/:id/export.xlsx', { 200: fileAnswer(XLSX_TYPE) });
export const postPersonErase = byId('POST', '/admin/people/:id/erase', { 200: personRecordSchema });

/** The retention settings, a singleton react-admin edits as record 1. */
export const getRetention = backOfficeCall({
  method: 'GET',
  path: '/admin/retention/1',
  response: { 200: retentionSettingsRecordSchema },
});
export const putRetention = backOfficeCall({
  method: 'PUT',
  path: '/admin/retention/1',
  body: formBody(retentionSettingsSchema),
  response: { 200: retentionSettingsRecordSchema },
});
export const getRetentionDryRun = backOfficeCall({
  method: 'GET',
  path: '/admin/retention/1/dry-run',
  response: { 200: retentionDryRunSchema },
});
export const postRetentionRun = backOfficeCall({
  method: 'POST',
  path: '/admin/retention/1/run',
  body: formBody(retentionRunFormSchema),
  response: { 200: retentionRunSchema },
});

/** The mail outbox: state, attempts, last error. */
export const getMails = backOfficeCall({
  method: 'GET',
  path: '/admin/mails',
  query: openQuery,
  response: { 200: z.array(mailRowSchema) },
});
export const getMail = byId('GET', '/admin/mails/:id', { 200: mailRecordSchema });
/** Sends a failed (or still pending) mail again now. */
export const postMailRetry = byId('POST', '/admin/mails/:id/retry', { 200: mailRecordSchema });
/** The mail as an RFC 822 message. */
export const getMailEml = byId('GET', '/admin/mails/:id/eml', { 200: fileAnswer('message/rfc822') });

export const getNewsletters = backOfficeCall({
  method: 'GET',
  path: '/admin/newsletters',
  query: openQuery,
  response: { 200: z.array(newsletterRowSchema) },
});
/** newsletter.xlsx of the subscribers the list's filter keeps (`filter`, optional `lang=en`). */
export const getNewslettersExport = backOfficeCall({
  method: 'GET',
  path: '/admin/newsletters/export',
  query: openQuery,
  response: { 200: fileAnswer(XLSX_TYPE) },
});
