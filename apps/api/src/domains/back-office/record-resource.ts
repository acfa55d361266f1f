import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { RecordCalls } from '@salon/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import { sendList } from '../../lib/admin-list';
import { idParam } from '../../lib/request-inputs';
import {
  createRecord,
  listRecords,
  readRecord,
  removeRecord,
  updateRecord,
  type ResourceRecords,
} from './record-resource.service';

/** What the API keeps of a record resource: its records, the 404's text, what a change clears. */
export interface ResourceRoutes<R extends { id: number }, Q extends PgSelect> {
  records: ResourceRecords<R, Q>;
  missing: string;
  /** After every write (the caches that show the records). */
  onChange?: () => void;
}

/**
 * One record resource's calls (packages/shared `recordCalls`): list, read, create, change,
 * delete, each write audited. Its records (table and queries) come from its domain's service.
 */
export function registerResource<R extends { id: number }, Q extends PgSelect>(
  app: FastifyInstance,
  db: Db,
  calls: RecordCalls,
  { records, missing, onChange }: ResourceRoutes<R, Q>,
) {
  const r = { ...records, record: calls.get.response[200], path: calls.name, missing };

  route(app, calls.list, {}, async (request, reply) => {
    const { list, rows, total } = await listRecords(db, r, request.query);
    return sendList(reply, r.path, list, rows, total);
  });

  route(app, calls.get, {}, async (request) => {
    const id = idParam(request.params.id);
    const record = id === null ? null : await readRecord(db, r, id);
    if (!record) throw notFound(missing);
    return record;
  });

  route(app, calls.create, {}, async (request, reply) => {
    const record = await createRecord(db, r, currentUser(request).id, request.body);
    onChange?.();
    return reply.status(201).send(record);
  });

  route(app, calls.update, {}, async (request) => {
    const record = await updateRecord(db, r, currentUser(request).id, idParam(request.params.id), request.body);
    onChange?.();
    return record;
  });

  route(app, calls.remove, {}, async (request) => {
    const record = await removeRecord(db, r, currentUser(request).id, idParam(request.params.id));
    onChange?.();
    return record;
  });
}
