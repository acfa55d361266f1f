import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { collaboratorInvitations, mailOutbox, users } from '../../db/schema';
import { ACCOUNT_MAIL_CAPS } from '../mail/recipient-caps';
import { createCollaborator, createExhibitor, createVisitor, signSession } from '../../../test/fixtures';
import { call, withoutRequestId } from '../../../test/helper';
import { routeCounts } from '../../../test/metrics-count';
import { addCollaborator, ctx, fresh, lastMailTo, useCollaboratorsScene, userRow } from './collaborators.test-support';

/**
 * What an exhibitor types reaches, in the show's mails, the addresses it types for
 * its collaborators. A lure there (a bare host name: no scheme, no 'www.', no '@') is refused,
 * never printed, and an exhibitor opens the area to a bounded number of new addresses a day.
 */

useCollaboratorsScene();

const LURE = 'Urgent : validez votre badge sur salon-btp-badges.example/valider';
const errorBody = (res: LightMyRequestResponse) => (withoutRequestId(res) as { error: unknown }).error;
const noLinkAt = (...fields: string[]) => ({
  status: 400,
  name: 'ValidationError',
  message: 'Données invalides.',
  details: { errors: fields.map((field) => ({ path: ['body', field], message: 'noLink' })) },
});

/** 'Sauvegarder' of an exhibitor's 'Informations' with this company. */
const saveCompany = async (ex: Awaited<ReturnType<typeof createExhibitor>>, company: string) =>
  call(ctx.app, 'PUT', `users/${ex.user.id}`, {
    token: await signSession(ex.user.id, ex.user.tokenVersion),
    body: { name: ex.user.name, email: ex.user.email, phone: ex.user.phone, company },
  });

describe('a lure in what an exhibitor types', () => {
  it('is refused in the company of Informations at that field, and the company stays, on the exhibitor and its collaborators', async () => {
    const ex = await createExhibitor(ctx.db, { company: 'Alami Construction' });
    const collaborator = await createCollaborator(ctx.db, ex);
    const before = await routeCounts(ctx.app, 'PUT', 'users/:id');
    for (const company of [LURE, 'salon-btp.example', 'Alami.com']) {
      const res = await saveCompany(ex, company);
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toEqual(noLinkAt('company'));
    }
    expect((await userRow(ex.user.id)).company).toBe('Alami Construction');
    expect((await userRow(collaborator.user.id)).company).toBe('Alami Construction');
    const after = await routeCounts(ctx.app, 'PUT', 'users/:id');
    expect(after.refused - before.refused).toBe(3);
    expect(after.ok - before.ok).toBe(0);
  });

  it('lets company names with initials and abbreviations through: B.T.P. Maroc, Ets. Alami & Fils, S.A.R.L', async () => {
    const ex = await createExhibitor(ctx.db);
    for (const company of ['B.T.P. Maroc', 'Ets. Alami & Fils', 'S.A.R.L', 'Cie. Générale des Travaux (C.G.T.)']) {
      const res = await saveCompany(ex, company);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: { company: string } }>().data.company).toBe(company);
      expect((await userRow(ex.user.id)).company).toBe(company);
    }
  });

  it('is refused in the name and position of a new collaborator: no account, no invitation, no mail', async () => {
    const visitor = await createVisitor(ctx.db);
    const before = await routeCounts(ctx.app, 'POST', 'auth/local/register/');
    for (const email of [fresh().email, visitor.user.email]) {
      const res = await addCollaborator({ ...fresh(), email, name: `Karim ${LURE}`, jobPosition: 'bit.ly/badge' });
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toEqual(noLinkAt('name', 'jobPosition'));
      expect(await ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(
        email === visitor.user.email ? 1 : 0,
      );
      expect(await lastMailTo(email)).toBeUndefined();
    }
    expect(
      await ctx.db.select().from(collaboratorInvitations).where(eq(collaboratorInvitations.userId, visitor.user.id)),
    ).toEqual([]);
    const after = await routeCounts(ctx.app, 'POST', 'auth/local/register/');
    expect(after.refused - before.refused).toBe(2);
  });

  it('saved before the rule, never reaches a typed address: the access and invitation mails name no company, and greet without a lure of a name', async () => {
    const ex = await createExhibitor(ctx.db, { company: LURE });
    const token = await signSession(ex.user.id, ex.user.tokenVersion);
    const created = fresh();
    expect((await addCollaborator(created, token)).statusCode).toBe(201);
    const visitor = await createVisitor(ctx.db);
    expect((await addCollaborator({ ...fresh(), email: visitor.user.email }, token)).statusCode).toBe(201);
    const old = await createCollaborator(ctx.db, ex, { name: `Karim ${LURE}` });
    const resent = await call(ctx.app, 'POST', `sendAuthCollaborateur/${old.registration.id}`, { token });
    expect(resent.statusCode, resent.body).toBe(200);
    const access = await lastMailTo(created.email);
    const invitation = await lastMailTo(visitor.user.email);
    const again = await lastMailTo(old.user.email);
    for (const mail of [access, invitation, again]) {
      expect(mail).toBeDefined();
      expect(`${mail!.subject} ${mail!.text} ${mail!.html}`).not.toContain('salon-btp-badges');
    }
    expect(access!.text).toContain(`Bonjour ${created.name},`);
    expect(access!.text).toContain('Votre exposant vous a ouvert l’accès à l’espace exposant');
    expect(invitation!.text).toContain('Un exposant vous invite à rejoindre son équipe');
    expect(again!.text).toMatch(/^Bonjour,\n/);
  });
});

