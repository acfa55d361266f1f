import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { mailOutbox } from '../src/db/schema';
import type { MailMessage } from '../src/domains/mail/transport';
import { createMailWorker } from '../src/domains/mail/worker';
import { linkIssuers } from '../src/link-issuers';
import { call, type TestContext } from './helper';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * What recipients receive: the real mail worker sends the due mails of the outbox into memory.
 * A link's secret (set-password, invitation, address confirmation) exists only there, never in
 * the outbox, as in production. Attachments are left out (the badge mail's tests build them).
 */
export function createMailbox(db: Db) {
  const delivered: MailMessage[] = [];
  const worker = createMailWorker({
    db,
    transport: {
      kind: 'file',
      send: async (message) => {
        delivered.push(message);
      },
      close: () => undefined,
    },
    resolveAttachments: async () => [],
    issuers: linkIssuers,
    log: silent,
  });
  return {
    /** Sends what is due, then the mails `to` received, oldest first. */
    async to(to: string): Promise<MailMessage[]> {
      while ((await worker.runOnce()) > 0);
      return delivered.filter((m) => m.to.toLowerCase() === to.toLowerCase());
    },
    /**
     * The text of the last mail `to` received, waiting up to 5 s for a first one (some mails
     * are queued after the answer); empty when none came.
     */
    async lastText(to: string): Promise<string> {
      const end = Date.now() + 5_000;
      let mails = await this.to(to);
      while (!mails.length && Date.now() < end) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        mails = await this.to(to);
      }
      return mails.at(-1)?.text ?? '';
    },
  };
}

/** The secret of the set-password link in a delivered mail's text. */
export const setPasswordSecret = (text: string) => /definir-mot-de-passe\?token=([\w-]+)/.exec(text)?.[1];

/** The secret of the collaborator invitation link in a delivered mail's text ('' when none). */
export const invitationSecretIn = (text: string) => /invitation-collaborateur\?token=([\w-]+)/.exec(text)?.[1] ?? '';

/** The secret of the address confirmation link in a delivered mail's text ('' when none). */
export const emailChangeSecretIn = (text: string) => /confirmer-email\?token=([\w-]+)/.exec(text)?.[1] ?? '';

/** Registers a visitor through the public form and reads the badge mail it queued. */
export async function badgeMailOf(app: TestContext, email: string, name = 'Nadia Wallet') {
  const res = await call(app.app, 'POST', 'visiteurs/putVisitor', {
    body: { data: { name, email, phone: `+212 6 6${Date.now() % 10_000_000}` } },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return mail!;
}
