import { and, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, type ErrorAnswer } from '@salon/shared';
import {
  exhibitorServices,
  mailOutbox,
  registrations,
  saleConditions,
  salesOffers,
  standBookings,
  standClasses,
  stands,
  users,
} from '../../db/schema';
import type { Exhibitor } from '../../../test/fixtures';
import { createExhibitor, holdForm } from '../../../test/fixtures';
import { call, saleTestApp, type TestContext } from '../../../test/helper';
import { deliverOutbox } from '../mail/mail.test-support';

/**
 * Next year's rebooking: 2024's sale is prepared again for 2026 with the edition, its exhibitors
 * are invited, and while the organiser's priority lasts each keeps its 2024 stand: everyone else
 * sees it held and is refused it, its own link (in its invitation) sees it free, fills the form and
 * holds it for its account; the day after, it is everyone's.
 */

let ctx: TestContext;
let token: string;
let returning: Exhibitor;
let neighbour: Exhibitor;
let nextId: number;
let linkOf: (email: string) => Promise<string>;

const refusal = (res: LightMyRequestResponse) => res.json<ErrorAnswer>().error;
type Offer = { data: { stands: { number: string; state: string }[]; terms: { priorityUntil: string | null } } };
const stateOf = async (number: string, priorite?: string) => {
  const res = await call(ctx.app, 'GET', `stand-offer${priorite ? `?priorite=${priorite}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Offer>().data.stands.find((s) => s.number === number)?.state;
};
const offerTerms = {
  open: true,
  vatRate: 2000,
  cornerSurcharge: 0,
  minimumArea: 9,
  depositShare: 3000,
  balanceDueOn: '2099-04-30',
  holdDays: 7,
};
const setPriority = (priorityUntil: string | null) =>
  call(ctx.app, 'PUT', `admin/sales-offers/${nextId}`, { token, body: { ...offerTerms, priorityUntil } });

beforeAll(async () => {
  ({ ctx, token } = await saleTestApp('R', 8, { STAND_TAKEN_MEMO_SECONDS: '5' }));
  await ctx.db.insert(exhibitorServices).values({
    eventId: DEMO_EDITION_ID,
    name: { fr: 'Branchement électrique', en: 'Power' },
    unit: { fr: 'kW', en: 'kW' },
    price: 45_000,
    orderBy: '2024-05-15',
  });
  returning = await createExhibitor(ctx.db, { company: 'Béton Atlas', name: 'Karim Atlas', booth: 'R-3' });
  neighbour = await createExhibitor(ctx.db, { company: 'Acier du Sud', booth: 'R-5' });
  // An exhibitor whose 2024 stand is not on the plan any more.
  await createExhibitor(ctx.db, { company: 'Ancien Stand', booth: 'Z-99' });
  const next = await call(ctx.app, 'POST', `admin/editions/${DEMO_EDITION_ID}/next`, {
    token,
    body: { name: '7e édition', startsOn: '2026-06-02', endsOn: '2026-06-05', city: 'Marrakech', halls: true },
  });
  expect(next.statusCode, next.body).toBe(201);
  nextId = next.json<{ id: number }>().id;
  expect((await call(ctx.app, 'POST', `admin/editions/${nextId}/make-current`, { token })).statusCode).toBe(200);
  linkOf = async (email: string) => {
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.text, '%priorite=%')));
    return /priorite=([\w.-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
  };
});
afterAll(() => ctx.close());

describe('Preparing the next edition', () => {
  it('copies the sale closed: its classes, what each stand is sold as, its terms with the days moved, its conditions and its services', async () => {
    const [offer] = await ctx.db.select().from(salesOffers).where(eq(salesOffers.eventId, nextId));
    // 2024's show opened on 29 May, 2026's on 2 June: 734 days later.
    expect(offer).toMatchObject({ open: false, priorityUntil: null, depositShare: 5000 });
    const [stand] = await ctx.db
      .select({ area: stands.area, className: standClasses.name, classEdition: standClasses.eventId })
      .from(stands)
      .innerJoin(standClasses, eq(standClasses.id, stands.classId))
      .where(and(eq(stands.eventId, nextId), eq(stands.number, 'R-3')));
    expect(stand).toEqual({ area: 9, className: { fr: 'Stand nu R', en: 'Space only R' }, classEdition: nextId });
    expect(
      await ctx.db
        .select({ version: saleConditions.version })
        .from(saleConditions)
        .where(eq(saleConditions.eventId, nextId)),
    ).toEqual([{ version: 1 }]);
    const [power] = await ctx.db.select().from(exhibitorServices).where(eq(exhibitorServices.eventId, nextId));
    expect(power).toMatchObject({ price: 45_000, orderBy: '2026-05-19' });
  });
});

