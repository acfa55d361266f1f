import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ID } from '@salon/shared';
import { collaboratorInvitations, mailOutbox, registrations, scans, tokens, users } from '../../db/schema';
import { ALREADY_IN_A_TEAM, INVALID_INVITATION, INVITATION_DAYS } from './collaborator-invitations.service';
import { INVALID_ACCESS_LINK } from '../auth/access.service';
import { COLLABORATOR_EXISTS } from './collaborators.service';
import { LINK_CLOSED } from '../mail/worker';
import { verifyPassword } from '../../lib/passwords';
import {
  call,
  createCollaborator,
  createExhibitor,
  createTestApp,
  createUser,
  createVisitor,
  login,
  signSession,
  type TestContext,
} from '../../../test/helper';
import { createMailbox, emailChangeSecretIn, invitationSecretIn, setPasswordSecret } from '../../../test/mailbox';

let ctx: TestContext;
let exhibitor: Awaited<ReturnType<typeof createExhibitor>>;
let other: Awaited<ReturnType<typeof createExhibitor>>;
let token: string;
let otherToken: string;
let n = 0;
const fresh = () => {
  n++;
  return {
    name: `Nouveau Collaborateur ${n}`,
    jobPosition: 'Commercial',
    email: `nouveau-${n}-${Date.now()}@example.com`,
    phone: `+212 7 ${String(10_000_000 + n * 7919 + (Date.now() % 1000)).slice(0, 8)}`,
  };
};

/** The last mail queued to an address. */
async function lastMailTo(email: string) {
  const rows = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return rows.at(-1);
}
/** The text of the last mail the address received: links' secrets exist only there, never in the outbox. */
let mailbox: ReturnType<typeof createMailbox> | undefined;
const receivedText = (email: string) => (mailbox ??= createMailbox(ctx.db)).lastText(email);
const linkTo = async (email: string) => setPasswordSecret(await receivedText(email));

async function addCollaborator(body: Record<string, unknown>, as = token) {
  return call(ctx.app, 'POST', 'auth/local/register/', { token: as, body });
}

beforeAll(async () => {
  ctx = await createTestApp();
  exhibitor = await createExhibitor(ctx.db, { booth: 'B-12', secteurActivite: 'Gros Oeuvre', pays: 'Maroc' });
  other = await createExhibitor(ctx.db);
  token = await login(ctx.app, exhibitor.user.email);
  otherToken = await login(ctx.app, other.user.email);
});
afterAll(() => ctx.close());

describe('adding a collaborator', () => {
  it('creates a confirmed collaborator on the exhibitor’s hall and stand, without a password, and mails an access link', async () => {
    const form = fresh();
    const res = await addCollaborator({ ...form, role: 3, type: 'exhibitor', password: 'x', confirmed: false });
    expect(res.statusCode).toBe(201);
    const { id, registrationId } = res.json<{ data: { id: number; registrationId: number } }>().data;
    const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({
      type: 'collaborator',
      roleId: 1,
      confirmed: true,
      exhibitorId: exhibitor.user.id,
      company: exhibitor.user.company,
      secteurActivite: 'Gros Oeuvre',
      pays: 'Maroc',
      passwordHash: '',
    });
    const [registration] = await ctx.db.select().from(registrations).where(eq(registrations.id, registrationId));
    expect(registration).toMatchObject({
      eventId: EVENT_ID,
      type: 'collaborator',
      confirmed: true,
      gateId: exhibitor.registration.gateId,
      booth: 'B-12',
    });
    const mail = await lastMailTo(form.email);
    expect(mail?.subject).toContain('Votre espace exposant');
    expect(await linkTo(form.email)).toBeTruthy();
  });

  it('refuses an e-mail or a phone already used by an exhibitor or collaborator account of any exhibitor', async () => {
    const taken = await createCollaborator(ctx.db, other);
    for (const body of [
      { ...fresh(), email: taken.user.email.toUpperCase() },
      { ...fresh(), phone: taken.user.phone },
      { ...fresh(), email: other.user.email },
    ]) {
      const res = await addCollaborator(body);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(COLLABORATOR_EXISTS);
    }
  });

  it('lets a deleted collaborator’s e-mail and phone be used again', async () => {
    const form = fresh();
    const first = await addCollaborator(form);
    const { id } = first.json<{ data: { id: number } }>().data;
    expect((await call(ctx.app, 'DELETE', `users/${id}`, { token })).statusCode).toBe(200);
    const again = await addCollaborator(form);
    expect(again.statusCode).toBe(201);
    expect(again.json<{ data: { id: number } }>().data.id).not.toBe(id);
  });

  it('checks the form on the server: every field is required', async () => {
    const res = await addCollaborator({ name: ' ', email: 'pas-un-email', phone: '', jobPosition: '' });
    expect(res.statusCode).toBe(400);
    const paths = res
      .json<{ error: { details: { errors: { path: string[] }[] } } }>()
      .error.details.errors.map((e) => e.path.at(-1));
    expect(paths.sort()).toEqual(['email', 'jobPosition', 'name', 'phone']);
  });

  it('is refused to a collaborator and to anyone signed out', async () => {
    const collaborator = await createCollaborator(ctx.db, exhibitor);
    const collaboratorToken = await login(ctx.app, collaborator.user.email);
    expect((await addCollaborator(fresh(), collaboratorToken)).statusCode).toBe(403);
    expect((await call(ctx.app, 'POST', 'auth/local/register/', { body: fresh() })).statusCode).toBe(401);
  });
});

