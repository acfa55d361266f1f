import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema';
import type * as AccessService from './access.service';
import { RESET_MAILS_PER_HOUR } from './access.service';
import { call, createExhibitor, createTestApp, createVisitor, type TestContext } from '../../../test/helper';
import { createMailbox, setPasswordSecret } from '../../../test/mailbox';

/**
 * 'Mot de passe oublié ?' (L5): the answer never tells whether an account exists, not even by
 * its speed; one address gets at most RESET_MAILS_PER_HOUR mails an hour; a new request does not
 * break the link the person already has.
 */

// The test holds the reset work back to show that the answer does not wait for it.
const work = vi.hoisted(() => ({ started: 0, finished: 0, gate: Promise.resolve() }));
vi.mock('./access.service', async (importOriginal) => {
  const original = await importOriginal<typeof AccessService>();
  return {
    ...original,
    requestPasswordReset: async (...args: Parameters<typeof original.requestPasswordReset>) => {
      work.started++;
      try {
        await work.gate;
        return await original.requestPasswordReset(...args);
      } finally {
        work.finished++;
      }
    },
  };
});

let ctx: TestContext;
let address = 0;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Each request from its own client address: the per-address limit is not what is tested here. */
const forgot = (email: string) =>
  call(ctx.app, 'POST', 'auth/forgot-password', { body: { email }, remoteAddress: `10.9.0.${++address}` });

const resetMailsTo = async (email: string) =>
  (
    await ctx.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, 'passwordReset')))
  ).length;

/** Waits until the work of every request so far, done after its answer, has finished. */
async function settled() {
  const end = Date.now() + 10_000;
  while (work.finished < work.started && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  expect(work.finished).toBe(work.started);
}

describe('POST auth/forgot-password', () => {
  it('answers a known address without waiting for its mail, exactly as it answers an unknown one', async () => {
    const { user } = await createExhibitor(ctx.db);
    let release = () => undefined as void;
    work.gate = new Promise<void>((resolve) => (release = resolve));
    const before = work.started;
    const known = await forgot(user.email);
    const unknown = await forgot('personne-inconnue@example.com');
    // Both answered while the work of both is still held back.
    expect(work.started - before).toBe(2);
    expect(await resetMailsTo(user.email)).toBe(0);
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { sent: true }, meta: {} });
    }
    expect(known.body).toBe(unknown.body);
    release();
    work.gate = Promise.resolve();
    await settled();
    expect(await resetMailsTo(user.email)).toBe(1);
    expect(await resetMailsTo('personne-inconnue@example.com')).toBe(0);
  });

  it('mails one address at most 3 times an hour, whatever the spelling, and answers the 4th request the same', async () => {
    const { user } = await createExhibitor(ctx.db);
    expect(RESET_MAILS_PER_HOUR).toBe(3);
    const answers = new Set<string>();
    for (const email of [user.email, user.email.toUpperCase(), ` ${user.email} `, user.email, user.email]) {
      const res = await forgot(email);
      expect(res.statusCode).toBe(200);
      answers.add(res.body);
      await settled();
    }
    expect([...answers]).toEqual([JSON.stringify({ data: { sent: true }, meta: {} })]);
    expect(await resetMailsTo(user.email)).toBe(3);

    // An hour later (on the database's clock, which stamped the rows) the address may ask again.
    await ctx.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(mailOutbox.to, user.email));
    await forgot(user.email);
    await settled();
    expect(await resetMailsTo(user.email)).toBe(4);
  });

  it('sends nothing to a visitor or an unknown address', async () => {
    const visitor = await createVisitor(ctx.db);
    await forgot(visitor.user.email);
    await forgot('jamais-vu@example.com');
    await settled();
    expect(await resetMailsTo(visitor.user.email)).toBe(0);
    expect(await resetMailsTo('jamais-vu@example.com')).toBe(0);
  });

  it('leaves the link of an earlier request working after a new request', async () => {
    const { user } = await createExhibitor(ctx.db);
    const mailbox = createMailbox(ctx.db);
    await forgot(user.email);
    await settled();
    const first = setPasswordSecret(await mailbox.lastText(user.email))!;
    await forgot(user.email);
    await settled();
    const mails = await mailbox.to(user.email);
    expect(mails).toHaveLength(2);
    const second = setPasswordSecret(mails[1]!.text)!;
    expect(second).not.toBe(first);

    const set = await call(ctx.app, 'POST', 'auth/reset-password', {
      body: { token: first, password: 'Nouveau-Secret-2025' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ user: { email: user.email } });
    // Used once, every link of the person closes.
    const again = await call(ctx.app, 'POST', 'auth/reset-password', {
      body: { token: second, password: 'Nouveau-Secret-2026' },
    });
    expect(again.json()).toMatchObject({
      error: {
        status: 400,
        message: 'Ce lien n’est plus valide. Demandez un nouveau lien depuis « Mot de passe oublié ? ».',
      },
    });
  });
});
