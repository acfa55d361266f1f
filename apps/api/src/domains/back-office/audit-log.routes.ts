import { auditEntrySchema } from '@salon/shared';
import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { sendList } from '../../lib/admin-list';
import { listAuditLog } from './audit-log.service';

/** The audit log ('Journal d’audit'): every write of the back-office, who made it, before and after. */
export const adminAuditLogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['admin'];

  /** Who did what, newest first. */
  app.get('/audit-log', { schema: { tags, response: { 200: z.array(auditEntrySchema) } } }, async (request, reply) => {
    const { list, rows, total } = await listAuditLog(db, request.query as Record<string, unknown>);
    return sendList(reply, 'audit-log', list, rows, total);
  });
};
