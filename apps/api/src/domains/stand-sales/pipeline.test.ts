import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, type ErrorAnswer } from '@salon/shared';
import { queryRows } from '../../db/client';
import { bookingStands, invoiceCounters, invoices, salesOffers, standBookings } from '../../db/schema';
import { TEST_SELLER, createExhibitor, holdForm, sessionOf } from '../../../test/fixtures';
import { call, saleTestApp, type TestContext } from '../../../test/helper';
import { createMailbox } from '../../../test/mailbox';
import { pdfText } from '../badges/badge-pdf.test-support';
import { amountInWords, englishNumber, frenchNumber } from './amount-in-words';
import { saleAttachments } from './sale-attachments';
import { runReminders } from './reminders.service';

/**
 * The organiser's pipeline: an option confirmed (contract, deposit and balance invoices numbered
 * without a gap, mailed), refused, or a confirmed booking cancelled with its credit notes. Each
 * test holds stands of its own in a sale of this file's hall.
 */

let ctx: TestContext;
let token: string;
let stand = 0;
// The organiser's bank account as typed, in groups: saved without its spaces.
const SELLER = { ...TEST_SELLER, rib: '181 810 21211 12345678901 23' };

beforeAll(async () => {
  ({ ctx, token } = await saleTestApp('K', 60));
  await ctx.db
    .update(salesOffers)
    .set({ seller: { ...SELLER, rib: SELLER.rib.replace(/\s/g, '') }, depositShare: 3000, balanceDueOn: '2099-04-30' })
    .where(eq(salesOffers.eventId, DEMO_EDITION_ID));
});
afterAll(() => ctx.close());

const refusal = (res: LightMyRequestResponse) => res.json<ErrorAnswer>().error;

/** A fresh option on two stands of 9 m² (1,500 MAD the m²): 27,000 MAD excluding tax. */
async function option(lang: 'fr' | 'en' = 'fr') {
  const numbers = [`K-${(stand += 1)}`, `K-${(stand += 1)}`];
  const body = { ...holdForm(numbers), lang, companyName: 'مؤسسة البناء الحديث' };
  const res = await call(ctx.app, 'POST', 'stand-bookings', { body });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await ctx.db.select().from(standBookings).where(eq(standBookings.email, body.email));
  return { id: row!.id, email: body.email, numbers };
}

const act = (id: number, what: 'confirm' | 'refuse' | 'cancel', body: unknown = {}, app = ctx.app) =>
  call(app, 'POST', `admin/stand-bookings/${id}/${what}`, { token, body });

describe('An amount in words', () => {
  it('is written as French invoices write it, and in English', () => {
    expect(frenchNumber(71)).toBe('soixante et onze');
    expect(frenchNumber(80)).toBe('quatre-vingts');
    expect(frenchNumber(81)).toBe('quatre-vingt-un');
    expect(frenchNumber(200)).toBe('deux cents');
    expect(frenchNumber(201)).toBe('deux cent un');
    expect(frenchNumber(80_000)).toBe('quatre-vingt mille');
    expect(frenchNumber(1_000)).toBe('mille');
    expect(frenchNumber(2_000_000)).toBe('deux millions');
    expect(amountInWords(13_305_645, 'fr')).toBe(
      'cent trente-trois mille cinquante-six dirhams et quarante-cinq centimes',
    );
    expect(amountInWords(100, 'fr')).toBe('un dirham');
    expect(englishNumber(133_056)).toBe('one hundred and thirty-three thousand and fifty-six');
    expect(amountInWords(3_240_000, 'en')).toBe('thirty-two thousand four hundred dirhams');
    expect(amountInWords(-3_240_000, 'fr')).toBe('moins trente-deux mille quatre cents dirhams');
  });
});

