import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, addDays, showDay, type ErrorAnswer } from '@salon/shared';
import { invoices, salesOffers, serviceOrders, standBookings } from '../../db/schema';
import { TEST_SELLER, createCollaborator, createExhibitor, holdForm, sessionOf } from '../../../test/fixtures';
import { call, saleTestApp, type TestContext } from '../../../test/helper';
import { createMailbox } from '../../../test/mailbox';
import { TYPED_NAMES } from '../badges/badge-pdf.test-support';
import { SERVICE_ORDERS_PER_DAY } from './services.service';

/**
 * The exhibitor's services: a catalogue per edition in the back-office, orders from the exhibitor
 * area invoiced on the company's confirmed booking, a limited stock that one transaction at a
 * time takes from, the organiser's credit note that gives it back, and each service's orders for
 * its supplier. Each test makes its own services and bookings.
 */

let ctx: TestContext;
let token: string;
let stand = 0;

beforeAll(async () => {
  ({ ctx, token } = await saleTestApp('V', 60));
  await ctx.db
    .update(salesOffers)
    .set({ seller: TEST_SELLER, depositShare: 3000, balanceDueOn: '2099-04-30', holdDays: 10 })
    .where(eq(salesOffers.eventId, DEMO_EDITION_ID));
});
afterAll(() => ctx.close());

const refusal = (res: LightMyRequestResponse) => res.json<ErrorAnswer>().error;
let serviceCount = 0;