describe('the new addresses an exhibitor opens its area to', () => {
  it('are at most thirty a day, accounts made and invitations alike: the next one is refused at the e-mail field, and nothing is made or sent', async () => {
    const ex = await createExhibitor(ctx.db);
    const token = await signSession(ex.user.id, ex.user.tokenVersion);
    const cap = ACCOUNT_MAIL_CAPS.newTeamMember;
    const invited = 5;
    for (let i = 0; i < cap - invited; i++) expect((await addCollaborator(fresh(), token)).statusCode).toBe(201);
    for (let i = 0; i < invited; i++) {
      const visitor = await createVisitor(ctx.db);
      expect((await addCollaborator({ ...fresh(), email: visitor.user.email }, token)).statusCode).toBe(201);
    }
    // Deleting an account made today gives no place back.
    const [made] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.exhibitorId, ex.user.id)).limit(1);
    expect((await call(ctx.app, 'DELETE', `users/${made!.id}`, { token })).statusCode).toBe(200);
    const mailsBefore = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    const before = await routeCounts(ctx.app, 'POST', 'auth/local/register/');
    const next = fresh();
    const refused = await addCollaborator(next, token);
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
    expect(await ctx.db.select().from(users).where(eq(users.email, next.email))).toEqual([]);
    expect(await ctx.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox)).toEqual(mailsBefore);
    const after = await routeCounts(ctx.app, 'POST', 'auth/local/register/');
    expect(after.refused - before.refused).toBe(1);
    // Another exhibitor's count is its own.
    const other = await createExhibitor(ctx.db);
    const otherToken = await signSession(other.user.id, other.user.tokenVersion);
    expect((await addCollaborator(fresh(), otherToken)).statusCode).toBe(201);
  });
});

describe('what the web app says under a field that holds a lure', () => {
  it('names web addresses among what is refused, in French and in English', () => {
    const noLink = (lang: 'fr' | 'en') =>
      (
        JSON.parse(
          readFileSync(path.resolve(import.meta.dirname, `../../../../web/public/assets/i18n/${lang}.json`), 'utf8'),
        ) as { validation: Record<string, string> }
      ).validation.noLink;
    expect(noLink('fr')).toBe(
      'Les liens, les adresses de site (comme exemple.com) et les adresses e-mail ne sont pas acceptés dans ce champ.',
    );
    expect(noLink('en')).toBe(
      'Links, website addresses (such as example.com) and e-mail addresses are not accepted in this field.',
    );
  });
});
