import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, createBadgeVerifier } from '@salon/shared';
import { media, registrations, users } from '../src/db/schema';
import { createJwt } from '../src/lib/jwt';
import {
  PASSWORD,
  badgeOf,
  createCast,
  createCollaborator,
  createController,
  createExhibitor,
  createMedia,
  createOrganiser,
  createUser,
  createVisitor,
  firstGate,
  sessionOf,
  signSession,
} from './fixtures';
import { call, createTestApp, login, signIn, type TestContext } from './helper';

/**
 * The factories of fixtures.ts against a real test database and API: what each makes is stored
 * as asked, its people sign in with the password given, and its tokens and badges are taken by
 * the API as the server's own.
 */

const APP_NOW = '2024-05-30T10:00:00+01:00';

let ctx: TestContext;

const rowOf = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const registrationsOf = (userId: number) => ctx.db.select().from(registrations).where(eq(registrations.userId, userId));
const me = (token: string) => call(ctx.app, 'GET', 'users/me', { token });
/** The id users/me answers with this token. */
const idOf = async (token: string) => (await me(token)).json<{ data: { id: number } }>().data.id;
const roster = (token: string) => call(ctx.app, 'GET', 'gate/roster', { token });

beforeAll(async () => {
  ctx = await createTestApp({ APP_NOW, LOGIN_RATE_LIMIT: '1000' });
});
afterAll(() => ctx.close());