describe('Confirming an option', () => {
  it('issues the deposit and balance invoices numbered one after the other, whose totals are the booking’s, and mails the contract and both', async () => {
    const { id, email, numbers } = await option();
    const res = await act(id, 'confirm');
    expect(res.statusCode, res.body).toBe(200);
    const [deposit, balance] = res.json<{ invoices: Record<string, unknown>[] }>().invoices;
    expect(deposit).toMatchObject({ kind: 'deposit', totalExclTax: 810_000, vat: 162_000, totalInclTax: 972_000 });
    expect(balance).toMatchObject({ kind: 'balance', totalExclTax: 1_890_000, vat: 378_000, dueOn: '2099-04-30' });
    const [n1, n2] = [deposit!.label, balance!.label].map((l) => Number(String(l).slice(-5)));
    expect(n2).toBe(n1! + 1);
    const [booking] = await ctx.db.select().from(standBookings).where(eq(standBookings.id, id));
    expect(booking!.status).toBe('signed');
    expect(Number(deposit!.totalExclTax) + Number(balance!.totalExclTax)).toBe(booking!.totalExclTax);
    expect(Number(deposit!.vat) + Number(balance!.vat)).toBe(booking!.vat);

    const [mail] = await ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, Number(balance!.id)));
    const built = saleAttachments(ctx.db);
    const balancePdf = await pdfText((await built.invoice({ kind: 'invoice', invoiceId: mail!.id })).content);
    expect(balancePdf).toContain(`Facture de solde ${String(balance!.label)}`);
    expect(balancePdf).toContain('ICE 002345678000091');
    expect(balancePdf).toContain('ICE 001234567000089');
    expect(balancePdf).toContain(`Stand ${numbers[0]}`);
    expect(balancePdf).toContain(`Acompte facturé (${String(deposit!.label)})`);
    expect(balancePdf).toContain(
      'Arrêtée la présente facture à la somme de vingt-deux mille six cent quatre-vingts dirhams toutes taxes comprises.',
    );
    expect(balancePdf).toContain('RIB 181810212111234567890123');
    const contract = await pdfText((await built.contract({ kind: 'contract', bookingId: id })).content);
    expect(contract).toContain('Contrat de location d’emplacement');
    expect(contract).toContain('Amina Berrada');

    const delivered = await createMailbox(ctx.db).to(email);
    expect(delivered.at(-1)!.subject).toContain('Votre contrat et vos factures');
    const [outbox] = await queryRows<{ attachments: { kind: string }[] }>(
      ctx.db,
      sql`select attachments from mail_outbox where "to" = ${email} and attachments is not null`,
    );
    expect(outbox!.attachments.map((a) => a.kind)).toEqual(['contract', 'invoice', 'invoice']);
  });

  it('happens once when two organisers confirm at once on two instances; the other is told', async () => {
    const { id } = await option();
    const other = await ctx.anotherInstance();
    const answers = await Promise.all([act(id, 'confirm'), act(id, 'confirm', {}, other)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(refusal(answers.find((a) => a.statusCode === 409)!).details).toMatchObject({ code: 'notAnOption' });
    expect(await ctx.db.select().from(invoices).where(eq(invoices.bookingId, id))).toHaveLength(2);
  });

  it('numbers the invoices of many confirmations at once without a gap or a repeat', async () => {
    const options = [];
    for (let i = 0; i < 8; i++) options.push(await option());
    const other = await ctx.anotherInstance();
    const answers = await Promise.all(options.map((o, i) => act(o.id, 'confirm', {}, i % 2 ? other : ctx.app)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const numbers = (await ctx.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.series, 'F')))
      .map((r) => r.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  });

  it('is refused while the organiser’s legal identity is incomplete, and takes no number', async () => {
    const { id } = await option();
    const [before] = await ctx.db.select().from(invoiceCounters).where(eq(invoiceCounters.series, 'F'));
    await ctx.db
      .update(salesOffers)
      .set({ seller: { name: SELLER.name } })
      .where(eq(salesOffers.eventId, DEMO_EDITION_ID));
    try {
      const res = await act(id, 'confirm');
      expect(res.statusCode).toBe(400);
      expect(refusal(res).details).toMatchObject({ code: 'sellerMissing' });
      expect(refusal(res).details.fields).toEqual(['ice', 'taxId', 'tradeRegister', 'address', 'city', 'bank', 'rib']);
    } finally {
      await ctx.db
        .update(salesOffers)
        .set({ seller: { ...SELLER, rib: SELLER.rib.replace(/\s/g, '') } })
        .where(eq(salesOffers.eventId, DEMO_EDITION_ID));
    }
    const [after] = await ctx.db.select().from(invoiceCounters).where(eq(invoiceCounters.series, 'F'));
    expect(after!.last).toBe(before!.last);
    expect((await ctx.db.select().from(standBookings).where(eq(standBookings.id, id)))[0]!.status).toBe('option');
  });

  it('is the organisers’ alone', async () => {
    const { id } = await option();
    const exhibitor = await createExhibitor(ctx.db);
    const res = await call(ctx.app, 'POST', `admin/stand-bookings/${id}/confirm`, {
      token: await sessionOf(ctx, exhibitor.user),
    });
    expect(res.statusCode).toBe(403);
    expect(await ctx.db.select().from(invoices).where(eq(invoices.bookingId, id))).toHaveLength(0);
  });
});

describe('Ending a booking', () => {
  it('refuses an option: its stands are free again and the company is told why, in its language', async () => {
    const { id, email, numbers } = await option('en');
    const res = await act(id, 'refuse', { reason: 'Hall reserved for a national pavilion' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ invoices: [] });
    const lines = await ctx.db.select().from(bookingStands).where(eq(bookingStands.bookingId, id));
    expect(lines.every((l) => l.releasedAt !== null)).toBe(true);
    const text = await createMailbox(ctx.db).lastText(email);
    expect(text).toContain(`We cannot confirm your option on stand ${numbers.join(', ')}`);
    expect(text).toContain('Reason: Hall reserved for a national pavilion');
    const again = await act(id, 'refuse');
    expect(refusal(again).details).toMatchObject({ code: 'notAnOption', status: 'cancelled' });
  });

  it('cancels a confirmed booking with a credit note for each invoice, and no invoice can be changed or deleted', async () => {
    const { id } = await option();
    const issued = (await act(id, 'confirm')).json<{ invoices: { id: number; totalInclTax: number }[] }>().invoices;
    const res = await act(id, 'cancel', { reason: 'Désistement' });
    expect(res.statusCode, res.body).toBe(200);
    const credits = res.json<{
      invoices: { id: number; label: string; kind: string; creditOf: number; totalInclTax: number }[];
    }>().invoices;
    expect(credits.map((c) => c.kind)).toEqual(['credit', 'credit']);
    expect(credits.map((c) => c.creditOf)).toEqual(issued.map((i) => i.id));
    expect(credits.map((c) => c.totalInclTax)).toEqual(issued.map((i) => -i.totalInclTax));
    expect(credits[0]!.label).toMatch(/^AV\d{4}-\d{5}$/);
    const pdf = await pdfText(
      (await saleAttachments(ctx.db).invoice({ kind: 'invoice', invoiceId: credits[0]!.id })).content,
    );
    expect(pdf).toContain('Avoir');
    expect(pdf).toContain('Arrêté le présent avoir à la somme de moins');
    await expect(
      ctx.db.update(invoices).set({ totalExclTax: 0 }).where(eq(invoices.id, issued[0]!.id)),
    ).rejects.toThrow();
    await expect(ctx.db.delete(invoices).where(eq(invoices.id, issued[0]!.id))).rejects.toThrow();
    const again = await act(id, 'cancel');
    expect(refusal(again).details).toMatchObject({ code: 'notConfirmed' });
  });
});

describe('Payment reminders', () => {
  it('remind a week before a due date and the day after, once each, and not once it is paid', async () => {
    const { id, email } = await option();
    expect((await act(id, 'confirm')).statusCode).toBe(200);
    const silent = { info: () => undefined, error: () => undefined };
    const at = (day: number) => () => new Date(Date.now() + day * 24 * 3600_000);
    const deps = (clock: () => Date) => ({ db: ctx.db, clock, log: silent, onQueued: () => undefined });
    // The deposit is due in the option's 7 days: today is a week before.
    await runReminders(deps(at(0)));
    await runReminders(deps(at(0)));
    const subjects = async () => (await createMailbox(ctx.db).to(email)).map((m) => m.subject);
    expect((await subjects()).filter((s) => s.startsWith('Rappel : facture F'))).toHaveLength(1);
    // The day after the due date, unpaid: it is late.
    await runReminders(deps(at(8)));
    expect((await subjects()).filter((s) => /^Facture F\d{4}-\d{5} échue le/.test(s))).toHaveLength(1);
    const [row] = await queryRows<{ attachments: { kind: string; invoiceId: number }[] }>(
      ctx.db,
      sql`select attachments from mail_outbox where "to" = ${email} and subject like 'Facture F%' limit 1`,
    );
    expect(row!.attachments.map((a) => a.kind)).toEqual(['invoice']);
    expect(typeof row!.attachments[0]!.invoiceId).toBe('number');

    // Another booking whose deposit is in before its date gets no reminder after it.
    const paid = await option();
    await act(paid.id, 'confirm');
    const payment = await call(ctx.app, 'POST', `admin/stand-bookings/${paid.id}/payments`, {
      token,
      body: { amount: 972_000, receivedOn: '2026-12-04', method: 'transfer' },
    });
    expect(payment.json()).toMatchObject({ status: 'deposit' });
    await runReminders(deps(at(8)));
    expect(
      (await createMailbox(ctx.db).to(paid.email)).map((m) => m.subject).filter((s) => s.includes('échue')),
    ).toEqual([]);
  });
});
