import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db, type Tx } from '../../../db/client';
import { registrations, walletDevices } from '../../../db/schema';
import type { ApnsClient } from './apns';

/**
 * Apple Wallet passes that stay true: what Apple's PassKit web service needs to know of the
 * devices holding a pass (passkit.routes.ts answers them), and the job that tells those devices
 * when their pass changed. The database's triggers (migration 0037) mark the changes.
 */

/** A pass's serial number: its registration's. */
export const passSerial = (registrationId: number) => `badge-${registrationId}`;
export const registrationOfSerial = (serial: string) => {
  const match = /^badge-([1-9]\d{0,9})$/.exec(serial);
  return match ? Number(match[1]) : null;
};

/**
 * A pass's `authenticationToken`: a MAC of its serial and of the registration's token version
 * (version 0: of the serial alone, as passes were made before), so nothing secret is stored and
 * nothing guessed. Raising the version (rotatePassTokens) retires every copy of the pass before.
 */
export function passAuthTokens(secret: string, db: Db) {
  const key = createHmac('sha256', secret).update('salon-btp apple pass v1').digest();
  const mac = (registrationId: number, version: number) =>
    createHmac('sha256', key)
      .update(version ? `${passSerial(registrationId)}:${version}` : passSerial(registrationId))
      .digest('base64url');
  /** The registration's token version, or null when there is no such registration. */
  const versionOf = async (registrationId: number) => {
    const [row] = await db
      .select({ version: registrations.passTokenVersion })
      .from(registrations)
      .where(eq(registrations.id, registrationId));
    return row?.version ?? null;
  };
  return {
    of: async (registrationId: number): Promise<string> => mac(registrationId, (await versionOf(registrationId)) ?? 0),
    /** Whether an `Authorization: ApplePass <token>` header opens this pass. */
    async opens(header: string | undefined, registrationId: number): Promise<boolean> {
      const version = await versionOf(registrationId);
      if (version === null) return false;
      const given = Buffer.from(/^ApplePass (\S+)$/.exec(header ?? '')?.[1] ?? '');
      const expected = Buffer.from(mac(registrationId, version));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/**
 * Retires the badge's pass as it was: its token changes (the pass mailed next carries the new
 * one) and the devices that held the old one are forgotten (they could fetch nothing more).
 */
export async function rotatePassTokens(tx: Tx, registrationIds: number[]): Promise<void> {
  if (!registrationIds.length) return;
  await tx
    .update(registrations)
    .set({ passTokenVersion: sql`${registrations.passTokenVersion} + 1` })
    .where(inArray(registrations.id, registrationIds));
  await tx.delete(walletDevices).where(inArray(walletDevices.registrationId, registrationIds));
}
export type PassAuthTokens = ReturnType<typeof passAuthTokens>;

/** A pass is on this many devices at most (a phone, a tablet, a replacement): more is not a holder. */
export const DEVICES_PER_PASS = 10;
/** How long a device of an erased holder is kept waiting for it to fetch the voided pass. */
const ERASED_KEEP_MS = 30 * 24 * 3600_000;

/**
 * Records that this device holds this pass and where it is pushed to. Answers 'created',
 * 'updated' (it was known), or 'missing'. A pass on too many devices already forgets the one
 * registered first: whoever filled the slots, the holder's next phone is never refused.
 */
export async function registerDevice(
  db: Db,
  device: { id: string; pushToken: string },
  registrationId: number,
): Promise<'created' | 'updated' | 'missing'> {
  return db.transaction(async (tx) => {
    // One registration at a time per pass, so that the cap holds when two come at once.
    const [pass] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.id, registrationId))
      .for('update');
    if (!pass) return 'missing';
    const held = await tx
      .select({ device: walletDevices.deviceLibraryId })
      .from(walletDevices)
      .where(eq(walletDevices.registrationId, registrationId))
      .orderBy(walletDevices.createdAt, walletDevices.passVersion);
    if (held.length >= DEVICES_PER_PASS && !held.some((d) => d.device === device.id)) {
      const oldest = held.slice(0, held.length - DEVICES_PER_PASS + 1).map((d) => d.device);
      await tx
        .delete(walletDevices)
        .where(and(eq(walletDevices.registrationId, registrationId), inArray(walletDevices.deviceLibraryId, oldest)));
    }
    const [row] = await queryRows<{ inserted: boolean }>(
      tx,
      sql`insert into ${walletDevices} (device_library_id, registration_id, push_token)
          values (${device.id}, ${registrationId}, ${device.pushToken})
          on conflict (device_library_id, registration_id) do update set push_token = excluded.push_token
          returning (xmax = 0) as inserted`,
    );
    return row!.inserted ? 'created' : 'updated';
  });
}

export async function unregisterDevice(db: Db, deviceId: string, registrationId: number): Promise<void> {
  await db
    .delete(walletDevices)
    .where(and(eq(walletDevices.deviceLibraryId, deviceId), eq(walletDevices.registrationId, registrationId)));
}

/**
 * The serial numbers of this device's passes changed after the tag it gives (all of them without
 * one), and the tag to give next time; null when none changed. An erased holder's pass is
 * answered once, then the device's row goes: the device fetches the voided pass next.
 */
export async function passesUpdatedSince(db: Db, deviceId: string, since: number | null) {
  const rows = await db
    .select({
      registrationId: walletDevices.registrationId,
      version: walletDevices.passVersion,
      erasedAt: walletDevices.erasedAt,
    })
    .from(walletDevices)
    .where(
      and(
        eq(walletDevices.deviceLibraryId, deviceId),
        since === null ? undefined : gt(walletDevices.passVersion, since),
      ),
    );
  if (!rows.length) return null;
  const erased = rows.filter((r) => r.erasedAt !== null).map((r) => r.registrationId);
  if (erased.length) {
    await db
      .delete(walletDevices)
      .where(and(eq(walletDevices.deviceLibraryId, deviceId), inArray(walletDevices.registrationId, erased)));
  }
  return {
    serialNumbers: rows.map((r) => passSerial(r.registrationId)),
    lastUpdated: String(Math.max(...rows.map((r) => r.version))),
  };
}

/** When a pass last changed, as its devices know it (null: on no device). */
export async function passChangedAt(db: Db, registrationId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`max(${walletDevices.passChangedAt})` })
    .from(walletDevices)
    .where(eq(walletDevices.registrationId, registrationId));
  return row?.at ? new Date(row.at) : null;
}