describe('the people factories', () => {
  it('createUser makes a confirmed visitor by default, with an address and a phone of its own and no password', async () => {
    const [one, two] = [await createUser(ctx.db), await createUser(ctx.db)];
    expect(await rowOf(one.id)).toMatchObject({ type: 'visitor', confirmed: true, passwordHash: '' });
    expect(one.email).not.toBe(two.email);
    expect(one.phone).not.toBe(two.phone);
    expect(one.phoneNormalized).toMatch(/^2126\d{8}$/);
  });

  it('createUser stores the overrides given, the address in lower case', async () => {
    const user = await createUser(ctx.db, { name: 'Amal Test', email: 'Amal.Test@Example.com', company: 'Béton X' });
    expect(await rowOf(user.id)).toMatchObject({
      name: 'Amal Test',
      email: 'amal.test@example.com',
      username: 'amal.test@example.com',
      company: 'Béton X',
    });
  });

  it('createController makes a controller who signs in at the gates with the password, and no one else’s', async () => {
    const controller = await createController(ctx.db, { name: 'Nadia Contrôle' });
    expect(controller).toMatchObject({ type: 'controller', name: 'Nadia Contrôle' });
    const res = await signIn(ctx.app, controller);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: unknown }>().user).toMatchObject({ id: controller.id, type: 'controller' });
    expect((await signIn(ctx.app, controller, 'Mauvais-2024!')).statusCode).toBe(400);
  });

  it('createOrganiser makes an organiser who signs in to the back-office with the password, or with the one given', async () => {
    const organiser = await createOrganiser(ctx.db);
    expect((await signIn(ctx.app, organiser)).statusCode).toBe(200);
    const own = await createOrganiser(ctx.db, { password: 'Autre-Secret-2025!' });
    expect((await signIn(ctx.app, own, 'Autre-Secret-2025!')).statusCode).toBe(200);
    expect((await signIn(ctx.app, own, PASSWORD)).statusCode).toBe(400);
  });

  it('createExhibitor makes an exhibitor of the company asked for, registered for this edition at the first hall and the booth asked for', async () => {
    const exhibitor = await createExhibitor(ctx.db, { company: 'Grues du Sud', booth: 'C-07' });
    const gate = await firstGate(ctx.db);
    expect(exhibitor.user).toMatchObject({ type: 'exhibitor', company: 'Grues du Sud' });
    expect(exhibitor.gate.id).toBe(gate.id);
    expect(await registrationsOf(exhibitor.user.id)).toEqual([
      expect.objectContaining({
        id: exhibitor.registration.id,
        eventId: DEMO_EDITION_ID,
        type: 'exhibitor',
        confirmed: true,
        gateId: gate.id,
        booth: 'C-07',
      }),
    ]);
  });

  it('createExhibitor’s exhibitor signs in to the exhibitor area with the password and sees its company there', async () => {
    const exhibitor = await createExhibitor(ctx.db, { company: 'Coffrages Atlas' });
    const token = await login(ctx.app, exhibitor.user.email);
    const res = await me(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: unknown }>().data).toMatchObject({
      id: exhibitor.user.id,
      company: 'Coffrages Atlas',
      hall: exhibitor.gate.name,
    });
  });

  it('createExhibitor gives each exhibitor a company of its own unless one is asked for', async () => {
    const [one, two] = [await createExhibitor(ctx.db), await createExhibitor(ctx.db)];
    expect(one.user.company).not.toBe(two.user.company);
  });

  it('createCollaborator makes a collaborator of the exhibitor, registered at its hall and booth, who signs in to the exhibitor area', async () => {
    const exhibitor = await createExhibitor(ctx.db, { company: 'Enduits Rif', booth: 'D-02' });
    const collaborator = await createCollaborator(ctx.db, exhibitor, { name: 'Karim Collaborateur' });
    expect(collaborator.user).toMatchObject({
      type: 'collaborator',
      name: 'Karim Collaborateur',
      company: 'Enduits Rif',
      exhibitorId: exhibitor.user.id,
    });
    expect(await registrationsOf(collaborator.user.id)).toEqual([
      expect.objectContaining({
        id: collaborator.registration.id,
        eventId: DEMO_EDITION_ID,
        type: 'collaborator',
        confirmed: true,
        gateId: exhibitor.registration.gateId,
        booth: 'D-02',
      }),
    ]);
    expect((await signIn(ctx.app, collaborator.user)).statusCode).toBe(200);
  });

  it('createVisitor makes a visitor with a confirmed registration for this edition, whom the exhibitor area refuses', async () => {
    const visitor = await createVisitor(ctx.db, { name: 'Salma Visiteuse', password: PASSWORD });
    expect(visitor.user).toMatchObject({ type: 'visitor', name: 'Salma Visiteuse' });
    expect(await registrationsOf(visitor.user.id)).toEqual([
      expect.objectContaining({
        id: visitor.registration.id,
        eventId: DEMO_EDITION_ID,
        type: 'visitor',
        confirmed: true,
      }),
    ]);
    const res = await call(ctx.app, 'POST', 'auth/local', {
      body: { identifier: visitor.user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(400);
  });

  it('createMedia stores a media row with the overrides given', async () => {
    const row = await createMedia(ctx.db, { alt: 'Plan du salon', width: 640 });
    const [stored] = await ctx.db.select().from(media).where(eq(media.id, row.id));
    expect(stored).toMatchObject({ alt: 'Plan du salon', width: 640, mime: 'image/svg+xml' });
  });
});

describe('tokens and badges', () => {
  it('sessionOf gives a token the API takes as the person’s, issued at the app’s clock', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    const token = await sessionOf(ctx, exhibitor.user);
    expect(await idOf(token)).toBe(exhibitor.user.id);
    const claims = await createJwt(ctx.config.JWT_SECRET).verify(token, new Date(APP_NOW));
    expect(claims).toMatchObject({ userId: exhibitor.user.id, issuedAt: Date.parse(APP_NOW) / 1000 });
  });

  it('sessionOf’s token ends with the sessions the user ends', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    const token = await sessionOf(ctx, exhibitor.user);
    expect((await call(ctx.app, 'POST', 'auth/logout', { token })).statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(await sessionOf(ctx, await rowOf(exhibitor.user.id)))).statusCode).toBe(200);
  });

  it('signSession signs with the times asked for: a token past its expiry is refused', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    const now = Math.floor(Date.parse(APP_NOW) / 1000);
    const live = await signSession(exhibitor.user.id, exhibitor.user.tokenVersion, { iat: now - 60 });
    const expired = await signSession(exhibitor.user.id, exhibitor.user.tokenVersion, {
      iat: now - 8 * 86_400,
      exp: now - 86_400,
    });
    expect((await me(live)).statusCode).toBe(200);
    expect((await me(expired)).statusCode).toBe(401);
  });

  it('badgeOf signs a badge the gates verify with the published key: the registration, its type and the edition', async () => {
    const visitor = await createVisitor(ctx.db);
    const published = await call(ctx.app, 'GET', 'badges/public-key');
    const verify = await createBadgeVerifier(
      published.json<{ data: { jwk: Parameters<typeof createBadgeVerifier>[0] } }>().data.jwk,
    );
    expect(await verify(badgeOf(ctx, visitor.registration))).toEqual({
      registrationId: visitor.registration.id,
      type: 'visitor',
      eventId: DEMO_EDITION_ID,
      issuedAt: 1_716_000_000,
    });
    expect(
      await verify(badgeOf(ctx, visitor.registration, { eventId: DEMO_EDITION_ID - 1, issuedAt: 1_700_000_000 })),
    ).toEqual(expect.objectContaining({ eventId: DEMO_EDITION_ID - 1, issuedAt: 1_700_000_000 }));
  });
});

