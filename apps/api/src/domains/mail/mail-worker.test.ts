import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collaboratorInvitations, emailChanges, mailOutbox, tokens } from '../../db/schema';
import { createLinkSigner } from '../../lib/links';
import { LINK_PLACEHOLDER } from '../../lib/link-secrets';
import { INVALID_ACCESS_LINK, queueAccessMail } from '../auth/access.service';
import { INVALID_INVITATION } from '../exhibitor-area/collaborator-invitations.service';
import { INVALID_EMAIL_CHANGE_LINK } from '../exhibitor-area/email-change.service';
import { createAttachmentResolver } from './attachments';
import { createMailTransport, type MailMessage, type MailTransport } from './transport';
import {
  createMailWorker,
  LINK_CLOSED,
  notifyMailWorkers,
  type MailWorkerDeps,
  type MailWorkerOptions,
} from './worker';
import {
  call,
  createExhibitor,
  createTestApp,
  createVisitor,
  signSession,
  TEST_JWT_SECRET,
  type TestContext,
} from '../../../test/helper';
import { startSmtp } from '../../../test/smtp';

const FROM = 'Salon BTP <no-reply@example.com>';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
// One database for the file: each test starts from an empty outbox.
beforeEach(async () => {
  await ctx.db.delete(mailOutbox);
});

const smtpTransport = (port: number) =>
  createMailTransport({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: FROM, DATA_DIR: ctx.config.DATA_DIR });

/** Stands for the badge PDF: random bytes, so any re-encoding would show. */
const badgeBytes = randomBytes(3000);
const resolveAttachments = createAttachmentResolver({
  badge: async (a) => ({
    filename: `badge-${String(a.registrationId)}.pdf`,
    content: badgeBytes,
    contentType: 'application/pdf',
  }),
});

function worker(transport: MailTransport, options: MailWorkerOptions = {}, deps: Partial<MailWorkerDeps> = {}) {
  return createMailWorker({ db: ctx.db, transport, resolveAttachments, log: silent, options, ...deps });
}

/** A row to queue; times may be SQL (e.g. `now() - interval '1 second'`). */
type NewMail = PgInsertValue<typeof mailOutbox>;
async function queue(count: number, overrides: Partial<NewMail> = {}) {
  const values = Array.from({ length: count }, (_, i) => ({
    to: `visiteur${i}@example.com`,
    subject: `Mail n° ${i}`,
    text: `Bonjour ${i}`,
    ...overrides,
  }));
  return ctx.db.insert(mailOutbox).values(values).returning();
}

const rows = () => ctx.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));

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

