import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  collaboratorInvitations,
  emailChanges,
  mailOutbox,
  newsletters,
  tokens,
  type users,
} from '../../db/schema';
import { createBadgeSigner } from '../badges/badge-token';
import { createBadgeService } from '../badges/badges.service';
import { createAttachmentResolver } from '../mail/attachments';
import { createMailTransport } from '../mail/transport';
import { createMailWorker } from '../mail/worker';
import {
  call,
  createExhibitor,
  createTestApp,
  createUser,
  createVisitor,
  signSession,
  type TestContext,
} from '../../../test/helper';

/**
 * The back-office's mail outbox (state, attempts, last error, retry, each mail as it was sent)
 * and newsletter subscribers (list and xlsx export).
 */

let ctx: TestContext;
let organiser: typeof users.$inferSelect;
let token: string;

const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const get = (url: string) => call(ctx.app, 'GET', url, { token });
const message = (res: { json: <T>() => T }) => res.json<{ error: { message: string } }>().error.message;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

type NewMail = typeof mailOutbox.$inferInsert;
async function mail(values: Partial<NewMail> = {}) {
  const [row] = await ctx.db
    .insert(mailOutbox)
    .values({ to: 'karim@example.com', subject: 'Sujet', text: 'Bonjour', ...values })
    .returning();
  return row!;
}

