import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { conferences, registrations } from '../../db/schema';
import {
  call,
  createCollaborator,
  createExhibitor,
  createTestApp,
  createUser,
  login,
  type TestContext,
} from '../../../test/helper';

interface RegistrationView {
  id: number;
  type: string;
  confirmed: boolean;
  booth: string | null;
  revoked: boolean;
  event: { id: number; name: string };
  user: { id: number };
  conference: { id: number } | null;
  gate: { id: number; name: string } | null;
}
interface ListBody {
  data: RegistrationView[];
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } };
}

const PAST_EVENT_ID = 5;

let ctx: TestContext;
let exhibitor: Awaited<ReturnType<typeof createExhibitor>>;
let other: Awaited<ReturnType<typeof createExhibitor>>;
let collaborator: Awaited<ReturnType<typeof createCollaborator>>;
let pastRegistrationId: number;
let conferenceRegistrationId: number;
let exhibitorToken: string;
let collaboratorToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  exhibitor = await createExhibitor(ctx.db, { booth: 'D-04' });
  other = await createExhibitor(ctx.db, { booth: 'E-10' });
  collaborator = await createCollaborator(ctx.db, exhibitor);
  // The exhibitor also exhibited at the 5th edition and signed up for a conference of the 6th.
  const [past] = await ctx.db
    .insert(registrations)
    .values({ eventId: PAST_EVENT_ID, userId: exhibitor.user.id, type: 'exhibitor', confirmed: true })
    .returning();
  pastRegistrationId = past!.id;
  const [conference] = await ctx.db.select().from(conferences).where(eq(conferences.eventId, DEMO_EDITION_ID)).limit(1);
  const [talk] = await ctx.db
    .insert(registrations)
    .values({
      eventId: DEMO_EDITION_ID,
      userId: exhibitor.user.id,
      type: 'others',
      confirmed: true,
      conferenceId: conference!.id,
    })
    .returning();
  conferenceRegistrationId = talk!.id;
  // Someone else's registrations at both editions, which must never show.
  await ctx.db
    .insert(registrations)
    .values({ eventId: PAST_EVENT_ID, userId: other.user.id, type: 'visitor', confirmed: true });
  exhibitorToken = await login(ctx.app, exhibitor.user.email);
  collaboratorToken = await login(ctx.app, collaborator.user.email);
});
afterAll(() => ctx.close());

async function list(query: string, token = exhibitorToken): Promise<ListBody> {
  const res = await call(ctx.app, 'GET', `registrations${query}`, { token });
  expect(res.statusCode).toBe(200);
  return res.json<ListBody>();
}
const ids = (body: ListBody) => body.data.map((r) => r.id).sort((a, b) => a - b);

