import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  asLanguage,
  fileAnswer,
  leadQuestionsFormSchema,
  leadQuestionsSchema,
  leadReportSchema,
  leadSchema,
  leadUpdateSchema,
  PAGE_SIZE,
  SCAN_FILTER_KEYS,
  scanFiltersSchema,
  SCAN_EXPORTS,
  scanBatchSchema,
  scanEditionsSchema,
  scanPageSchema,
  scanResultsSchema,
  type ScanTable,
} from '@salon/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { CacheBus } from '../../lib/cache-bus';
import type { Clock } from '../../lib/clock';
import { badRequest, notFound } from '../../lib/errors';
import { assertQueryKeys, intValue, parseFilters, type FilterCondition } from '../../lib/query';
import { AUDIENCES, currentUser, only } from '../../plugins/auth';
import type { BadgeSigner } from '../badges/badge-token';
import {
  listReply,
  parseFormBody,
  parsePagination,
  parseQueryFields,
  parsePopulateQuery,
  populates,
  sendJsonText,
} from '../../lib/query-params';
import { CSV_TYPE, sendXlsxStream, VCARD_TYPE, XLSX_TYPE } from '../../lib/streams';
import { LEADS_CSV_NAME, LEADS_VCARD_NAME, writeLeadsCsv, writeLeadsVcard } from './lead-exports';
import { exportScope, SCANS_FILE_NAME, writeScansXlsx } from './scans-export';
import { recordScans } from './scan-recording.service';
import { createFilteredTotals, createScanTotals, listScans, scanEditions, scanningFor } from './scans.service';
import { anyFilter, filtered, filterValues } from './scan-filters';
import { readQuestions, saveQuestions } from './leads.service';
import { updateLead } from './lead-update.service';
import { leadReport } from './lead-report.service';
import { leadReportFileName, renderLeadReport } from './lead-report-pdf';
import { editionNamedByYear } from '../show/current-edition';

/** The filters of the two tables: the scanner (this site's client) or the parties (the specification's). */
const SCAN_FILTERS = ['scanner.id', 'scanner.exhibitor.id', 'users.id', 'users.exhibitor.id'];

/** The ids a filter names: its value, or each value of `$in`. */
function namedIds(f: FilterCondition, label: string): number[] {
  const values = f.op === '$in' && Array.isArray(f.value) ? f.value : [f.value];
  return values.map((v) => intValue(v, label));
}

/**
 * 'Mes scans' and the scanner page. A device sends what it read (`POST scans`, idempotent by
 * the device's ids); the two tables read `GET scans` with the specification's filters, which
 * may only name the caller; `GET scans/export` streams a table as SCANS.xlsx.
 */
