import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { INVALID_INVITATION } from './collaborator-invitations.service';
import { INVALID_ACCESS_LINK } from '../auth/access.service';
import { LINK_CLOSED } from '../mail/worker';
import { verifyPassword } from '../../lib/passwords';
import { createExhibitor, createUser, createVisitor, signSession } from '../../../test/fixtures';
import { call } from '../../../test/helper';
import { emailChangeSecretIn } from '../../../test/mailbox';

import {
  accept,
  addCollaborator,
  ctx,
  errorOf,
  exhibitor,
  fresh,
  fromNewAddress,
  invitationSecret,
  lastMailTo,
  linkTo,
  mailbox,
  other,
  otherToken,
  receivedText,
  token,
  useCollaboratorsScene,
  userRow,
} from './collaborators.test-support';

/**
 * Changing the sign-in e-mail in 'Informations': the current password, a link to the new
 * address, the sessions and links of the former one closed.
 */

useCollaboratorsScene();

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
        'Confirmez votre nouvelle adresse — Salon International du Bâtiment',
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
    expect(notice?.subject).toBe('Votre adresse de connexion a changé — Salon International du Bâtiment');
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
      'Votre adresse de connexion a changé — Salon International du Bâtiment',
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
