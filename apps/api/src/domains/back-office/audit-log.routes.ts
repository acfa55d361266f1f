import { getAuditLog } from '@salon/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { sendList } from '../../lib/admin-list';
import { route } from '../../lib/route';
import { listAuditLog } from './audit-log.service';

/** The audit log ('Journal d’audit'): every write of the back-office, who made it, before and after. */
export const adminAuditLogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, getAuditLog, {}, async (request, reply) => {
    const { list, rows, total } = await listAuditLog(db, request.query);
    return sendList(reply, 'audit-log', list, rows, total);
  });
};
