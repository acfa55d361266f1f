import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createAttachmentResolver } from './attachments';
import { createMailTransport, type MailTransport } from './transport';
import { notifyMailWorkers } from './worker';
import { startSmtp } from '../../../test/smtp';
import { badgeBytes, ctx, queue, rows, useMailScene, worker } from './mail.test-support';

/**
 * The mail outbox worker: delivery over SMTP or to files, retries, failures, and several workers
 * (or crashed ones) on one database, each mail sent once (beside the requests:
 * mail-worker-pacing.test.ts; the mails that carry links: mail-links.test.ts).
 */

const FROM = 'Salon BTP <no-reply@example.com>';

useMailScene();

const smtpTransport = (port: number) =>
  createMailTransport({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: FROM, DATA_DIR: ctx.config.DATA_DIR });

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The port of an SMTP server that was just stopped: connecting there is refused. */
async function deadPort(): Promise<number> {
  const smtp = await startSmtp();
  await smtp.stop();
  return smtp.port;
}

describe('mail outbox worker', () => {
  it('delivers a queued mail to the SMTP server with its subject, text, html, headers and built attachment, and marks it sent', async () => {
    const smtp = await startSmtp();
    const transport = smtpTransport(smtp.port);
    try {
      const [queued] = await queue(1, {
        to: 'karim@example.com',
        subject: 'Votre e-badge — Salon du Bâtiment 2024',
        text: 'Bonjour Karim,\nVoici votre badge.',
        html: '<p>Bonjour Karim,<br>Voici votre <strong>badge</strong>.</p>',
        headers: { 'List-Unsubscribe': '<https://salon.example/desabonnement?token=abc>' },
        attachments: [{ kind: 'badge', registrationId: 12 }],
      });

      expect(await worker(transport).runOnce()).toBe(1);

      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!.mail;
      expect(mail.subject).toBe('Votre e-badge — Salon du Bâtiment 2024');
      expect(mail.from?.text).toBe('"Salon BTP" <no-reply@example.com>');
      expect(mail.text?.trim()).toBe('Bonjour Karim,\nVoici votre badge.');
      expect(mail.html).toBe('<p>Bonjour Karim,<br>Voici votre <strong>badge</strong>.</p>');
      expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toBe(
        'List-Unsubscribe: <https://salon.example/desabonnement?token=abc>',
      );
      expect(mail.attachments).toHaveLength(1);
      const attachment = mail.attachments[0]!;
      expect(attachment.filename).toBe('badge-12.pdf');
      expect(attachment.contentType).toBe('application/pdf');
      expect(Buffer.compare(attachment.content, badgeBytes)).toBe(0);

      const [row] = await rows();
      expect(row).toMatchObject({ id: queued!.id, status: 'sent', attempts: 1, lastError: null });
      expect(row!.sentAt).toBeInstanceOf(Date);
    } finally {
      transport.close();
      await smtp.stop();
    }
  });

  it('keeps a mail pending with the error and a later retry while the server is down, then delivers every mail exactly once when it is back', async () => {
    const smtp = await startSmtp();
    await smtp.stop();
    const transport = smtpTransport(smtp.port);
    const w = worker(transport, { retryDelaysMs: [60_000] });
    try {
      await queue(3);

      expect(await w.runOnce()).toBe(3);
      for (const row of await rows()) {
        expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
        expect(row.lastError).toMatch(/ECONNREFUSED/);
        expect(row.lastError).not.toContain('\n');
        expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
      }
      // Not due yet: nothing is tried before the retry time.
      expect(await w.runOnce()).toBe(0);

      await smtp.restart();
      // The retry time comes.
      await ctx.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
      expect(await w.runOnce()).toBe(3);
      expect(await w.runOnce()).toBe(0);

      expect(smtp.received.map((m) => m.mail.subject).sort()).toEqual(['Mail n° 0', 'Mail n° 1', 'Mail n° 2']);
      for (const row of await rows()) expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      transport.close();
      await smtp.stop();
    }
  });

  it('marks a mail failed with its last error after the last attempt, and tries it no more', async () => {
    const transport = smtpTransport(await deadPort());
    const w = worker(transport, { maxAttempts: 3, retryDelaysMs: [0] });
    try {
      await queue(1);
      let runs = 0;
      while ((await w.runOnce()) > 0) runs++;

      expect(runs).toBe(3);
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
      expect(row!.lastError).toMatch(/ECONNREFUSED/);
    } finally {
      transport.close();
    }
  });

  it('does not send a mail whose attachment cannot be built, and keeps the reason for the retry', async () => {
    const smtp = await startSmtp();
    const transport = smtpTransport(smtp.port);
    try {
      await queue(1, { attachments: [{ kind: 'badge', registrationId: 3 }] });

      const w = worker(transport, {}, { resolveAttachments: createAttachmentResolver({}) });
      expect(await w.runOnce()).toBe(1);

      expect(smtp.received).toHaveLength(0);
      const [row] = await rows();
      expect(row).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: "Unknown mail attachment kind 'badge' (known kinds: none)",
      });
    } finally {
      transport.close();
      await smtp.stop();
    }
  });

  it('lets two workers on one database deliver 300 mails, each exactly once', async () => {
    const smtp = await startSmtp();
    const transports = [smtpTransport(smtp.port), smtpTransport(smtp.port)];
    // Counts what each worker sent, to see that both took part.
    const sentBy = [0, 0];
    const workers = transports.map((t, i) =>
      worker(
        {
          ...t,
          send: async (m) => {
            await t.send(m);
            sentBy[i]!++;
          },
        },
        { batchSize: 20, concurrency: 4, pollIntervalMs: 20 },
      ),
    );
    try {
      await queue(300);
      for (const w of workers) w.start();
      await waitFor(async () => {
        const [sent] = await ctx.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'sent'));
        return sent?.n === 300;
      }, 15_000);
      await Promise.all(workers.map((w) => w.stop()));

      const subjects = smtp.received.map((m) => m.mail.subject);
      expect(subjects).toHaveLength(300);
      expect(new Set(subjects).size).toBe(300);
      expect(new Set(smtp.received.map((m) => m.mail.messageId)).size).toBe(300);
      expect(sentBy[0]! + sentBy[1]!).toBe(300);
      expect(sentBy[0]).toBeGreaterThan(0);
      expect(sentBy[1]).toBeGreaterThan(0);
      // Claimed once each: no mail went through two workers.
      expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      for (const t of transports) t.close();
      await smtp.stop();
    }
  });

  it('takes again a mail left sending by a worker that crashed once its lease has run out, but not one still claimed', async () => {
    const smtp = await startSmtp();
    const transport = smtpTransport(smtp.port);
    try {
      const [expired] = await queue(1, {
        subject: 'Lease expired',
        status: 'sending',
        attempts: 1,
        nextAttemptAt: sql`now() - interval '1 second'`,
      });
      const [claimed] = await queue(1, {
        subject: 'Still claimed',
        status: 'sending',
        attempts: 1,
        nextAttemptAt: sql`now() + interval '4 minutes'`,
      });

      expect(await worker(transport).runOnce()).toBe(1);

      expect(smtp.received.map((m) => m.mail.subject)).toEqual(['Lease expired']);
      const byId = new Map((await rows()).map((r) => [r.id, r]));
      expect(byId.get(expired!.id)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(byId.get(claimed!.id)).toMatchObject({ status: 'sending', attempts: 1, sentAt: null });
    } finally {
      transport.close();
      await smtp.stop();
    }
  });

  it('keeps renewing the claim of a slow send, so that a second worker never takes the mail while the first still sends it', async () => {
    const smtp = await startSmtp();
    const real = smtpTransport(smtp.port);
    // The first worker's server takes three leases to answer.
    const slow: MailTransport = {
      ...real,
      send: async (m) => (await new Promise((r) => setTimeout(r, 900)), real.send(m)),
    };
    try {
      await queue(1, { subject: 'Slow' });
      const first = worker(slow, { leaseMs: 300 }).runOnce();
      await waitFor(async () => (await rows())[0]!.status === 'sending');
      const second = worker(real, { leaseMs: 300 });
      for (let i = 0; i < 8; i++) {
        expect(await second.runOnce()).toBe(0);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await first).toBe(1);

      expect(smtp.received.map((m) => m.mail.subject)).toEqual(['Slow']);
      expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      real.close();
      await smtp.stop();
    }
  });

  it('claims a mail for 30 seconds by default: a mail claimed by a worker that was killed leaves within 30 s of the next start', async () => {
    const stuck: MailTransport = { kind: 'smtp', send: () => new Promise(() => undefined), close: () => undefined };
    await queue(1);
    void worker(stuck).runOnce();
    await waitFor(async () => (await rows())[0]!.status === 'sending');

    const [lease] = await ctx.db
      .select({ seconds: sql<number>`extract(epoch from ${mailOutbox.nextAttemptAt} - now())::float` })
      .from(mailOutbox);
    expect(lease!.seconds).toBeGreaterThan(25);
    expect(lease!.seconds).toBeLessThanOrEqual(30);
  });
  it('gives up a mail whose worker died during its last attempt instead of taking it forever', async () => {
    const smtp = await startSmtp();
    const transport = smtpTransport(smtp.port);
    try {
      await queue(1, {
        status: 'sending',
        attempts: 3,
        lastError: 'connect ECONNREFUSED 127.0.0.1:25',
        nextAttemptAt: sql`now() - interval '1 second'`,
      });

      expect(await worker(transport, { maxAttempts: 3 }).runOnce()).toBe(1);

      expect(smtp.received).toHaveLength(0);
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'failed', attempts: 4 });
      expect(row!.lastError).toBe('connect ECONNREFUSED 127.0.0.1:25 (abandoned: the worker stopped during attempt 3)');
    } finally {
      transport.close();
      await smtp.stop();
    }
  });

  it('writes the mail as an .eml file under DATA_DIR/mail when no SMTP_URL is set, readable by the server’s user only', async () => {
    const transport = createMailTransport({ SMTP_URL: undefined, MAIL_FROM: FROM, DATA_DIR: ctx.config.DATA_DIR });
    expect(transport.kind).toBe('file');
    const [queued] = await queue(1, {
      subject: 'Votre e-badge — fichier',
      attachments: [{ kind: 'badge', registrationId: 7 }],
    });

    expect(await worker(transport).runOnce()).toBe(1);

    const dir = path.join(ctx.config.DATA_DIR, 'mail');
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z-${queued!.id}\\.eml$`));
    const mail = await simpleParser(await readFile(path.join(dir, files[0]!)));
    expect(mail.subject).toBe('Votre e-badge — fichier');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('visiteur0@example.com');
    expect(mail.attachments[0]?.filename).toBe('badge-7.pdf');
    expect(Buffer.compare(mail.attachments[0]!.content, badgeBytes)).toBe(0);
    expect((await rows())[0]).toMatchObject({ status: 'sent' });
    // A delivered mail may hold a set-password link: no other local user reads it.
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dir, files[0]!))).mode & 0o777).toBe(0o600);
  });

  it('sends at once a mail queued while it waits when notified, holds mails while paused, and finishes the mail in flight before stopping', async () => {
    const smtp = await startSmtp();
    const smtp_ = smtpTransport(smtp.port);
    // Slow sends, so that stop() is called while one is in flight.
    const transport: MailTransport = {
      ...smtp_,
      send: async (m) => {
        await new Promise((r) => setTimeout(r, 200));
        await smtp_.send(m);
      },
    };
    // A poll long enough that only a notification can explain a prompt send.
    const w = worker(transport, { pollIntervalMs: 60_000 });
    try {
      w.start();
      await new Promise((r) => setTimeout(r, 100));
      await queue(1, { subject: 'Notified' });
      notifyMailWorkers();
      await waitFor(() => smtp.received.length === 1, 3_000);

      w.pause();
      await queue(1, { subject: 'Held' });
      w.kick();
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.received).toHaveLength(1);

      w.resume();
      await waitFor(async () => (await rows()).some((r) => r.subject === 'Held' && r.status === 'sending'), 3_000);
      await w.stop();
      expect(smtp.received.map((m) => m.mail.subject)).toEqual(['Notified', 'Held']);
      expect((await rows()).map((r) => r.status)).toEqual(['sent', 'sent']);
    } finally {
      await w.stop();
      smtp_.close();
      await smtp.stop();
    }
  });
});
