import { deleteKioskSession, getCheckins, getKioskSession, getKioskSessions } from '@salon/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { sendList } from '../../lib/admin-list';
import { route } from '../../lib/route';
import { idParam } from '../../lib/request-inputs';
import { kioskRecord, listCheckins, listKioskSessions, revokeKioskSession } from './devices.service';
import type { AdminDeps } from './deps';

/** The devices at the show: the gates' check-ins and the kiosks. */
export const adminDevicesRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, clock }) => {
  /** The gates' check-ins, with the double admissions of two gates offline (`filter={"conflict":true}`). */
  route(app, getCheckins, {}, async (request, reply) => {
    const { list, rows, total } = await listCheckins(db, request.query);
    return sendList(reply, 'checkins', list, rows, total);
  });

  route(app, getKioskSessions, {}, async (request, reply) => {
    const { list, rows, total } = await listKioskSessions(db, clock, request.query);
    return sendList(reply, 'kiosk-sessions', list, rows, total);
  });

  route(app, getKioskSession, {}, async (request) => {
    const id = idParam(request.params.id);
    const record = id === null ? null : await kioskRecord(db, id);
    if (!record) throw notFound('Borne introuvable.');
    return record;
  });

  /** Revokes a kiosk (the record stays, with its revocation time); the kiosk returns to its setup screen. */
  route(app, deleteKioskSession, {}, async (request) => {
    const id = idParam(request.params.id);
    const before = id === null ? null : await kioskRecord(db, id);
    if (!before || id === null) throw notFound('Borne introuvable.');
    await revokeKioskSession(db, currentUser(request).id, before, clock());
    return (await kioskRecord(db, id))!;
  });
};
