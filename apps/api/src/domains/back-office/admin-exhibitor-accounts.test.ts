import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { demandesExposants, emailChanges, halls, mailOutbox, registrations, scans, users } from '../../db/schema';
import {
  createCollaborator,
  createExhibitor,
  createMedia,
  createOrganiser,
  createVisitor,
  firstGate,
  sessionOf,
} from '../../../test/fixtures';
import { call, createTestApp, login, type TestContext } from '../../../test/helper';
import { createMailbox, setPasswordSecret } from '../../../test/mailbox';
import { exhibitorForm, freshEnquiry } from '../../../test/back-office-cases/exhibitor-accounts';

/** Enquiries and exhibitors in the back-office: from the home page's enquiry to the directory. */

let ctx: TestContext;
let organiser: typeof users.$inferSelect;
let token: string;

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(ctx.app, method, `admin/${url}`, { token, body });
const mailsTo = (email: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

async function directoryCompanies(): Promise<{ company: string; logo: string | null }[]> {
  const res = await call(
    ctx.app,
    'GET',
    'registrations?filters[type]=exhibitor&populate=user.avatar&pagination[pageSize]=100',
  );
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ data: { user: { company: string; avatar: { url: string } | null } }[] }>()
    .data.map((r) => ({ company: r.user.company, logo: r.user.avatar?.url ?? null }));
}

beforeAll(async () => {
  ctx = await createTestApp();
  organiser = await createOrganiser(ctx.db);
  token = await sessionOf(ctx, organiser);
});
afterAll(async () => ctx.close());

