import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { emailChanges, mailOutbox } from '../../db/schema';
import { ACCOUNT_MAIL_CAP_REACHED, ACCOUNT_MAIL_CAPS, MAIL_CAP_REACHED, MAIL_CAPS } from '../mail/recipient-caps';
import { createExhibitor, PASSWORD, signSession, type Exhibitor } from '../../../test/fixtures';
import { call, withoutRequestId } from '../../../test/helper';
import { routeCounts } from '../../../test/metrics-count';
import { ctx, useCollaboratorsScene, userRow } from './collaborators.test-support';

/**
 * The link that confirms a new sign-in address goes to an address the account
 * types, so it is capped like the other mails an exhibitor makes the site send: per address and
 * per account, a day.
 */

useCollaboratorsScene();

/** 'Sauvegarder' of 'Informations' with a new name and the sign-in address `email`. */
const changeAddress = async (ex: Exhibitor, email: string, name = 'Nom changé') =>
  call(ctx.app, 'PUT', `users/${ex.user.id}`, {
    token: await signSession(ex.user.id, ex.user.tokenVersion),
    body: { name, email, phone: ex.user.phone, company: ex.user.company, currentPassword: PASSWORD },
  });

const errorBody = (res: LightMyRequestResponse) => (withoutRequestId(res) as { error: unknown }).error;
const mailsTo = async (email: string) =>
  (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).map((m) => m.kind);
const changesOf = (ex: Exhibitor) => ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, ex.user.id));

describe('the links to confirm a new sign-in address', () => {
  it('reach one address at most three times a day, from any account: the fourth is refused at the e-mail field and nothing is saved', async () => {
    const victim = `victime-${Date.now()}@corp.example`;
    const first = await createExhibitor(ctx.db);
    const second = await createExhibitor(ctx.db);
    const before = await routeCounts(ctx.app, 'PUT', 'users/:id');
    for (let i = 0; i < MAIL_CAPS.emailChange; i++) {
      const res = await changeAddress(first, victim, `Nom ${i}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ meta: unknown }>().meta).toEqual({ emailPending: victim });
    }
    const changesBefore = await changesOf(first);
    for (const ex of [first, second]) {
      const res = await changeAddress(ex, victim, 'Nom refusé');
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toEqual({
        status: 400,
        name: 'ValidationError',
        message: 'Cette adresse a déjà reçu trois e-mails de l’espace exposant aujourd’hui : réessayez demain.',
        details: { code: 'mailCapReached', errors: [{ path: ['body', 'email'], message: 'mailCapReached' }] },
      });
    }
    expect(await mailsTo(victim)).toEqual(['emailChange', 'emailChange', 'emailChange']);
    // Neither the name typed with the refused address nor a new change was saved.
    expect((await userRow(first.user.id)).name).toBe(`Nom ${MAIL_CAPS.emailChange - 1}`);
    expect((await userRow(second.user.id)).name).toBe(second.user.name);
    expect(await changesOf(first)).toEqual(changesBefore);
    expect(await changesOf(second)).toEqual([]);
    const after = await routeCounts(ctx.app, 'PUT', 'users/:id');
    expect(after.ok - before.ok).toBe(MAIL_CAPS.emailChange);
    expect(after.refused - before.refused).toBe(2);
  });

  it('are at most five a day for one account, whatever the addresses: the next one is refused at the e-mail field and nothing is saved', async () => {
    const ex = await createExhibitor(ctx.db);
    // The account asked for its changes earlier today (one of them yesterday, which no longer counts).
    await ctx.db.insert(emailChanges).values([
      ...Array.from({ length: ACCOUNT_MAIL_CAPS.emailChange - 1 }, (_, i) => ({
        userId: ex.user.id,
        email: `plus-tot-${i}-${ex.user.id}@example.com`,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
      {
        userId: ex.user.id,
        email: `hier-${ex.user.id}@example.com`,
        expiresAt: new Date(Date.now() + 86_400_000),
        createdAt: sql`now() - '25 hours'::interval`,
      },
    ]);
    const last = await changeAddress(ex, `derniere-${ex.user.id}@example.com`, 'Nom accepté');
    expect(last.statusCode, last.body).toBe(200);
    const before = await routeCounts(ctx.app, 'PUT', 'users/:id');
    const refused = await changeAddress(ex, `refusee-${ex.user.id}@example.com`, 'Nom refusé');
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused)).toEqual({
      status: 400,
      name: 'ValidationError',
      message: 'Votre compte a déjà envoyé aujourd’hui le nombre maximal d’e-mails de ce type : réessayez demain.',
      details: {
        code: 'accountMailCapReached',
        errors: [{ path: ['body', 'email'], message: 'accountMailCapReached' }],
      },
    });
    expect(await mailsTo(`refusee-${ex.user.id}@example.com`)).toEqual([]);
    expect((await userRow(ex.user.id)).name).toBe('Nom accepté');
    const open = await ctx.db
      .select({ email: emailChanges.email })
      .from(emailChanges)
      .where(and(eq(emailChanges.userId, ex.user.id), sql`${emailChanges.usedAt} is null`));
    // The change asked last still waits: the refusal closed nothing.
    expect(open).toEqual([{ email: `derniere-${ex.user.id}@example.com` }]);
    const after = await routeCounts(ctx.app, 'PUT', 'users/:id');
    expect(after.refused - before.refused).toBe(1);
  });
});

describe('what the web app shows for these refusals', () => {
  const validation = (lang: 'fr' | 'en') =>
    (
      JSON.parse(
        readFileSync(path.resolve(import.meta.dirname, `../../../../web/public/assets/i18n/${lang}.json`), 'utf8'),
      ) as { validation: Record<string, string> }
    ).validation;

  it('words both keys under the e-mail field in French, as the API does, and in English', () => {
    const fr = validation('fr');
    const en = validation('en');
    expect(fr.mailCapReached).toBe(MAIL_CAP_REACHED);
    expect(fr.accountMailCapReached).toBe(ACCOUNT_MAIL_CAP_REACHED);
    expect(en.mailCapReached).toBe(
      'This address has already received three e-mails from the exhibitor area today: please try again tomorrow.',
    );
    expect(en.accountMailCapReached).toBe(
      'Your account has already sent today’s maximum of e-mails of this kind: please try again tomorrow.',
    );
  });
});
