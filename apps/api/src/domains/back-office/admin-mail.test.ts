import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '../../db/schema';
import { createUser, createVisitor, signSession } from '../../../test/fixtures';
import { call, createTestApp, type TestContext } from '../../../test/helper';
import { ctx, encode, fileWorker, get, organiser, token, useAdminMailScene } from './admin-mail.test-support';

/**
 * The back-office's mail outbox: state, attempts, last error, retry, and each mail as it was
 * sent (the links it never shows an organiser: admin-mail-links.test.ts).
 */

useAdminMailScene();

const message = (res: { json: <T>() => T }) => res.json<{ error: { message: string } }>().error.message;

type NewMail = typeof mailOutbox.$inferInsert;
async function mail(values: Partial<NewMail> = {}) {
  const [row] = await ctx.db
    .insert(mailOutbox)
    .values({ to: 'karim@example.com', subject: 'Sujet', text: 'Bonjour', ...values })
    .returning();
  return row!;
}

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
