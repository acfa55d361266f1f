import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  DEMO_EDITION_ID,
  dayText,
  holdEnd,
  holdLastDay,
  showDay,
  type ErrorAnswer,
  type StandBookingForm,
} from '@salon/shared';
import {
  auditLog,
  bookingStands,
  editions,
  halls,
  mailOutbox,
  saleConditions,
  salesOffers,
  standBookings,
  standClasses,
  stands,
} from '../../db/schema';
import { createExhibitor, createMedia, createOrganiser, holdForm, sessionOf } from '../../../test/fixtures';
import { call, createTestApp, type TestContext } from '../../../test/helper';
import { createMailbox } from '../../../test/mailbox';
import { runHoldExpiry } from './holds.service';
import { adjoin, bookingReference, oneIsland, share, standPrice, totalsOf } from './pricing';

/**
 * Stands sold online: /exposer reads the offer, prices a selection, and holds stands for a
 * company until a date; an option past its date frees its stands. Every hall, class and stand
 * here is this file's own, on the demo edition (the current one in the seeded data).
 */

let ctx: TestContext;
let organiserToken: string;
let hallId: number;
let conditionsVersion: number;
const silent = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  ctx = await createTestApp({ STAND_HOLD_RATE_LIMIT: '1000', STAND_TAKEN_MEMO_SECONDS: '0' });
  const organiser = await createOrganiser(ctx.db);
  organiserToken = await sessionOf(ctx, organiser);
  const [hall] = await ctx.db
    .insert(halls)
    .values({ eventId: DEMO_EDITION_ID, name: 'Hall Ventes', position: 90, planWidth: 60, planHeight: 20 })
    .returning();
  hallId = hall!.id;
  const [bare, fitted] = await ctx.db
    .insert(standClasses)
    .values([
      { eventId: DEMO_EDITION_ID, name: { fr: 'Stand nu', en: 'Space only' }, pricePerM2: 150_000 },
      { eventId: DEMO_EDITION_ID, name: { fr: 'Stand équipé', en: 'Shell scheme' }, pricePerM2: 210_050 },
    ])
    .returning();
  // V-1 to V-6 side by side, 3 × 3 each (9 m²); V-6 is a corner; V-9 stands apart; V-0 is not for sale.
  const row = (n: number, classId: number) => ({
    eventId: DEMO_EDITION_ID,
    gateId: hallId,
    number: `V-${n}`,
    x: (n - 1) * 3,
    y: 0,
    width: 3,
    height: 3,
    classId,
    area: 9,
    corner: n === 6,
  });
  await ctx.db
    .insert(stands)
    .values([
      ...[1, 2, 3, 4, 5].map((n) => row(n, bare!.id)),
      row(6, fitted!.id),
      { ...row(9, bare!.id), x: 40, y: 10 },
      { ...row(0, bare!.id), x: 50, y: 10, classId: null, area: null },
    ]);
  const pdf = await createMedia(ctx.db, { name: 'cgv-2024.pdf', mime: 'application/pdf', width: null, height: null });
  const added = await call(ctx.app, 'POST', `admin/sales-offers/${DEMO_EDITION_ID}/conditions`, {
    token: organiserToken,
    body: { mediaId: pdf.id },
  });
  expect(added.statusCode, added.body).toBe(201);
  conditionsVersion = added.json<{ conditions: { version: number } }>().conditions.version;
  const opened = await call(ctx.app, 'PUT', `admin/sales-offers/${DEMO_EDITION_ID}`, {
    token: organiserToken,
    body: {
      open: true,
      vatRate: 2000,
      cornerSurcharge: 1000,
      minimumArea: 9,
      depositShare: 3000,
      balanceDueOn: '2024-05-01',
      holdDays: 7,
    },
  });
  expect(opened.statusCode, opened.body).toBe(200);
});
afterAll(() => ctx.close());

// Each test starts with every stand free.
beforeEach(async () => {
  await ctx.db.update(bookingStands).set({ releasedAt: new Date() }).where(isNull(bookingStands.releasedAt));
});

const form = (overrides: Partial<StandBookingForm> = {}): StandBookingForm => ({
  ...holdForm(['V-1'], conditionsVersion),
  ...overrides,
});

/** A refusal's error: its message, and the code and fields' errors of its details. */
const refusal = (res: LightMyRequestResponse) => res.json<ErrorAnswer>().error;