describe('the cast', () => {
  it('createCast makes one person of each kind, with the overrides given and the exhibitor’s collaborator', async () => {
    const cast = await createCast(ctx, {
      controller: { name: 'Nadia Contrôle' },
      organiser: { name: 'Organisation' },
      exhibitor: { company: 'Grues du Sud', booth: 'B-04' },
      collaborator: { name: 'Karim Collaborateur' },
      visitor: { company: 'Béton Sud' },
    });
    expect(cast.controller).toMatchObject({ type: 'controller', name: 'Nadia Contrôle' });
    expect(cast.organiser).toMatchObject({ type: 'organiser', name: 'Organisation' });
    expect(cast.exhibitor.user).toMatchObject({ type: 'exhibitor', company: 'Grues du Sud' });
    expect(cast.exhibitor.registration.booth).toBe('B-04');
    expect(cast.collaborator.user).toMatchObject({
      type: 'collaborator',
      name: 'Karim Collaborateur',
      exhibitorId: cast.exhibitor.user.id,
    });
    expect(cast.visitor.user).toMatchObject({ type: 'visitor', company: 'Béton Sud' });
    const [visitorRegistration] = await ctx.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.userId, cast.visitor.user.id), eq(registrations.type, 'visitor')));
    expect(visitorRegistration?.id).toBe(cast.visitor.registration.id);
  });

  it('createCast gives every one of them the password: the staff and the exhibitor’s team sign in with it', async () => {
    const cast = await createCast(ctx);
    for (const user of [cast.controller, cast.organiser, cast.exhibitor.user, cast.collaborator.user]) {
      const res = await signIn(ctx.app, user);
      expect({ type: user.type, status: res.statusCode }).toEqual({ type: user.type, status: 200 });
    }
    expect((await rowOf(cast.visitor.user.id)).passwordHash).not.toBe('');
  });

  it('createCast gives each a token the API takes as theirs: the staff open the gate roster, the others are refused it', async () => {
    const { tokens, exhibitor, collaborator } = await createCast(ctx);
    expect((await roster(tokens.controller)).statusCode).toBe(200);
    expect((await roster(tokens.organiser)).statusCode).toBe(200);
    for (const token of [tokens.exhibitor, tokens.collaborator, tokens.visitor]) {
      expect((await roster(token)).statusCode).toBe(403);
    }
    expect(await idOf(tokens.exhibitor)).toBe(exhibitor.user.id);
    expect(await idOf(tokens.collaborator)).toBe(collaborator.user.id);
  });
});
