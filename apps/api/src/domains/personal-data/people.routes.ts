import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type * as z from 'zod/mini';
import {
  getPersonExportJson,
  getPersonExportXlsx,
  getRetention,
  getRetentionDryRun,
  getVisitor as getVisitorCall,
  getVisitors,
  getVisitorsExport,
  postPersonErase,
  postRetentionRun,
  postVisitorResendBadge,
  putRetention,
  type personalDataSchema,
  type Clock,
} from '@salon/shared';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { idParam } from '../../lib/request-inputs';
import { route } from '../../lib/route';
import { XLSX_TYPE, sendXlsxStream } from '../../lib/streams';
import { currentUser } from '../../plugins/auth';
import { sendList } from '../../lib/admin-list';
import { recordAudit } from '../audit/audit.service';
import type { MailLinks } from '../mail/links';
import { mailDir } from '../mail/transport';
import { erasePerson } from './erasure.service';
import { getVisitor, listVisitors, resendBadge, visitorsExportWhere } from './people.service';
import { personalDataXlsx, VISITORS_FILE_NAME, writeVisitorsXlsx } from './personal-data-xlsx';
import { personalData, recordExport } from './personal-data.service';
import { readRetention, retentionDryRun, runRetention, updateRetention } from './retention.service';

function personId(raw: string, what: string): number {
  const id = idParam(raw);
  if (id === null) throw notFound(`${what} introuvable.`);
  return id;
}

const download = (name: string, type: string) => ({
  'content-type': type,
  'content-disposition': `attachment; filename="${name}"`,
  'cache-control': 'private, no-store',
});

/** Visitors, one person's data (export and erasure) and the retention of personal data. */
/** What the back-office hands these routes (a part of its deps). */
interface PeopleDeps {
  db: Db;
  clock: Clock;
  config: Config;
  mail: MailLinks;
  onQueued: () => void;
}

export const adminPeopleRoutes: FastifyPluginAsyncZod<PeopleDeps> = async (
  app,
  { db, clock, config, mail, onQueued },
) => {
  const mails = mailDir(config);

  route(app, getVisitors, {}, async (request, reply) => {
    const { list, rows, total } = await listVisitors(db, request.query);
    return sendList(reply, 'visitors', list, rows, total);
  });

  // Before /visitors/:id, which would otherwise read 'export.xlsx' as an id.
  route(app, getVisitorsExport, {}, async (request, reply) => {
    const query = request.query;
    if (query.sort !== undefined || query.range !== undefined) {
      throw badRequest('Paramètre de requête non autorisé : l’export prend filter.');
    }
    const where = visitorsExportWhere(query);
    // Every visitor's personal data may leave in this file: who took it, and with which filter.
    await recordAudit(db, {
      userId: currentUser(request).id,
      action: 'GET /admin/visitors/export.xlsx',
      resource: 'visitors',
      recordId: null,
      before: {},
      after: { filter: typeof query.filter === 'string' ? query.filter : null },
    });
    return sendXlsxStream(request, reply, VISITORS_FILE_NAME, (out) => writeVisitorsXlsx(db, where, out));
  });

  route(app, getVisitorCall, {}, async (request) => getVisitor(db, personId(request.params.id, 'Visiteur')));

  route(app, postVisitorResendBadge, {}, async (request) => {
    const id = personId(request.params.id, 'Visiteur');
    const answer = await resendBadge(db, mail, currentUser(request).id, id);
    onQueued();
    return answer;
  });

  route(app, getPersonExportJson, {}, async (request, reply) => {
    const id = personId(request.params.id, 'Personne');
    // Sent as text (indented, for the person to read): the serializer is not involved, so the
    // compiler holds the data to the contract here, and the tests' onSend hook the text sent.
    const data: z.input<typeof personalDataSchema> = await personalData(db, id);
    await recordExport(db, currentUser(request).id, id, 'json');
    return reply
      .headers(download(`donnees-${id}.json`, 'application/json; charset=utf-8'))
      .send(JSON.stringify(data, null, 2));
  });

  route(app, getPersonExportXlsx, {}, async (request, reply) => {
    const id = personId(request.params.id, 'Personne');
    const file = await personalDataXlsx(await personalData(db, id));
    await recordExport(db, currentUser(request).id, id, 'xlsx');
    return reply.headers(download(`donnees-${id}.xlsx`, XLSX_TYPE)).send(file);
  });

  route(app, postPersonErase, {}, async (request) => {
    const id = personId(request.params.id, 'Personne');
    return erasePerson(db, currentUser(request).id, id, clock(), mails);
  });

  // A singleton, like admin/sib/1: react-admin edits it as record 1.
  route(app, getRetention, {}, async () => readRetention(db));

  route(app, putRetention, {}, async (request) => updateRetention(db, currentUser(request).id, request.body));

  route(app, getRetentionDryRun, {}, async () => retentionDryRun(db, clock));

  route(app, postRetentionRun, {}, async (request) =>
    runRetention(db, clock, currentUser(request).id, request.body.ids, mails),
  );
};