const hold = (body: unknown, app = ctx.app) => call(app, 'POST', 'stand-bookings', { body });
const liveLines = (number: string) =>
  ctx.db
    .select({ bookingId: bookingStands.bookingId })
    .from(bookingStands)
    .where(and(eq(bookingStands.number, number), isNull(bookingStands.releasedAt)));

describe('The price of stands', () => {
  it('counts the area times the class price, a corner with its surcharge, then the VAT on the total, to the centime', () => {
    expect(standPrice({ area: 9, pricePerM2: 150_000, corner: false }, { vatRate: 2000, cornerSurcharge: 1000 })).toBe(
      1_350_000,
    );
    // 9 × 2,100.50 MAD = 18,904.50; +10 % = 1,890.45 → 20,794.95 MAD.
    expect(standPrice({ area: 9, pricePerM2: 210_050, corner: true }, { vatRate: 2000, cornerSurcharge: 1000 })).toBe(
      2_079_495,
    );
    expect(totalsOf([1_350_000, 2_079_495], 2000)).toEqual({
      totalExclTax: 3_429_495,
      vat: 685_899,
      totalInclTax: 4_115_394,
    });
    expect(share(5, 1000)).toBe(1);
    expect(share(4, 1000)).toBe(0);
  });

  it('joins stands that share a stretch of wall, not those that touch at a corner', () => {
    const a = { x: 0, y: 0, width: 3, height: 3 };
    expect(adjoin(a, { x: 3, y: 1, width: 3, height: 3 })).toBe(true);
    expect(adjoin(a, { x: 3, y: 3, width: 3, height: 3 })).toBe(false);
    expect(oneIsland([a, { x: 3, y: 0, width: 3, height: 3 }, { x: 6, y: 0, width: 3, height: 3 }])).toBe(true);
    expect(oneIsland([a, { x: 6, y: 0, width: 3, height: 3 }])).toBe(false);
  });

  it('ends an option at midnight at the show’s place, after its whole days, whatever the hour it was taken', () => {
    // 23:30 UTC on 4 May 2024 is already the 5th in Marrakech (UTC+1): seven days run to the 12th.
    const end = holdEnd(new Date('2024-05-04T23:30:00Z'), 7);
    expect(end.toISOString()).toBe('2024-05-12T23:00:00.000Z');
    expect(holdLastDay(end)).toBe('2024-05-12');
    expect(holdLastDay(holdEnd(new Date('2024-05-04T12:00:00Z'), 1))).toBe('2024-05-05');
  });

  it('gives each booking a reference whose check digit catches a changed digit', () => {
    const reference = bookingReference(2024, 123);
    expect(reference).toMatch(/^S2024-000123-\d$/);
    expect(bookingReference(2024, 124)).not.toBe(reference);
    expect(bookingReference(2024, 123)).toBe(reference);
  });
});

describe('The offer on /exposer', () => {
  it('lists the stands for sale with their price and state, a sold one with its exhibitor as the plan names it', async () => {
    await createExhibitor(ctx.db, { company: 'Déjà Là SA', booth: 'v-5' });
    const res = await call(ctx.app, 'GET', 'stand-offer');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const offer = res.json<{
      data: {
        terms: Record<string, unknown>;
        stands: { number: string; state: string; price: number; companies: string[] }[];
      };
    }>().data;
    expect(offer.terms).toEqual({
      vatRate: 2000,
      cornerSurcharge: 1000,
      minimumArea: 9,
      depositShare: 3000,
      balanceDueOn: '2024-05-01',
      holdDays: 7,
      priorityUntil: null,
    });
    const ours = offer.stands.filter((s) => s.number.startsWith('V-'));
    expect(ours.map((s) => s.number).sort()).toEqual(['V-1', 'V-2', 'V-3', 'V-4', 'V-5', 'V-6', 'V-9']);
    expect(ours.find((s) => s.number === 'V-5')!.state).toBe('sold');
    expect(ours.find((s) => s.number === 'V-6')!.price).toBe(2_079_495);
    expect(ours.find((s) => s.number === 'V-5')).toMatchObject({ companies: ['Déjà Là SA'] });
    expect(ours.filter((s) => s.companies.length)).toHaveLength(1);
  });

  it('prices a selection as the hold would, and refuses stands apart, too small or not for sale', async () => {
    const quote = await call(ctx.app, 'POST', 'stand-offer/quote', { body: { data: { stands: ['V-6', 'V-4'] } } });
    expect(quote.statusCode, quote.body).toBe(400);
    expect(refusal(quote).details.errors).toEqual([{ path: ['body', 'stands'], message: 'notAdjoining' }]);
    const priced = await call(ctx.app, 'POST', 'stand-offer/quote', { body: { stands: ['V-3', 'V-4'] } });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json<{ data: unknown }>().data).toMatchObject({
      area: 18,
      totalExclTax: 2_700_000,
      vat: 540_000,
      totalInclTax: 3_240_000,
    });
    const notForSale = await call(ctx.app, 'POST', 'stand-offer/quote', { body: { stands: ['V-0'] } });
    expect(refusal(notForSale).details).toMatchObject({ code: 'standNotForSale', stands: ['V-0'] });
  });
});