/** The worker of server.ts, on the file transport the embedded default uses (no SMTP_URL). */
function fileWorker() {
  const badges = createBadgeService(ctx.db, createBadgeSigner(ctx.config.BADGE_PRIVATE_KEY));
  return createMailWorker({
    db: ctx.db,
    transport: createMailTransport(ctx.config),
    resolveAttachments: createAttachmentResolver({ badge: badges.attachment }),
    log: silent,
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
  organiser = await createUser(ctx.db, { type: 'organiser', name: 'Olga Organisatrice' });
  token = await signSession(organiser.id, organiser.tokenVersion);
});
afterAll(() => ctx.close());

describe('The mail outbox', () => {
  let failed: typeof mailOutbox.$inferSelect;

  beforeAll(async () => {
    await mail({ to: 'amine@example.com', subject: 'Votre badge', createdAt: new Date('2024-05-20T10:00:00Z') });
    failed = await mail({
      to: 'bouchra@example.com',
      subject: 'Accès à votre espace exposant',
      status: 'failed',
      attempts: 8,
      lastError: '550 mailbox unavailable',
      createdAt: new Date('2024-05-21T10:00:00Z'),
    });
    await mail({
      to: 'chafik@example.com',
      subject: 'Votre badge 100% prêt',
      status: 'sent',
      attempts: 1,
      sentAt: new Date('2024-05-22T10:00:05Z'),
      createdAt: new Date('2024-05-22T10:00:00Z'),
    });
  });

  it('lists the mails newest first with their state, attempts and last error', async () => {
    const res = await get(`admin/mails?filter=${encode({ q: '@example.com' })}&range=${encode([0, 1])}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-range']).toBe('mails 0-1/3');
    const rows = res.json<Record<string, unknown>[]>();
    expect(rows.map((r) => r.to)).toEqual(['chafik@example.com', 'bouchra@example.com']);
    expect(rows[1]).toEqual({
      id: failed.id,
      to: 'bouchra@example.com',
      subject: 'Accès à votre espace exposant',
      status: 'failed',
      attempts: 8,
      lastError: '550 mailbox unavailable',
      nextAttemptAt: failed.nextAttemptAt.toISOString(),
      sentAt: null,
      createdAt: '2024-05-21T10:00:00.000Z',
    });
  });

  it('filters the mails by state, and searches the recipient and the subject', async () => {
    const byStatus = await get(`admin/mails?filter=${encode({ status: 'failed' })}`);
    expect(byStatus.json<{ to: string }[]>().map((r) => r.to)).toEqual(['bouchra@example.com']);
    const byRecipient = await get(`admin/mails?filter=${encode({ q: 'AMINE' })}`);
    expect(byRecipient.json<{ to: string }[]>().map((r) => r.to)).toEqual(['amine@example.com']);
    const bySubject = await get(`admin/mails?filter=${encode({ q: 'espace exposant' })}`);
    expect(bySubject.json<{ to: string }[]>().map((r) => r.to)).toEqual(['bouchra@example.com']);
    // A '%' typed in the search box is a percent sign, not a wildcard.
    const percent = await get(`admin/mails?filter=${encode({ q: '100%' })}`);
    expect(percent.json<{ to: string }[]>().map((r) => r.to)).toEqual(['chafik@example.com']);
    const both = await get(`admin/mails?filter=${encode({ status: 'sent', q: 'badge' })}`);
    expect(both.json<{ to: string }[]>().map((r) => r.to)).toEqual(['chafik@example.com']);
  });

  it.each([
    ['an unknown state', { status: 'lost' }, 'Filtre status : pending, sending, sent, failed.'],
    ['a search that is not text', { q: 12 }, 'Texte attendu pour q.'],
    ['an unknown filter', { email: 'x' }, 'Filtre possible sur : status, q.'],
  ])('refuses %s with a 400 that says what is allowed', async (_what, filter, expected) => {
    const res = await get(`admin/mails?filter=${encode(filter)}`);
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe(expected);
  });

  it('shows one mail with its text and HTML bodies', async () => {
    const row = await mail({ subject: 'Corps', text: 'Texte brut', html: '<p>Texte <b>riche</b></p>' });
    const res = await get(`admin/mails/${row.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: row.id,
      subject: 'Corps',
      status: 'pending',
      text: 'Texte brut',
      html: '<p>Texte <b>riche</b></p>',
    });
  });

  it('answers 404 for a mail that does not exist and 400 for an id that is not one', async () => {
    const missing = await get('admin/mails/999999');
    expect(missing.statusCode).toBe(404);
    expect(message(missing)).toBe('E-mail introuvable.');
    const bad = await get('admin/mails/abc');
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toBe('Identifiant invalide : un entier positif est attendu.');
  });
});

describe('Retrying a mail', () => {
  it('puts a failed mail back in the queue now, attempts from zero, and records it in the audit log', async () => {
    const row = await mail({
      to: 'retry@example.com',
      subject: 'À renvoyer',
      status: 'failed',
      attempts: 8,
      lastError: 'connect ECONNREFUSED',
      nextAttemptAt: new Date('2030-01-01T00:00:00Z'),
    });
    const started = Date.now();
    const res = await call(ctx.app, 'POST', `admin/mails/${row.id}/retry`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ status: string; attempts: number; lastError: string; nextAttemptAt: string }>();
    expect(answer).toMatchObject({ status: 'pending', attempts: 0, lastError: 'connect ECONNREFUSED' });
    expect(Date.parse(answer.nextAttemptAt)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(answer.nextAttemptAt)).toBeGreaterThan(started - 60_000);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(row.id)), eq(auditLog.resource, 'mails')));
    expect(entry).toMatchObject({
      userId: organiser.id,
      action: 'POST /admin/mails/:id/retry',
      before: { status: 'failed', attempts: 8 },
      after: { status: 'pending', attempts: 0 },
    });

    // The worker takes it at once; the file transport writes it, and the back-office serves that file.
    expect(await fileWorker().runOnce()).toBeGreaterThanOrEqual(1);
    const [after] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(after).toMatchObject({ status: 'sent', attempts: 1 });
    const eml = await get(`admin/mails/${row.id}/eml`);
    expect(eml.statusCode, eml.body).toBe(200);
    expect(eml.headers['x-eml-source']).toBe('file');
    expect((await simpleParser(eml.rawPayload)).subject).toBe('À renvoyer');
  });

  it.each(['sent', 'sending'] as const)('refuses a %s mail and records nothing', async (status) => {
    const row = await mail({ status, attempts: 1 });
    const res = await call(ctx.app, 'POST', `admin/mails/${row.id}/retry`, { token });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe('Seul un e-mail en échec ou en attente peut être renvoyé.');
    const [unchanged] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(unchanged).toMatchObject({ status, attempts: 1 });
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(row.id)), eq(auditLog.resource, 'mails')));
    expect(entries).toEqual([]);
  });

  it('answers 404 for a mail that does not exist', async () => {
    const res = await call(ctx.app, 'POST', 'admin/mails/999999/retry', { token });
    expect(res.statusCode).toBe(404);
    expect(message(res)).toBe('E-mail introuvable.');
  });
});

