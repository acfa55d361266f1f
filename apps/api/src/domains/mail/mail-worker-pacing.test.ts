import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createAttachmentResolver } from './attachments';
import type { MailTransport } from './transport';
import { notifyMailWorkers } from './worker';
import { badgeBytes, ctx, queue, rows, useMailScene, worker } from './mail.test-support';

/**
 * The mail worker beside the requests: how much it reads and builds at once, and how fast it
 * begins mails while requests queue them.
 */

useMailScene();

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
