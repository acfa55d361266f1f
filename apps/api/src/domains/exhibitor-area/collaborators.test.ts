import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { halls, registrations, scans, tokens, users } from '../../db/schema';
import { COLLABORATOR_EXISTS } from './collaborators.service';
import { createCollaborator, createExhibitor, createVisitor } from '../../../test/fixtures';
import { call, login } from '../../../test/helper';

import {
  addCollaborator,
  ctx,
  exhibitor,
  fresh,
  lastMailTo,
  linkTo,
  other,
  otherToken,
  token,
  useCollaboratorsScene,
} from './collaborators.test-support';

/**
 * An exhibitor's collaborators made by the exhibitor: added with an access link, listed, deleted,
 * and their records changed (people who already have an account are invited instead:
 * collaborator-invitations.test.ts; a new sign-in e-mail: email-change.test.ts).
 */

useCollaboratorsScene();

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
      eventId: DEMO_EDITION_ID,
      type: 'collaborator',
      confirmed: true,
      gateId: exhibitor.registration.gateId,
      booth: 'B-12',
    });
    const mail = await lastMailTo(form.email);
    expect(mail?.subject).toContain('Votre espace exposant');
    expect(await linkTo(form.email)).toBeTruthy();
  });

  it('refuses an e-mail already used by an exhibitor or collaborator account of any exhibitor', async () => {
    const taken = await createCollaborator(ctx.db, other);
    for (const body of [
      { ...fresh(), email: taken.user.email.toUpperCase() },
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

  it('lists each collaborator’s live badges, only those of the edition populate names when it names one', async () => {
    const mine = await createCollaborator(ctx.db, exhibitor, { name: 'Aaron Badges' });
    const [hall] = await ctx.db
      .select()
      .from(halls)
      .where(eq(halls.id, mine.registration.gateId ?? 0));
    const badgesOf = async (populate: string) => {
      const res = await call(ctx.app, 'GET', `users?filters[exhibitor][id]=${exhibitor.user.id}${populate}`, { token });
      expect(res.statusCode).toBe(200);
      const people = res.json<{ data: { id: number; registrations: unknown[] }[] }>().data;
      return people.find((u) => u.id === mine.user.id)?.registrations;
    };
    const badge = {
      id: mine.registration.id,
      type: 'collaborator',
      confirmed: true,
      booth: mine.registration.booth,
      event: { id: DEMO_EDITION_ID },
      gate: hall ? { id: hall.id, name: hall.name } : null,
    };
    const event = (id: number) => `&populate[registrations][filters][event][id][$eq]=${id}`;
    expect(await badgesOf('')).toEqual([badge]);
    expect(await badgesOf(event(DEMO_EDITION_ID))).toEqual([badge]);
    expect(await badgesOf(event(DEMO_EDITION_ID + 1000))).toEqual([]);
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
      eventId: DEMO_EDITION_ID,
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
