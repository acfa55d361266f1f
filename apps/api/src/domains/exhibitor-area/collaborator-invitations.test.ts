import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { collaboratorInvitations, registrations, users } from '../../db/schema';
import { ALREADY_IN_A_TEAM, INVALID_INVITATION, INVITATION_DAYS } from './collaborator-invitations.service';
import { COLLABORATOR_EXISTS } from './collaborators.service';
import { verifyPassword } from '../../lib/passwords';
import { createCollaborator, createUser, createVisitor } from '../../../test/fixtures';
import { call } from '../../../test/helper';
import { createMailbox } from '../../../test/mailbox';

import {
  accept,
  addCollaborator,
  ctx,
  errorOf,
  exhibitor,
  fresh,
  invitationSecret,
  lastMailTo,
  other,
  otherToken,
  registrationsOf,
  token,
  useCollaboratorsScene,
  userRow,
} from './collaborators.test-support';

/**
 * Adding a person who already has an account as a collaborator: an invitation they accept,
 * their own account and visitor badge kept, given back as they were on deletion; and the limits
 * on the mails an exhibitor makes the site send to a typed address.
 */

useCollaboratorsScene();

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
    expect(mail?.subject).toBe('Invitation to an exhibitor area — International Building Show');
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
      .values({ eventId: DEMO_EDITION_ID, userId: id, type: 'visitor', confirmed: true })
      .returning();
    expect((await call(ctx.app, 'DELETE', `users/${id}`, { token })).statusCode).toBe(200);
    expect(await userRow(id)).toMatchObject({ type: 'visitor', exhibitorId: null, deletedAt: null });
    const [still] = await ctx.db.select().from(registrations).where(eq(registrations.id, visit!.id));
    expect(still?.revokedAt).toBeNull();
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