describe('GET registrations', () => {
  it('returns only the caller’s own registrations', async () => {
    const body = await list('');
    expect(ids(body)).toEqual(
      [exhibitor.registration.id, pastRegistrationId, conferenceRegistrationId].sort((a, b) => a - b),
    );
    expect(body.data.every((r) => r.user.id === exhibitor.user.id)).toBe(true);
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 3, pageCount: 1, total: 3 });
    expect(body.data.find((r) => r.id === exhibitor.registration.id)).toEqual({
      id: exhibitor.registration.id,
      type: 'exhibitor',
      confirmed: true,
      booth: 'D-04',
      revoked: false,
      event: { id: DEMO_EDITION_ID, name: expect.any(String) as unknown, current: true },
      user: { id: exhibitor.user.id },
      conference: null,
      gate: { id: exhibitor.gate.id, name: exhibitor.gate.name },
      createdAt: expect.any(String) as unknown,
    });
  });

  it('shows a collaborator only its own registration, not its exhibitor’s', async () => {
    const body = await list('', collaboratorToken);
    expect(ids(body)).toEqual([collaborator.registration.id]);
    expect(body.data[0]).toMatchObject({ type: 'collaborator', booth: 'D-04', gate: { id: exhibitor.gate.id } });
  });

  it('an exhibitor cannot read another exhibitor’s registrations through filters[user][id]', async () => {
    const body = await list(`?filters[user][id]=${other.user.id}`);
    expect(body.data).toEqual([]);
    expect(body.meta.pagination.total).toBe(0);
  });

  it('an exhibitor cannot read its collaborator’s registrations through filters[user][id][$in]', async () => {
    const body = await list(
      `?filters[user][id][$in][0]=${collaborator.user.id}&filters[user][id][$in][1]=${other.user.id}`,
    );
    expect(body.data).toEqual([]);
  });

  it('a $in naming the caller and someone else returns only the caller’s registrations', async () => {
    const body = await list(
      `?filters[user][id][$in][0]=${exhibitor.user.id}&filters[user][id][$in][1]=${other.user.id}`,
    );
    expect(body.data.length).toBe(3);
    expect(body.data.every((r) => r.user.id === exhibitor.user.id)).toBe(true);
  });

  it('filters[user][id] naming the caller returns its registrations', async () => {
    expect((await list(`?filters[user][id]=${exhibitor.user.id}`)).data.length).toBe(3);
    expect((await list(`?filters[user]=${exhibitor.user.id}`)).data.length).toBe(3);
  });

  it('filters on the event', async () => {
    const current = await list(`?filters[event][id]=${DEMO_EDITION_ID}`);
    expect(ids(current)).toEqual([exhibitor.registration.id, conferenceRegistrationId].sort((a, b) => a - b));
    expect(current.data.every((r) => r.event.id === DEMO_EDITION_ID)).toBe(true);

    const past = await list(`?filters[event][id][$eq]=${PAST_EVENT_ID}`);
    expect(ids(past)).toEqual([pastRegistrationId]);
    expect(past.data[0]).toMatchObject({ event: { id: PAST_EVENT_ID }, gate: null, booth: null });

    expect((await list(`?filters[event]=${PAST_EVENT_ID}`)).data.length).toBe(1);
    expect((await list('?filters[event][id]=999')).data).toEqual([]);
  });

  it('filters on the registration type', async () => {
    const exhibitorOnly = await list('?filters[type]=exhibitor');
    expect(ids(exhibitorOnly)).toEqual([exhibitor.registration.id, pastRegistrationId].sort((a, b) => a - b));
    expect(exhibitorOnly.data.every((r) => r.type === 'exhibitor')).toBe(true);

    const talks = await list('?filters[type][$eq]=others');
    expect(ids(talks)).toEqual([conferenceRegistrationId]);
    expect(talks.data[0]!.conference).toEqual({ id: expect.any(Number) as unknown });

    expect((await list('?filters[type]=visitor')).data).toEqual([]);
  });

  it('combines the event and type filters, as the exhibitor area asks', async () => {
    const body = await list(
      `?filters[event][id]=${DEMO_EDITION_ID}&filters[type][$in][0]=exhibitor&filters[type][$in][1]=collaborator`,
    );
    expect(ids(body)).toEqual([exhibitor.registration.id]);
  });

  it('accepts populate, sort and pagination', async () => {
    const body = await list('?populate=*&sort=id:asc&pagination[pageSize]=10');
    expect(body.data.length).toBe(3);
  });

  it('shows a revoked registration as revoked', async () => {
    const revoked = await createExhibitor(ctx.db);
    const token = await login(ctx.app, revoked.user.email);
    await ctx.db
      .update(registrations)
      .set({ revokedAt: new Date() })
      .where(eq(registrations.id, revoked.registration.id));
    const body = await list('', token);
    expect(body.data).toEqual([expect.objectContaining({ id: revoked.registration.id, revoked: true }) as unknown]);
  });

  it('refuses an unknown registration type', async () => {
    const res = await call(ctx.app, 'GET', 'registrations?filters[type]=speaker', { token: exhibitorToken });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'Type d’inscription inconnu. Valeurs possibles : exhibitor, collaborator, visitor, others.',
        details: {},
        requestId: expect.any(String) as unknown,
      },
    });
  });

  it('refuses an unknown registration type inside a $in', async () => {
    const res = await call(
      ctx.app,
      'GET',
      'registrations?filters[type][$in][0]=exhibitor&filters[type][$in][1]=admin',
      {
        token: exhibitorToken,
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(/^Type d’inscription inconnu\./);
  });

  it('requires a session', async () => {
    const res = await call(ctx.app, 'GET', 'registrations');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: {
        status: 401,
        name: 'UnauthorizedError',
        message: 'Authentification requise.',
        details: {},
        requestId: expect.any(String) as unknown,
      },
    });
  });
});

describe('registration constraints in the database', () => {
  it('rejects a second registration with the same event, user, type and no conference', async () => {
    const visitor = await createUser(ctx.db, { type: 'visitor' });
    const row = { eventId: DEMO_EDITION_ID, userId: visitor.id, type: 'visitor' as const, confirmed: true };
    await ctx.db.insert(registrations).values(row);
    await expect(ctx.db.insert(registrations).values({ ...row, confirmed: false })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23505', constraint: 'registrations_unique' }) as unknown,
    });
  });

  it('allows one registration per conference, but not two for the same conference', async () => {
    const visitor = await createUser(ctx.db, { type: 'visitor' });
    const [first, second] = await ctx.db
      .select()
      .from(conferences)
      .where(eq(conferences.eventId, DEMO_EDITION_ID))
      .limit(2);
    const row = { eventId: DEMO_EDITION_ID, userId: visitor.id, type: 'others' as const };
    await ctx.db.insert(registrations).values({ ...row, conferenceId: null });
    await ctx.db.insert(registrations).values({ ...row, conferenceId: first!.id });
    await ctx.db.insert(registrations).values({ ...row, conferenceId: second!.id });
    await expect(ctx.db.insert(registrations).values({ ...row, conferenceId: first!.id })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23505', constraint: 'registrations_unique' }) as unknown,
    });
  });

  it('allows the same user on the same event under another type', async () => {
    const user = await createUser(ctx.db, { type: 'visitor' });
    await ctx.db.insert(registrations).values({ eventId: DEMO_EDITION_ID, userId: user.id, type: 'visitor' });
    await ctx.db.insert(registrations).values({ eventId: PAST_EVENT_ID, userId: user.id, type: 'visitor' });
    await ctx.db.insert(registrations).values({ eventId: DEMO_EDITION_ID, userId: user.id, type: 'others' });
    const rows = await ctx.db.select().from(registrations).where(eq(registrations.userId, user.id));
    expect(rows.length).toBe(3);
  });
});