export const scansRoutes: FastifyPluginAsyncZod<{
  db: Db;
  signer: BadgeSigner;
  clock: Clock;
  cacheBus: CacheBus;
}> = async (app, { db, signer, clock, cacheBus }) => {
  const tags = ['scans'];
  // 'Mes scans' and the scanner are the exhibitors' and their collaborators'.
  const scanning = only(app, AUDIENCES.exhibitorsAndTeams);
  const totals = createScanTotals(cacheBus);
  const filteredTotals = createFilteredTotals(cacheBus);
  /**
   * `edition=2024`: the scans of another edition than the current one, readable until retention
   * removes them (null: the current edition's). A year no edition holds is a 404.
   */
  const editionOfScans = async (year: unknown): Promise<number | null> => {
    const found = await editionNamedByYear(db, year);
    return found && !found.current ? found.id : null;
  };

  app.post('/scans', { schema: { tags, response: { 200: scanResultsSchema } }, ...scanning }, async (request) => {
    const user = currentUser(request);
    const batch = parseFormBody(scanBatchSchema, request.body);
    return {
      data: await recordScans(db, (badge) => signer.verify(badge), user, batch.scans, clock(), totals).finally(() =>
        filteredTotals.clear(),
      ),
      meta: {},
    };
  });

  /**
   * The two tables. `filters[scanner][id]=<me>` or `filters[users][id]=<me>` (or none): the
   * caller's own scans. `filters[scanner][exhibitor][id]=<me>` or `filters[users][exhibitor][id]=<me>`:
   * an exhibitor's collaborators' scans. Each as `[$eq]` or `[$in]`; `filters[users][id][$ne]=<me>`
   * leaves the caller out of each scan's `users`, as `populate[users][filters][id][$ne]=<me>` does.
   * A filter naming anyone else is an empty list: filters never widen what a caller sees.
   */
  app.get('/scans', { schema: { tags, response: { 200: scanPageSchema } }, ...scanning }, async (request, reply) => {
    const user = currentUser(request);
    const query = request.query as Record<string, unknown>;
    assertQueryKeys(query, ['filters', 'pagination', 'populate', 'edition', ...SCAN_FILTER_KEYS]);
    const { filters: _f, pagination: _p, populate: _o, edition: _e, ...narrowing } = query;
    const filters = filterValues(parseQueryFields(scanFiltersSchema, narrowing));
    const edition = await editionOfScans(query.edition);
    const page = parsePagination(query.pagination, { defaultPageSize: PAGE_SIZE.scans, maxPageSize: PAGE_SIZE.scans });
    const populate = parsePopulateQuery(query.populate, ['users', 'users.exhibitor'], { users: ['id'] });
    const nothing = () => sendJsonText(reply, listReply(null, page, 0));
    const hide = new Set<number>();
    let only: Set<number> | null = null;
    for (const f of populate.filters.users ?? []) {
      if (f.op === '$ne') hide.add(intValue(f.value, 'populate[users][filters][id]'));
      else if (f.op === '$eq' || f.op === '$in') {
        const ids = namedIds(f, 'populate[users][filters][id]');
        only = new Set(only ? ids.filter((id) => only!.has(id)) : ids);
      } else throw badRequest(`Opérateur ${f.op} non pris en charge pour populate[users][filters][id].`);
    }
    let table: ScanTable = 'scansExposant';
    for (const f of parseFilters(query.filters, SCAN_FILTERS)) {
      if (f.path === 'users.id' && f.op === '$ne') {
        if (intValue(f.value, f.path) !== user.id) return nothing();
        hide.add(user.id);
        continue;
      }
      if (f.op !== '$eq' && f.op !== '$in') return nothing();
      if (!namedIds(f, f.path).every((id) => id === user.id)) return nothing();
      if (f.path.endsWith('exhibitor.id')) table = 'scansByCollaborators';
    }
    const exhibitor = populates(populate.paths, 'users.exhibitor');
    // The page is its JSON text, written by the database (listScans).
    const text = await listScans(
      db,
      table,
      user,
      page,
      totals,
      { exhibitor, hide, only },
      edition,
      filters,
      filteredTotals,
    );
    return sendJsonText(reply, text);
  });

  /**
   * A table as SCANS.xlsx (the specification's), or `format=csv` (SCANS.csv, for a CRM's import)
   * or `format=vcf` (SCANS.vcf, vCard 4.0 for an address book). `table=team`: the exhibitor's own
   * leads and its collaborators' in one file, who scanned in a column. The filters of 'Mes scans'
   * (status, rating, tag, …, as `GET scans` takes them) narrow the file to the leads they show.
   */
  app.get(
    '/scans/export',
    {
      schema: {
        tags,
        response: {
          200: {
            content: {
              ...fileAnswer(XLSX_TYPE).content,
              ...fileAnswer(CSV_TYPE).content,
              ...fileAnswer(VCARD_TYPE).content,
            },
          },
        },
      },
      ...scanning,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const query = request.query as Record<string, unknown>;
      assertQueryKeys(query, ['table', 'lang', 'edition', 'format', ...SCAN_FILTER_KEYS]);
      const { table: _t, lang: _l, edition: _e, format: _f, ...narrowing } = query;
      const filters = filterValues(parseQueryFields(scanFiltersSchema, narrowing));
      const edition = await editionOfScans(query.edition);
      const table = SCAN_EXPORTS.find((t) => t === query.table);
      if (!table) throw badRequest(`Paramètre table attendu : ${SCAN_EXPORTS.join(', ')}.`);
      const format = query.format ?? 'xlsx';
      if (format !== 'xlsx' && format !== 'csv' && format !== 'vcf')
        throw badRequest('Paramètre format attendu : xlsx, csv ou vcf.');
      const lang = asLanguage(query.lang);
      const all = exportScope(table, user, edition);
      const scope = all && anyFilter(filters) ? and(all, filtered(filters))! : all;
      if (format === 'csv')
        return sendXlsxStream(request, reply, LEADS_CSV_NAME, (out) => writeLeadsCsv(db, scope, lang, out), CSV_TYPE);
      if (format === 'vcf')
        return sendXlsxStream(
          request,
          reply,
          LEADS_VCARD_NAME,
          (out) => writeLeadsVcard(db, scope, lang, out),
          VCARD_TYPE,
        );
      return sendXlsxStream(request, reply, SCANS_FILE_NAME, (out) => writeScansXlsx(db, table, scope, lang, out));
    },
  );

  /**
   * A lead completed from 'Mes scans': its note, rating, answers and tags, and its follow-up.
   * An exhibitor reaches every lead made for it, a collaborator its own; anything else is a 404.
   */
  app.put('/scans/:id', { schema: { tags, response: { 200: leadSchema } }, ...scanning }, async (request) => {
    const { id } = request.params as { id: string };
    const update = parseFormBody(leadUpdateSchema, request.body);
    const lead = await updateLead(db, currentUser(request), id, update, clock());
    if (!lead) throw notFound();
    filteredTotals.clear();
    return { data: lead, meta: {} };
  });

  /** The exhibitor's questions, asked after each scan: its collaborators read them, only it writes them. */
  app.get(
    '/lead-questions',
    { schema: { tags, response: { 200: leadQuestionsSchema } }, ...scanning },
    async (request) => {
      assertQueryKeys(request.query as Record<string, unknown>, []);
      const exhibitorId = scanningFor(currentUser(request));
      return { data: exhibitorId ? await readQuestions(db, exhibitorId) : [], meta: {} };
    },
  );

  app.put(
    '/lead-questions',
    { schema: { tags, response: { 200: leadQuestionsSchema } }, ...only(app, AUDIENCES.exhibitors) },
    async (request) => {
      const form = parseFormBody(leadQuestionsFormSchema, request.body);
      return { data: await saveQuestions(db, currentUser(request), form), meta: {} };
    },
  );

  /**
   * 'Bilan': the exhibitor's leads of the edition 'Mes scans' shows (`edition=2024`), counted, with
   * its hall's median; `scans/report.pdf` the same for its management (`lang=en`: in English).
   * The exhibitor's management view: its collaborators get a 403.
   */
  const reporting = only(app, AUDIENCES.exhibitors);
  app.get('/scans/report', { schema: { tags, response: { 200: leadReportSchema } }, ...reporting }, async (request) => {
    const query = request.query as Record<string, unknown>;
    assertQueryKeys(query, ['edition']);
    return { data: await leadReport(db, currentUser(request).id, await editionOfScans(query.edition)), meta: {} };
  });

  app.get(
    '/scans/report.pdf',
    { schema: { tags, response: { 200: fileAnswer('application/pdf') } }, ...reporting },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      assertQueryKeys(query, ['edition', 'lang']);
      const user = currentUser(request);
      const lang = asLanguage(query.lang);
      const [report, [me]] = await Promise.all([
        leadReport(db, user.id, await editionOfScans(query.edition)),
        db.select({ company: users.company }).from(users).where(eq(users.id, user.id)),
      ]);
      const body = await renderLeadReport({ report, company: me?.company ?? null, lang, createdAt: clock() });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${leadReportFileName(lang, report.year)}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  /** The editions 'Mes scans' switches between: the current one, and those with the caller's scans. */
  app.get(
    '/scans/editions',
    { schema: { tags, response: { 200: scanEditionsSchema } }, ...scanning },
    async (request) => {
      const user = currentUser(request);
      return { data: await scanEditions(db, user), meta: {} };
    },
  );
};
