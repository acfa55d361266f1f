import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  badgeResentSchema,
  fileAnswer,
  personalDataSchema,
  personRecordSchema,
  retentionDryRunSchema,
  retentionRunSchema,
  retentionSettingsRecordSchema,
  retentionSettingsSchema,
  type Clock,
} from '@salon/shared';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { MAX_INT } from '../../lib/strapi-filters';
import { idParam, parseFormBody } from '../../lib/request-inputs';
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
import { readRetention, RETENTION_LIST_MAX, retentionDryRun, runRetention, updateRetention } from './retention.service';

function personId(raw: string, what: string): number {
  const id = idParam(raw);
  if (id === null) throw notFound(`${what} introuvable.`);
  return id;
}

const runSchema = z.object({
  ids: z
    .array(
      z
        .int({ error: 'Identifiant invalide.' })
        .check(z.positive({ error: 'Identifiant invalide.' }), z.lte(MAX_INT, { error: 'Identifiant invalide.' })),
      {
        error: 'La liste des personnes à anonymiser est attendue.',
      },
    )
    .check(z.maxLength(RETENTION_LIST_MAX, { error: `Au plus ${RETENTION_LIST_MAX} personnes à la fois.` })),
});

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
  const tags = ['admin'];
  const mails = mailDir(config);

  app.get('/visitors', { schema: { tags, response: { 200: z.array(personRecordSchema) } } }, async (request, reply) => {
    const { list, rows, total } = await listVisitors(db, request.query as Record<string, unknown>);
    return sendList(reply, 'visitors', list, rows, total);
  });

  // Before /visitors/:id, which would otherwise read 'export.xlsx' as an id.
  app.get(
    '/visitors/export.xlsx',
    { schema: { tags, response: { 200: fileAnswer(XLSX_TYPE) } } },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
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
    },
  );

  app.get<{ Params: { id: string } }>(
    '/visitors/:id',
    { schema: { tags, response: { 200: personRecordSchema } } },
    async (request) => getVisitor(db, personId(request.params.id, 'Visiteur')),
  );

  app.post<{ Params: { id: string } }>(
    '/visitors/:id/resend-badge',
    { schema: { tags, response: { 200: badgeResentSchema } } },
    async (request) => {
      const id = personId(request.params.id, 'Visiteur');
      const answer = await resendBadge(db, mail, currentUser(request).id, id);
      onQueued();
      return answer;
    },
  );

  app.get<{ Params: { id: string } }>(
    '/people/:id/export.json',
    { schema: { tags, response: { 200: personalDataSchema } } },
    async (request, reply) => {
      const id = personId(request.params.id, 'Personne');
      // Sent as text (indented, for the person to read): the serializer is not involved, so the
      // compiler holds the data to the contract here, and the tests' onSend hook the text sent.
      const data: z.input<typeof personalDataSchema> = await personalData(db, id);
      await recordExport(db, currentUser(request).id, id, 'json');
      return reply
        .headers(download(`donnees-${id}.json`, 'application/json; charset=utf-8'))
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/people/:id/export.xlsx',
    { schema: { tags, response: { 200: fileAnswer(XLSX_TYPE) } } },
    async (request, reply) => {
      const id = personId(request.params.id, 'Personne');
      const file = await personalDataXlsx(await personalData(db, id));
      await recordExport(db, currentUser(request).id, id, 'xlsx');
      return reply.headers(download(`donnees-${id}.xlsx`, XLSX_TYPE)).send(file);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/people/:id/erase',
    { schema: { tags, response: { 200: personRecordSchema } } },
    async (request) => {
      const id = personId(request.params.id, 'Personne');
      return erasePerson(db, currentUser(request).id, id, clock(), mails);
    },
  );

  // A singleton, like admin/sib/1: react-admin edits it as record 1.
  app.get('/retention/1', { schema: { tags, response: { 200: retentionSettingsRecordSchema } } }, async () =>
    readRetention(db),
  );

  app.put('/retention/1', { schema: { tags, response: { 200: retentionSettingsRecordSchema } } }, async (request) => {
    const form = parseFormBody(retentionSettingsSchema, request.body);
    return updateRetention(db, currentUser(request).id, form);
  });

  app.get('/retention/1/dry-run', { schema: { tags, response: { 200: retentionDryRunSchema } } }, async () =>
    retentionDryRun(db, clock),
  );

  app.post('/retention/1/run', { schema: { tags, response: { 200: retentionRunSchema } } }, async (request) => {
    const { ids } = parseFormBody(runSchema, request.body);
    return runRetention(db, clock, currentUser(request).id, ids, mails);
  });
};