describe('From an enquiry to the public directory', () => {
  it('an organiser converts an enquiry into an exhibitor with a hall, a stand and a logo; confirmed, it gets its access link, signs in and is listed', async () => {
    const c = { ctx, organiser };
    const enquiryId = await freshEnquiry(c);
    const logo = await createMedia(ctx.db, { mime: 'image/webp' });
    const form = { ...(await exhibitorForm(c)), logoId: logo.id, enquiryId };

    const created = await admin('POST', 'exhibitors', form);
    expect(created.statusCode, created.body).toBe(201);
    const exhibitor = created.json<{
      id: number;
      status: string;
      gate: string;
      booth: string;
      logo: { url: string };
    }>();
    expect(exhibitor).toMatchObject({ status: 'pending', booth: 'C-12', gate: (await firstGate(ctx.db)).name });
    const enquiry = await admin('GET', `enquiries/${enquiryId}`);
    expect(enquiry.json()).toMatchObject({ status: 'converti', exhibitorId: exhibitor.id });
    // Not listed, and no mail, before the organiser confirms.
    expect((await directoryCompanies()).map((d) => d.company)).not.toContain(form.company);
    expect(await mailsTo(form.email)).toHaveLength(0);

    const confirmed = await admin('POST', `exhibitors/${exhibitor.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed' });
    expect(await directoryCompanies()).toContainEqual({ company: form.company, logo: exhibitor.logo.url });

    // The link is made when the mail leaves: the outbox holds none.
    const secret = setPasswordSecret(await createMailbox(ctx.db).lastText(form.email))!;
    expect(secret).toBeTruthy();
    const set = await call(ctx.app, 'POST', 'auth/reset-password', {
      body: { token: secret, password: 'Nouveau-Secret-2025' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await login(ctx.app, form.email, 'Nouveau-Secret-2025')).length).toBeGreaterThan(20);

    // Confirming again sends nothing more.
    await admin('POST', `exhibitors/${exhibitor.id}/confirm`);
    expect(await mailsTo(form.email)).toHaveLength(1);
  });

  it('refuses to convert the same enquiry twice', async () => {
    const c = { ctx, organiser };
    const enquiryId = await freshEnquiry(c);
    expect((await admin('POST', 'exhibitors', { ...(await exhibitorForm(c)), enquiryId })).statusCode).toBe(201);
    const again = await admin('POST', 'exhibitors', { ...(await exhibitorForm(c)), enquiryId });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ error: { message: string } }>().error.message).toBe(
      'Cette demande a déjà été convertie en exposant.',
    );
  });

  it('answers a taken e-mail at its field, and saves nothing', async () => {
    const c = { ctx, organiser };
    const other = await createExhibitor(ctx.db);
    const before = await ctx.db.select({ id: users.id }).from(users);
    const res = await admin('POST', 'exhibitors', {
      ...(await exhibitorForm(c)),
      email: other.user.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { details: { errors: unknown[] } } }>().error.details.errors).toEqual([
      { path: ['body', 'email'], message: 'emailTaken' },
    ]);
    const invalid = await admin('POST', 'exhibitors', {
      ...(await exhibitorForm(c)),
      email: 'pas-un-email',
      company: ' ',
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      invalid.json<{ error: { details: { errors: { path: string[]; message: string }[] } } }>().error.details.errors,
    ).toEqual(
      expect.arrayContaining([
        { path: ['body', 'email'], message: 'email' },
        { path: ['body', 'company'], message: 'required' },
      ]),
    );
    expect(await ctx.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });

  it('takes a phone another exhibitor has: it is contact data, not an identifier (decision 027)', async () => {
    const c = { ctx, organiser };
    const other = await createExhibitor(ctx.db);
    const res = await admin('POST', 'exhibitors', { ...(await exhibitorForm(c)), phone: other.user.phone });
    expect(res.statusCode, res.body).toBe(201);
    const [created] = await ctx.db.select().from(users).where(eq(users.id, res.json<{ id: number }>().id));
    expect(created?.phoneNormalized).toBe(other.user.phoneNormalized);
  });

  it('turns a person known only as a visitor into the exhibitor, keeping the visitor registration', async () => {
    const c = { ctx, organiser };
    const visitor = await createVisitor(ctx.db);
    const res = await admin('POST', 'exhibitors', { ...(await exhibitorForm(c)), email: visitor.user.email });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ id: number }>().id).toBe(visitor.user.id);
    const regs = await ctx.db.select().from(registrations).where(eq(registrations.userId, visitor.user.id));
    expect(regs.map((r) => r.type).sort()).toEqual(['exhibitor', 'visitor']);
  });
});

describe('Editing and deactivating an exhibitor', () => {
  it('moves the exhibitor and its collaborators to another hall and stand', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    const collaborator = await createCollaborator(ctx.db, exhibitor);
    const [hall] = await ctx.db.select().from(halls).limit(2).offset(1);
    const res = await admin('PUT', `exhibitors/${exhibitor.user.id}`, {
      ...(await exhibitorForm({ ctx, organiser })),
      email: exhibitor.user.email,
      phone: exhibitor.user.phone,
      company: 'Nouveau Nom SA',
      gateId: hall!.id,
      booth: 'D-40',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ company: 'Nouveau Nom SA', gate: hall!.name, booth: 'D-40' });
    const [reg] = await ctx.db.select().from(registrations).where(eq(registrations.id, collaborator.registration.id));
    expect(reg).toMatchObject({ gateId: hall!.id, booth: 'D-40' });
    const [staff] = await ctx.db.select().from(users).where(eq(users.id, collaborator.user.id));
    expect(staff!.company).toBe('Nouveau Nom SA');
  });

  it('an organiser who corrects an exhibitor’s e-mail closes the links and sessions of the former address, so its mailbox cannot take the account over', async () => {
    const mailbox = createMailbox(ctx.db);
    const former = `typo-${randomUUID()}@wrong.example`;
    const exhibitor = await createExhibitor(ctx.db, { email: former });
    const session = await login(ctx.app, former);
    // Whoever reads the mistyped mailbox asks for a link, and the exhibitor had asked to move to a third address.
    await call(ctx.app, 'POST', 'auth/forgot-password', { body: { email: former } });
    const oldLink = setPasswordSecret(await mailbox.lastText(former))!;
    expect(oldLink).toBeTruthy();
    const [change] = await ctx.db
      .insert(emailChanges)
      .values({
        userId: exhibitor.user.id,
        email: `third-${randomUUID()}@example.com`,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();

    const corrected = `real-${randomUUID()}@example.com`;
    const res = await admin('PUT', `exhibitors/${exhibitor.user.id}`, {
      ...(await exhibitorForm({ ctx, organiser })),
      email: corrected,
      phone: exhibitor.user.phone,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: corrected });

    const reset = await call(ctx.app, 'POST', 'auth/reset-password', {
      body: { token: oldLink, password: 'Attacker-Pass1!' },
    });
    expect(reset.json()).toMatchObject({
      error: {
        status: 400,
        message: 'Ce lien n’est plus valide. Demandez un nouveau lien depuis « Mot de passe oublié ? ».',
      },
    });
    const intruder = await call(ctx.app, 'POST', 'auth/local', {
      body: { identifier: corrected, password: 'Attacker-Pass1!' },
    });
    expect(intruder.statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', 'users/me', { token: session })).statusCode).toBe(401);
    const [pending] = await ctx.db.select().from(emailChanges).where(eq(emailChanges.id, change!.id));
    expect(pending!.usedAt).not.toBeNull();
    // The exhibitor signs in with the corrected address and its own password.
    expect((await login(ctx.app, corrected)).length).toBeGreaterThan(20);
  });

  it('an organiser who edits an exhibitor without changing its e-mail leaves its session and links open', async () => {
    const mailbox = createMailbox(ctx.db);
    const exhibitor = await createExhibitor(ctx.db, { email: `same-${randomUUID()}@example.com` });
    const session = await login(ctx.app, exhibitor.user.email);
    await call(ctx.app, 'POST', 'auth/forgot-password', { body: { email: exhibitor.user.email } });
    const link = setPasswordSecret(await mailbox.lastText(exhibitor.user.email))!;

    const res = await admin('PUT', `exhibitors/${exhibitor.user.id}`, {
      ...(await exhibitorForm({ ctx, organiser })),
      email: exhibitor.user.email.toUpperCase(),
      phone: exhibitor.user.phone,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(ctx.app, 'GET', 'users/me', { token: session })).statusCode).toBe(200);
    const reset = await call(ctx.app, 'POST', 'auth/reset-password', {
      body: { token: link, password: 'Nouveau-Secret-2025' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('deactivating ends the sign-in and sessions of the exhibitor and its collaborators, revokes their badges and keeps their data; reactivating restores it', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    const collaborator = await createCollaborator(ctx.db, exhibitor);
    const session = await login(ctx.app, exhibitor.user.email);

    const res = await admin('POST', `exhibitors/${exhibitor.user.id}/deactivate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'deactivated', collaborators: 1 });
    expect((await call(ctx.app, 'GET', 'users/me', { token: session })).statusCode).toBe(401);
    for (const email of [exhibitor.user.email, collaborator.user.email]) {
      const attempt = await call(ctx.app, 'POST', 'auth/local', {
        body: { identifier: email, password: 'Secret-2024!' },
      });
      expect(attempt.statusCode).toBe(400);
    }
    const regs = await ctx.db.select().from(registrations);
    for (const id of [exhibitor.registration.id, collaborator.registration.id]) {
      expect(regs.find((r) => r.id === id)!.revokedAt).not.toBeNull();
    }
    expect((await directoryCompanies()).map((d) => d.company)).not.toContain(exhibitor.user.company);
    const listed = await admin('GET', `exhibitors?${filter({ status: 'deactivated' })}`);
    expect(listed.json<{ id: number }[]>().map((r) => r.id)).toContain(exhibitor.user.id);

    const back = await admin('POST', `exhibitors/${exhibitor.user.id}/reactivate`);
    expect(back.json()).toMatchObject({ status: 'confirmed' });
    expect((await login(ctx.app, collaborator.user.email)).length).toBeGreaterThan(20);
    expect((await directoryCompanies()).map((d) => d.company)).toContain(exhibitor.user.company);
  });

  it('reactivating leaves an erased collaborator blocked with the badge revoked', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    const kept = await createCollaborator(ctx.db, exhibitor);
    const erased = await createCollaborator(ctx.db, exhibitor);
    await admin('POST', `exhibitors/${exhibitor.user.id}/deactivate`);
    await ctx.db.update(users).set({ anonymisedAt: new Date() }).where(eq(users.id, erased.user.id));

    await admin('POST', `exhibitors/${exhibitor.user.id}/reactivate`);
    const [erasedUser] = await ctx.db.select().from(users).where(eq(users.id, erased.user.id));
    expect(erasedUser!.blocked).toBe(true);
    const regs = await ctx.db.select().from(registrations);
    expect(regs.find((r) => r.id === erased.registration.id)!.revokedAt).not.toBeNull();
    expect(regs.find((r) => r.id === kept.registration.id)!.revokedAt).toBeNull();
  });

  it('shows each collaborator with its own scans, and the exhibitor with its team’s', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    const collaborator = await createCollaborator(ctx.db, exhibitor, { name: 'Zoé Scanneuse' });
    await createCollaborator(ctx.db, exhibitor, { name: 'Yanis Sans Scan' });
    const visitors = await Promise.all([1, 2, 3].map(() => createVisitor(ctx.db)));
    const scan = (scannerId: number, scannedId: number) => ({
      clientId: randomUUID(),
      eventId: DEMO_EDITION_ID,
      scannerId,
      exhibitorId: exhibitor.user.id,
      scannedId,
      typeScanned: 'visitor' as const,
      scanDay: '2024-05-29',
    });
    await ctx.db
      .insert(scans)
      .values([
        ...visitors.map((v) => scan(collaborator.user.id, v.user.id)),
        scan(exhibitor.user.id, visitors[0]!.user.id),
      ]);
    const res = await admin('GET', `exhibitors/${exhibitor.user.id}`);
    const record = res.json<{ scans: number; collaboratorList: { name: string; scans: number }[] }>();
    expect(record.scans).toBe(4);
    expect(record.collaboratorList.map((c) => [c.name, c.scans])).toEqual([
      ['Yanis Sans Scan', 0],
      ['Zoé Scanneuse', 3],
    ]);
  });

  it('takes % and _ in a search as the characters themselves', async () => {
    await createExhibitor(ctx.db, { company: 'Ciment 100% Recherche' });
    await createExhibitor(ctx.db, { company: 'Ciment 1000 Recherche' });
    const res = await admin('GET', `exhibitors?${filter({ q: '100% Rech' })}`);
    expect(res.json<{ company: string }[]>().map((r) => r.company)).toEqual(['Ciment 100% Recherche']);
    const underscore = await admin('GET', `exhibitors?${filter({ q: 'Ciment 10_0' })}`);
    expect(underscore.json<unknown[]>()).toHaveLength(0);
  });

  it('finds exhibitors by company and by hall, and refuses an unknown status filter', async () => {
    const exhibitor = await createExhibitor(ctx.db, { company: 'Zellige Recherche Unique' });
    const byName = await admin('GET', `exhibitors?${filter({ q: 'zellige recherche' })}`);
    expect(byName.json<{ company: string }[]>().map((r) => r.company)).toEqual(['Zellige Recherche Unique']);
    const byHall = await admin('GET', `exhibitors?${filter({ gateId: exhibitor.gate.id, q: 'Zellige' })}`);
    expect(byHall.json<unknown[]>()).toHaveLength(1);
    const bad = await admin('GET', `exhibitors?${filter({ status: 'ancien' })}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { message: string } }>().error.message).toBe(
      'Filtre status : pending, confirmed, deactivated.',
    );
  });
});

describe('Following up enquiries', () => {
  it('keeps a status and notes, and never takes a converted enquiry back', async () => {
    const c = { ctx, organiser };
    const id = await freshEnquiry(c);
    const res = await admin('PUT', `enquiries/${id}`, { status: 'contacte', notes: 'Rappeler lundi' });
    expect(res.json()).toMatchObject({ status: 'contacte', notes: 'Rappeler lundi' });
    const list = await admin('GET', `enquiries?${filter({ status: 'contacte' })}`);
    expect(list.json<{ id: number }[]>().map((r) => r.id)).toContain(id);

    await admin('POST', 'exhibitors', { ...(await exhibitorForm(c)), enquiryId: id });
    const back = await admin('PUT', `enquiries/${id}`, { status: 'nouveau' });
    expect(back.statusCode).toBe(400);
    const [row] = await ctx.db.select().from(demandesExposants).where(eq(demandesExposants.id, id));
    expect(row!.status).toBe('converti');
    expect((await admin('PUT', `enquiries/${id}`, { status: 'perdu' })).statusCode).toBe(400);
  });
});
