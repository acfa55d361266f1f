import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_IN_A_TEAM, INVALID_INVITATION } from '../exhibitor-area/collaborator-invitations.service';
import { EMAIL_IN_USE, INVALID_EMAIL_CHANGE_LINK } from '../exhibitor-area/email-change.service';
import {
  call,
  createExhibitor,
  createTestApp,
  createVisitor,
  login,
  signSession,
  type TestContext,
} from '../../../test/helper';
import { createMailbox } from '../../../test/mailbox';

/**
 * The invitation and address-confirmation pages word a refusal in the reader's language: each
 * refusal carries a `details.code` beside the French message.
 */
let ctx: TestContext;
let address = 0;
// Each call from its own address: the link pages are rate-limited per address.
const fromNewAddress = () => `10.8.${Math.floor(++address / 250)}.${address % 250}`;
const post = (url: string, body: Record<string, unknown>) =>
  call(ctx.app, 'POST', url, { body, remoteAddress: fromNewAddress() });
const errorOf = (res: { json: <T>() => T }) =>
  res.json<{ error: { status: number; name: string; message: string; details: Record<string, unknown> } }>().error;
// The links' secrets exist only in the delivered mails, never in the outbox.
let mailbox: ReturnType<typeof createMailbox> | undefined;
const lastText = (email: string) => (mailbox ??= createMailbox(ctx.db)).lastText(email);
let n = 0;
const form = (email: string) => {
  n++;
  return { name: `Invité ${n}`, jobPosition: 'Commercial', email, phone: `+212 7 44 55 ${String(10 + n)} 00` };
};

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the collaborator invitation page’s refusals', () => {
  it('a wrong invitation link is refused with its message and the code invalidInvitation, on view and accept', async () => {
    for (const url of ['collaborator-invitations/view', 'collaborator-invitations/accept']) {
      const res = await post(url, { token: 'x'.repeat(43), password: 'Nouveau-Mot2passe' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({
        status: 400,
        name: 'ValidationError',
        message: INVALID_INVITATION,
        details: { code: 'invalidInvitation' },
        requestId: expect.any(String) as unknown,
      });
    }
  });

  it('a person who joined another team first is refused with the code alreadyInTeam', async () => {
    const first = await createExhibitor(ctx.db);
    const second = await createExhibitor(ctx.db);
    const visitor = await createVisitor(ctx.db);
    const secretOf = async () =>
      /invitation-collaborateur\?token=([\w-]+)/.exec(await lastText(visitor.user.email))?.[1];
    const invite = async (exhibitorEmail: string) =>
      call(ctx.app, 'POST', 'auth/local/register/', {
        token: await login(ctx.app, exhibitorEmail),
        body: form(visitor.user.email),
      });
    expect((await invite(first.user.email)).statusCode).toBe(201);
    const firstSecret = await secretOf();
    expect((await invite(second.user.email)).statusCode).toBe(201);
    const joined = await post('collaborator-invitations/accept', {
      token: await secretOf(),
      password: 'Nouveau-Mot2passe',
    });
    expect(joined.statusCode).toBe(200);

    const late = await post('collaborator-invitations/accept', { token: firstSecret });
    expect(late.statusCode).toBe(400);
    expect(errorOf(late)).toMatchObject({ message: ALREADY_IN_A_TEAM, details: { code: 'alreadyInTeam' } });
  });
});

describe('the address confirmation page’s refusals', () => {
  it('a wrong link is refused with its message and the code invalidLink', async () => {
    const res = await post('users/confirm-email', { token: 'x'.repeat(43) });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({
      status: 400,
      name: 'ValidationError',
      message: INVALID_EMAIL_CHANGE_LINK,
      details: { code: 'invalidLink' },
      requestId: expect.any(String) as unknown,
    });
  });

  it('the address of another account is refused with the code emailInUse, and the account keeps its address', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    const visitor = await createVisitor(ctx.db);
    const token = await signSession(exhibitor.user.id, exhibitor.user.tokenVersion);
    const asked = await call(ctx.app, 'PUT', `users/${exhibitor.user.id}`, {
      token,
      body: {
        name: exhibitor.user.name,
        email: visitor.user.email,
        phone: exhibitor.user.phone,
        company: exhibitor.user.company,
        currentPassword: 'Secret-2024!',
      },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json<{ meta: { emailPending: string } }>().meta.emailPending).toBe(visitor.user.email);
    const secret = /confirmer-email\?token=([\w-]+)/.exec(await lastText(visitor.user.email))?.[1];

    const res = await post('users/confirm-email', { token: secret });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ message: EMAIL_IN_USE, details: { code: 'emailInUse' } });
    const me = await call(ctx.app, 'GET', 'users/me', { token });
    expect(me.json<{ data: { email: string } }>().data.email).toBe(exhibitor.user.email);
  });
});
