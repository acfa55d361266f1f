import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { collaboratorInvitations, emailChanges, mailOutbox, tokens } from '../../db/schema';
import { createExhibitor, createVisitor, signSession } from '../../../test/fixtures';
import { call } from '../../../test/helper';
import { ctx, encode, fileWorker, get, token, useAdminMailScene } from './admin-mail.test-support';

/**
 * The links of the mails that give an account (set-password, invitation, address
 * confirmation): delivered to their addressee, never readable by an organiser in the outbox's
 * list, records or .eml.
 */

useAdminMailScene();

describe('A set-password link, never readable by an organiser', () => {
  const mailDir = () => path.join(ctx.config.DATA_DIR, 'mail');
  const LIVE_LINK = /definir-mot-de-passe\?token=[\w-]{20,}/;

  it('an organiser who sends an exhibitor its access again reads no usable link in the list, the mail or its .eml', async () => {
    const { user: exhibitor } = await createExhibitor(ctx.db, { email: `acces-${Date.now()}@example.com` });
    const sent = await call(ctx.app, 'POST', `admin/exhibitors/${exhibitor.id}/resend-access`, { token });
    expect(sent.statusCode, sent.body).toBe(200);

    // As an organiser would look: the newest mail of the list, then its record.
    const list = await get(`admin/mails?sort=${encode(['id', 'DESC'])}&range=${encode([0, 0])}`);
    expect(list.statusCode).toBe(200);
    const [listed] = list.json<{ id: number; to: string; subject: string }[]>();
    expect(listed).toMatchObject({
      to: exhibitor.email,
      subject: 'Votre espace exposant — Salon International du Bâtiment',
    });
    const record = await get(`admin/mails/${listed!.id}`);
    expect(record.statusCode).toBe(200);
    const body = record.json<{ text: string; html: string; linkRedacted: boolean }>();
    expect(body.linkRedacted).toBe(true);
    expect(body.text).toContain('definir-mot-de-passe?token=[lien masqué / link redacted]');
    expect(body.html).toContain('definir-mot-de-passe?token=[lien masqué / link redacted]');
    expect(record.body).not.toMatch(LIVE_LINK);
    // Nothing to use yet: the link is made when the mail leaves.
    expect(await ctx.db.select().from(tokens).where(eq(tokens.userId, exhibitor.id))).toEqual([]);

    const eml = await get(`admin/mails/${listed!.id}/eml`);
    expect(eml.headers['x-eml-source']).toBe('composed');
    expect((await simpleParser(eml.rawPayload)).text).toContain('[lien masqué / link redacted]');
    expect(eml.body).not.toMatch(LIVE_LINK);
  });

  it('the delivered mail carries a working link while the back-office, after the sending, still shows it redacted', async () => {
    const { user: exhibitor } = await createExhibitor(ctx.db, { email: `livre-${Date.now()}@example.com` });
    await call(ctx.app, 'POST', `admin/exhibitors/${exhibitor.id}/resend-access`, { token });
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, exhibitor.email));
    await fileWorker().runOnce();

    // The file transport's .eml is the delivered mail itself (see decision 016).
    const name = (await readdir(mailDir())).find((f) => f.endsWith(`-${row!.id}.eml`));
    const delivered = await simpleParser(await readFile(path.join(mailDir(), name!)));
    const secret = /definir-mot-de-passe\?token=([\w-]+)/.exec(delivered.text ?? '')?.[1];
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(delivered.html).toContain(`definir-mot-de-passe?token=${secret}`);

    const [after] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(after).toMatchObject({ status: 'sent', text: row!.text, html: row!.html });
    expect(JSON.stringify(after)).not.toContain(secret);
    const [stored] = await ctx.db.select().from(tokens).where(eq(tokens.userId, exhibitor.id));
    expect(stored!.tokenHash).not.toContain(secret);
    const record = await get(`admin/mails/${row!.id}`);
    expect(record.body).not.toContain(secret);
    const eml = await get(`admin/mails/${row!.id}/eml`);
    expect(eml.headers['x-eml-source']).toBe('composed');
    expect(eml.body).not.toContain(secret);
    expect((await simpleParser(eml.rawPayload)).text).toContain('[lien masqué / link redacted]');

    const set = await call(ctx.app, 'POST', 'auth/reset-password', {
      body: { token: secret, password: 'Nouveau-Secret-2025' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ user: { email: exhibitor.email } });
  });
});