describe('The stands kept for last edition’s exhibitors', () => {
  it('are named in each one’s invitation, until the organiser’s day, with its own link to /exposer', async () => {
    expect((await setPriority('2099-01-31')).statusCode).toBe(200);
    const sent = await call(ctx.app, 'POST', `admin/editions/${DEMO_EDITION_ID}/invite-exhibitors`, { token });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, returning.user.email));
    expect(mail!.text).toContain('Votre stand R-3 vous est réservé jusqu’au 31 janvier 2099 inclus');
    expect(mail!.text).toMatch(/Réserver mon stand R-3.*\/exposer\?priorite=[\w.-]+/s);
    expect(await linkOf(neighbour.user.email)).not.toBe('');
    // The page of the invitation's link says it too, with a link of its own to /exposer.
    const sentTo = (await deliverOutbox(ctx.db)).find((m) => m.to === returning.user.email)!;
    const secret = /confirmer-participation\?token=([\w-]+)/.exec(sentTo.text)![1]!;
    const view = await call(ctx.app, 'POST', 'participation/view', { body: { token: secret } });
    expect(view.json<{ data: { kept: unknown } }>().data.kept).toEqual({
      stands: ['R-3'],
      until: '2099-01-31',
      path: expect.stringMatching(/^\/exposer\?priorite=[\w.-]+$/) as unknown,
    });
    const [elsewhere] = await ctx.db
      .select()
      .from(mailOutbox)
      .innerJoin(users, eq(users.email, mailOutbox.to))
      .where(eq(users.company, 'Ancien Stand'));
    expect(elsewhere!.mail_outbox.text).not.toContain('priorite=');
  });

  it('show held to anyone and are refused them; its exhibitor’s link shows its own free, fills the form and holds it for its account', async () => {
    expect(await stateOf('R-3')).toBe('held');
    expect(await stateOf('R-1')).toBe('free');
    const taken = await call(ctx.app, 'POST', 'stand-bookings', { body: holdForm(['R-3'], 1) });
    expect(taken.statusCode).toBe(409);
    expect(refusal(taken).details).toMatchObject({ code: 'standTaken', stands: ['R-3'] });

    const link = await linkOf(returning.user.email);
    expect(await stateOf('R-3', link)).toBe('free');
    expect(await stateOf('R-5', link)).toBe('held');
    const prefill = await call(ctx.app, 'GET', `stand-offer/priority?token=${link}`);
    expect(prefill.statusCode, prefill.body).toBe(200);
    expect(prefill.json()).toEqual({
      data: {
        stands: ['R-3'],
        until: '2099-01-31',
        companyName: 'Béton Atlas',
        contactName: 'Karim Atlas',
        email: returning.user.email,
        phone: returning.user.phone ?? '',
        ice: '',
        taxId: '',
        tradeRegister: '',
        address: '',
        city: '',
        signatoryName: '',
        signatoryRole: '',
      },
      meta: {},
    });
    // Refused to another a moment ago, the stand is not remembered as taken for its own link.
    const held = await call(ctx.app, 'POST', 'stand-bookings', {
      body: { ...holdForm(['R-3'], 1), companyName: 'Béton Atlas', priority: link },
    });
    expect(held.statusCode, held.body).toBe(201);
    const [booking] = await ctx.db
      .select()
      .from(standBookings)
      .where(eq(standBookings.reference, held.json<{ data: { reference: string } }>().data.reference));
    expect(booking).toMatchObject({ exhibitorId: returning.user.id, eventId: nextId });
    expect(await stateOf('R-3')).toBe('held');

    // Its deposit in, its account of 2024 is the 2026 exhibitor on R-3: no second account.
    expect((await call(ctx.app, 'POST', `admin/stand-bookings/${booking!.id}/confirm`, { token })).statusCode).toBe(
      200,
    );
    const paid = await call(ctx.app, 'POST', `admin/stand-bookings/${booking!.id}/payments`, {
      token,
      body: { amount: 1_000_000, receivedOn: '2026-02-01', method: 'transfer' },
    });
    expect(paid.json()).toMatchObject({ status: 'deposit', exhibitorId: returning.user.id });
    const [registration] = await ctx.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.userId, returning.user.id), eq(registrations.eventId, nextId)));
    expect(registration).toMatchObject({ type: 'exhibitor', confirmed: true, booth: 'R-3' });
  });

  it('stay kept from another exhibitor’s link and from a wrong one, which reads nothing', async () => {
    const theirs = await linkOf(neighbour.user.email);
    expect(await stateOf('R-5', theirs)).toBe('free');
    const other = await call(ctx.app, 'POST', 'stand-bookings', {
      body: { ...holdForm(['R-4', 'R-5'], 1), priority: await linkOf(returning.user.email) },
    });
    expect(refusal(other).details).toMatchObject({ code: 'standTaken', stands: ['R-5'] });
    const wrong = await call(ctx.app, 'GET', `stand-offer/priority?token=${theirs.slice(0, -2)}xx`);
    expect(wrong.statusCode).toBe(404);
    expect(
      (await call(ctx.app, 'POST', 'stand-bookings', { body: { ...holdForm(['R-5'], 1), priority: 'abc' } }))
        .statusCode,
    ).toBe(409);
  });

  it('are everyone’s the day after the organiser’s day, and the links read nothing more', async () => {
    expect((await setPriority('2025-01-31')).statusCode).toBe(200);
    expect(await stateOf('R-5')).toBe('free');
    const theirs = await linkOf(neighbour.user.email);
    expect((await call(ctx.app, 'GET', `stand-offer/priority?token=${theirs}`)).statusCode).toBe(404);
    const anyone = await call(ctx.app, 'POST', 'stand-bookings', { body: holdForm(['R-5'], 1) });
    expect(anyone.statusCode, anyone.body).toBe(201);
  });
});
