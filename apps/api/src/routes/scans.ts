import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAGE_SIZE, SCAN_TABLES, scanBatchSchema, type ScanTable } from '@salon/shared';
import type { Db } from '../db/client';
import type { CacheBus } from '../lib/cache-bus';
import type { Clock } from '../lib/clock';
import { badRequest, forbidden } from '../lib/errors';
import { assertQueryKeys, intValue, parseFilters } from '../lib/query';
import { currentUser, type SessionUser } from '../plugins/auth';
import type { BadgeSigner } from '../services/badge/token';
import { paginationMeta, parseFormBody, parsePagination } from '../services/query-params';
import { sendXlsxStream } from '../lib/streams';
import { SCANS_FILE_NAME, writeScansXlsx } from '../services/scans-export';
import { createScanTotals, listScans, recordScans, tableScope } from '../services/scans.service';

/** Scans are made and read by exhibitors and their collaborators; the gates have their own routes. */
function scanningUser(user: SessionUser): SessionUser {
  if (user.type !== 'exhibitor' && user.type !== 'collaborator') {
    throw forbidden('Réservé aux exposants et à leurs collaborateurs.');
  }
  return user;
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
  const signedIn = { preHandler: app.authenticate };
  const totals = createScanTotals(cacheBus);

  app.post('/scans', { schema: { tags }, ...signedIn }, async (request) => {
    const user = scanningUser(currentUser(request));
    const batch = parseFormBody(scanBatchSchema, request.body);
    return {
      data: await recordScans(db, (badge) => signer.verify(badge), user, batch.scans, clock(), totals),
      meta: {},
    };
  });

  /**
   * `filters[scanner][id]=<me>` (or none): the caller's own scans. `filters[scanner][exhibitor][id]=<me>`:
   * an exhibitor's collaborators' scans. A filter naming anyone else is an empty list.
   */
  app.get('/scans', { schema: { tags }, ...signedIn }, async (request) => {
    const user = scanningUser(currentUser(request));
    const query = request.query as Record<string, unknown>;
    assertQueryKeys(query, ['filters', 'pagination', 'populate']);
    const page = parsePagination(query.pagination, { defaultPageSize: PAGE_SIZE.scans, maxPageSize: PAGE_SIZE.scans });
    let table: ScanTable = 'scansExposant';
    for (const f of parseFilters(query.filters, ['scanner.id', 'scanner.exhibitor.id'])) {
      if (f.op !== '$eq' || intValue(f.value, f.path) !== user.id) {
        return { data: [], meta: { pagination: paginationMeta(page, 0) } };
      }
      if (f.path === 'scanner.exhibitor.id') table = 'scansByCollaborators';
    }
    return listScans(db, table, user, page, totals);
  });

  app.get('/scans/export', { schema: { tags }, ...signedIn }, async (request, reply) => {
    const user = scanningUser(currentUser(request));
    const query = request.query as Record<string, unknown>;
    assertQueryKeys(query, ['table', 'lang']);
    const table = SCAN_TABLES.find((t) => t === query.table);
    if (!table) throw badRequest(`Paramètre table attendu : ${SCAN_TABLES.join(' ou ')}.`);
    const lang = query.lang === 'en' ? 'en' : 'fr';
    return sendXlsxStream(request, reply, SCANS_FILE_NAME, (out) =>
      writeScansXlsx(db, table, tableScope(table, user), lang, out),
    );
  });
};
