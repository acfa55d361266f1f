import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  controllerAccountEditSchema,
  deleteController as deleteControllerCall,
  getController as getControllerCall,
  getControllers,
  postController,
  putController,
} from '@salon/shared';
import { notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { sendList } from '../../lib/admin-list';
import { route } from '../../lib/route';
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
  route(app, getControllers, {}, async (request, reply) => {
    const { list, rows, total } = await listControllers(db, request.query);
    return sendList(reply, 'controllers', list, rows, total);
  });

  route(app, getControllerCall, {}, async (request) => getController(db, controllerId(request.params.id)));

  route(app, postController, {}, async (request, reply) => {
    const record = await createController(db, currentUser(request).id, request.body);
    return reply.status(201).send(record);
  });

  route(app, putController, {}, async (request) => {
    const id = controllerId(request.params.id);
    const form = parseFormBody(controllerAccountEditSchema, request.body);
    return updateController(db, currentUser(request).id, id, form);
  });

  route(app, deleteControllerCall, {}, async (request) =>
    deleteController(db, currentUser(request).id, controllerId(request.params.id)),
  );
};
