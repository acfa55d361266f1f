import { expect } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { desc, eq } from 'drizzle-orm';
import { exhibitorServices, invoices, standBookings } from '../../src/db/schema';
import { createExhibitor, holdForm, openStandSale } from '../fixtures';
import { freshEnquiry } from './exhibitor-accounts';
import { confirmBooking } from '../../src/domains/stand-sales/pipeline.service';
import { orderServices } from '../../src/domains/stand-sales/services.service';
import { call, createMedia } from '../helper';
import type { Route } from '../route-table';
import type { AdminArea, AdminCase, AdminWrite } from './area';

const route = (method: string, path: string) => `${method} /backend/api/admin/${path}` as Route;

const PAYMENT = { amount: 10_000, receivedOn: '2024-05-02', method: 'transfer', label: 'Virement' };

const OFFER = {
  open: true,
  vatRate: 2000,
  cornerSurcharge: 1000,
  minimumArea: 9,
  depositShare: 5000,
  balanceDueOn: '2024-05-01',
  holdDays: 7,
};

const pdf = async (c: AdminCase) =>
  (
    await createMedia(c.ctx.db, {
      name: `cgv-${(pdfs += 1)}-${Date.now()}.pdf`,
      mime: 'application/pdf',
      width: null,
      height: null,
    })
  ).id;
let pdfs = 0;

let sales = 0;
/** A booking held on a sale of its own: the list and the record have one to show. */
async function freshBooking(c: AdminCase): Promise<number> {
  const prefix = `BO${(sales += 1)}`;
  const { conditionsVersion } = await openStandSale(c.ctx.db, { prefix, count: 2 });
  const res = await call(c.ctx.app, 'POST', 'stand-bookings', {
    body: holdForm([`${prefix}-1`], conditionsVersion),
    remoteAddress: `10.9.${sales}.1`,
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await c.ctx.db
    .select({ id: standBookings.id })
    .from(standBookings)
    .orderBy(desc(standBookings.id))
    .limit(1);
  return row!.id;
}

/** A booking confirmed by an organiser of its own: its contract and invoices exist. */
async function confirmedBooking(c: AdminCase): Promise<number> {
  const id = await freshBooking(c);
  await confirmBooking(
    { db: c.ctx.db, now: new Date(), organiserId: c.organiser.id, publicUrl: c.ctx.config.PUBLIC_URL },
    id,
  );
  return id;
}

let services = 0;
/** An order of a service on a confirmed booking: its services invoice, credited in the back-office. */
async function servicesInvoice(c: AdminCase): Promise<{ bookingId: number; invoiceId: number; serviceId: number }> {
  const bookingId = await confirmedBooking(c);
  const [service] = await c.ctx.db
    .insert(exhibitorServices)
    .values({
      eventId: DEMO_EDITION_ID,
      name: { fr: `Service BO ${(services += 1)} ${Date.now()}`, en: 'Service' },
      unit: { fr: 'pièce', en: 'piece' },
      price: 10_000,
      orderBy: '2099-12-31',
    })
    .returning({ id: exhibitorServices.id });
  const [booking] = await c.ctx.db.select().from(standBookings).where(eq(standBookings.id, bookingId));
  const exhibitor = await createExhibitor(c.ctx.db);
  await c.ctx.db.update(standBookings).set({ exhibitorId: exhibitor.user.id }).where(eq(standBookings.id, booking!.id));
  const { invoice } = await orderServices(
    { db: c.ctx.db, now: new Date(), userId: exhibitor.user.id },
    { lines: [{ service: service!.id, quantity: 2 }] },
  );
  return { bookingId, invoiceId: invoice.id, serviceId: service!.id };
}

async function issuedInvoice(c: AdminCase): Promise<number> {
  const id = await confirmedBooking(c);
  const [row] = await c.ctx.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.bookingId, id)).limit(1);
  return row!.id;
}

