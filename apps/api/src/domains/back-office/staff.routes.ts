import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { controllerAccountEditSchema, controllerAccountSchema, controllerRecordSchema } from '@salon/shared';
import { notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { sendList } from '../../lib/admin-list';
import { idParam, parseFormBody } from '../../lib/request-inputs';
import { createController, deleteController, getController, listControllers, updateController } from './staff.service';
import type { AdminDeps } from './deps';

function controllerId(raw: string): number {
  const id = idParam(raw);
  if (id === null) throw notFound('Contrôleur introuvable.');
  return id;
}

/** The gate staff's accounts: controllers who sign in at /login-controleur. */
export const adminStaffRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db }) => {
  const tags = ['admin'];

  app.get(
    '/controllers',
    { schema: { tags, response: { 200: z.array(controllerRecordSchema) } } },
    async (request, reply) => {
      const { list, rows, total } = await listControllers(db, request.query as Record<string, unknown>);
      return sendList(reply, 'controllers', list, rows, total);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/controllers/:id',
    { schema: { tags, response: { 200: controllerRecordSchema } } },
    async (request) => getController(db, controllerId(request.params.id)),
  );

  app.post('/controllers', { schema: { tags, response: { 201: controllerRecordSchema } } }, async (request, reply) => {
    const form = parseFormBody(controllerAccountSchema, request.body);
    const record = await createController(db, currentUser(request).id, form);
    return reply.status(201).send(record);
  });

  app.put<{ Params: { id: string } }>(
    '/controllers/:id',
    { schema: { tags, response: { 200: controllerRecordSchema } } },
    async (request) => {
      const id = controllerId(request.params.id);
      const form = parseFormBody(controllerAccountEditSchema, request.body);
      return updateController(db, currentUser(request).id, id, form);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/controllers/:id',
    { schema: { tags, response: { 200: controllerRecordSchema } } },
    async (request) => deleteController(db, currentUser(request).id, controllerId(request.params.id)),
  );
};