/** A service of the demo edition's catalogue, made through the back-office. */
async function service(overrides: Record<string, unknown> = {}) {
  serviceCount += 1;
  const res = await call(ctx.app, 'POST', 'admin/exhibitor-services', {
    token,
    body: {
      name: { fr: `Branchement électrique ${serviceCount}`, en: `Power connection ${serviceCount}` },
      unit: { fr: 'kW', en: 'kW' },
      price: 45_000,
      stock: null,
      orderBy: '2099-05-15',
      supplier: 'Électricité du Sud',
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; name: { fr: string; en: string } }>();
}

/** A company whose booking of two stands is confirmed, with its exhibitor account signed in. */
async function company(company = 'شركة الأطلس للبناء') {
  const numbers = [`V-${(stand += 1)}`, `V-${(stand += 1)}`];
  const body = { ...holdForm(numbers), companyName: company, contactName: 'Youssef El Idrissi' };
  const held = await call(ctx.app, 'POST', 'stand-bookings', { body });
  expect(held.statusCode, held.body).toBe(201);
  const [booking] = await ctx.db.select().from(standBookings).where(eq(standBookings.email, body.email));
  const confirmed = await call(ctx.app, 'POST', `admin/stand-bookings/${booking!.id}/confirm`, { token });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const exhibitor = await createExhibitor(ctx.db, { company, booth: numbers[0] });
  await ctx.db.update(standBookings).set({ exhibitorId: exhibitor.user.id }).where(eq(standBookings.id, booking!.id));
  return { booking: booking!, numbers, exhibitor, session: await sessionOf(ctx, exhibitor.user), email: body.email };
}

const order = (session: string, lines: { service: number; quantity: number }[], app = ctx.app) =>
  call(app, 'POST', 'my-services/orders', { token: session, body: { lines } });

const invoiceCount = async () => (await ctx.db.select({ id: invoices.id }).from(invoices)).length;

describe('An exhibitor’s order of services', () => {
  it('is invoiced at once on its booking, with its lines and VAT, mailed with its invoice, and the tab shows it and the stock left', async () => {
    const power = await service({ stock: 50 });
    const cleaning = await service({
      name: { fr: 'Nettoyage quotidien', en: 'Daily cleaning' },
      unit: { fr: 'jour', en: 'day' },
      price: 30_000,
    });
    const c = await company();
    const res = await order(c.session, [
      { service: power.id, quantity: 6 },
      { service: cleaning.id, quantity: 4 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    // 6 × 450 + 4 × 300 = 3,900 MAD excluding tax, with 20 % VAT: 4,680 MAD.
    const answer = res.json<{ invoice: { id: number; label: string } }>();
    // Due after the offer's 10 days, as a deposit is.
    expect(answer).toEqual({
      invoice: {
        id: answer.invoice.id,
        label: answer.invoice.label,
        totalInclTax: 468_000,
        dueOn: addDays(showDay(new Date()), 10),
      },
    });
    expect(answer.invoice.label).toMatch(/^F\d{4}-\d{5}$/);
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, answer.invoice.id));
    expect(invoice).toMatchObject({
      kind: 'services',
      bookingId: c.booking.id,
      reference: c.booking.reference,
      totalExclTax: 390_000,
      vat: 78_000,
      buyer: { name: 'شركة الأطلس للبناء', ice: c.booking.ice },
    });
    expect(invoice!.lines).toEqual([
      { label: `${power.name.fr} (kW)`, quantity: 6, unitPrice: 45_000, total: 270_000 },
      { label: 'Nettoyage quotidien (jour)', quantity: 4, unitPrice: 30_000, total: 120_000 },
    ]);
    // After the option's mail and the contract's, the order's.
    const mail = (await createMailbox(ctx.db).to(c.email)).at(-1);
    expect(mail!.subject).toBe(
      `Votre commande de services — ${answer.invoice.label} — Salon International du Bâtiment 2024`,
    );

    const tab = await call(ctx.app, 'GET', 'my-services', { token: c.session });
    expect(tab.statusCode, tab.body).toBe(200);
    const body = tab.json<{ booking: unknown; services: { id: number; left: number | null }[]; orders: unknown[] }>();
    expect(body.booking).toEqual({ reference: c.booking.reference, stands: c.numbers.join(', ') });
    expect(body.services.find((s) => s.id === power.id)).toMatchObject({ left: 44, open: true, price: 45_000 });
    expect(body.services.find((s) => s.id === cleaning.id)).toMatchObject({ left: null });
    expect(body.orders).toEqual([
      {
        invoiceId: answer.invoice.id,
        label: answer.invoice.label,
        issuedOn: invoice!.issuedOn,
        totalInclTax: 468_000,
        cancelled: false,
        lines: [
          { name: power.name, quantity: 6, total: 270_000 },
          { name: { fr: 'Nettoyage quotidien', en: 'Daily cleaning' }, quantity: 4, total: 120_000 },
        ],
      },
    ]);
    // 'Stands et factures' counts the services in what the company owes.
    const mine = await call(ctx.app, 'GET', 'my-bookings', { token: c.session });
    const booking = mine.json<{ bookings: { totalInclTax: number; invoices: { kind: string }[] }[] }>().bookings[0]!;
    expect(booking.invoices.map((i) => i.kind)).toEqual(['deposit', 'balance', 'services']);
    expect(booking.totalInclTax).toBe(c.booking.totalExclTax + c.booking.vat + 468_000);
  });

  it('gives the last units of a limited service to one of two exhibitors ordering them at once on two instances; the other is told how many are left', async () => {
    const tables = await service({
      name: { fr: 'Table haute', en: 'High table' },
      unit: { fr: 'pièce', en: 'piece' },
      stock: 5,
    });
    const [first, second] = [await company('Atlas Béton'), await company('Sahara Acier')];
    const other = await ctx.anotherInstance();
    const answers = await Promise.all([
      order(first.session, [{ service: tables.id, quantity: 4 }]),
      order(second.session, [{ service: tables.id, quantity: 4 }], other),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = refusal(answers.find((a) => a.statusCode === 409)!);
    expect(refused.message).toBe('Stock insuffisant : Table haute (1 restant).');
    expect(refused.details).toMatchObject({ code: 'outOfStock', services: [{ id: tables.id, left: 1 }] });
    const rows = await ctx.db.select().from(serviceOrders).where(eq(serviceOrders.serviceId, tables.id));
    expect(rows.map((r) => r.quantity)).toEqual([4]);
  });

  it('is taken once when the same order is sent twice at once (a double tap), and answers the same invoice both times', async () => {
    const lamps = await service({ name: { fr: 'Lampe', en: 'Lamp' }, unit: { fr: 'pièce', en: 'piece' }, stock: 3 });
    const c = await company();
    const body = { key: 'commande-0001-abcd', lines: [{ service: lamps.id, quantity: 2 }] };
    const send = () => call(ctx.app, 'POST', 'my-services/orders', { token: c.session, body });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    const [first, second] = answers.map((a) => a.json<{ invoice: { id: number } }>().invoice.id);
    expect(second).toBe(first);
    const rows = await ctx.db.select().from(serviceOrders).where(eq(serviceOrders.serviceId, lamps.id));
    expect(rows.map((r) => r.quantity)).toEqual([2]);
    // Another order (another key) takes what is left.
    expect(refusal(await order(c.session, [{ service: lamps.id, quantity: 2 }])).details).toMatchObject({
      code: 'outOfStock',
      services: [{ id: lamps.id, left: 1 }],
    });
  });

  it('is refused past twenty orders of a company in a day: each is an invoice that is never deleted', async () => {
    const pens = await service({ name: { fr: 'Stylo', en: 'Pen' }, unit: { fr: 'pièce', en: 'piece' }, price: 100 });
    const c = await company();
    for (let i = 0; i < SERVICE_ORDERS_PER_DAY; i++)
      expect((await order(c.session, [{ service: pens.id, quantity: 1 }])).statusCode).toBe(201);
    const more = await order(c.session, [{ service: pens.id, quantity: 1 }]);
    expect(more.statusCode).toBe(429);
    expect(refusal(more).details).toMatchObject({ code: 'tooManyOrders' });
  });

  it('is refused, with nothing invoiced, for a service past its order day, over the stock, unknown or of another edition, or an empty order', async () => {
    const late = await service({ orderBy: '2020-01-01' });
    const scarce = await service({ stock: 2 });
    const c = await company();
    const before = await invoiceCount();

    const closed = await order(c.session, [{ service: late.id, quantity: 1 }]);
    expect(closed.statusCode).toBe(409);
    expect(refusal(closed)).toMatchObject({
      message: `Les commandes sont closes pour : ${late.name.fr}.`,
      details: { code: 'orderClosed', services: [late.id] },
    });
    const over = await order(c.session, [{ service: scarce.id, quantity: 3 }]);
    expect(refusal(over).details).toMatchObject({ code: 'outOfStock', services: [{ id: scarce.id, left: 2 }] });
    const unknown = await order(c.session, [{ service: 999_999, quantity: 1 }]);
    expect(unknown.statusCode).toBe(400);
    expect(refusal(unknown).details).toMatchObject({
      errors: [{ path: ['body', 'lines', 0, 'service'], message: 'unknownService' }],
    });
    const empty = await order(c.session, []);
    expect(empty.statusCode).toBe(400);
    const twice = await order(c.session, [
      { service: scarce.id, quantity: 1 },
      { service: scarce.id, quantity: 1 },
    ]);
    expect(twice.statusCode).toBe(400);
    const zero = await order(c.session, [{ service: scarce.id, quantity: 0 }]);
    expect(zero.statusCode).toBe(400);
    expect(await invoiceCount()).toBe(before);
    expect(await ctx.db.select().from(serviceOrders).where(eq(serviceOrders.bookingId, c.booking.id))).toEqual([]);
  });

  it('is refused to a company without a confirmed booking, and is its exhibitor’s alone: its collaborators neither order nor read', async () => {
    const power = await service();
    const alone = await createExhibitor(ctx.db);
    const session = await sessionOf(ctx, alone.user);
    const tab = await call(ctx.app, 'GET', 'my-services', { token: session });
    expect(tab.json()).toMatchObject({ booking: null, orders: [] });
    const refused = await order(session, [{ service: power.id, quantity: 1 }]);
    expect(refused.statusCode).toBe(409);
    expect(refusal(refused).details).toMatchObject({ code: 'noBooking' });

    const c = await company();
    const collaborator = await createCollaborator(ctx.db, c.exhibitor);
    const theirs = await sessionOf(ctx, collaborator.user);
    expect((await call(ctx.app, 'GET', 'my-services', { token: theirs })).statusCode).toBe(403);
    expect((await order(theirs, [{ service: power.id, quantity: 1 }])).statusCode).toBe(403);
    expect((await order('', [{ service: power.id, quantity: 1 }])).statusCode).toBe(401);
    expect(await ctx.db.select().from(serviceOrders).where(eq(serviceOrders.bookingId, c.booking.id))).toEqual([]);
  });
});

describe('The organiser’s side of the services', () => {
  it('cancels an order with a credit note, once, which gives its quantities back; a stand’s invoice is not credited alone', async () => {
    const chairs = await service({
      name: { fr: 'Chaise', en: 'Chair' },
      unit: { fr: 'pièce', en: 'piece' },
      stock: 10,
    });
    const c = await company();
    const ordered = await order(c.session, [{ service: chairs.id, quantity: 10 }]);
    const id = ordered.json<{ invoice: { id: number; label: string } }>().invoice.id;
    expect(refusal(await order(c.session, [{ service: chairs.id, quantity: 1 }])).details).toMatchObject({
      code: 'outOfStock',
    });

    const credited = await call(ctx.app, 'POST', `admin/invoices/${id}/credit`, { token });
    expect(credited.statusCode, credited.body).toBe(200);
    const [credit] = credited.json<{ invoices: { kind: string; totalInclTax: number; creditOf: number }[] }>().invoices;
    expect(credit).toMatchObject({ kind: 'credit', creditOf: id, totalInclTax: -(10 * 45_000 * 1.2) });
    expect(refusal(await call(ctx.app, 'POST', `admin/invoices/${id}/credit`, { token })).details).toMatchObject({
      code: 'alreadyCredited',
    });
    const mails = await createMailbox(ctx.db).to(c.email);
    expect(mails.at(-1)!.subject).toMatch(/^Annulation de votre commande de services F\d{4}-\d{5}$/);
    const tab = await call(ctx.app, 'GET', 'my-services', { token: c.session });
    const body = tab.json<{ services: { id: number; left: number }[]; orders: { cancelled: boolean }[] }>();
    expect(body.services.find((s) => s.id === chairs.id)!.left).toBe(10);
    expect(body.orders[0]!.cancelled).toBe(true);

    const [deposit] = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.bookingId, c.booking.id), eq(invoices.kind, 'deposit')));
    const alone = await call(ctx.app, 'POST', `admin/invoices/${deposit!.id}/credit`, { token });
    expect(refusal(alone).details).toMatchObject({ code: 'notServices' });
    expect((await call(ctx.app, 'POST', `admin/invoices/${id}/credit`, { token: c.session })).statusCode).toBe(403);
  });

  it('gets back the stock of a booking it cancels, whose services invoice gets its credit note with the others', async () => {
    const stands = await service({ name: { fr: 'Moquette', en: 'Carpet' }, unit: { fr: 'm²', en: 'm²' }, stock: 20 });
    const c = await company();
    await order(c.session, [{ service: stands.id, quantity: 20 }]);
    const cancelled = await call(ctx.app, 'POST', `admin/stand-bookings/${c.booking.id}/cancel`, { token, body: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<{ invoices: unknown[] }>().invoices).toHaveLength(3);
    const d = await company();
    expect((await order(d.session, [{ service: stands.id, quantity: 20 }])).statusCode).toBe(201);
  });

  it('exports a service’s live orders for its supplier, company names as typed, with their stands and contact', async () => {
    const wifi = await service({
      name: { fr: 'Accès Wi-Fi', en: 'Wi-Fi access' },
      unit: { fr: 'forfait', en: 'package' },
    });
    const arabic = await company(TYPED_NAMES.mixedCompany);
    const latin = await company('Béton du Sud');
    await order(arabic.session, [{ service: wifi.id, quantity: 2 }]);
    const cancelled = await order(latin.session, [{ service: wifi.id, quantity: 1 }]);
    await call(ctx.app, 'POST', `admin/invoices/${cancelled.json<{ invoice: { id: number } }>().invoice.id}/credit`, {
      token,
    });
    await order(latin.session, [{ service: wifi.id, quantity: 3 }]);

    const res = await call(ctx.app, 'GET', `admin/exhibitor-services/${wifi.id}/orders`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="commandes-service-${wifi.id}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Accès Wi-Fi');
    const rows = sheet
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1, 7));
    expect(rows).toEqual([
      [TYPED_NAMES.mixedCompany, arabic.numbers.join(', '), 'Hall V', 2, 'forfait', 'Youssef El Idrissi'],
      ['Béton du Sud', latin.numbers.join(', '), 'Hall V', 3, 'forfait', 'Youssef El Idrissi'],
    ]);
    expect(
      (await call(ctx.app, 'GET', `admin/exhibitor-services/${wifi.id}/orders`, { token: arabic.session })).statusCode,
    ).toBe(403);
    expect((await call(ctx.app, 'GET', 'admin/exhibitor-services/999999/orders', { token })).statusCode).toBe(404);
  });

  it('keeps the catalogue sound: a name given twice, a stock under what is ordered, an ordered service deleted, a bad price, each refused', async () => {
    const lamp = await service({ name: { fr: 'Spot', en: 'Spotlight' }, stock: 8 });
    const again = await call(ctx.app, 'POST', 'admin/exhibitor-services', {
      token,
      body: {
        name: { fr: 'SPOT', en: 'Spot' },
        unit: { fr: 'pièce', en: 'piece' },
        price: 1,
        stock: null,
        orderBy: '2099-01-01',
      },
    });
    expect(refusal(again).details).toMatchObject({
      errors: [{ path: ['body', 'name', 'fr'], message: 'Un service porte déjà ce nom.' }],
    });
    const c = await company();
    await order(c.session, [{ service: lamp.id, quantity: 5 }]);
    const lower = await call(ctx.app, 'PUT', `admin/exhibitor-services/${lamp.id}`, { token, body: { stock: 4 } });
    expect(lower.statusCode).toBe(400);
    expect(refusal(lower).details).toMatchObject({
      errors: [{ path: ['body', 'stock'], message: '5 déjà commandé(s) : le stock ne peut être inférieur.' }],
    });
    const removed = await call(ctx.app, 'DELETE', `admin/exhibitor-services/${lamp.id}`, { token });
    expect(removed.statusCode).toBe(400);
    const negative = await call(ctx.app, 'PUT', `admin/exhibitor-services/${lamp.id}`, { token, body: { price: -5 } });
    expect(negative.statusCode).toBe(400);
    const list = await call(ctx.app, 'GET', 'admin/exhibitor-services', { token });
    expect(list.json<{ id: number; ordered: number; stock: number }[]>().find((s) => s.id === lamp.id)).toMatchObject({
      ordered: 5,
      stock: 8,
      supplier: 'Électricité du Sud',
    });
  });
});
