import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletters } from '../../db/schema';
import { createOrganiser, sessionOf } from '../../../test/fixtures';
import { call, createTestApp, type TestContext } from '../../../test/helper';

/** The back-office's newsletter subscribers: the list, its filters and the xlsx export. */

let ctx: TestContext;
let token: string;

const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const get = (url: string) => call(ctx.app, 'GET', url, { token });
const message = (res: { json: <T>() => T }) => res.json<{ error: { message: string } }>().error.message;

beforeAll(async () => {
  ctx = await createTestApp();
  token = await sessionOf(ctx, await createOrganiser(ctx.db, { name: 'Olga Organisatrice' }));
});
afterAll(() => ctx.close());

describe('The newsletter subscribers', () => {
  beforeAll(async () => {
    await ctx.db.insert(newsletters).values([
      { email: 'attente@example.com', language: 'fr', createdAt: new Date('2024-05-01T08:00:00Z') },
      {
        email: 'confirme@example.com',
        language: 'en',
        confirmedAt: new Date('2024-05-02T09:30:00Z'),
        createdAt: new Date('2024-05-02T09:00:00Z'),
      },
      {
        email: 'parti@example.com',
        language: 'fr',
        confirmedAt: new Date('2024-05-03T09:00:00Z'),
        unsubscribedAt: new Date('2024-05-10T12:00:00Z'),
        createdAt: new Date('2024-05-03T08:00:00Z'),
      },
    ]);
  });

  it('lists the subscribers with their state, newest first', async () => {
    const res = await get('admin/newsletters');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-range']).toBe('newsletters 0-2/3');
    const rows = res.json<Record<string, unknown>[]>();
    expect(rows.map((r) => [r.email, r.state])).toEqual([
      ['parti@example.com', 'unsubscribed'],
      ['confirme@example.com', 'confirmed'],
      ['attente@example.com', 'waiting'],
    ]);
    const [confirmed] = await ctx.db.select().from(newsletters).where(eq(newsletters.email, 'confirme@example.com'));
    expect(rows[1]).toEqual({
      id: confirmed!.id,
      email: 'confirme@example.com',
      language: 'en',
      state: 'confirmed',
      confirmedAt: '2024-05-02T09:30:00.000Z',
      unsubscribedAt: null,
      createdAt: '2024-05-02T09:00:00.000Z',
    });
  });

  it('shows a subscription from the site as waiting for its confirmation', async () => {
    const sub = await call(ctx.app, 'POST', 'newsletters', { body: { email: 'Nouveau@Example.com' } });
    expect(sub.statusCode, sub.body).toBe(201);
    const res = await get(`admin/newsletters?filter=${encode({ state: 'waiting' })}`);
    expect(res.json<{ email: string }[]>().map((r) => r.email)).toEqual(['nouveau@example.com', 'attente@example.com']);
    await ctx.db.delete(newsletters).where(eq(newsletters.email, 'nouveau@example.com'));
  });

  it.each([
    ['confirmed', ['confirme@example.com']],
    ['unsubscribed', ['parti@example.com']],
  ])('filters the %s subscribers', async (state, emails) => {
    const res = await get(`admin/newsletters?filter=${encode({ state })}`);
    expect(res.json<{ email: string }[]>().map((r) => r.email)).toEqual(emails);
  });

  it('searches the addresses', async () => {
    const res = await get(`admin/newsletters?filter=${encode({ q: 'CONF' })}`);
    expect(res.json<{ email: string }[]>().map((r) => r.email)).toEqual(['confirme@example.com']);
  });

  it('refuses an unknown state with a 400 that names the states', async () => {
    const res = await get(`admin/newsletters?filter=${encode({ state: 'maybe' })}`);
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe('Filtre state : waiting, confirmed, unsubscribed.');
  });

  async function workbook(url: string) {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="newsletter.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('exports the subscribers to newsletter.xlsx with their state and dates in Marrakech time', async () => {
    const rows = await workbook('admin/newsletters/export');
    expect(rows[0]).toEqual(['Adresse e-mail', 'Langue', 'État', 'Inscription', 'Confirmation', 'Désinscription']);
    // Dates as real date cells holding Marrakech's wall clock (UTC+1 in May 2024).
    expect(rows.slice(1)).toEqual([
      ['attente@example.com', 'fr', 'En attente de confirmation', new Date('2024-05-01T09:00:00Z')],
      ['confirme@example.com', 'en', 'Confirmé', new Date('2024-05-02T10:00:00Z'), new Date('2024-05-02T10:30:00Z')],
      [
        'parti@example.com',
        'fr',
        'Désinscrit',
        new Date('2024-05-03T09:00:00Z'),
        new Date('2024-05-03T10:00:00Z'),
        new Date('2024-05-10T13:00:00Z'),
      ],
    ]);
  });

  it('exports only the subscribers the filter keeps, in English when asked', async () => {
    const rows = await workbook(`admin/newsletters/export?lang=en&filter=${encode({ state: 'confirmed' })}`);
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      ['E-mail address', 'Language', 'State'],
      ['confirme@example.com', 'en', 'Confirmed'],
    ]);
  });

  it.each([
    [
      'a page range',
      `admin/newsletters/export?range=${encode([0, 9])}`,
      'Paramètre de requête non autorisé : l’export prend filter et lang.',
    ],
    ['an unknown language', 'admin/newsletters/export?lang=de', 'Paramètre lang : fr ou en.'],
    [
      'an unknown state',
      `admin/newsletters/export?filter=${encode({ state: 'x' })}`,
      'Filtre state : waiting, confirmed, unsubscribed.',
    ],
  ])('refuses an export with %s', async (_what, url, expected) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe(expected);
  });
});