describe('A mail as it was sent (.eml)', () => {
  const mailDir = () => path.join(ctx.config.DATA_DIR, 'mail');

  it('serves the very file the file transport wrote, with its badge attachment', async () => {
    const { registration } = await createVisitor(ctx.db, { name: 'Leila Fichier' });
    const row = await mail({
      to: 'leila@example.com',
      subject: 'Votre badge — fichier',
      html: '<p>Votre badge</p>',
      attachments: [{ kind: 'badge', registrationId: registration.id }],
    });
    await fileWorker().runOnce();
    const name = (await readdir(mailDir())).find((f) => f.endsWith(`-${row.id}.eml`));
    expect(name).toBeDefined();

    const res = await get(`admin/mails/${row.id}/eml`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('message/rfc822');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="mail-${row.id}.eml"`);
    expect(res.headers['x-eml-source']).toBe('file');
    expect(res.rawPayload.equals(await readFile(path.join(mailDir(), name!)))).toBe(true);
    const parsed = await simpleParser(res.rawPayload);
    expect(parsed.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  });

  it('composes a mail that has no file again from its row: sender, recipient, subject, bodies and headers', async () => {
    const row = await mail({
      to: 'nour@example.com',
      subject: 'Confirmez votre inscription',
      text: 'Cliquez sur le lien.',
      html: '<p>Cliquez sur <a href="https://salon.example/x">le lien</a>.</p>',
      headers: { 'List-Unsubscribe': '<https://salon.example/u>' },
      status: 'failed',
    });
    const res = await get(`admin/mails/${row.id}/eml`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-eml-source']).toBe('composed');
    const parsed = await simpleParser(res.rawPayload);
    expect(parsed.from?.value).toEqual([{ name: 'Salon BTP', address: 'no-reply@example.com' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('nour@example.com');
    expect(parsed.subject).toBe('Confirmez votre inscription');
    expect(parsed.text?.trim()).toBe('Cliquez sur le lien.');
    expect(parsed.html).toContain('<a href="https://salon.example/x">le lien</a>');
    expect(parsed.headers.get('list')).toEqual({ unsubscribe: { url: 'https://salon.example/u' } });
  });

  it('leaves out a file of the same id written before the mail existed (another database in the same folder)', async () => {
    const row = await mail({ subject: 'Le bon', createdAt: new Date('2024-05-25T10:00:00Z') });
    await mkdir(mailDir(), { recursive: true });
    await writeFile(
      path.join(mailDir(), `2024-05-01T10-00-00-000Z-${row.id}.eml`),
      'From: a@example.com\r\nTo: b@example.com\r\nSubject: Un ancien\r\n\r\nAncien\r\n',
    );
    const res = await get(`admin/mails/${row.id}/eml`);
    expect(res.headers['x-eml-source']).toBe('composed');
    expect((await simpleParser(res.rawPayload)).subject).toBe('Le bon');
  });

  it('rebuilds the badge attachment of a composed mail, and names an attachment it cannot rebuild', async () => {
    const { registration } = await createVisitor(ctx.db);
    const row = await mail({
      subject: 'Deux pièces jointes',
      attachments: [
        { kind: 'badge', registrationId: registration.id },
        { kind: 'badge', registrationId: 999999 },
      ],
    });
    const partial = await simpleParser((await get(`admin/mails/${row.id}/eml`)).rawPayload);
    expect(partial.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect(partial.headers.get('x-salon-missing-attachments')).toBe(
      'badge registrationId=999999 (badge 999999: registration not found or revoked)',
    );

    const whole = await mail({ attachments: [{ kind: 'badge', registrationId: registration.id }] });
    const parsed = await simpleParser((await get(`admin/mails/${whole.id}/eml`)).rawPayload);
    expect(parsed.headers.has('x-salon-missing-attachments')).toBe(false);
    expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [expect.stringMatching(/\.pdf$/), 'application/pdf'],
    ]);
    expect(parsed.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('never reads a path from the request', async () => {
    const res = await get('admin/mails/..%2F..%2F..%2Fetc%2Fpasswd/eml');
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe('Identifiant invalide : un entier positif est attendu.');
  });
});

describe('A set-password link, never readable by an organiser', () => {
  const mailDir = () => path.join(ctx.config.DATA_DIR, 'mail');
  const LIVE_LINK = /definir-mot-de-passe\?token=[\w-]{20,}/;

  it('an organiser who sends an exhibitor its access again reads no usable link in the list, the mail or its .eml', async () => {
    const { user: exhibitor } = await createExhibitor(ctx.db, { email: `acces-${Date.now()}@example.com` });
    const sent = await call(ctx.app, 'POST', `admin/exhibitors/${exhibitor.id}/resend-access`, { token });
    expect(sent.statusCode, sent.body).toBe(200);

    // The review's proof of concept: the newest mail of the list, then its record.
    const list = await get(`admin/mails?sort=${encode(['id', 'DESC'])}&range=${encode([0, 0])}`);
    expect(list.statusCode).toBe(200);
    const [listed] = list.json<{ id: number; to: string; subject: string }[]>();
    expect(listed).toMatchObject({
      to: exhibitor.email,
      subject: 'Votre espace exposant — Salon International du Bâtiment 2024',
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

describe('The .eml of a mail sent over SMTP', () => {
  let smtp: TestContext;
  afterAll(() => smtp?.close());

  it('is composed again even when a file of the same id lies in DATA_DIR/mail', async () => {
    smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    const user = await createUser(smtp.db, { type: 'organiser' });
    const [row] = await smtp.db
      .insert(mailOutbox)
      .values({ to: 'smtp@example.com', subject: 'Par SMTP', text: 'Corps', status: 'sent', sentAt: new Date() })
      .returning();
    const dir = path.join(smtp.config.DATA_DIR, 'mail');
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${row!.id}.eml`),
      'Subject: Pas celui-ci\r\n\r\nx\r\n',
    );
    const res = await call(smtp.app, 'GET', `admin/mails/${row!.id}/eml`, {
      token: await signSession(user.id, user.tokenVersion),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-eml-source']).toBe('composed');
    const parsed = await simpleParser(res.rawPayload);
    expect(parsed.subject).toBe('Par SMTP');
    expect(parsed.date?.toISOString()).toBe(new Date(Math.floor(row!.sentAt!.getTime() / 1000) * 1000).toISOString());
  });
});

describe('The newsletter subscribers', () => {
  beforeAll(async () => {
    await ctx.db.insert(newsletters).values([
      { email: 'attente@example.com', language: 'fr', createdAt: new Date('2024-05-01T08:00:00Z') },
      {
        email: 'confirme@example.com',
        language: 'en',
        confirmedAt: new Date('2024-05-02T09:30:00Z'),
        createdAt: new Date('2024-05-02T09:00:00Z'),
      },
      {
        email: 'parti@example.com',
        language: 'fr',
        confirmedAt: new Date('2024-05-03T09:00:00Z'),
        unsubscribedAt: new Date('2024-05-10T12:00:00Z'),
        createdAt: new Date('2024-05-03T08:00:00Z'),
      },
    ]);
  });

  it('lists the subscribers with their state, newest first', async () => {
    const res = await get('admin/newsletters');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-range']).toBe('newsletters 0-2/3');
    const rows = res.json<Record<string, unknown>[]>();
    expect(rows.map((r) => [r.email, r.state])).toEqual([
      ['parti@example.com', 'unsubscribed'],
      ['confirme@example.com', 'confirmed'],
      ['attente@example.com', 'waiting'],
    ]);
    const [confirmed] = await ctx.db.select().from(newsletters).where(eq(newsletters.email, 'confirme@example.com'));
    expect(rows[1]).toEqual({
      id: confirmed!.id,
      email: 'confirme@example.com',
      language: 'en',
      state: 'confirmed',
      confirmedAt: '2024-05-02T09:30:00.000Z',
      unsubscribedAt: null,
      createdAt: '2024-05-02T09:00:00.000Z',
    });
  });

  it('shows a subscription from the site as waiting for its confirmation', async () => {
    const sub = await call(ctx.app, 'POST', 'newsletters', { body: { email: 'Nouveau@Example.com' } });
    expect(sub.statusCode, sub.body).toBe(201);
    const res = await get(`admin/newsletters?filter=${encode({ state: 'waiting' })}`);
    expect(res.json<{ email: string }[]>().map((r) => r.email)).toEqual(['nouveau@example.com', 'attente@example.com']);
    await ctx.db.delete(newsletters).where(eq(newsletters.email, 'nouveau@example.com'));
  });

  it.each([
    ['confirmed', ['confirme@example.com']],
    ['unsubscribed', ['parti@example.com']],
  ])('filters the %s subscribers', async (state, emails) => {
    const res = await get(`admin/newsletters?filter=${encode({ state })}`);
    expect(res.json<{ email: string }[]>().map((r) => r.email)).toEqual(emails);
  });

  it('searches the addresses', async () => {
    const res = await get(`admin/newsletters?filter=${encode({ q: 'CONF' })}`);
    expect(res.json<{ email: string }[]>().map((r) => r.email)).toEqual(['confirme@example.com']);
  });

  it('refuses an unknown state with a 400 that names the states', async () => {
    const res = await get(`admin/newsletters?filter=${encode({ state: 'maybe' })}`);
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe('Filtre state : waiting, confirmed, unsubscribed.');
  });

  async function workbook(url: string) {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="newsletter.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('exports the subscribers to newsletter.xlsx with their state and dates in Marrakech time', async () => {
    const rows = await workbook('admin/newsletters/export');
    expect(rows[0]).toEqual(['Adresse e-mail', 'Langue', 'État', 'Inscription', 'Confirmation', 'Désinscription']);
    // Dates as real date cells holding Marrakech's wall clock (UTC+1 in May 2024).
    expect(rows.slice(1)).toEqual([
      ['attente@example.com', 'fr', 'En attente de confirmation', new Date('2024-05-01T09:00:00Z')],
      ['confirme@example.com', 'en', 'Confirmé', new Date('2024-05-02T10:00:00Z'), new Date('2024-05-02T10:30:00Z')],
      [
        'parti@example.com',
        'fr',
        'Désinscrit',
        new Date('2024-05-03T09:00:00Z'),
        new Date('2024-05-03T10:00:00Z'),
        new Date('2024-05-10T13:00:00Z'),
      ],
    ]);
  });

  it('exports only the subscribers the filter keeps, in English when asked', async () => {
    const rows = await workbook(`admin/newsletters/export?lang=en&filter=${encode({ state: 'confirmed' })}`);
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      ['E-mail address', 'Language', 'State'],
      ['confirme@example.com', 'en', 'Confirmed'],
    ]);
  });

  it.each([
    [
      'a page range',
      `admin/newsletters/export?range=${encode([0, 9])}`,
      'Paramètre de requête non autorisé : l’export prend filter et lang.',
    ],
    ['an unknown language', 'admin/newsletters/export?lang=de', 'Paramètre lang : fr ou en.'],
    [
      'an unknown state',
      `admin/newsletters/export?filter=${encode({ state: 'x' })}`,
      'Filtre state : waiting, confirmed, unsubscribed.',
    ],
  ])('refuses an export with %s', async (_what, url, expected) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe(expected);
  });
});
