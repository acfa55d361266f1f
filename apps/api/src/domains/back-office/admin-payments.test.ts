import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, type ErrorAnswer } from '@salon/shared';
import { invoices, payments, registrations, standBookings, users } from '../../db/schema';
import { createExhibitor, holdForm, sessionOf } from '../../../test/fixtures';
import { call, saleTestApp, type TestContext } from '../../../test/helper';
import { parseAmount, parseDay, parseStatement, referenceIn } from './statement-csv';

/**
 * Payments of confirmed bookings: typed by an organiser or matched from a bank statement by the
 * booking's reference; the booking moves on ('Acompte reçu', 'Soldé') and its company's account
 * opens for the edition with its stand. Each test confirms bookings of its own.
 */

let ctx: TestContext;
let token: string;
let stand = 0;

beforeAll(async () => {
  ({ ctx, token } = await saleTestApp('P', 40));
});
afterAll(() => ctx.close());

const refusal = (res: LightMyRequestResponse) => res.json<ErrorAnswer>().error;

/** A booking of two stands of 9 m² (27,000 MAD excl. tax, 32,400 incl.), confirmed unless told: deposit 16,200 MAD (50 %). */
async function booking({ confirm = true, email }: { confirm?: boolean; email?: string } = {}) {
  const numbers = [`P-${(stand += 1)}`, `P-${(stand += 1)}`];
  const body = { ...holdForm(numbers), ...(email && { email }), companyName: 'دار الخشب', contactName: 'Salma Tazi' };
  const held = await call(ctx.app, 'POST', 'stand-bookings', { body });
  expect(held.statusCode, held.body).toBe(201);
  const reference = held.json<{ data: { reference: string } }>().data.reference;
  const [row] = await ctx.db.select().from(standBookings).where(eq(standBookings.reference, reference));
  if (confirm) {
    const res = await call(ctx.app, 'POST', `admin/stand-bookings/${row!.id}/confirm`, { token });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { id: row!.id, reference, email: body.email, numbers };
}

const pay = (id: number, amount: number, receivedOn = '2024-05-02') =>
  call(ctx.app, 'POST', `admin/stand-bookings/${id}/payments`, {
    token,
    body: { amount, receivedOn, method: 'transfer', label: 'Virement' },
  });

describe('A payment typed by an organiser', () => {
  it('takes a partial payment, then the deposit opens the company’s account with its stand, then the rest settles it', async () => {
    const b = await booking();
    const partial = await pay(b.id, 500_000);
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json()).toEqual({
      status: 'signed',
      exhibitorId: null,
      due: 3_240_000,
      deposit: 1_620_000,
      paid: 500_000,
    });

    const deposit = await pay(b.id, 1_120_000);
    const account = deposit.json<{ status: string; exhibitorId: number }>();
    expect(account.status).toBe('deposit');
    const [user] = await ctx.db.select().from(users).where(eq(users.id, account.exhibitorId));
    expect(user).toMatchObject({ type: 'exhibitor', company: 'دار الخشب', name: 'Salma Tazi', email: b.email });
    const [registration] = await ctx.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.userId, user!.id), eq(registrations.eventId, DEMO_EDITION_ID)));
    expect(registration).toMatchObject({ type: 'exhibitor', confirmed: true, booth: b.numbers[0] });

    const rest = await pay(b.id, 1_620_000);
    expect(rest.json()).toMatchObject({ status: 'paid', exhibitorId: user!.id, paid: 3_240_000 });
    // The company's own account sees its booking, its two stands and what it paid.
    const mine = await call(ctx.app, 'GET', 'my-bookings', { token: await sessionOf(ctx, user!) });
    expect(mine.json<{ bookings: unknown[] }>().bookings).toEqual([
      expect.objectContaining({
        reference: b.reference,
        stands: b.numbers.join(', '),
        status: 'paid',
        paid: 3_240_000,
      }),
    ]);
    const listed = await call(ctx.app, 'GET', `admin/stand-bookings/${b.id}/payments`, { token });
    expect(listed.json<{ payments: { amount: number }[] }>().payments.map((p) => p.amount)).toEqual([
      500_000, 1_120_000, 1_620_000,
    ]);
  });

  it('joins an exhibitor of an earlier edition to this one, on its new stand, rather than making a second account', async () => {
    const former = await createExhibitor(ctx.db);
    await ctx.db.update(registrations).set({ eventId: 5 }).where(eq(registrations.id, former.registration.id));
    const b = await booking({ email: former.user.email });
    const res = await pay(b.id, 1_620_000);
    expect(res.json()).toMatchObject({ status: 'deposit', exhibitorId: former.user.id });
    const mine = await ctx.db.select().from(registrations).where(eq(registrations.userId, former.user.id));
    expect(mine.find((r) => r.eventId === DEMO_EDITION_ID)).toMatchObject({ booth: b.numbers[0], confirmed: true });
    expect(await ctx.db.select().from(users).where(eq(users.email, former.user.email))).toHaveLength(1);
  });

  it('is refused for an option not confirmed yet, and nothing is recorded', async () => {
    const b = await booking({ confirm: false });
    const res = await pay(b.id, 100_000);
    expect(res.statusCode).toBe(409);
    expect(refusal(res).details).toMatchObject({ code: 'notConfirmed', status: 'option' });
    expect(await ctx.db.select().from(payments).where(eq(payments.bookingId, b.id))).toHaveLength(0);
    const bad = await call(ctx.app, 'POST', `admin/stand-bookings/${b.id}/payments`, {
      token,
      body: { amount: 0, receivedOn: 'hier', method: 'transfer' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('A bank statement', () => {
  it('reads amounts, days and references as banks print them', () => {
    expect(parseAmount('12 500,50')).toBe(1_250_050);
    expect(parseAmount('12,500.50')).toBe(1_250_050);
    expect(parseAmount('1.250,5 MAD')).toBe(125_050);
    expect(parseAmount('-300')).toBe(-30_000);
    expect(parseAmount('douze')).toBeNull();
    expect(parseDay('02/05/2024')).toBe('2024-05-02');
    expect(parseDay('2024-05-02')).toBe('2024-05-02');
    expect(referenceIn('VIR SEPA S 2024 000123 7 ATLAS')).toBe('S2024-000123-7');
    expect(parseStatement('date;libellé;montant\n02/05/2024;"VIR S2024-000001-1; acompte";1 000,00\n')).toEqual([
      expect.objectContaining({ line: 2, date: '2024-05-02', label: 'VIR S2024-000001-1; acompte', amount: 100_000 }),
    ]);
  });

  it('is matched by reference, shows what it could not match, records partial payments once, and a second import records nothing again', async () => {
    const a = await booking();
    const b = await booking();
    const csv = [
      'Date;Libellé;Débit;Crédit',
      `02/05/2024;VIR ${a.reference} ACOMPTE;;16 200,00`,
      `03/05/2024;VIR ${b.reference.replace(/-/g, ' ')};;5 000,00`,
      `03/05/2024;VIR ${b.reference.replace(/-/g, ' ')};;5 000,00`,
      '04/05/2024;VIR SANS REFERENCE;;9 999,00',
      `04/05/2024;VIR ${a.reference.slice(0, -1)}${(Number(a.reference.slice(-1)) + 1) % 10};;1,00`,
      '05/05/2024;FRAIS BANCAIRES;12,00;',
    ].join('\n');
    const preview = await call(ctx.app, 'POST', 'admin/payments/import', { token, body: { csv } });
    expect(preview.statusCode, preview.body).toBe(200);
    const seen = preview.json<{ lines: { outcome: string }[]; matched: number; recorded: number }>();
    expect(seen.lines.map((l) => l.outcome)).toEqual([
      'matched',
      'matched',
      'matched',
      'unmatched',
      'unmatched',
      'debit',
    ]);
    expect(seen.recorded).toBe(0);
    expect(await ctx.db.select().from(payments).where(eq(payments.bookingId, a.id))).toHaveLength(0);

    const done = await call(ctx.app, 'POST', 'admin/payments/import', { token, body: { csv, commit: true } });
    expect(done.json()).toMatchObject({ matched: 3, recorded: 3, amountMatched: 2_620_000 });
    const [afterA] = await ctx.db.select().from(standBookings).where(eq(standBookings.id, a.id));
    const [afterB] = await ctx.db.select().from(standBookings).where(eq(standBookings.id, b.id));
    expect(afterA!.status).toBe('deposit');
    expect(afterB!.status).toBe('signed');
    expect((await ctx.db.select().from(payments).where(eq(payments.bookingId, b.id))).map((p) => p.amount)).toEqual([
      500_000, 500_000,
    ]);

    const again = await call(ctx.app, 'POST', 'admin/payments/import', { token, body: { csv, commit: true } });
    expect(again.json()).toMatchObject({ matched: 0, duplicates: 3, recorded: 0 });
  });

  it('recorded by two organisers at once on two instances is recorded once; the other is told', async () => {
    const c = await booking();
    const csv = `02/05/2024;VIR ${c.reference};1 000,00\n03/05/2024;VIR ${c.reference};2 000,00`;
    const other = await ctx.anotherInstance();
    const answers = await Promise.all([
      call(ctx.app, 'POST', 'admin/payments/import', { token, body: { csv, commit: true } }),
      call(other, 'POST', 'admin/payments/import', { token, body: { csv, commit: true } }),
    ]);
    const recorded = answers.map((a) =>
      a.statusCode === 200 ? a.json<{ recorded: number }>().recorded : a.statusCode,
    );
    // Serialised (one connection), the second finds the lines recorded; side by side, the index refuses it.
    expect([
      [0, 2],
      [2, 409],
    ]).toContainEqual(recorded.sort((a, b) => a - b));
    expect((await ctx.db.select().from(payments).where(eq(payments.bookingId, c.id))).map((p) => p.amount)).toEqual([
      100_000, 200_000,
    ]);
  });
});

describe('The accountant’s export', () => {
  it('lists the period’s invoices, credit notes and payments, with totals that are the PDFs’ to the centime', async () => {
    const kept = await booking();
    const cancelled = await booking();
    expect(
      (await call(ctx.app, 'POST', `admin/stand-bookings/${cancelled.id}/cancel`, { token, body: {} })).statusCode,
    ).toBe(200);
    expect((await pay(kept.id, 123_456)).statusCode).toBe(201);
    const period = 'from=2024-01-01&to=2099-12-31';
    const res = await call(ctx.app, 'GET', `admin/accounting/export?${period}&format=csv&what=invoices`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(';'));
    expect(rows[0]).toEqual([
      'Numéro',
      'Type',
      'Date',
      'Échéance',
      'Client',
      'ICE',
      'Référence',
      'Avoir de',
      'Total HT',
      'TVA',
      'Total TTC',
    ]);
    const centimes = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
    const inFile = rows.slice(1).reduce((sum, r) => sum + centimes(r[10]!), 0);
    const issued = await ctx.db.select().from(invoices);
    expect(inFile).toBe(issued.reduce((sum, i) => sum + i.totalExclTax + i.vat, 0));
    expect(rows.slice(1).filter((r) => r[1] === 'Avoir')).toHaveLength(2);
    expect(rows.slice(1).find((r) => r[6] === kept.reference)?.[4]).toBe('دار الخشب');

    const paid = await call(ctx.app, 'GET', `admin/accounting/export?${period}&format=csv&what=payments`, { token });
    expect(paid.body).toContain(`2024-05-02;${kept.reference};دار الخشب;transfer;Virement;1234,56`);
    const xlsx = await call(ctx.app, 'GET', `admin/accounting/export?${period}`, { token });
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const bad = await call(ctx.app, 'GET', 'admin/accounting/export?from=hier&to=2099-12-31', { token });
    expect(bad.statusCode).toBe(400);
  });
});
