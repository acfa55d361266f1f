import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getLeadQuestions,
  getLeadReport,
  getLeadReportPdf,
  getScanEditions,
  getScans,
  getScansExport,
  asLanguage,
  PAGE_SIZE,
  postScans,
  putLeadQuestions,
  putScan,
  scanFiltersSchema,
  SCAN_EXPORTS,
  type ScanTable,
  type Clock,
} from '@salon/shared';
import { and } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CacheBus } from '../../lib/cache-bus';
import { badRequest, notFound } from '../../lib/errors';
import { parseQueryFields } from '../../lib/request-inputs';
import { route } from '../../lib/route';
import { intValue, parseFilters, type FilterCondition } from '../../lib/strapi-filters';
import { listReply, parsePagination, parsePopulateQuery, populates, sendJsonText } from '../../lib/list-params';
import { currentUser } from '../../plugins/auth';
import type { BadgeSigner } from '../badges/badge-token';
import { CSV_TYPE, sendXlsxStream, VCARD_TYPE } from '../../lib/streams';
import { LEADS_CSV_NAME, LEADS_VCARD_NAME, writeLeadsCsv, writeLeadsVcard } from './lead-exports';
import { exportScope, SCANS_FILE_NAME, writeScansXlsx } from './scans-export';
import { recordScans } from './scan-recording.service';
import { createFilteredTotals, createScanTotals, listScans, scanEditions, scanningFor } from './scans.service';
import { anyFilter, filtered, filterValues } from './scan-filters';
import { readQuestions, saveQuestions } from './leads.service';
import { updateLead } from './lead-update.service';
import { leadReport, reportCompany } from './lead-report.service';
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
  // 'Mes scans' and the scanner are the exhibitors' and their collaborators' (the calls' audience).
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

  route(app, postScans, {}, async (request) => {
    const user = currentUser(request);
    const batch = request.body;
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
  route(app, getScans, {}, async (request, reply) => {
    const user = currentUser(request);
    const { query } = request;
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
  route(app, getScansExport, {}, async (request, reply) => {
    const user = currentUser(request);
    const { query } = request;
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
  });

  /**
   * A lead completed from 'Mes scans': its note, rating, answers and tags, and its follow-up.
   * An exhibitor reaches every lead made for it, a collaborator its own; anything else is a 404.
   */
  route(app, putScan, {}, async (request) => {
    const lead = await updateLead(db, currentUser(request), request.params.id, request.body, clock());
    if (!lead) throw notFound();
    filteredTotals.clear();
    return { data: lead, meta: {} };
  });

  /** The exhibitor's questions, asked after each scan: its collaborators read them, only it writes them. */
  route(app, getLeadQuestions, {}, async (request) => {
    const exhibitorId = scanningFor(currentUser(request));
    return { data: exhibitorId ? await readQuestions(db, exhibitorId) : [], meta: {} };
  });

  route(app, putLeadQuestions, {}, async (request) => ({
    data: await saveQuestions(db, currentUser(request), request.body),
    meta: {},
  }));

  /**
   * 'Bilan': the exhibitor's leads of the edition 'Mes scans' shows (`edition=2024`), counted, with
   * its hall's median; `scans/report.pdf` the same for its management (`lang=en`: in English).
   * The exhibitor's management view: its collaborators get a 403.
   */
  route(app, getLeadReport, {}, async (request) => ({
    data: await leadReport(db, currentUser(request).id, await editionOfScans(request.query.edition)),
    meta: {},
  }));

  route(app, getLeadReportPdf, {}, async (request, reply) => {
    const { query } = request;
    const user = currentUser(request);
    const lang = asLanguage(query.lang);
    const [report, company] = await Promise.all([
      leadReport(db, user.id, await editionOfScans(query.edition)),
      reportCompany(db, user.id),
    ]);
    const body = await renderLeadReport({ report, company, lang, createdAt: clock() });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${leadReportFileName(lang, report.year)}"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  });

  /** The editions 'Mes scans' switches between: the current one, and those with the caller's scans. */
  route(app, getScanEditions, {}, async (request) => {
    const user = currentUser(request);
    return { data: await scanEditions(db, user), meta: {} };
  });
};
