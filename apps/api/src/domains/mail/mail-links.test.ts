import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { collaboratorInvitations, emailChanges, tokens } from '../../db/schema';
import { createLinkSigner } from '../../lib/links';
import { LINK_PLACEHOLDER } from '../../lib/link-secrets';
import { INVALID_ACCESS_LINK, queueAccessMail } from '../auth/access.service';
import { INVALID_INVITATION } from '../exhibitor-area/collaborator-invitations.service';
import { INVALID_EMAIL_CHANGE_LINK } from '../exhibitor-area/email-change.service';
import type { MailMessage, MailTransport } from './transport';
import { LINK_CLOSED } from './worker';
import { TEST_JWT_SECRET, createExhibitor, createVisitor, signSession } from '../../../test/fixtures';
import { call } from '../../../test/helper';
import { ctx, rows, useMailScene, worker } from './mail.test-support';

/**
 * The mails that carry a link (set-password, invitation, address confirmation): the link is
 * made when the mail leaves, so a retry issues a fresh one and a failed attempt's never works.
 */

useMailScene();

describe('a set-password mail', () => {
  const mailLinks = {
    links: createLinkSigner(TEST_JWT_SECRET),
    publicUrl: 'https://salon.example',
    now: () => new Date(),
  };
  const secretIn = (text: string) => /definir-mot-de-passe\?token=([\w-]+)/.exec(text)?.[1] ?? '';
  const liveLinks = (userId: number) =>
    ctx.db
      .select()
      .from(tokens)
      .where(and(eq(tokens.userId, userId), isNull(tokens.usedAt)));
  /** A transport that fails its first `failures` sends, keeping what it delivers. */
  function flakyTransport(failures: number) {
    const delivered: MailMessage[] = [];
    const transport: MailTransport = {
      kind: 'file',
      send: async (m) => {
        if (failures-- > 0) throw new Error('421 try again later');
        delivered.push(m);
      },
      close: () => undefined,
    };
    return { transport, delivered };
  }
  const setPassword = (secret: string) =>
    call(ctx.app, 'POST', 'auth/reset-password', { body: { token: secret, password: 'Chantier-2024' } });

  it('is queued with a placeholder, and a retry after a failed send issues a fresh link while the failed one is gone', async () => {
    const { user } = await createExhibitor(ctx.db);
    await ctx.db.transaction((tx) => queueAccessMail(tx, mailLinks, user.id, 'access'));
    const [row] = await rows();
    expect(row!.text).toContain(`definir-mot-de-passe?token=${LINK_PLACEHOLDER}`);

    const { transport, delivered } = flakyTransport(1);
    const w = worker(transport, { retryDelaysMs: [0] });
    await w.runOnce();
    expect((await rows())[0]).toMatchObject({ status: 'pending', lastError: '421 try again later' });
    expect(await liveLinks(user.id)).toEqual([]);

    await w.runOnce();
    expect((await rows())[0]).toMatchObject({ status: 'sent', text: row!.text, html: row!.html });
    const secret = secretIn(delivered[0]!.text);
    expect(delivered[0]!.html).toContain(`token=${secret}`);
    expect(delivered[0]!.text).not.toContain(LINK_PLACEHOLDER);
    const [token] = await liveLinks(user.id);
    expect(token!.tokenHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect((await setPassword(secret)).statusCode).toBe(200);
  });

  it('of a reset leaves the earlier links working, and using one link closes the others', async () => {
    const { user } = await createExhibitor(ctx.db);
    const { transport, delivered } = flakyTransport(0);
    for (const reason of ['access', 'reset', 'reset'] as const) {
      await ctx.db.transaction((tx) => queueAccessMail(tx, mailLinks, user.id, reason));
      await worker(transport).runOnce();
    }
    const [access, firstReset, secondReset] = delivered.map((m) => secretIn(m.text));
    expect(await liveLinks(user.id)).toHaveLength(3);
    expect((await setPassword(firstReset!)).statusCode).toBe(200);
    expect(await liveLinks(user.id)).toEqual([]);
    for (const used of [access!, secondReset!]) {
      expect((await setPassword(used)).json()).toMatchObject({ error: { status: 400, message: INVALID_ACCESS_LINK } });
    }
  });

  it('of access sent again closes the earlier links once it has left', async () => {
    const { user } = await createExhibitor(ctx.db);
    const { transport, delivered } = flakyTransport(0);
    await ctx.db.transaction((tx) => queueAccessMail(tx, mailLinks, user.id, 'reset'));
    await worker(transport).runOnce();
    await ctx.db.transaction((tx) => queueAccessMail(tx, mailLinks, user.id, 'access'));
    expect(await liveLinks(user.id)).toHaveLength(1);
    await worker(transport).runOnce();
    const [reset, access] = delivered.map((m) => secretIn(m.text));
    expect((await setPassword(reset!)).statusCode).toBe(400);
    expect((await setPassword(access!)).statusCode).toBe(200);
  });
});

describe('an invitation or address-confirmation mail', () => {
  /** A transport that fails its first `failures` sends after the server saw them (a 421 at the end of DATA). */
  function flakyTransport(failures: number) {
    const attempted: MailMessage[] = [];
    const delivered: MailMessage[] = [];
    const transport: MailTransport = {
      kind: 'file',
      send: async (m) => {
        attempted.push(m);
        if (failures-- > 0) throw new Error('421 try again later');
        delivered.push(m);
      },
      close: () => undefined,
    };
    return { transport, attempted, delivered };
  }
  const secretIn = (text: string) => /(?:invitation-collaborateur|confirmer-email)\?token=([\w-]+)/.exec(text)?.[1];
  let remote = 0;
  const post = (url: string, body: Record<string, unknown>) =>
    call(ctx.app, 'POST', url, { body, remoteAddress: `10.6.0.${++remote}` });

  /** An exhibitor invites a visitor and asks to change its own address: two mails with a link. */
  async function queueBoth() {
    const { user: exhibitor } = await createExhibitor(ctx.db);
    const exhibitorToken = await signSession(exhibitor.id, exhibitor.tokenVersion);
    const { user: visitor } = await createVisitor(ctx.db);
    const invited = await call(ctx.app, 'POST', 'auth/local/register/', {
      token: exhibitorToken,
      body: {
        name: 'Invité',
        jobPosition: 'Commercial',
        email: visitor.email,
        phone: `+212 7 ${exhibitor.id}1 22 33 44`,
      },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const newAddress = `autre-${exhibitor.id}@example.com`;
    const asked = await call(ctx.app, 'PUT', `users/${exhibitor.id}`, {
      token: exhibitorToken,
      body: { ...pick(exhibitor), email: newAddress, currentPassword: 'Secret-2024!' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const { invitation } = invited.json<{ data: { invitation: { id: number } } }>().data;
    return { exhibitor, exhibitorToken, visitor, newAddress, invitationId: invitation.id };
  }
  const pick = (u: { name: string; phone: string | null; company: string | null }) => ({
    name: u.name,
    phone: u.phone,
    company: u.company,
  });

  it('a retry after a failed send issues fresh links; the failed attempt’s links never work, the delivered ones do', async () => {
    const { visitor, newAddress } = await queueBoth();
    const { transport, attempted, delivered } = flakyTransport(2);
    const w = worker(transport, { retryDelaysMs: [0] });
    await w.runOnce();
    expect((await rows()).map((r) => [r.to, r.status, r.lastError])).toEqual([
      [visitor.email, 'pending', '421 try again later'],
      [newAddress, 'pending', '421 try again later'],
    ]);
    // The failed attempts' secrets reached nobody: no hash is kept.
    const [invitation] = await ctx.db
      .select()
      .from(collaboratorInvitations)
      .where(eq(collaboratorInvitations.userId, visitor.id));
    const [change] = await ctx.db.select().from(emailChanges).where(eq(emailChanges.email, newAddress));
    expect([invitation!.tokenHash, change!.tokenHash]).toEqual([null, null]);

    await w.runOnce();
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'sent']);
    const byAddress = (list: MailMessage[], to: string) => secretIn(list.find((m) => m.to === to)!.text) ?? '';
    const failedInvitation = byAddress(attempted, visitor.email);
    const failedChange = byAddress(attempted, newAddress);
    const sentInvitation = byAddress(delivered, visitor.email);
    const sentChange = byAddress(delivered, newAddress);
    for (const secret of [failedInvitation, failedChange, sentInvitation, sentChange]) {
      expect(secret).toMatch(/^[\w-]{43}$/);
    }
    expect(new Set([failedInvitation, sentInvitation]).size).toBe(2);
    expect(new Set([failedChange, sentChange]).size).toBe(2);
    for (const m of delivered) expect(m.text).not.toContain(LINK_PLACEHOLDER);

    const lateInvitation = await post('collaborator-invitations/accept', {
      token: failedInvitation,
      password: 'Nouveau-Mot2passe',
    });
    expect(lateInvitation.json()).toMatchObject({ error: { status: 400, message: INVALID_INVITATION } });
    const lateChange = await post('users/confirm-email', { token: failedChange });
    expect(lateChange.json()).toMatchObject({ error: { status: 400, message: INVALID_EMAIL_CHANGE_LINK } });
    const accepted = await post('collaborator-invitations/accept', {
      token: sentInvitation,
      password: 'Nouveau-Mot2passe',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ user: { id: visitor.id, type: 'collaborator' } });
    const confirmed = await post('users/confirm-email', { token: sentChange });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ user: { email: newAddress } });
  });

  it('is not sent when its invitation was cancelled, or its address change replaced, before it left; the back-office says why', async () => {
    const { exhibitor, exhibitorToken, visitor, newAddress, invitationId } = await queueBoth();
    const cancelled = await call(ctx.app, 'DELETE', `collaborator-invitations/${invitationId}`, {
      token: exhibitorToken,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const newer = `encore-${exhibitor.id}@example.com`;
    const asked = await call(ctx.app, 'PUT', `users/${exhibitor.id}`, {
      token: exhibitorToken,
      body: { ...pick(exhibitor), email: newer, currentPassword: 'Secret-2024!' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const { transport, delivered } = flakyTransport(0);
    await worker(transport).runOnce();
    expect((await rows()).map((r) => [r.to, r.status, r.lastError])).toEqual([
      [visitor.email, 'failed', LINK_CLOSED],
      [newAddress, 'failed', LINK_CLOSED],
      [newer, 'sent', null],
    ]);
    expect(delivered.map((m) => m.to)).toEqual([newer]);
  });
});
