import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CHECKIN_VERDICTS, type Clock } from '@salon/shared';
import type { Db } from '../../db/client';
import { checkins, halls, kioskSessions, registrations, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { booleanFilter, editionFilterId, idFilter, parseListQuery, readPage, searchFilter } from '../../lib/admin-list';
import { recordAudit } from '../audit/audit.service';
import { kioskListColumns } from '../kiosk/kiosk.service';

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

/** A page of the gates' check-ins, with the double admissions of two gates offline (`filter={"conflict":true}`). */
export async function listCheckins(db: Db, query: Record<string, unknown>) {
  let searched = false;
  const list = parseListQuery(query, {
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
        gate: halls.name,
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
      .leftJoin(halls, eq(halls.id, checkins.gateId))
      .leftJoin(controller, eq(controller.id, checkins.controllerId))
      .$dynamic(),
    counted,
  );
  return { list, rows, total };
}

/** One kiosk as the back-office shows it, or null. */
export const kioskRecord = async (db: Db, id: number) => {
  const [row] = await db
    .select(kioskListColumns)
    .from(kioskSessions)
    .leftJoin(users, eq(users.id, kioskSessions.enabledBy))
    .where(eq(kioskSessions.id, id));
  return row ?? null;
};

/** A page of the kiosks, as the list query asks (`live`: not revoked and not past their day). */
export async function listKioskSessions(db: Db, clock: Clock, query: Record<string, unknown>) {
  const list = parseListQuery(query, {
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
    db.select(kioskListColumns).from(kioskSessions).leftJoin(users, eq(users.id, kioskSessions.enabledBy)).$dynamic(),
    db.select({ n: count() }).from(kioskSessions).$dynamic(),
  );
  return { list, rows, total };
}

/** Revokes the kiosk `before` (the record stays, with its revocation time), audited; a revoked one stays as it is. */
export async function revokeKioskSession(
  db: Db,
  userId: number,
  before: NonNullable<Awaited<ReturnType<typeof kioskRecord>>>,
  now: Date,
) {
  const id = before.id;
  if (!before.revokedAt) {
    await db.transaction(async (tx) => {
      await tx.update(kioskSessions).set({ revokedAt: now }).where(eq(kioskSessions.id, id));
      const [after] = await tx.select().from(kioskSessions).where(eq(kioskSessions.id, id));
      await recordAudit(tx, {
        userId,
        action: 'DELETE /admin/kiosk-sessions/:id',
        resource: 'kiosk-sessions',
        recordId: id,
        before,
        after: { ...before, revokedAt: after?.revokedAt ?? null },
      });
    });
  }
}
