import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { conferenceExhibitors, conferences, editions, registrations, users } from '../../db/schema';
import { createExhibitor, createOrganiser, createVisitor, sessionOf } from '../../../test/fixtures';
import { call, createTestApp, type TestContext } from '../../../test/helper';

/** Who gives a forum conference, set on its back-office form: the exhibitors of its edition. */

let ctx: TestContext;
let token: string;
let conferenceId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  token = await sessionOf(ctx, await createOrganiser(ctx.db));
  const [row] = await ctx.db
    .insert(conferences)
    .values({
      eventId: DEMO_EDITION_ID,
      number: 'N°77',
      title: { fr: 'Le bois dans la construction', en: 'Timber in building' },
      theme: {},
      description: {},
      day: '2024-05-30',
      startsAt: '10:00',
      endsAt: '11:00',
    })
    .returning();
  conferenceId = row!.id;
});
afterAll(() => ctx.close());

const put = (body: unknown) => call(ctx.app, 'PUT', `admin/conferences/${conferenceId}`, { token, body });
const links = async () =>
  (
    await ctx.db
      .select({ userId: conferenceExhibitors.userId })
      .from(conferenceExhibitors)
      .where(eq(conferenceExhibitors.conferenceId, conferenceId))
  )
    .map((l) => l.userId)
    .sort((a, b) => a - b);

describe('The exhibitors who give a conference', () => {
  it('are set on the conference’s form, and their public pages list it', async () => {
    const first = await createExhibitor(ctx.db, { company: 'Bois du Moyen Atlas' });
    const second = await createExhibitor(ctx.db);
    const res = await put({ exhibitorIds: [second.user.id, first.user.id, first.user.id] });
    expect(res.statusCode, res.body).toBe(200);
    const ids = [first.user.id, second.user.id].sort((a, b) => a - b);
    expect(res.json<{ exhibitorIds: number[] }>().exhibitorIds).toEqual(ids);
    expect(await links()).toEqual(ids);
    const page = await call(ctx.app, 'GET', `exhibitors/bois-du-moyen-atlas-${first.user.id}`);
    expect(page.json<{ data: { conferences: { id: number }[] } }>().data.conferences).toEqual([
      expect.objectContaining({ id: conferenceId, number: 'N°77' }),
    ]);

    // A change of the conference without the field leaves its exhibitors; an empty list clears them.
    expect((await put({ title: { fr: 'Le bois, matériau d’avenir' } })).statusCode).toBe(200);
    expect(await links()).toEqual(ids);
    const read = await call(ctx.app, 'GET', `admin/conferences/${conferenceId}`, { token });
    expect(read.json<{ exhibitorIds: number[] }>().exhibitorIds).toEqual(ids);
    expect((await put({ exhibitorIds: [first.user.id] })).statusCode).toBe(200);
    expect(await links()).toEqual([first.user.id]);
  });

  it('refuses anyone who is not an exhibitor of the conference’s edition, under the field, and writes nothing', async () => {
    const before = await links();
    const visitor = await createVisitor(ctx.db);
    const past = await createExhibitor(ctx.db);
    const [other] = await ctx.db
      .select({ id: editions.id })
      .from(editions)
      .where(ne(editions.id, DEMO_EDITION_ID))
      .limit(1);
    await ctx.db.update(registrations).set({ eventId: other!.id }).where(eq(registrations.id, past.registration.id));
    const exhibitor = await createExhibitor(ctx.db);
    const [organiser] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.type, 'organiser')).limit(1);
    for (const id of [visitor.user.id, past.user.id, organiser!.id, 999_999]) {
      const res = await put({ exhibitorIds: [exhibitor.user.id, id], title: { fr: 'Ne doit pas changer' } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ error: { details: { errors: unknown[] } } }>().error.details.errors).toEqual([
        { path: ['body', 'exhibitorIds'], message: 'Des exposants de l’édition de la conférence seulement.' },
      ]);
    }
    expect(await links()).toEqual(before);
    const [row] = await ctx.db.select().from(conferences).where(eq(conferences.id, conferenceId));
    expect(row!.title.fr).not.toBe('Ne doit pas changer');
  });
});
