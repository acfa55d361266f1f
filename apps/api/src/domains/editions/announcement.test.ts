import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { editions, mailOutbox, newsletters } from '../../db/schema';
import { call, createTestApp, createUser, PASSWORD, signSession, type TestContext } from '../../../test/helper';

/**
 * 'Inviter les abonnés à la newsletter': the current edition's invitation goes
 * once to each confirmed subscriber, and to no one else.
 */

let ctx: TestContext;
let organiser: string;
const now = new Date();

beforeAll(async () => {
  ctx = await createTestApp();
  const staff = await createUser(ctx.db, { type: 'organiser', password: PASSWORD });
  organiser = await signSession(staff.id, staff.tokenVersion);
  await ctx.db
    .insert(newsletters)
    .values([
      { email: 'confirmee@example.com', confirmedAt: now },
      { email: 'confirmed@example.com', confirmedAt: now, language: 'en' },
      { email: 'jamais-confirmee@example.com' },
      { email: 'partie@example.com', confirmedAt: now, unsubscribedAt: now },
    ]);
});
afterAll(() => ctx.close());

const announce = (method: 'GET' | 'POST', id = DEMO_EDITION_ID, token = organiser) =>
  call(ctx.app, method, `admin/editions/${id}/announce`, { token });
const announcements = () => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'editionAnnouncement'));

describe("'Inviter les abonnés à la newsletter'", () => {
  it('counts the confirmed subscriptions only, and has not been sent yet', async () => {
    const plan = await announce('GET');
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json()).toEqual({ subscribers: 2, sentAt: null });
  });

  it('is refused for an edition that is not current, and to anyone but an organiser', async () => {
    const past = await announce('POST', 5);
    expect(past.statusCode).toBe(400);
    expect(past.json<{ error: { details: unknown } }>().error.details).toEqual({
      errors: [{ path: ['params', 'id'], message: 'announcingOtherEdition' }],
    });
    const controller = await createUser(ctx.db, { type: 'controller', password: PASSWORD });
    expect(
      (await announce('POST', DEMO_EDITION_ID, await signSession(controller.id, controller.tokenVersion))).statusCode,
    ).toBe(403);
    expect(await announcements()).toEqual([]);
  });

  it('mails each confirmed subscriber once, in their language, with an unsubscribe link that works, even when sent twice at once', async () => {
    const [first, second] = await Promise.all([announce('POST'), announce('POST')]);
    expect([first.json<{ sent: number }>().sent, second.json<{ sent: number }>().sent].sort()).toEqual([0, 2]);
    const mails = await announcements();
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['confirmed@example.com', 'You are invited — International Building Show 2024'],
      ['confirmee@example.com', 'Vous êtes invité(e) — Salon International du Bâtiment 2024'],
    ]);
    const french = mails.find((m) => m.to === 'confirmee@example.com')!;
    expect(french.text).toContain(
      'La 6e édition du Salon International du Bâtiment se tient du 29 mai au 1er juin 2024 à Marrakech, avec son forum.',
    );
    expect(french.text).toContain('Demander mon badge : http');
    expect(french.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const oneClick = /<([^>]+)>/.exec(french.headers!['List-Unsubscribe']!)![1]!;
    const left = await call(ctx.app, 'POST', new URL(oneClick).pathname + new URL(oneClick).search, { xsrf: false });
    expect(left.statusCode, left.body).toBe(200);
    const [gone] = await ctx.db.select().from(newsletters).where(eq(newsletters.email, 'confirmee@example.com'));
    expect(gone!.unsubscribedAt).not.toBeNull();
  });

  it('says when it was sent, and sends nothing more', async () => {
    const [edition] = await ctx.db.select().from(editions).where(eq(editions.id, DEMO_EDITION_ID));
    expect((await announce('GET')).json()).toEqual({ subscribers: 1, sentAt: edition!.announcedAt!.toISOString() });
    expect((await announce('POST')).json()).toEqual({ sent: 0 });
    expect(await announcements()).toHaveLength(2);
  });
});
