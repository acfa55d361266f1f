import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { sendList } from '../../lib/admin-list';
import { idParam } from '../../lib/request-inputs';
import {
  createRecord,
  listRecords,
  readRecord,
  removeRecord,
  updateRecord,
  type RecordResource,
} from './record-resource.service';

/**
 * One record resource: list, read, create, change, delete, each write audited. Its records (table
 * and queries) come from its domain's service (record-resource.service.ts's ResourceRecords).
 */
export function registerResource<R extends { id: number }, Q extends PgSelect>(
  app: FastifyInstance,
  { db, onChange }: { db: Db; onChange?: () => void },
  r: RecordResource<R, Q>,
) {
  const tags = ['admin'];
  const one = { tags, response: { 200: r.record } };

  app.get(`/${r.path}`, { schema: { tags, response: { 200: z.array(r.record) } } }, async (request, reply) => {
    const { list, rows, total } = await listRecords(db, r, request.query as Record<string, unknown>);
    return sendList(reply, r.path, list, rows, total);
  });

  app.get<{ Params: { id: string } }>(`/${r.path}/:id`, { schema: one }, async (request) => {
    const id = idParam(request.params.id);
    const record = id === null ? null : await readRecord(db, r, id);
    if (!record) throw notFound(r.missing);
    return record;
  });

  app.post(`/${r.path}`, { schema: { tags, response: { 201: r.record } } }, async (request, reply) => {
    const record = await createRecord(db, r, currentUser(request).id, request.body);
    onChange?.();
    return reply.status(201).send(record);
  });

  app.put<{ Params: { id: string } }>(`/${r.path}/:id`, { schema: one }, async (request) => {
    const record = await updateRecord(db, r, currentUser(request).id, idParam(request.params.id), request.body);
    onChange?.();
    return record;
  });

  app.delete<{ Params: { id: string } }>(`/${r.path}/:id`, { schema: one }, async (request) => {
    const record = await removeRecord(db, r, currentUser(request).id, idParam(request.params.id));
    onChange?.();
    return record;
  });
}