describe('the list of collaborators', () => {
  it('shows the exhibitor’s own active collaborators with their badge, 50 a page', async () => {
    const mine = await createCollaborator(ctx.db, exhibitor, { name: 'Aaron Premier' });
    const theirs = await createCollaborator(ctx.db, other);
    const res = await call(
      ctx.app,
      'GET',
      `users?filters[exhibitor][id]=${exhibitor.user.id}&pagination[pageSize]=50`,
      { token },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      data: { id: number; registration: { id: number } | null }[];
      meta: { pagination: { pageSize: number } };
    }>();
    const ids = body.data.map((u) => u.id);
    expect(ids).toContain(mine.user.id);
    expect(ids).not.toContain(theirs.user.id);
    expect(body.data.find((u) => u.id === mine.user.id)?.registration?.id).toBe(mine.registration.id);
    expect(body.meta.pagination.pageSize).toBe(50);
  });

  it('gives nothing when the filter names another exhibitor', async () => {
    await createCollaborator(ctx.db, exhibitor);
    const res = await call(ctx.app, 'GET', `users?filters[exhibitor][id]=${exhibitor.user.id}`, { token: otherToken });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('pages beyond 50', async () => {
    const crowded = await createExhibitor(ctx.db);
    for (let i = 0; i < 51; i++) await createCollaborator(ctx.db, crowded);
    const crowdedToken = await login(ctx.app, crowded.user.email);
    const page2 = await call(ctx.app, 'GET', 'users?pagination[page]=2&pagination[pageSize]=50', {
      token: crowdedToken,
    });
    const body = page2.json<{ data: unknown[]; meta: { pagination: { total: number; pageCount: number } } }>();
    expect(body.data).toHaveLength(1);
    expect(body.meta.pagination).toMatchObject({ total: 51, pageCount: 2 });
  });
});

describe('deleting a collaborator', () => {
  it('ends its sign-in at once, revokes its badge and keeps the scans it made', async () => {
    const collaborator = await createCollaborator(ctx.db, exhibitor);
    const collaboratorToken = await login(ctx.app, collaborator.user.email);
    const visitor = await createVisitor(ctx.db);
    await ctx.db.insert(scans).values({
      clientId: crypto.randomUUID(),
      eventId: EVENT_ID,
      scannerId: collaborator.user.id,
      exhibitorId: exhibitor.user.id,
      scannedId: visitor.user.id,
      typeScanned: 'visitor',
      scanDay: '2024-05-30',
    });
    expect((await call(ctx.app, 'DELETE', `users/${collaborator.user.id}`, { token: otherToken })).statusCode).toBe(
      404,
    );
    expect((await call(ctx.app, 'DELETE', `users/${collaborator.user.id}`, { token })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', 'users/me', { token: collaboratorToken })).statusCode).toBe(401);
    const [registration] = await ctx.db
      .select()
      .from(registrations)
      .where(eq(registrations.id, collaborator.registration.id));
    expect(registration?.revokedAt).not.toBeNull();
    const kept = await ctx.db.select().from(scans).where(eq(scans.scannerId, collaborator.user.id));
    expect(kept).toHaveLength(1);
    const res = await call(ctx.app, 'POST', 'auth/local', {
      body: { identifier: collaborator.user.email, password: 'Secret-2024!' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('is refused to a collaborator, even on itself', async () => {
    const collaborator = await createCollaborator(ctx.db, exhibitor);
    const collaboratorToken = await login(ctx.app, collaborator.user.email);
    expect(
      (await call(ctx.app, 'DELETE', `users/${collaborator.user.id}`, { token: collaboratorToken })).statusCode,
    ).toBe(403);
  });
});

describe('access by a link, never by a default password', () => {
  it('lets the new collaborator set a password from the mail’s link, signs it in, and uses the link up', async () => {
    const form = fresh();
    await addCollaborator(form);
    const secret = (await linkTo(form.email))!;
    const weak = await call(ctx.app, 'POST', 'auth/reset-password', { body: { token: secret, password: 'court' } });
    expect(weak.statusCode).toBe(400);
    const res = await call(ctx.app, 'POST', 'auth/reset-password', {
      body: { token: secret, password: 'Chantier-2024' },
    });
    expect(res.statusCode).toBe(200);
    const { jwt, user } = res.json<{ jwt: string; user: { email: string; type: string } }>();
    expect(user).toMatchObject({ email: form.email, type: 'collaborator' });
    expect((await call(ctx.app, 'GET', 'users/me', { token: jwt })).statusCode).toBe(200);
    expect(await login(ctx.app, form.email, 'Chantier-2024')).toBeTruthy();
    const again = await call(ctx.app, 'POST', 'auth/reset-password', {
      body: { token: secret, password: 'Chantier-2025' },
    });
    expect(again.statusCode).toBe(400);
  });

  it('resends access with a new link that replaces the earlier one', async () => {
    const form = fresh();
    const created = (await addCollaborator(form)).json<{ data: { registrationId: number } }>().data;
    const first = (await linkTo(form.email))!;
    expect(
      (await call(ctx.app, 'POST', `sendAuthCollaborateur/${created.registrationId}`, { token: otherToken }))
        .statusCode,
    ).toBe(404);
    const res = await call(ctx.app, 'POST', `sendAuthCollaborateur/${created.registrationId}`, { token });
    expect(res.statusCode).toBe(200);
    const second = (await linkTo(form.email))!;
    expect(second).not.toBe(first);
    const old = await call(ctx.app, 'POST', 'auth/reset-password', {
      body: { token: first, password: 'Chantier-2024' },
    });
    expect(old.statusCode).toBe(400);
    const ok = await call(ctx.app, 'POST', 'auth/reset-password', {
      body: { token: second, password: 'Chantier-2024' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('answers "Mot de passe oublié ?" the same way whether or not the address exists, and mails only accounts', async () => {
    const visitor = await createVisitor(ctx.db);
    const answers = [];
    for (const email of [exhibitor.user.email, 'personne@example.com', visitor.user.email]) {
      const res = await call(ctx.app, 'POST', 'auth/forgot-password', { body: { email } });
      answers.push([res.statusCode, res.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await linkTo(exhibitor.user.email)).toBeTruthy();
    expect(await lastMailTo(visitor.user.email)).toBeUndefined();
  });

  it('refuses a link that expired after 7 days', async () => {
    const form = fresh();
    await addCollaborator(form);
    const secret = (await linkTo(form.email))!;
    const [row] = await ctx.db
      .select()
      .from(tokens)
      .where(eq(tokens.tokenHash, createHash('sha256').update(secret).digest('hex')));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThan(7 * 86_400_000 + 60_000);
    // Eight days later, as far as the link is concerned.
    await ctx.db
      .update(tokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tokens.id, row!.id));
    const res = await call(ctx.app, 'POST', 'auth/reset-password', {
      body: { token: secret, password: 'Chantier-2024' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('PUT users/:id', () => {
  it('saves the exhibitor’s information and ignores role, type, confirmation and password', async () => {
    const res = await call(ctx.app, 'PUT', `users/${exhibitor.user.id}`, {
      token,
      body: {
        name: 'Nadia Alaoui',
        email: exhibitor.user.email,
        phone: exhibitor.user.phone,
        company: exhibitor.user.company,
        jobPosition: 'Directrice',
        role: 5,
        type: 'organiser',
        confirmed: false,
        password: 'Piratage-2024',
        exhibitor: other.user.id,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { name: string; type: string } }>().data).toMatchObject({
      name: 'Nadia Alaoui',
      type: 'exhibitor',
    });
    const [user] = await ctx.db.select().from(users).where(eq(users.id, exhibitor.user.id));
    expect(user).toMatchObject({
      type: 'exhibitor',
      roleId: 1,
      confirmed: true,
      exhibitorId: null,
      jobPosition: 'Directrice',
    });
    expect(await login(ctx.app, exhibitor.user.email)).toBeTruthy();
  });

  it('lets a collaborator change only what its screen lets it change', async () => {
    const collaborator = await createCollaborator(ctx.db, exhibitor);
    const collaboratorToken = await login(ctx.app, collaborator.user.email);
    const res = await call(ctx.app, 'PUT', `users/${collaborator.user.id}`, {
      token: collaboratorToken,
      body: {
        name: 'Karim Bennani',
        email: collaborator.user.email,
        phone: collaborator.user.phone,
        adresse: '12 rue des Artisans',
        company: 'Autre Société',
        pays: 'France',
        secteur_activite: 'Sécurité',
        hall: 'Hall 9',
        numero_stand: 'Z-99',
      },
    });
    expect(res.statusCode).toBe(200);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, collaborator.user.id));
    expect(user).toMatchObject({
      name: 'Karim Bennani',
      adresse: '12 rue des Artisans',
      company: exhibitor.user.company,
    });
    const [registration] = await ctx.db
      .select()
      .from(registrations)
      .where(eq(registrations.id, collaborator.registration.id));
    expect(registration?.booth).toBe(exhibitor.registration.booth);
  });

  it('reaches nobody else’s record', async () => {
    const collaborator = await createCollaborator(ctx.db, exhibitor);
    const res = await call(ctx.app, 'PUT', `users/${collaborator.user.id}`, {
      token: otherToken,
      body: { name: 'X', email: 'x@example.com', phone: '+212 600000000', company: 'Y' },
    });
    expect(res.statusCode).toBe(404);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, collaborator.user.id));
    expect(user?.name).toBe(collaborator.user.name);
  });
});

/** The invitation link's secret in the last mail the address received. */
async function invitationSecret(email: string) {
  return invitationSecretIn(await receivedText(email));
}
const errorOf = (res: { json: <T>() => T }) =>
  res.json<{
    error: { status: number; message: string; details?: { errors: { path: string[]; message: string }[] } };
  }>().error;
// Each call from its own address: the link pages are rate-limited per address.
let address = 0;
const fromNewAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;
const accept = (body: Record<string, unknown>) =>
  call(ctx.app, 'POST', 'collaborator-invitations/accept', { body, remoteAddress: fromNewAddress() });
const userRow = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const registrationsOf = (id: number) => ctx.db.select().from(registrations).where(eq(registrations.userId, id));

describe('adding a person who already has an account', () => {
  it('only invites a visitor: nothing of theirs changes, and the list shows what the exhibitor typed', async () => {
    const visitor = await createVisitor(ctx.db, { name: 'Salma Idrissi', jobPosition: 'Architecte', language: 'en' });
    const typed = { ...fresh(), name: 'Nom Choisi Par Exposant', email: visitor.user.email.toUpperCase() };
    const res = await addCollaborator(typed);
    expect(res.statusCode).toBe(201);
    const { invitation } = res.json<{ data: { invitation: { id: number; expiresAt: string } } }>().data;
    expect(invitation.id).toBeGreaterThan(0);
    expect(await userRow(visitor.user.id)).toEqual(visitor.user);
    expect((await registrationsOf(visitor.user.id)).map((r) => r.type)).toEqual(['visitor']);
    const mail = await lastMailTo(visitor.user.email);
    expect(mail?.subject).toBe('Invitation to an exhibitor area — International Building Exhibition 2024');
    expect(mail?.text).toContain(`${exhibitor.user.company} invites you to join its team`);
    expect(await invitationSecret(visitor.user.email)).toMatch(/^[\w-]{43}$/);
    const list = await call(ctx.app, 'GET', 'users', { token });
    const row = list.json<{ data: Record<string, unknown>[] }>().data.find((r) => r.email === visitor.user.email);
    expect(row).toMatchObject({
      id: invitation.id,
      name: 'Nom Choisi Par Exposant',
      jobPosition: typed.jobPosition,
      phone: typed.phone,
      registration: null,
      invitation: { expired: false },
    });
    expect(JSON.stringify(list.json())).not.toContain('Salma Idrissi');
    expect(JSON.stringify(list.json())).not.toContain('Architecte');
  });

  it('opening the invitation page changes nothing; accepting keeps the person’s own name, phone and position and their visitor badge', async () => {
    const visitor = await createVisitor(ctx.db, { name: 'Omar Tazi', jobPosition: 'Ingénieur' });
    await addCollaborator({ ...fresh(), name: 'Autre Nom', email: visitor.user.email });
    const secret = await invitationSecret(visitor.user.email);
    const view = await call(ctx.app, 'POST', 'collaborator-invitations/view', { body: { token: secret } });
    expect(view.statusCode).toBe(200);
    expect(view.json<{ data: unknown }>().data).toEqual({
      company: exhibitor.user.company,
      email: visitor.user.email,
      needsPassword: true,
    });
    expect(await userRow(visitor.user.id)).toEqual(visitor.user);

    const weak = await accept({ token: secret, password: 'court' });
    expect(weak.statusCode).toBe(400);
    expect(errorOf(weak).details?.errors).toEqual([{ path: ['body', 'password'], message: 'weakPassword' }]);
    const res = await accept({ token: secret, password: 'Nouveau-Mot2passe' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ jwt: string; user: { id: number; type: string; name: string } }>();
    expect(body.user).toMatchObject({ id: visitor.user.id, type: 'collaborator', name: 'Omar Tazi' });
    expect(await userRow(visitor.user.id)).toMatchObject({
      type: 'collaborator',
      exhibitorId: exhibitor.user.id,
      company: exhibitor.user.company,
      secteurActivite: 'Gros Oeuvre',
      name: 'Omar Tazi',
      jobPosition: 'Ingénieur',
      phone: visitor.user.phone,
    });
    const regs = await registrationsOf(visitor.user.id);
    expect(regs.map((r) => [r.type, r.revokedAt, r.booth]).sort()).toEqual([
      ['collaborator', null, 'B-12'],
      ['visitor', null, null],
    ]);
    expect((await call(ctx.app, 'GET', 'users/me', { token: body.jwt })).statusCode).toBe(200);
    expect(await verifyPassword((await userRow(visitor.user.id)).passwordHash, 'Nouveau-Mot2passe')).toBe(true);

    const again = await accept({ token: secret, password: 'Nouveau-Mot2passe' });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toBe(INVALID_INVITATION);
  });

  it('deleting an invited collaborator gives the account back as it was, with its visitor badge valid', async () => {
    const visitor = await createVisitor(ctx.db, { company: 'Ma Propre Société' });
    await addCollaborator({ ...fresh(), email: visitor.user.email });
    const accepted = await accept({ token: await invitationSecret(visitor.user.email), password: 'Nouveau-Mot2passe' });
    const collaboratorToken = accepted.json<{ jwt: string }>().jwt;
    expect((await call(ctx.app, 'DELETE', `users/${visitor.user.id}`, { token })).statusCode).toBe(200);
    expect(await userRow(visitor.user.id)).toMatchObject({
      type: 'visitor',
      exhibitorId: null,
      company: 'Ma Propre Société',
      deletedAt: null,
    });
    const regs = await registrationsOf(visitor.user.id);
    expect(regs.find((r) => r.type === 'visitor')?.revokedAt).toBeNull();
    expect(regs.find((r) => r.type === 'collaborator')?.revokedAt).toBeInstanceOf(Date);
    expect((await call(ctx.app, 'GET', 'users/me', { token: collaboratorToken })).statusCode).toBe(401);
    // Invited again later, by another exhibitor: the badge comes back, with a new key.
    const old = regs.find((r) => r.type === 'collaborator')!;
    await addCollaborator({ ...fresh(), email: visitor.user.email }, otherToken);
    const view = await call(ctx.app, 'POST', 'collaborator-invitations/view', {
      body: { token: await invitationSecret(visitor.user.email) },
    });
    expect(view.json<{ data: { needsPassword: boolean } }>().data.needsPassword).toBe(false);
    expect((await accept({ token: await invitationSecret(visitor.user.email) })).statusCode).toBe(200);
    const [back] = await ctx.db.select().from(registrations).where(eq(registrations.id, old.id));
    expect(back).toMatchObject({ revokedAt: null, booth: other.registration.booth });
    expect(back?.badgeKey).not.toBe(old.badgeKey);
  });

  it('an exhibitor gets the badge of its collaborator registration only, never the person’s visitor badge', async () => {
    const visitor = await createVisitor(ctx.db);
    await addCollaborator({ ...fresh(), email: visitor.user.email });
    const before = await call(ctx.app, 'POST', `registrations/${visitor.registration.id}/badge-link`, { token });
    expect(before.statusCode).toBe(404);
    await accept({ token: await invitationSecret(visitor.user.email), password: 'Nouveau-Mot2passe' });
    const collab = (await registrationsOf(visitor.user.id)).find((r) => r.type === 'collaborator')!;
    for (const url of [
      `registrations/${visitor.registration.id}/badge-link`,
      `registrations/sendEmailEBadge/${visitor.registration.id}`,
    ]) {
      const res = await call(ctx.app, 'POST', url, { token });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe('Badge introuvable.');
    }
    const ok = await call(ctx.app, 'POST', `registrations/${collab.id}/badge-link`, { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ data: { url: string } }>().data.url).toContain(`downloadEbadgeFull/${collab.id}?token=`);
  });

  it('refuses staff accounts and people already in a live exhibitor’s team, with the specification’s message', async () => {
    const organiser = await createUser(ctx.db, { type: 'organiser', roleId: 3 });
    const controller = await createUser(ctx.db, { type: 'controller' });
    const teammate = await createCollaborator(ctx.db, other);
    for (const email of [organiser.email, controller.email, teammate.user.email, other.user.email]) {
      const res = await addCollaborator({ ...fresh(), email });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(COLLABORATOR_EXISTS);
    }
    const invited = await ctx.db.select().from(collaboratorInvitations);
    expect(invited.map((i) => i.userId)).not.toContain(organiser.id);
  });

  it('invites a former exhibitor with no 2024 stand, and gives its type and company back on deletion', async () => {
    const former = await createUser(ctx.db, {
      type: 'exhibitor',
      company: 'Ancienne Société',
      password: 'Secret-2024!',
    });
    const res = await addCollaborator({ ...fresh(), email: former.email });
    expect(res.json<{ data: { invitation: unknown } }>().data.invitation).toBeTruthy();
    expect((await accept({ token: await invitationSecret(former.email) })).statusCode).toBe(200);
    expect(await userRow(former.id)).toMatchObject({ type: 'collaborator', company: exhibitor.user.company });
    await call(ctx.app, 'DELETE', `users/${former.id}`, { token });
    expect(await userRow(former.id)).toMatchObject({ type: 'exhibitor', company: 'Ancienne Société', deletedAt: null });
  });

  it('two adds of one address at once make one invitation; the other is the duplicate', async () => {
    const visitor = await createVisitor(ctx.db);
    const form = { ...fresh(), email: visitor.user.email };
    const answers = await Promise.all([addCollaborator(form), addCollaborator(form)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(errorOf(answers.find((r) => r.statusCode === 400)!).message).toBe(COLLABORATOR_EXISTS);
    const open = await ctx.db
      .select()
      .from(collaboratorInvitations)
      .where(eq(collaboratorInvitations.userId, visitor.user.id));
    expect(open).toHaveLength(1);
  });

  it('refuses a wrong, expired, cancelled or other exhibitor’s link, and an account meanwhile in another team', async () => {
    expect(errorOf(await accept({ token: 'x'.repeat(43), password: 'Nouveau-Mot2passe' })).message).toBe(
      INVALID_INVITATION,
    );
    // Expired.
    const late = await createVisitor(ctx.db);
    await addCollaborator({ ...fresh(), email: late.user.email });
    const lateSecret = await invitationSecret(late.user.email);
    await ctx.db
      .update(collaboratorInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(collaboratorInvitations.userId, late.user.id));
    const expired = await accept({ token: lateSecret, password: 'Nouveau-Mot2passe' });
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired).message).toBe(INVALID_INVITATION);
    expect(await userRow(late.user.id)).toMatchObject({ type: 'visitor', exhibitorId: null });
    // The list says so, and adding the person again sends a new invitation.
    const list = await call(ctx.app, 'GET', 'users', { token });
    expect(
      list.json<{ data: Record<string, unknown>[] }>().data.find((r) => r.email === late.user.email),
    ).toMatchObject({
      invitation: { expired: true },
    });
    expect((await addCollaborator({ ...fresh(), email: late.user.email })).statusCode).toBe(201);

    // Cancelled by the exhibitor; another exhibitor cannot cancel it.
    const cancelled = await createVisitor(ctx.db);
    const { invitation } = (await addCollaborator({ ...fresh(), email: cancelled.user.email })).json<{
      data: { invitation: { id: number } };
    }>().data;
    const secret = await invitationSecret(cancelled.user.email);
    for (const id of [invitation.id, invitation.id + 1]) {
      const res = await call(ctx.app, 'DELETE', `collaborator-invitations/${id}`, { token: otherToken });
      expect(res.statusCode).toBe(404);
    }
    expect((await call(ctx.app, 'DELETE', `collaborator-invitations/${invitation.id}`, { token })).statusCode).toBe(
      200,
    );
    expect(errorOf(await accept({ token: secret, password: 'Nouveau-Mot2passe' })).message).toBe(INVALID_INVITATION);

    // Invited by both; joined the other exhibitor's team first.
    const both = await createVisitor(ctx.db);
    await addCollaborator({ ...fresh(), email: both.user.email });
    const mine = await invitationSecret(both.user.email);
    await addCollaborator({ ...fresh(), email: both.user.email }, otherToken);
    expect(
      (await accept({ token: await invitationSecret(both.user.email), password: 'Nouveau-Mot2passe' })).statusCode,
    ).toBe(200);
    const late2 = await accept({ token: mine });
    expect(late2.statusCode).toBe(400);
    expect(errorOf(late2).message).toBe(ALREADY_IN_A_TEAM);
    expect(await userRow(both.user.id)).toMatchObject({ exhibitorId: other.user.id });
  });

  it('the invitation lasts the days the mail says', async () => {
    const visitor = await createVisitor(ctx.db);
    await addCollaborator({ ...fresh(), email: visitor.user.email });
    const [row] = await ctx.db
      .select()
      .from(collaboratorInvitations)
      .where(eq(collaboratorInvitations.userId, visitor.user.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan((INVITATION_DAYS - 0.01) * 86_400_000);
    expect((await lastMailTo(visitor.user.email))?.text).toContain(`pendant ${INVITATION_DAYS} jours`);
  });
});

describe('deleting a collaborator the exhibitor created', () => {
  it('keeps the person’s own visitor badge and account when they registered as a visitor too', async () => {
    const form = fresh();
    const { id } = (await addCollaborator(form)).json<{ data: { id: number } }>().data;
    const [visit] = await ctx.db
      .insert(registrations)
      .values({ eventId: EVENT_ID, userId: id, type: 'visitor', confirmed: true })
      .returning();
    expect((await call(ctx.app, 'DELETE', `users/${id}`, { token })).statusCode).toBe(200);
    expect(await userRow(id)).toMatchObject({ type: 'visitor', exhibitorId: null, deletedAt: null });
    const [still] = await ctx.db.select().from(registrations).where(eq(registrations.id, visit!.id));
    expect(still?.revokedAt).toBeNull();
  });
});

describe('changing the sign-in e-mail in Informations', () => {
  const info = (user: typeof exhibitor.user, body: Record<string, unknown>) => ({
    name: user.name,
    email: user.email,
    phone: user.phone,
    company: user.company,
    ...body,
  });

  it('needs the current password: none or a wrong one is a 400 on that field, and nothing changes', async () => {
    const ex = await createExhibitor(ctx.db);
    const t = await signSession(ex.user.id, ex.user.tokenVersion);
    for (const [currentPassword, message] of [
      [undefined, 'required'],
      ['Mauvais-2024!', 'wrongPassword'],
    ] as const) {
      const res = await call(ctx.app, 'PUT', `users/${ex.user.id}`, {
        token: t,
        body: info(ex.user, { email: 'nouvelle@example.com', name: 'Changé', currentPassword }),
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).details?.errors).toEqual([{ path: ['body', 'currentPassword'], message }]);
    }
    expect(await userRow(ex.user.id)).toMatchObject({ email: ex.user.email, name: ex.user.name });
    expect(await lastMailTo('nouvelle@example.com')).toBeUndefined();
  });

  it('answers the same for a free address and for a visitor’s, organiser’s or controller’s: a link to the new address', async () => {
    const ex = await createExhibitor(ctx.db);
    const t = await signSession(ex.user.id, ex.user.tokenVersion);
    const visitor = await createVisitor(ctx.db);
    const organiser = await createUser(ctx.db, { type: 'organiser', roleId: 3 });
    const controller = await createUser(ctx.db, { type: 'controller' });
    const answers = [];
    for (const email of [`libre-${Date.now()}@example.com`, visitor.user.email, organiser.email, controller.email]) {
      const res = await call(ctx.app, 'PUT', `users/${ex.user.id}`, {
        token: t,
        body: info(ex.user, { email, currentPassword: 'Secret-2024!' }),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: { email: string }; meta: { emailPending: string } }>();
      expect(body.data.email).toBe(ex.user.email);
      expect(body.meta.emailPending).toBe(email);
      answers.push(JSON.stringify({ ...body, meta: {} }).replaceAll(/"updatedAt":"[^"]+"/g, ''));
      expect((await lastMailTo(email))?.subject).toBe(
        'Confirmez votre nouvelle adresse — Salon International du Bâtiment 2024',
      );
    }
    expect(new Set(answers).size).toBe(1);
  });

  it('still refuses, at the e-mail field, the address of another exhibitor or collaborator account', async () => {
    const res = await call(ctx.app, 'PUT', `users/${exhibitor.user.id}`, {
      token,
      body: info(exhibitor.user, { email: other.user.email, currentPassword: 'Secret-2024!' }),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details?.errors).toEqual([{ path: ['body', 'email'], message: 'emailTaken' }]);
  });

  it('the link changes the address, ends every other session, signs the page in and tells the former address', async () => {
    const ex = await createExhibitor(ctx.db);
    const t = await signSession(ex.user.id, ex.user.tokenVersion);
    const email = `nouvelle-${Date.now()}@example.com`;
    await call(ctx.app, 'PUT', `users/${ex.user.id}`, {
      token: t,
      body: info(ex.user, { email, currentPassword: 'Secret-2024!' }),
    });
    const secret = emailChangeSecretIn(await receivedText(email));
    expect(secret).toBeTruthy();
    expect((await userRow(ex.user.id)).email).toBe(ex.user.email);
    const confirm = (tokenValue: string) =>
      call(ctx.app, 'POST', 'users/confirm-email', { body: { token: tokenValue }, remoteAddress: fromNewAddress() });
    const res = await confirm(secret);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ jwt: string; user: { email: string } }>();
    expect(body.user.email).toBe(email);
    expect((await call(ctx.app, 'GET', 'users/me', { token: t })).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', 'users/me', { token: body.jwt })).statusCode).toBe(200);
    const notice = await lastMailTo(ex.user.email);
    expect(notice?.subject).toBe('Votre adresse de connexion a changé — Salon International du Bâtiment 2024');
    expect(notice?.text).toContain(`est désormais ${email}`);
    const again = await confirm(secret);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toBe(
      'Ce lien n’est plus valide. Demandez à nouveau le changement d’adresse depuis « Informations ».',
    );
  });

  it('closes the set-password links sent to the former address, and does not send one still waiting for it', async () => {
    const ex = await createExhibitor(ctx.db);
    const t = await signSession(ex.user.id, ex.user.tokenVersion);
    await call(ctx.app, 'POST', 'auth/forgot-password', { body: { email: ex.user.email } });
    const earlier = (await linkTo(ex.user.email))!;
    expect(earlier).toMatch(/^[\w-]{43}$/);
    const email = `changee-${Date.now()}@example.com`;
    await call(ctx.app, 'PUT', `users/${ex.user.id}`, {
      token: t,
      body: info(ex.user, { email, currentPassword: 'Secret-2024!' }),
    });
    const secret = emailChangeSecretIn(await receivedText(email));
    const before = (await mailbox!.to(ex.user.email)).length;
    // The organiser sends access again: the mail waits in the outbox while the address changes.
    const organiser = await createUser(ctx.db, { type: 'organiser', roleId: 3 });
    const resent = await call(ctx.app, 'POST', `admin/exhibitors/${ex.user.id}/resend-access`, {
      token: await signSession(organiser.id, organiser.tokenVersion),
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const confirmed = await call(ctx.app, 'POST', 'users/confirm-email', {
      body: { token: secret },
      remoteAddress: fromNewAddress(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const former = await mailbox!.to(ex.user.email);
    expect(former.slice(before).map((m) => m.subject)).toEqual([
      'Votre adresse de connexion a changé — Salon International du Bâtiment 2024',
    ]);
    const [access] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'access'), eq(mailOutbox.to, ex.user.email)));
    expect(access).toMatchObject({ status: 'failed', lastError: LINK_CLOSED });
    const used = await call(ctx.app, 'POST', 'auth/reset-password', {
      body: { token: earlier, password: 'Chantier-2024' },
    });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ error: { message: INVALID_ACCESS_LINK } });
    expect(await verifyPassword((await userRow(ex.user.id)).passwordHash, 'Secret-2024!')).toBe(true);
  });

  it('closes an invitation mailed to the former address', async () => {
    const visitor = await createVisitor(ctx.db);
    await addCollaborator({ ...fresh(), email: visitor.user.email });
    const earlier = await invitationSecret(visitor.user.email);
    await addCollaborator({ ...fresh(), email: visitor.user.email }, otherToken);
    const joined = await accept({ token: await invitationSecret(visitor.user.email), password: 'Nouveau-Mot2passe' });
    expect(joined.statusCode, joined.body).toBe(200);
    const email = `collab-changee-${Date.now()}@example.com`;
    const asked = await call(ctx.app, 'PUT', `users/${visitor.user.id}`, {
      token: joined.json<{ jwt: string }>().jwt,
      body: { name: visitor.user.name, email, phone: visitor.user.phone, currentPassword: 'Nouveau-Mot2passe' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const confirmed = await call(ctx.app, 'POST', 'users/confirm-email', {
      body: { token: emailChangeSecretIn(await receivedText(email)) },
      remoteAddress: fromNewAddress(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const late = await accept({ token: earlier });
    expect(late.statusCode).toBe(400);
    expect(errorOf(late).message).toBe(INVALID_INVITATION);
    const list = await call(ctx.app, 'GET', 'users', { token });
    expect(list.json<{ data: { email: string }[] }>().data.map((r) => r.email)).not.toContain(visitor.user.email);
  });

  it('the link of an address another account holds tells only that mailbox, and changes nothing', async () => {
    const ex = await createExhibitor(ctx.db);
    const t = await signSession(ex.user.id, ex.user.tokenVersion);
    const visitor = await createVisitor(ctx.db);
    await call(ctx.app, 'PUT', `users/${ex.user.id}`, {
      token: t,
      body: info(ex.user, { email: visitor.user.email, currentPassword: 'Secret-2024!' }),
    });
    const secret = emailChangeSecretIn(await receivedText(visitor.user.email));
    const res = await call(ctx.app, 'POST', 'users/confirm-email', {
      body: { token: secret },
      remoteAddress: fromNewAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(
      'Cette adresse est déjà celle d’un autre compte : elle ne peut pas devenir votre adresse de connexion. Contactez l’organisateur.',
    );
    expect((await userRow(ex.user.id)).email).toBe(ex.user.email);
    expect((await call(ctx.app, 'GET', 'users/me', { token: t })).statusCode).toBe(200);
  });
});

describe('mails an exhibitor makes the site send to a typed address', () => {
  const capReached = {
    status: 400,
    message: 'Cette adresse a déjà reçu trois e-mails de l’espace exposant aujourd’hui : réessayez demain.',
    details: { code: 'mailCapReached', errors: [{ path: ['body', 'email'], message: 'mailCapReached' }] },
  };

  it('an exhibitor cannot flood an address by inviting and cancelling: the fourth invitation of the day is refused at the e-mail field and nothing more is sent', async () => {
    const victim = await createVisitor(ctx.db, { email: `victime-${Date.now()}@corp.example` });
    const inbox = createMailbox(ctx.db);
    for (let round = 0; round < 3; round++) {
      const res = await addCollaborator({ ...fresh(), email: victim.user.email });
      expect(res.statusCode, res.body).toBe(201);
      const { invitation } = res.json<{ data: { invitation: { id: number } } }>().data;
      await inbox.to(victim.user.email); // delivered before the cancel closes its link
      const cancelled = await call(ctx.app, 'DELETE', `collaborator-invitations/${invitation.id}`, { token });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    const fourth = await addCollaborator({ ...fresh(), email: victim.user.email });
    expect(errorOf(fourth)).toMatchObject(capReached);
    // Another exhibitor's invitation counts against the same address.
    expect(errorOf(await addCollaborator({ ...fresh(), email: victim.user.email }, otherToken))).toMatchObject(
      capReached,
    );
    expect(await inbox.to(victim.user.email)).toHaveLength(3);
    const recorded = await ctx.db
      .select()
      .from(collaboratorInvitations)
      .where(eq(collaboratorInvitations.userId, victim.user.id));
    expect(recorded).toHaveLength(3);
  });

  it('an exhibitor cannot flood an address by creating, resending and deleting a collaborator: past three access mails a day, nothing is saved or sent', async () => {
    const inbox = createMailbox(ctx.db);
    const typed = fresh();
    const created = await addCollaborator(typed);
    expect(created.statusCode, created.body).toBe(201);
    const { registrationId, id } = created.json<{ data: { id: number; registrationId: number } }>().data;
    for (let i = 0; i < 2; i++) {
      const resent = await call(ctx.app, 'POST', `sendAuthCollaborateur/${registrationId}`, { token });
      expect(resent.json()).toEqual({ data: { sent: true }, meta: {} });
      await inbox.to(typed.email); // delivered before the next link replaces it
    }
    const fourth = await call(ctx.app, 'POST', `sendAuthCollaborateur/${registrationId}`, { token });
    expect(errorOf(fourth)).toMatchObject(capReached);
    expect((await call(ctx.app, 'DELETE', `users/${id}`, { token })).statusCode).toBe(200);
    const again = await addCollaborator({ ...typed, phone: fresh().phone });
    expect(errorOf(again)).toMatchObject(capReached);
    expect(await inbox.to(typed.email)).toHaveLength(3);
    const accounts = await ctx.db.select().from(users).where(eq(users.email, typed.email));
    expect(accounts.map((a) => a.id)).toEqual([id]);
  });

  it('an exhibitor cannot put a link in the company name its collaborators’ invitations print', async () => {
    for (const company of ['Promo www.lure.example', 'Cliquez https://lure.example', 'écrivez à x@lure.example']) {
      const res = await call(ctx.app, 'PUT', `users/${exhibitor.user.id}`, {
        token,
        body: { name: exhibitor.user.name, email: exhibitor.user.email, phone: exhibitor.user.phone, company },
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).details?.errors).toEqual([{ path: ['body', 'company'], message: 'noLink' }]);
    }
    expect((await userRow(exhibitor.user.id))?.company).toBe(exhibitor.user.company);
  });
});
