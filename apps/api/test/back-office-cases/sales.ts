import { expect } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { desc } from 'drizzle-orm';
import { standBookings } from '../../src/db/schema';
import { holdForm, openStandSale } from '../fixtures';
import { call, createMedia } from '../helper';
import type { Route } from '../route-table';
import type { AdminArea, AdminCase, AdminWrite } from './area';

const route = (method: string, path: string) => `${method} /backend/api/admin/${path}` as Route;

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
  ],
  writes: {
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