describe('A hold', () => {
  it('keeps the stands for the company until its date, mails it in its language and tells the organisers', async () => {
    const body = form({ stands: ['V-2', 'V-3'], lang: 'en', companyName: 'شركة الأطلس للبناء' });
    const res = await hold({ data: body });
    expect(res.statusCode, res.body).toBe(201);
    const held = res.json<{ data: Record<string, unknown> }>().data;
    expect(Object.keys(held).sort()).toEqual(
      ['area', 'holdUntil', 'reference', 'stands', 'totalExclTax', 'totalInclTax', 'vat'].sort(),
    );
    expect(held).toMatchObject({ area: 18, totalExclTax: 2_700_000, vat: 540_000, totalInclTax: 3_240_000 });
    const [booking] = await ctx.db
      .select()
      .from(standBookings)
      .where(eq(standBookings.reference, String(held.reference)));
    expect(booking).toMatchObject({
      status: 'option',
      companyName: 'شركة الأطلس للبناء',
      ice: body.ice,
      language: 'en',
    });
    const lastDay = new Date(`${showDay(booking!.createdAt)}T12:00:00Z`);
    lastDay.setUTCDate(lastDay.getUTCDate() + 7);
    expect(holdLastDay(booking!.holdUntil)).toBe(lastDay.toISOString().slice(0, 10));
    const mail = (await createMailbox(ctx.db).lastText(body.email)).replace(/[\u00a0\u202f]/g, ' ');
    expect(mail).toContain(
      `Stands V-2, V-3 are held for you until the end of ${dayText(holdLastDay(booking!.holdUntil), 'en')}.`,
    );
    expect(mail).toContain(String(held.reference));
    expect(mail).toContain('Total incl. tax: MAD 32,400.00');
    const [notice] = await ctx.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, ctx.config.ORGANISER_EMAIL))
      .orderBy(mailOutbox.id)
      .limit(1)
      .offset(0);
    expect(notice).toBeDefined();
    const offer = await call(ctx.app, 'GET', 'stand-offer');
    const states = offer.json<{ data: { stands: { number: string; state: string }[] } }>().data.stands;
    expect(states.find((s) => s.number === 'V-2')!.state).toBe('held');
    expect(offer.body).not.toContain('الأطلس');
  });

  it('goes to exactly one of two companies asking for the same stand at once on two instances; the other is told which stand', async () => {
    const other = await ctx.anotherInstance();
    const answers = await Promise.all([hold(form({ stands: ['V-4'] })), hold(form({ stands: ['V-4', 'V-3'] }), other)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refusal(refused).details).toMatchObject({ code: 'standTaken' });
    expect(refusal(refused).details.stands).toContain('V-4');
    expect(await liveLines('V-4')).toHaveLength(1);
    // The refused one kept nothing: V-3 is still free.
    expect((await liveLines('V-3')).length).toBe(answers[1].statusCode === 201 ? 1 : 0);
  });

  it('refuses an ICE that is not 15 digits, under its field, and keeps nothing', async () => {
    const before = await ctx.db.select({ id: standBookings.id }).from(standBookings);
    const res = await hold(form({ ice: '12345678901234' }));
    expect(res.statusCode).toBe(400);
    expect(refusal(res).details.errors).toEqual([{ path: ['body', 'ice'], message: 'ice' }]);
    expect(await ctx.db.select({ id: standBookings.id }).from(standBookings)).toHaveLength(before.length);
    const unaccepted = await hold({ ...form(), accept: false });
    expect(refusal(unaccepted).details.errors).toEqual([{ path: ['body', 'accept'], message: 'acceptConditions' }]);
  });

  it('refuses conditions that changed while the form was open, and holds once they are accepted again', async () => {
    const pdf = await createMedia(ctx.db, { name: 'cgv-v2.pdf', mime: 'application/pdf', width: null, height: null });
    const added = await call(ctx.app, 'POST', `admin/sales-offers/${DEMO_EDITION_ID}/conditions`, {
      token: organiserToken,
      body: { mediaId: pdf.id },
    });
    const version = added.json<{ conditions: { version: number } }>().conditions.version;
    expect(version).toBe(conditionsVersion + 1);
    const stale = await hold(form({ stands: ['V-1'] }));
    expect(stale.statusCode).toBe(409);
    expect(refusal(stale).details).toMatchObject({
      code: 'conditionsChanged',
      conditionsVersion: version,
      errors: [{ path: ['body', 'accept'], message: 'conditionsChanged' }],
    });
    expect(await liveLines('V-1')).toHaveLength(0);
    const fresh = await hold(form({ stands: ['V-1'], conditionsVersion: version }));
    expect(fresh.statusCode, fresh.body).toBe(201);
    conditionsVersion = version;
  });

  it('past its date frees its stands and says so by mail, once, whichever instance runs the job', async () => {
    const body = form({ stands: ['V-9'] });
    expect((await hold(body)).statusCode).toBe(201);
    const later = () => new Date(Date.now() + 8 * 24 * 3600_000);
    const deps = { db: ctx.db, clock: later, publicUrl: ctx.config.PUBLIC_URL, log: silent, onQueued: () => undefined };
    // Both runs at once: one takes the options due (this one and the earlier tests'), the other none.
    const ended = await Promise.all([runHoldExpiry(deps), runHoldExpiry(deps)]);
    expect(ended.filter((n) => n > 0)).toHaveLength(1);
    const [booking] = await ctx.db.select().from(standBookings).where(eq(standBookings.email, body.email));
    expect(booking).toMatchObject({ status: 'cancelled', endReason: 'expired' });
    expect(await liveLines('V-9')).toHaveLength(0);
    const mails = await createMailbox(ctx.db).to(body.email);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining('Votre option sur le stand V-9 —'),
      expect.stringContaining('Votre option sur le stand V-9 a expiré'),
    ]);
    expect(mails[1]!.text).toContain('a expiré : le stand est de nouveau proposé à tous.');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stand holds expiry'), eq(auditLog.recordId, String(booking!.id))));
    expect(audit?.userId).toBeNull();
  });
});

