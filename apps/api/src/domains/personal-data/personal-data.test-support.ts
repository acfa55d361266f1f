import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect } from 'vitest';
import type { RegistrationType } from '@salon/shared';
import { users } from '../../db/schema';
import {
  badgeOf as signedBadge,
  createExhibitor,
  createOrganiser,
  sessionOf,
  type Exhibitor,
} from '../../../test/fixtures';
import { call, createTestApp, type TestContext } from '../../../test/helper';

/**
 * The set-up the people's data tests (admin-people, person-erasure, retention) share: the app on
 * 1 March 2026, an organiser signed in and, unless left out, an exhibitor signed in who scans
 * badges; the back-office calls, and the spreadsheets read back.
 *
 * `usePersonalDataScene()`, called at the top of a test file, builds the scene before its tests
 * and closes it after them; the names below are the scene's while the file's tests run.
 */

export const APP_NOW = '2026-03-01T12:00:00+01:00';

export interface PersonalDataScene {
  ctx: TestContext;
  organiserId: number;
  organiserToken: string;
  /** Ciments du Sud, and its session token; none with `{ exhibitor: false }`. */
  exhibitor?: Exhibitor;
  exhibitorToken?: string;
}

/** Builds the app at APP_NOW, an organiser and (unless `exhibitor` is false) an exhibitor, each signed in. */
export async function personalDataScene({ exhibitor: withExhibitor = true } = {}): Promise<PersonalDataScene> {
  const ctx = await createTestApp({ APP_NOW });
  const organiser = await createOrganiser(ctx.db);
  const scene: PersonalDataScene = {
    ctx,
    organiserId: organiser.id,
    organiserToken: await sessionOf(ctx, organiser),
  };
  if (withExhibitor) {
    scene.exhibitor = await createExhibitor(ctx.db, { company: 'Ciments du Sud' });
    scene.exhibitorToken = await sessionOf(ctx, scene.exhibitor.user);
  }
  return scene;
}

export let ctx: TestContext;
export let organiserToken: string;
export let organiserId: number;
export let exhibitor: Exhibitor;
export let exhibitorToken: string;

/** Builds the scene (personalDataScene's options) before the file's tests and closes it after them. */
export function usePersonalDataScene(options?: Parameters<typeof personalDataScene>[0]) {
  beforeAll(async () => {
    const scene = await personalDataScene(options);
    ({ ctx, organiserToken, organiserId } = scene);
    if (scene.exhibitor && scene.exhibitorToken) ({ exhibitor, exhibitorToken } = scene as Required<PersonalDataScene>);
  });
  afterAll(() => ctx.close());
}

export const admin = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(ctx.app, method, `admin/${url}`, { token: organiserToken, body });
export const errorOf = (res: { json: <T>() => T }) => res.json<{ error: { message: string } }>().error.message;

export const badgeOf = (registration: { id: number; type: RegistrationType }) => signedBadge(ctx, registration);

/** The exhibitor scans the badge (with a note) through the scanning API. */
export async function scanByExhibitor(registration: { id: number; type: RegistrationType }, note = 'Rappeler lundi') {
  const res = await call(ctx.app, 'POST', 'scans', {
    token: exhibitorToken,
    body: { scans: [{ id: randomUUID(), badge: badgeOf(registration), scannedAt: APP_NOW, note, rating: 4 }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { status: string }[] }>().data[0]!;
}

export async function workbookOf(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ExcelJS.Buffer);
  return workbook;
}

/** A sheet's rows as arrays of cell values (the header first). */
export const rowsOf = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

export async function userRow(id: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}
