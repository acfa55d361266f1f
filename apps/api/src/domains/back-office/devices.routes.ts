import { checkinRecordSchema, kioskRecordSchema } from '@salon/shared';
import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { sendList } from '../../lib/admin-list';
import { idParam } from '../../lib/request-inputs';
import { kioskRecord, listCheckins, listKioskSessions, revokeKioskSession } from './devices.service';
import type { AdminDeps } from './deps';

/** The devices at the show: the gates' check-ins and the kiosks. */
export const adminDevicesRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, clock }) => {
  const tags = ['admin'];

  /** The gates' check-ins, with the double admissions of two gates offline (`filter={"conflict":true}`). */
  app.get(
    '/checkins',
    { schema: { tags, response: { 200: z.array(checkinRecordSchema) } } },
    async (request, reply) => {
      const { list, rows, total } = await listCheckins(db, request.query as Record<string, unknown>);
      return sendList(reply, 'checkins', list, rows, total);
    },
  );

  app.get(
    '/kiosk-sessions',
    { schema: { tags, response: { 200: z.array(kioskRecordSchema) } } },
    async (request, reply) => {
      const { list, rows, total } = await listKioskSessions(db, clock, request.query as Record<string, unknown>);
      return sendList(reply, 'kiosk-sessions', list, rows, total);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/kiosk-sessions/:id',
    { schema: { tags, response: { 200: kioskRecordSchema } } },
    async (request) => {
      const id = idParam(request.params.id);
      const record = id === null ? null : await kioskRecord(db, id);
      if (!record) throw notFound('Borne introuvable.');
      return record;
    },
  );

  /** Revokes a kiosk (the record stays, with its revocation time); the kiosk returns to its setup screen. */
  app.delete<{ Params: { id: string } }>(
    '/kiosk-sessions/:id',
    { schema: { tags, response: { 200: kioskRecordSchema } } },
    async (request) => {
      const id = idParam(request.params.id);
      const before = id === null ? null : await kioskRecord(db, id);
      if (!before || id === null) throw notFound('Borne introuvable.');
      await revokeKioskSession(db, currentUser(request).id, before, clock());
      return (await kioskRecord(db, id))!;
    },
  );
};