describe('The link from an enquiry’s follow-up', () => {
  it('fills /exposer’s form with the enquiry’s details for its holder alone, and the hold is the enquiry’s', async () => {
    const email = `demande-${Math.random().toString(36).slice(2)}@atlas.example`;
    const sent = await call(ctx.app, 'POST', 'demandes-exposants', {
      body: {
        data: { nom: 'Karim Bennani', email, telephone: '+212 661 00 00 00', societe: 'Bennani Frères', lang: 'en' },
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const enquiryId = sent.json<{ data: { id: number } }>().data.id;
    const link = await call(ctx.app, 'POST', `admin/enquiries/${enquiryId}/stand-link`, { token: organiserToken });
    expect(link.statusCode, link.body).toBe(200);
    const mail = await createMailbox(ctx.db).lastText(email);
    expect(mail).toContain('Following your request, you can choose your stand');
    const token = /\/exposer\?demande=([\w.-]+)/.exec(mail)?.[1] ?? '';
    expect(mail).toContain('&lang=en');

    const prefill = await call(ctx.app, 'GET', `stand-offer/enquiry?token=${token}`);
    expect(prefill.json()).toEqual({
      data: { nom: 'Karim Bennani', email, telephone: '+212 661 00 00 00', societe: 'Bennani Frères' },
      meta: {},
    });
    const forged = await call(ctx.app, 'GET', `stand-offer/enquiry?token=${token.slice(0, -2)}xx`);
    expect(forged.statusCode).toBe(404);
    expect(forged.body).not.toContain('Bennani');

    const held = await hold(form({ stands: ['V-4'], enquiry: token }));
    expect(held.statusCode, held.body).toBe(201);
    const [booking] = await ctx.db
      .select()
      .from(standBookings)
      .where(eq(standBookings.reference, held.json<{ data: { reference: string } }>().data.reference));
    expect(booking!.enquiryId).toBe(enquiryId);
    const unlinked = await hold(form({ stands: ['V-3'], enquiry: `${token.slice(0, -2)}xx` }));
    expect(unlinked.statusCode).toBe(201);
  });
});

describe('A lapsed option', () => {
  it('the job has not ended yet frees its stand for the next company, whose hold ends it and tells the first', async () => {
    const first = form({ stands: ['V-6'] });
    expect((await hold(first)).statusCode).toBe(201);
    // Its date passed a minute ago; no job ran since.
    await ctx.db
      .update(standBookings)
      .set({ holdUntil: new Date(Date.now() - 60_000) })
      .where(eq(standBookings.email, first.email));
    const offer = await call(ctx.app, 'GET', 'stand-offer');
    expect(
      offer
        .json<{ data: { stands: { number: string; state: string }[] } }>()
        .data.stands.find((s) => s.number === 'V-6')!.state,
    ).toBe('free');
    const second = form({ stands: ['V-6'] });
    const res = await hold(second);
    expect(res.statusCode, res.body).toBe(201);
    const [ended] = await ctx.db.select().from(standBookings).where(eq(standBookings.email, first.email));
    expect(ended).toMatchObject({ status: 'cancelled', endReason: 'expired' });
    expect(await liveLines('V-6')).toHaveLength(1);
    expect(await createMailbox(ctx.db).lastText(first.email)).toContain('a expiré');
  });
});

describe('The back-office offer', () => {
  it('will not open sales without conditions of sale, and shows the stands’ counts', async () => {
    const closedEdition = 9_001;
    await ctx.db.insert(editions).values({ id: closedEdition, name: 'Édition sans ventes', edition: 99, year: 2099 });
    const refused = await call(ctx.app, 'PUT', `admin/sales-offers/${closedEdition}`, {
      token: organiserToken,
      body: {
        open: true,
        vatRate: 2000,
        cornerSurcharge: 0,
        minimumArea: 9,
        depositShare: 5000,
        balanceDueOn: null,
        holdDays: 7,
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refusal(refused).details.errors).toEqual([{ path: ['body', 'open'], message: 'noConditions' }]);
    expect(await ctx.db.select().from(salesOffers).where(eq(salesOffers.eventId, closedEdition))).toHaveLength(0);
    const offer = await call(ctx.app, 'GET', `admin/sales-offers/${DEMO_EDITION_ID}`, { token: organiserToken });
    expect(offer.json()).toMatchObject({ open: true, counts: { forSale: 7 } });
    const missing = await call(ctx.app, 'GET', 'admin/sales-offers/99999', { token: organiserToken });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a file that is not a PDF as conditions of sale', async () => {
    const image = await createMedia(ctx.db);
    const res = await call(ctx.app, 'POST', `admin/sales-offers/${DEMO_EDITION_ID}/conditions`, {
      token: organiserToken,
      body: { mediaId: image.id },
    });
    expect(res.statusCode).toBe(400);
    expect(refusal(res).details.errors).toEqual([{ path: ['body', 'mediaId'], message: 'pdfOnly' }]);
    const versions = await ctx.db.select().from(saleConditions).where(eq(saleConditions.mediaId, image.id));
    expect(versions).toHaveLength(0);
  });

  it('lists the bookings to organisers only, with the company’s identity and totals', async () => {
    const body = form({ stands: ['V-1', 'V-2'] });
    expect((await hold(body)).statusCode).toBe(201);
    const list = await call(
      ctx.app,
      'GET',
      `admin/stand-bookings?filter=${encodeURIComponent('{"q":"' + body.email + '"}')}`,
      {
        token: organiserToken,
      },
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        email: body.email,
        stands: 'V-1, V-2',
        area: 18,
        status: 'option',
        totalInclTax: 3_240_000,
      }),
    ]);
    const exhibitor = await createExhibitor(ctx.db);
    const refused = await call(ctx.app, 'GET', 'admin/stand-bookings', { token: await sessionOf(ctx, exhibitor.user) });
    expect(refused.statusCode).toBe(403);
  });

  it('closes the sale: /exposer’s offer and hold answer that it is not open', async () => {
    await ctx.db.update(salesOffers).set({ open: false }).where(eq(salesOffers.eventId, DEMO_EDITION_ID));
    try {
      const offer = await call(ctx.app, 'GET', 'stand-offer');
      expect(offer.statusCode).toBe(404);
      expect(refusal(offer).details).toEqual({ code: 'salesClosed' });
      const res = await hold(form({ stands: ['V-3'] }));
      expect(res.statusCode).toBe(404);
      expect(await liveLines('V-3')).toHaveLength(0);
    } finally {
      await ctx.db.update(salesOffers).set({ open: true }).where(eq(salesOffers.eventId, DEMO_EDITION_ID));
    }
  });
});