/**
 * In an erasure's transaction: the devices of this person's passes are kept only until they
 * fetch the voided pass (the revocation marks them changed and due a push).
 */
export async function markDevicesErased(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx
    .update(walletDevices)
    .set({ erasedAt: now })
    .where(
      inArray(
        walletDevices.registrationId,
        tx.select({ id: registrations.id }).from(registrations).where(eq(registrations.userId, userId)),
      ),
    );
}

/** How often the push job looks for passes changed: phones learn of a change within this. */
export const PASS_PUSH_INTERVAL_MS = 5000;
/** Each tick takes this many due rows at most; the next tick takes the rest. */
const CLAIM_LIMIT = 2000;
const PUSHES_AT_ONCE = 50;

/**
 * Tells the devices whose passes changed, each device once however many of its passes changed.
 * Every instance may run it: a row due is taken by one of them (SKIP LOCKED). A device Apple no
 * longer knows is forgotten; a push that failed is tried again at the next tick.
 */
export function createPassPushes({ db, apns, log }: { db: Db; apns: ApnsClient; log: FastifyBaseLogger }) {
  async function tick(): Promise<number> {
    await db
      .delete(walletDevices)
      .where(and(isNotNull(walletDevices.erasedAt), lt(walletDevices.erasedAt, new Date(Date.now() - ERASED_KEEP_MS))));
    const claimed = await queryRows<{ push_token: string }>(
      db,
      sql`with due as (
            select device_library_id, registration_id from ${walletDevices}
            where push_due limit ${CLAIM_LIMIT} for update skip locked)
          update ${walletDevices} w set push_due = false from due
          where w.device_library_id = due.device_library_id and w.registration_id = due.registration_id
          returning w.push_token`,
    );
    const tokens = [...new Set(claimed.map((r) => r.push_token))];
    const outcomes = new Map<string, string[]>([
      ['gone', []],
      ['failed', []],
    ]);
    let next = 0;
    const lane = async () => {
      while (next < tokens.length) {
        const token = tokens[next++]!;
        const outcome = await apns.push(token);
        outcomes.get(outcome)?.push(token);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PUSHES_AT_ONCE, tokens.length) }, lane));
    const gone = outcomes.get('gone')!;
    const failed = outcomes.get('failed')!;
    if (gone.length) await db.delete(walletDevices).where(inArray(walletDevices.pushToken, gone));
    if (failed.length) {
      await db.update(walletDevices).set({ pushDue: true }).where(inArray(walletDevices.pushToken, failed));
      log.warn({ failed: failed.length }, 'Apple Wallet pushes failed; tried again at the next tick');
    }
    return tokens.length - failed.length;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  return {
    tick,
    /** Ticks every `ms` until stopped (a tick waits for the one before). */
    start(ms: number) {
      timer = setInterval(() => {
        running = running.then(tick).catch((err: unknown) => log.error({ err }, 'Apple Wallet pushes'));
      }, ms);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
      apns.close();
    },
  };
}
export type PassPushes = ReturnType<typeof createPassPushes>;