describe('An invitation or address-confirmation link, never readable by an organiser', () => {
  const mailDir = () => path.join(ctx.config.DATA_DIR, 'mail');
  const LIVE_LINK = /(invitation-collaborateur|confirmer-email)\?token=[\w-]{20,}/;
  const REDACTED = '?token=[lien masqué / link redacted]';

  it('an organiser reads no usable invitation or address-confirmation link in admin/mails, a mail or its .eml, before or after the sending; the delivered links work', async () => {
    const { user: exhibitor } = await createExhibitor(ctx.db);
    const exhibitorToken = await signSession(exhibitor.id, exhibitor.tokenVersion);
    const { user: visitor } = await createVisitor(ctx.db, { email: `invite-${Date.now()}@example.com` });
    const invited = await call(ctx.app, 'POST', 'auth/local/register/', {
      token: exhibitorToken,
      body: { name: 'Invité Lien', jobPosition: 'Commercial', email: visitor.email, phone: '+212 7 61 23 45 67' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const newAddress = `nouvelle-${Date.now()}@example.com`;
    const asked = await call(ctx.app, 'PUT', `users/${exhibitor.id}`, {
      token: exhibitorToken,
      body: {
        name: exhibitor.name,
        email: newAddress,
        phone: exhibitor.phone,
        company: exhibitor.company,
        currentPassword: 'Secret-2024!',
      },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const rows = [
      { to: visitor.email, page: 'invitation-collaborateur' },
      { to: newAddress, page: 'confirmer-email' },
    ];
    const idOf = async (to: string) =>
      (await ctx.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, to)))[0]!.id;

    /** What an organiser can read of the mail: the list, the record and the .eml, none with a live link. */
    const organiserSees = async (to: string, page: string, secret?: string) => {
      const id = await idOf(to);
      const list = await get(`admin/mails?filter=${encode({ q: to })}`);
      expect(list.json<{ id: number }[]>().map((m) => m.id)).toEqual([id]);
      const record = await get(`admin/mails/${id}`);
      const body = record.json<{ text: string; html: string; linkRedacted: boolean }>();
      expect(body.linkRedacted).toBe(true);
      expect(body.text).toContain(`${page}${REDACTED}`);
      expect(body.html).toContain(`${page}${REDACTED}`);
      const eml = await get(`admin/mails/${id}/eml`);
      expect(eml.headers['x-eml-source']).toBe('composed');
      const parsed = await simpleParser(eml.rawPayload);
      expect(parsed.text).toContain(`${page}${REDACTED}`);
      for (const seen of [list.body, record.body, parsed.text ?? '', String(parsed.html)]) {
        expect(seen).not.toMatch(LIVE_LINK);
        if (secret) expect(seen).not.toContain(secret);
      }
    };

    for (const { to, page } of rows) await organiserSees(to, page);
    // Nothing to use yet: the secret is made when the mail leaves.
    const [invitation] = await ctx.db
      .select()
      .from(collaboratorInvitations)
      .where(eq(collaboratorInvitations.userId, visitor.id));
    const [change] = await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, exhibitor.id));
    expect([invitation!.tokenHash, change!.tokenHash]).toEqual([null, null]);

    await fileWorker().runOnce();
    const secrets: string[] = [];
    for (const { to, page } of rows) {
      const id = await idOf(to);
      const name = (await readdir(mailDir())).find((f) => f.endsWith(`-${id}.eml`));
      const delivered = await simpleParser(await readFile(path.join(mailDir(), name!)));
      const secret = new RegExp(`${page}\\?token=([\\w-]+)`).exec(delivered.text ?? '')?.[1] ?? '';
      expect(secret).toMatch(/^[\w-]{43}$/);
      expect(delivered.html).toContain(`${page}?token=${secret}`);
      await organiserSees(to, page, secret);
      const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row!.status).toBe('sent');
      expect(JSON.stringify(row)).not.toContain(secret);
      secrets.push(secret);
    }

    const accepted = await call(ctx.app, 'POST', 'collaborator-invitations/accept', {
      body: { token: secrets[0], password: 'Nouveau-Mot2passe' },
      remoteAddress: '10.7.0.1',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ user: { id: visitor.id, type: 'collaborator' } });
    const confirmed = await call(ctx.app, 'POST', 'users/confirm-email', {
      body: { token: secrets[1] },
      remoteAddress: '10.7.0.2',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ user: { id: exhibitor.id, email: newAddress } });
  });
});
