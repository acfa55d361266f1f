import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHECKIN_VERDICTS } from '@salon/shared';
import { checkins, gates, kioskSessions, registrations, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import {
  booleanFilter,
  editionFilterId,
  idFilter,
  parseListQuery,
  readPage,
  searchFilter,
  sendList,
} from '../../lib/admin-list';
import { recordAudit } from '../audit/audit.service';
import { idParam } from '../../lib/query-params';
import type { AdminDeps } from './deps';

const holder = alias(users, 'holder');
const controller = alias(users, 'controller');

const dayFilter = (value: unknown) => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw badRequest('Filtre day : AAAA-MM-JJ.');
  return eq(checkins.checkinDay, value);
};
const verdictFilter = (value: unknown) => {
  const verdict = CHECKIN_VERDICTS.find((v) => v === value);
  if (!verdict) throw badRequest(`Filtre verdict : ${CHECKIN_VERDICTS.join(', ')}.`);
  return eq(checkins.verdict, verdict);
};

/**
 * The check-ins of an edition: at one of its halls, or of one of its badges (a 2024 badge refused
 * at a 2025 gate is both 2024's and 2025's). Two small semi-joins, so that the count needs no join.
 */
const editionCheckins = (value: unknown): SQL => {
  const id = editionFilterId(value, 'edition');
  return sql`(${checkins.gateId} in (select "id" from "gates" where "event_id" = ${id})
    or ${checkins.registrationId} in (select "id" from "registrations" where "event_id" = ${id}))`;
};

/** The devices at the show: the gates' check-ins and the kiosks. */
export const adminDevicesRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, clock }) => {
  const tags = ['admin'];

  /** The gates' check-ins, with the double admissions of two gates offline (`filter={"conflict":true}`). */
  app.get('/checkins', { schema: { tags } }, async (request, reply) => {
    let searched = false;
    const list = parseListQuery(request.query as Record<string, unknown>, {
      sortable: { id: checkins.id, scannedAt: checkins.scannedAt },
      defaultSort: [desc(checkins.scannedAt), desc(checkins.id)],
      filters: {
        conflict: booleanFilter(checkins.conflict, 'conflict'),
        reentry: booleanFilter(checkins.reentry, 'reentry'),
        gateId: idFilter(checkins.gateId, 'gateId'),
        registrationId: idFilter(checkins.registrationId, 'registrationId'),
        day: dayFilter,
        verdict: verdictFilter,
        edition: editionCheckins,
        q: (value) => {
          searched = true;
          return searchFilter(holder.name, holder.email, holder.company, checkins.deviceId)(value);
        },
      },
    });
    // The holder is joined for the count only when searched: counting 200,000 check-ins stays one scan.
    const counted = searched
      ? db
          .select({ n: count() })
          .from(checkins)
          .leftJoin(registrations, eq(registrations.id, checkins.registrationId))
          .leftJoin(holder, eq(holder.id, registrations.userId))
          .$dynamic()
      : db.select({ n: count() }).from(checkins).$dynamic();
    const { rows, total } = await readPage(
      list,
      db
        .select({
          id: checkins.id,
          registrationId: checkins.registrationId,
          name: holder.name,
          company: holder.company,
          gateId: checkins.gateId,
          gate: gates.name,
          controller: controller.name,
          deviceId: checkins.deviceId,
          scannedAt: checkins.scannedAt,
          day: checkins.checkinDay,
          verdict: checkins.verdict,
          reason: checkins.reason,
          reentry: checkins.reentry,
          conflict: checkins.conflict,
        })
        .from(checkins)
        .leftJoin(registrations, eq(registrations.id, checkins.registrationId))
        .leftJoin(holder, eq(holder.id, registrations.userId))
        .leftJoin(gates, eq(gates.id, checkins.gateId))
        .leftJoin(controller, eq(controller.id, checkins.controllerId))
        .$dynamic(),
      counted,
    );
    return sendList(reply, 'checkins', list, rows, total);
  });

  const kioskColumns = {
    id: kioskSessions.id,
    name: kioskSessions.name,
    enabledBy: users.name,
    createdAt: kioskSessions.createdAt,
    lastSeenAt: kioskSessions.lastSeenAt,
    expiresAt: kioskSessions.expiresAt,
    revokedAt: kioskSessions.revokedAt,
  };
  const kioskRecord = async (id: number) => {
    const [row] = await db
      .select(kioskColumns)
      .from(kioskSessions)
      .leftJoin(users, eq(users.id, kioskSessions.enabledBy))
      .where(eq(kioskSessions.id, id));
    return row ?? null;
  };

  app.get('/kiosk-sessions', { schema: { tags } }, async (request, reply) => {
    const list = parseListQuery(request.query as Record<string, unknown>, {
      sortable: { id: kioskSessions.id, createdAt: kioskSessions.createdAt, lastSeenAt: kioskSessions.lastSeenAt },
      defaultSort: [desc(kioskSessions.createdAt), desc(kioskSessions.id)],
      filters: {
        live: (value) => {
          if (typeof value !== 'boolean') throw badRequest('Filtre live : true ou false.');
          // A kiosk past its day is no more live than a revoked one.
          const now = clock();
          const { revokedAt, expiresAt } = kioskSessions;
          return value
            ? sql`(${revokedAt} is null and ${expiresAt} > ${now})`
            : sql`(${revokedAt} is not null or ${expiresAt} <= ${now})`;
        },
        q: searchFilter(kioskSessions.name),
      },
    });
    const { rows, total } = await readPage(
      list,
      db.select(kioskColumns).from(kioskSessions).leftJoin(users, eq(users.id, kioskSessions.enabledBy)).$dynamic(),
      db.select({ n: count() }).from(kioskSessions).$dynamic(),
    );
    return sendList(reply, 'kiosk-sessions', list, rows, total);
  });

  app.get<{ Params: { id: string } }>('/kiosk-sessions/:id', { schema: { tags } }, async (request) => {
    const id = idParam(request.params.id);
    const record = id === null ? null : await kioskRecord(id);
    if (!record) throw notFound('Borne introuvable.');
    return record;
  });

  /** Revokes a kiosk (the record stays, with its revocation time); the kiosk returns to its setup screen. */
  app.delete<{ Params: { id: string } }>('/kiosk-sessions/:id', { schema: { tags } }, async (request) => {
    const id = idParam(request.params.id);
    const before = id === null ? null : await kioskRecord(id);
    if (!before || id === null) throw notFound('Borne introuvable.');
    if (!before.revokedAt) {
      await db.transaction(async (tx) => {
        await tx.update(kioskSessions).set({ revokedAt: clock() }).where(eq(kioskSessions.id, id));
        const [after] = await tx.select().from(kioskSessions).where(eq(kioskSessions.id, id));
        await recordAudit(tx, {
          userId: currentUser(request).id,
          action: 'DELETE /admin/kiosk-sessions/:id',
          resource: 'kiosk-sessions',
          recordId: id,
          before,
          after: { ...before, revokedAt: after?.revokedAt ?? null },
        });
      });
    }
    return (await kioskRecord(id))!;
  });
};