describe('the mail worker beside the requests', () => {
  /** A transport that keeps the subjects it was given, after `ms`. */
  const memoryTransport = (sent: string[], ms = 0): MailTransport => ({
    kind: 'smtp',
    send: async (m) => {
      if (ms) await new Promise((r) => setTimeout(r, ms));
      sent.push(m.subject);
    },
    close: () => undefined,
  });
  const badge = (registrationId: number) => ({ attachments: [{ kind: 'badge', registrationId }] });
  const file = { filename: 'badge.pdf', content: badgeBytes, contentType: 'application/pdf' };

  it('answers a request while a batch of badge mails is being sent: no two mails’ PDFs in one turn of the event loop', async () => {
    // Counts the turns of the event loop: a setImmediate runs once per turn.
    let turn = 0;
    let counting = true;
    const tick = () => {
      turn += 1;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const server = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const renderedIn: number[] = [];
    let answer: Promise<{ body: string; afterMails: number }> | undefined;
    const resolveBadges = createAttachmentResolver({
      badge: async () => {
        // Stands for the badge's PDF: 15 ms of work that never lets the event loop go.
        const end = performance.now() + 15;
        while (performance.now() < end);
        renderedIn.push(turn);
        // A visitor registers while the worker is at its second mail.
        if (renderedIn.length === 2) {
          answer = fetch(`http://127.0.0.1:${port}/`).then(async (r) => ({
            body: await r.text(),
            afterMails: renderedIn.length,
          }));
        }
        return file;
      },
    });
    const sent: string[] = [];
    await queue(24, badge(1));
    try {
      expect(await worker(memoryTransport(sent), {}, { resolveAttachments: resolveBadges }).runOnce()).toBe(24);
    } finally {
      counting = false;
      server.close();
    }

    expect(sent).toHaveLength(24);
    // Every PDF had a turn of its own, so the request was read and answered between two of them.
    expect(new Set(renderedIn).size).toBe(24);
    const { body, afterMails } = await answer!;
    expect(body).toBe('ok');
    expect(afterMails).toBeLessThan(24);
  });

  it('reads the database for at most 4 mails at once, while more of them wait for the SMTP server', async () => {
    let reading = 0;
    let mostReading = 0;
    const resolveBadges = createAttachmentResolver({
      badge: async () => {
        reading += 1;
        mostReading = Math.max(mostReading, reading);
        await new Promise((r) => setTimeout(r, 5));
        reading -= 1;
        return file;
      },
    });
    let sending = 0;
    let mostSending = 0;
    const sent: string[] = [];
    const slowServer = memoryTransport(sent, 40);
    const transport: MailTransport = {
      ...slowServer,
      send: async (m) => {
        sending += 1;
        mostSending = Math.max(mostSending, sending);
        await slowServer.send(m);
        sending -= 1;
      },
    };
    await queue(64, badge(1));

    expect(await worker(transport, {}, { resolveAttachments: resolveBadges }).runOnce()).toBe(64);

    expect(sent).toHaveLength(64);
    expect(mostReading).toBe(4);
    expect(mostSending).toBeGreaterThan(4);
    expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1 && r.sentAt !== null)).toBe(true);
  });

  it('begins a mail every 50 ms at most while requests are queuing mails, and as fast as it can once they stop', async () => {
    const beganAt: number[] = [];
    const resolveBadges = createAttachmentResolver({
      badge: async () => {
        beganAt.push(performance.now());
        return file;
      },
    });
    const w = () => worker(memoryTransport([]), { peakIntervalMs: 50 }, { resolveAttachments: resolveBadges });
    const gaps = () => beganAt.slice(1).map((t, i) => t - beganAt[i]!);

    // A peak: a registration queues a mail every 10 ms.
    await queue(8, badge(1));
    notifyMailWorkers();
    const peak = setInterval(notifyMailWorkers, 10);
    try {
      expect(await w().runOnce()).toBe(8);
    } finally {
      clearInterval(peak);
    }
    expect(Math.min(...gaps())).toBeGreaterThanOrEqual(45);

    // The peak is over a second later.
    await new Promise((r) => setTimeout(r, 1_100));
    beganAt.length = 0;
    await queue(8, badge(1));
    expect(await w().runOnce()).toBe(8);
    expect(beganAt.at(-1)! - beganAt[0]!).toBeLessThan(50);
  });

  it('marks the mails of a batch sent, but not one another worker took again while it was on its way', async () => {
    const sent: string[] = [];
    const memory = memoryTransport(sent);
    const [taken] = await queue(1, { subject: 'Taken again' });
    await queue(5, { subject: 'Mine' });
    const transport: MailTransport = {
      ...memory,
      send: async (m) => {
        // As if the claim had run out and another worker had taken the mail: its claim now.
        if (m.subject === 'Taken again') {
          await ctx.db.update(mailOutbox).set({ attempts: 2 }).where(eq(mailOutbox.id, taken!.id));
        }
        await memory.send(m);
      },
    };

    expect(await worker(transport).runOnce()).toBe(6);

    expect(sent).toHaveLength(6);
    const all = await rows();
    expect(all[0]).toMatchObject({ subject: 'Taken again', status: 'sending', attempts: 2, sentAt: null });
    expect(all.slice(1).map((r) => [r.subject, r.status, r.attempts])).toEqual(
      Array.from({ length: 5 }, () => ['Mine', 'sent', 1]),
    );
  });
});

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
