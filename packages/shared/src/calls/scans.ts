import { call, formBody, idPath, strapiQuery } from '../call';
import { CSV_TYPE, fileAnswer, VCARD_TYPE, XLSX_TYPE } from '../contracts/common';
import {
  leadQuestionsSchema,
  leadReportSchema,
  leadSchema,
  scanEditionsSchema,
  scanPageSchema,
  scanResultsSchema,
} from '../contracts/scans';
import { leadQuestionsFormSchema, leadUpdateSchema, SCAN_FILTER_KEYS } from '../leads';
import { scanBatchSchema } from '../schemas';

/**
 * 'Mes scans' and the scanner: the exhibitors' and their collaborators' (the exhibitor's own
 * questions and report, the exhibitor's alone).
 */

const tags = ['scans'];

/** What a device read, sent in a batch (idempotent by the device's ids). */
export const postScans = call({
  method: 'POST',
  path: '/scans',
  tags,
  body: formBody(scanBatchSchema),
  response: { 200: scanResultsSchema },
  audience: 'exhibitorsAndTeams',
});

/** The two tables, with the specification's filters (which may only name the caller) and those of 'Mes scans'. */
export const getScans = call({
  method: 'GET',
  path: '/scans',
  tags,
  query: strapiQuery('filters', 'pagination', 'populate', 'edition', ...SCAN_FILTER_KEYS),
  response: { 200: scanPageSchema },
  audience: 'exhibitorsAndTeams',
});

/** A table as SCANS.xlsx, SCANS.csv or SCANS.vcf, narrowed by the filters of 'Mes scans'. */
export const getScansExport = call({
  method: 'GET',
  path: '/scans/export',
  tags,
  query: strapiQuery('table', 'lang', 'edition', 'format', ...SCAN_FILTER_KEYS),
  response: {
    200: {
      content: { ...fileAnswer(XLSX_TYPE).content, ...fileAnswer(CSV_TYPE).content, ...fileAnswer(VCARD_TYPE).content },
    },
  },
  audience: 'exhibitorsAndTeams',
});

/** A lead completed from 'Mes scans': note, rating, answers, tags, follow-up. */
export const putScan = call({
  method: 'PUT',
  path: '/scans/:id',
  tags,
  params: idPath,
  body: formBody(leadUpdateSchema),
  response: { 200: leadSchema },
  audience: 'exhibitorsAndTeams',
});

export const getLeadQuestions = call({
  method: 'GET',
  path: '/lead-questions',
  tags,
  query: strapiQuery(),
  response: { 200: leadQuestionsSchema },
  audience: 'exhibitorsAndTeams',
});

export const putLeadQuestions = call({
  method: 'PUT',
  path: '/lead-questions',
  tags,
  body: formBody(leadQuestionsFormSchema),
  response: { 200: leadQuestionsSchema },
  audience: 'exhibitors',
});

/** 'Bilan': the exhibitor's leads of an edition, counted. */
export const getLeadReport = call({
  method: 'GET',
  path: '/scans/report',
  tags,
  query: strapiQuery('edition'),
  response: { 200: leadReportSchema },
  audience: 'exhibitors',
});

export const getLeadReportPdf = call({
  method: 'GET',
  path: '/scans/report.pdf',
  tags,
  query: strapiQuery('edition', 'lang'),
  response: { 200: fileAnswer('application/pdf') },
  audience: 'exhibitors',
});

export const getScanEditions = call({
  method: 'GET',
  path: '/scans/editions',
  tags,
  response: { 200: scanEditionsSchema },
  audience: 'exhibitorsAndTeams',
});
