import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_EDITION_ID, type CheckinResult, type GateRoster, type RegistrationType } from '@salon/shared';
import { checkins, halls } from '../../db/schema';
import {
  badgeOf as signedBadge,
  createCast,
  type Cast,
  type Collaborator,
  type Exhibitor,
  type User,
  type Visitor,
} from '../../../test/fixtures';
import { call, createTestApp, type TestContext } from '../../../test/helper';

/**
 * The set-up the gate tests (gate, checkins, checkin-conflicts) share: the app at the show's
 * clock, 10:00 on its second day, the edition's two gates and one person of each kind with a
 * token, and the helpers that send check-ins and read the roster.
 *
 * `useGateScene()`, called at the top of a test file, builds the scene before its tests and
 * closes it after them; the names below are the scene's while the file's tests run.
 */

export const NOW = '2024-05-30T10:00:00+01:00';

export type Gate = typeof halls.$inferSelect;

export interface GateScene extends Cast {
  ctx: TestContext;
  /** The edition's first and second gates, by position. */
  gateA: Gate;
  gateB: Gate;
}

/** Builds the app at NOW (with `env`), its first two gates and the cast (with `cast`'s overrides). */
export async function gateScene(
  env: Record<string, string> = {},
  cast: Parameters<typeof createCast>[1] = {},
): Promise<GateScene> {
  const ctx = await createTestApp({ APP_NOW: NOW, ...env });
  const [gateA, gateB] = (await ctx.db
    .select()
    .from(halls)
    .where(eq(halls.eventId, DEMO_EDITION_ID))
    .orderBy(asc(halls.position))) as [Gate, Gate];
  return { ctx, gateA, gateB, ...(await createCast(ctx, cast)) };
}

export let ctx: TestContext;
export let gateA: Gate;
export let gateB: Gate;
export let controller: User;
export let organiser: User;
export let exhibitor: Exhibitor;
export let collaborator: Collaborator;
export let visitor: Visitor;
export let controllerToken: string;
export let organiserToken: string;
export let exhibitorToken: string;
export let collaboratorToken: string;
export let visitorToken: string;

/** Builds the scene (gateScene's arguments) before the file's tests and closes it after them. */
export function useGateScene(...args: Parameters<typeof gateScene>) {
  beforeAll(async () => {
    const scene = await gateScene(...args);
    ({ ctx, gateA, gateB, controller, organiser, exhibitor, collaborator, visitor } = scene);
    ({
      controller: controllerToken,
      organiser: organiserToken,
      exhibitor: exhibitorToken,
      collaborator: collaboratorToken,
      visitor: visitorToken,
    } = scene.tokens);
  });
  afterAll(() => ctx.close());
}

/** The QR text of a registration's badge, signed with the server's key. */
export const badgeOf = (registration: { id: number; type: RegistrationType }, eventId = DEMO_EDITION_ID) =>
  signedBadge(ctx, registration, { eventId });

/** One check-in as a gate device sends it: by default a first entry at gate A at 09:30 today. */
export function checkin(badge: string, extra: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    badge,
    gateId: gateA.id,
    deviceId: 'porte-a-telephone-1',
    scannedAt: '2024-05-30T09:30:00+01:00',
    verdict: 'admitted',
    reason: null,
    reentry: false,
    ...extra,
  };
}

/** Sends check-ins as a controller (by default the controller; null: without a token). */
export async function send(items: unknown[], as: string | null = controllerToken) {
  const res = await call(ctx.app, 'POST', 'checkins', { token: as ?? undefined, body: { checkins: items } });
  return { res, results: res.statusCode === 200 ? res.json<{ data: CheckinResult[] }>().data : [] };
}

/** The roster a gate device downloads (GET gate/roster), as the controller by default. */
export async function roster(query = '', as = controllerToken): Promise<GateRoster> {
  const res = await call(ctx.app, 'GET', `gate/roster${query}`, { token: as });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json<{ data: GateRoster }>().data;
}

/** The stored check-ins with these client ids, in the order they were stored. */
export const storedRows = (ids: string[]) =>
  ctx.db.select().from(checkins).where(inArray(checkins.clientId, ids)).orderBy(asc(checkins.id));

export const iso = (value: string | Date) => new Date(value).toISOString();