/** Stands sold online: an edition's offer and conditions, and the bookings. */
export const salesArea: AdminArea = {
  rows: [
    {
      route: route('GET', 'sales-offers/:id'),
      when: 'reads an edition’s offer',
      request: () => ({ url: `admin/sales-offers/${DEMO_EDITION_ID}` }),
    },
    {
      route: route('PUT', 'sales-offers/:id'),
      when: 'changes an edition’s offer',
      request: () => ({ url: `admin/sales-offers/${DEMO_EDITION_ID}`, body: OFFER }),
    },
    {
      route: route('POST', 'sales-offers/:id/conditions'),
      when: 'adds a version of the conditions of sale',
      status: 201,
      request: async (c) => ({
        url: `admin/sales-offers/${DEMO_EDITION_ID}/conditions`,
        body: { mediaId: await pdf(c) },
      }),
    },
    { route: route('GET', 'stand-bookings'), when: 'lists the stand bookings' },
    {
      route: route('GET', 'stand-bookings/:id'),
      when: 'reads a stand booking',
      request: async (c) => ({ url: `admin/stand-bookings/${await freshBooking(c)}` }),
    },
    {
      route: route('POST', 'stand-bookings/:id/confirm'),
      when: 'confirms an option (its contract and invoices)',
      request: async (c) => ({ url: `admin/stand-bookings/${await freshBooking(c)}/confirm` }),
    },
    {
      route: route('POST', 'stand-bookings/:id/refuse'),
      when: 'refuses an option',
      request: async (c) => ({
        url: `admin/stand-bookings/${await freshBooking(c)}/refuse`,
        body: { reason: 'Complet' },
      }),
    },
    {
      route: route('POST', 'stand-bookings/:id/cancel'),
      when: 'cancels a confirmed booking (its credit notes)',
      request: async (c) => ({ url: `admin/stand-bookings/${await confirmedBooking(c)}/cancel`, body: {} }),
    },
    {
      route: route('GET', 'stand-bookings/:id/invoices'),
      when: 'lists a booking’s invoices',
      request: async (c) => ({ url: `admin/stand-bookings/${await confirmedBooking(c)}/invoices` }),
    },
    {
      route: route('GET', 'stand-bookings/:id/contract'),
      when: 'downloads a booking’s contract',
      request: async (c) => ({ url: `admin/stand-bookings/${await confirmedBooking(c)}/contract` }),
      check: (res) => {
        if (res.statusCode === 200) expect(res.headers['content-type']).toBe('application/pdf');
      },
    },
    {
      route: route('POST', 'stand-bookings/:id/payments'),
      when: 'records a payment of a confirmed booking',
      status: 201,
      request: async (c) => ({
        url: `admin/stand-bookings/${await confirmedBooking(c)}/payments`,
        body: PAYMENT,
      }),
    },
    {
      route: route('GET', 'stand-bookings/:id/payments'),
      when: 'lists a booking’s payments',
      request: async (c) => ({ url: `admin/stand-bookings/${await confirmedBooking(c)}/payments` }),
    },
    {
      route: route('POST', 'payments/import'),
      when: 'matches a bank statement',
      request: () => ({ url: 'admin/payments/import', body: { csv: 'date;libellé;montant\n02/05/2024;VIR;10,00' } }),
    },
    {
      route: route('POST', 'enquiries/:id/stand-link'),
      when: 'mails an enquirer the link to hold a stand online',
      request: async (c) => ({ url: `admin/enquiries/${await freshEnquiry(c)}/stand-link` }),
    },
    {
      route: route('GET', 'accounting/export'),
      when: 'exports a period’s invoices and payments for the accountant',
      request: () => ({ url: 'admin/accounting/export?from=2024-01-01&to=2099-12-31&format=csv' }),
    },
    {
      route: route('GET', 'invoices/:id/pdf'),
      when: 'downloads an invoice',
      request: async (c) => ({ url: `admin/invoices/${await issuedInvoice(c)}/pdf` }),
      check: (res) => {
        if (res.statusCode === 200) expect(res.body.startsWith('%PDF')).toBe(true);
      },
    },
    {
      route: route('GET', 'exhibitor-services/:id/orders'),
      when: 'exports a service’s orders for its supplier',
      request: async (c) => ({ url: `admin/exhibitor-services/${(await servicesInvoice(c)).serviceId}/orders` }),
      check: (res) => {
        if (res.statusCode === 200) expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
      },
    },
    {
      route: route('POST', 'invoices/:id/credit'),
      when: 'cancels an order of services with a credit note',
      request: async (c) => ({ url: `admin/invoices/${(await servicesInvoice(c)).invoiceId}/credit` }),
    },
  ],
  writes: {
    [route('POST', 'invoices/:id/credit')]: async (c: AdminCase): Promise<AdminWrite> => {
      const { bookingId, invoiceId } = await servicesInvoice(c);
      return { url: `admin/invoices/${invoiceId}/credit`, recordId: String(bookingId) };
    },
    [route('POST', 'enquiries/:id/stand-link')]: async (c: AdminCase): Promise<AdminWrite> => {
      const id = await freshEnquiry(c);
      return { url: `admin/enquiries/${id}/stand-link`, recordId: String(id) };
    },
    [route('POST', 'stand-bookings/:id/payments')]: async (c: AdminCase): Promise<AdminWrite> => {
      const id = await confirmedBooking(c);
      return { url: `admin/stand-bookings/${id}/payments`, body: PAYMENT, recordId: String(id), status: 201 };
    },
    [route('POST', 'payments/import')]: async (c: AdminCase): Promise<AdminWrite> => {
      const id = await confirmedBooking(c);
      const [row] = await c.ctx.db
        .select({ reference: standBookings.reference })
        .from(standBookings)
        .where(eq(standBookings.id, id));
      return {
        url: 'admin/payments/import',
        body: { csv: `02/05/2024;VIR ${row!.reference};100,00`, commit: true },
        recordId: String(id),
      };
    },
    [route('POST', 'stand-bookings/:id/confirm')]: async (c: AdminCase): Promise<AdminWrite> => {
      const id = await freshBooking(c);
      return { url: `admin/stand-bookings/${id}/confirm`, recordId: String(id) };
    },
    [route('POST', 'stand-bookings/:id/refuse')]: async (c: AdminCase): Promise<AdminWrite> => {
      const id = await freshBooking(c);
      return { url: `admin/stand-bookings/${id}/refuse`, body: { reason: 'Complet' }, recordId: String(id) };
    },
    [route('POST', 'stand-bookings/:id/cancel')]: async (c: AdminCase): Promise<AdminWrite> => {
      const id = await confirmedBooking(c);
      return { url: `admin/stand-bookings/${id}/cancel`, body: {}, recordId: String(id) };
    },
    // Closed: the audit's app has no conditions of sale to open it with.
    [route('PUT', 'sales-offers/:id')]: async (): Promise<AdminWrite> => ({
      url: `admin/sales-offers/${DEMO_EDITION_ID}`,
      body: { ...OFFER, open: false },
      recordId: String(DEMO_EDITION_ID),
    }),
    [route('POST', 'sales-offers/:id/conditions')]: async (c: AdminCase): Promise<AdminWrite> => ({
      url: `admin/sales-offers/${DEMO_EDITION_ID}/conditions`,
      body: { mediaId: await pdf(c) },
      recordId: String(DEMO_EDITION_ID),
      status: 201,
    }),
  },
};
