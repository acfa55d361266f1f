import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import {
  auditLog,
  collaboratorInvitations,
  halls,
  mailOutbox,
  participationInvitations,
  registrations,
  scans,
  users,
} from '../../db/schema';
import type { MailMessage } from '../mail/transport';
import { deliverOutbox } from '../mail/mail.test-support';
import { participationConfirmedMail } from '../mail/edition-mails';
import { loadEvent } from '../show/edition';
import {
  call,
  createCollaborator,
  createExhibitor,
  createTestApp,
  createUser,
  createVisitor,
  login,
  PASSWORD,
  signSession,
  type TestContext,
} from '../../../test/helper';
import type { Exhibitor } from '../../../test/fixtures';

/**
 * Exhibitors from one edition to the next: the organiser invites 2024's
 * confirmed exhibitors to the current edition; one confirms from the mailed link, the organiser
 * confirms it, it signs in with its account of 2024, takes its collaborators along and still
 * reads its 2024 scans under an edition switch.
 */

let ctx: TestContext;
let organiser: string;
let returning: Exhibitor;
let team: Awaited<ReturnType<typeof createCollaborator>>;
const delivered: MailMessage[] = [];
type Reply<T> = { data: T };
type Sent = { invited: number };
let nextId: number;

const admin = (method: 'GET' | 'POST', url: string, token = organiser) =>
  call(ctx.app, method, `admin/${url}`, { token });
const sendMail = async () => void delivered.push(...(await deliverOutbox(ctx.db)));
const secretSentTo = (email: string) => {
  const mail = delivered.findLast((m) => m.to === email && /confirmer-participation/.test(m.text));
  return /confirmer-participation\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
};
const signInAnswer = (email: string) =>
  call(ctx.app, 'POST', 'auth/local', { body: { identifier: email, password: PASSWORD } });

beforeAll(async () => {
  ctx = await createTestApp();
  const staff = await createUser(ctx.db, { type: 'organiser', password: PASSWORD });
  organiser = await signSession(staff.id, staff.tokenVersion);
  returning = await createExhibitor(ctx.db, { company: 'Béton Atlas', name: 'Karim Atlas' });
  team = await createCollaborator(ctx.db, returning, { name: 'Salma Atlas', jobPosition: 'Commerciale' });
  // Not invited: pending in 2024, deactivated since.
  const pending = await createExhibitor(ctx.db, { company: 'Jamais confirmé' });
  await ctx.db.update(registrations).set({ confirmed: false }).where(eq(registrations.id, pending.registration.id));
  await createExhibitor(ctx.db, { company: 'Désactivé', blocked: true });
  // A badge Béton Atlas scanned at its 2024 stand.
  const visitor = await createVisitor(ctx.db, { name: 'Visiteur de 2024' });
  await ctx.db.insert(scans).values({
    clientId: crypto.randomUUID(),
    eventId: DEMO_EDITION_ID,
    scannerId: returning.user.id,
    exhibitorId: returning.user.id,
    scannedId: visitor.user.id,
    typeScanned: 'visitor',
    scanDay: '2024-05-30',
  });
  // 2026 prepared from 2024 and made current, as in the back-office.
  const next = await call(ctx.app, 'POST', `admin/editions/${DEMO_EDITION_ID}/next`, {
    token: organiser,
    body: { name: '7e édition', startsOn: '2026-06-02', endsOn: '2026-06-05', city: 'Marrakech', halls: true },
  });
  expect(next.statusCode, next.body).toBe(201);
  nextId = next.json<{ id: number }>().id;
  expect((await admin('POST', `editions/${nextId}/make-current`)).statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe("'Inviter les exposants de 2024'", () => {
  it('tells the organiser how many of 2024’s confirmed exhibitors would be invited, the pending and deactivated ones left out', async () => {
    const plan = await admin('GET', `editions/${DEMO_EDITION_ID}/invite-exhibitors`);
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json<unknown>()).toEqual({ year: 2024, toInvite: 1, invited: 0 });
  });

  it('is refused from the current edition or a later one, for an unknown one, and to anyone but an organiser', async () => {
    const fromCurrent = await admin('POST', `editions/${nextId}/invite-exhibitors`);
    expect(fromCurrent.statusCode).toBe(400);
    expect(fromCurrent.json<unknown>()).toMatchObject({
      error: { details: { errors: [{ path: ['params', 'id'], message: 'invitingCurrentEdition' }] } },
    });
    // An edition prepared after the current one is no past edition either, and the back-office knows it.
    const later = await call(ctx.app, 'POST', `admin/editions/${nextId}/next`, {
      token: organiser,
      body: { name: '8e édition', startsOn: '2028-06-02', endsOn: '2028-06-05', city: 'Marrakech', halls: false },
    });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json<unknown>()).toMatchObject({ latest: true, beforeCurrent: false });
    expect((await admin('GET', `editions/${DEMO_EDITION_ID}/invite-exhibitors`)).statusCode).toBe(200);
    expect(
      (await admin('GET', `editions/${later.json<{ id: number }>().id}/invite-exhibitors`)).json<unknown>(),
    ).toMatchObject({
      error: { message: 'Choisissez une édition passée : ses exposants sont invités à l’édition en cours.' },
    });
    expect((await admin('GET', `editions/${DEMO_EDITION_ID}`)).json<unknown>()).toMatchObject({
      latest: false,
      beforeCurrent: true,
    });
    expect((await admin('POST', 'editions/9999/invite-exhibitors')).statusCode).toBe(404);
    const controller = await createUser(ctx.db, { type: 'controller', password: PASSWORD });
    const staff = await signSession(controller.id, controller.tokenVersion);
    expect((await admin('POST', `editions/${DEMO_EDITION_ID}/invite-exhibitors`, staff)).statusCode).toBe(403);
    // A 2024 exhibitor's session opened before the switch ended with it.
    const before = await signSession(returning.user.id, returning.user.tokenVersion);
    expect((await call(ctx.app, 'GET', 'users/me', { token: before })).statusCode).toBe(401);
    expect(await ctx.db.select().from(participationInvitations)).toEqual([]);
  });

  it('mails each of them once, even when two organisers send it at the same moment, and is audited', async () => {
    const [first, second] = await Promise.all([
      admin('POST', `editions/${DEMO_EDITION_ID}/invite-exhibitors`),
      admin('POST', `editions/${DEMO_EDITION_ID}/invite-exhibitors`),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.json<Sent>().invited, second.json<Sent>().invited].sort()).toEqual([0, 1]);
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'participationInvitation'));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [returning.user.email, 'Exposez à nouveau en 2026 — Salon International du Bâtiment 2026'],
    ]);
    expect(mails[0]!.text).toContain('Béton Atlas a exposé au Salon International du Bâtiment 2024');
    expect(mails[0]!.text).toContain('du 2 au 5 juin 2026 à Marrakech');
    expect(mails[0]!.text).toContain('confirmer-participation?token=[lien masqué / link redacted]');
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'POST /admin/editions/:id/invite-exhibitors'));
    expect(audit.map((a) => a.after)).toContainEqual({ year: 2024, invited: 1, postponed: 0 });
    expect((await admin('GET', `editions/${DEMO_EDITION_ID}/invite-exhibitors`)).json<unknown>()).toEqual({
      year: 2024,
      toInvite: 0,
      invited: 1,
    });
  });
});

describe('the returning exhibitor', () => {
  it('cannot sign in to 2026’s area before it is confirmed for it', async () => {
    const answer = await signInAnswer(returning.user.email);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<unknown>()).toMatchObject({ error: { message: 'Invalid identifier or password' } });
  });

  it('finds its details on the page of the link and a refusal for a wrong one', async () => {
    await sendMail();
    const secret = secretSentTo(returning.user.email);
    expect(secret).toMatch(/^[\w-]{40,}$/);
    const view = await call(ctx.app, 'POST', 'participation/view', { body: { token: secret } });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<Reply<unknown>>().data).toEqual({
      name: 'Karim Atlas',
      email: returning.user.email,
      phone: returning.user.phone,
      company: 'Béton Atlas',
      jobPosition: null,
      edition: { year: 2026, startsOn: '2026-06-02', endsOn: '2026-06-05', city: 'Marrakech' },
      // The 2026 sale is not open: no stand is kept.
      kept: null,
    });
    const wrong = await call(ctx.app, 'POST', 'participation/view', { body: { token: `${secret}x` } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<unknown>()).toMatchObject({ error: { details: { code: 'invalidParticipation' } } });
  });

  it('is told under each field what is wrong, and nothing is saved', async () => {
    const secret = secretSentTo(returning.user.email);
    const bad = await call(ctx.app, 'POST', 'participation/confirm', {
      body: { token: secret, name: ' ', phone: '0600000000', company: 'https://pub.example' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { details: { errors: unknown } } }>().error.details.errors).toEqual([
      { path: ['body', 'name'], message: 'required' },
      { path: ['body', 'company'], message: 'noLink' },
    ]);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, returning.user.id));
    expect(after!.company).toBe('Béton Atlas');
  });

  it('confirms its participation once, with its details corrected, and waits for the organiser', async () => {
    const secret = secretSentTo(returning.user.email);
    const body = {
      token: secret,
      name: 'Karim Atlas',
      phone: '+212 600 000 001',
      company: 'Béton Atlas SA',
      jobPosition: 'Directeur',
    };
    const [first, again] = await Promise.all([
      call(ctx.app, 'POST', 'participation/confirm', { body }),
      call(ctx.app, 'POST', 'participation/confirm', { body }),
    ]);
    expect([first.statusCode, again.statusCode].sort()).toEqual([200, 400]);
    const mine = await ctx.db
      .select({ eventId: registrations.eventId, confirmed: registrations.confirmed })
      .from(registrations)
      .where(and(eq(registrations.userId, returning.user.id), eq(registrations.type, 'exhibitor')))
      .orderBy(asc(registrations.eventId));
    expect(mine).toEqual([
      { eventId: DEMO_EDITION_ID, confirmed: true },
      { eventId: nextId, confirmed: false },
    ]);
    const [person] = await ctx.db.select().from(users).where(eq(users.id, returning.user.id));
    expect(person).toMatchObject({ company: 'Béton Atlas SA', jobPosition: 'Directeur', phone: '+212 600 000 001' });
    // Its collaborators carry its company.
    const [member] = await ctx.db.select().from(users).where(eq(users.id, team.user.id));
    expect(member!.company).toBe('Béton Atlas SA');
    expect((await signInAnswer(returning.user.email)).statusCode).toBe(400);
    const pending = await admin('GET', `exhibitors/${returning.user.id}`);
    expect(pending.json<unknown>()).toMatchObject({ company: 'Béton Atlas SA', status: 'pending' });
  });

  it('once given a hall and a stand and confirmed, is told where it stands and to sign in with its account, no new password link, and reaches 2026’s area', async () => {
    const [hall] = await ctx.db.select().from(halls).where(eq(halls.eventId, nextId)).orderBy(halls.position).limit(1);
    const placed = await call(ctx.app, 'PUT', `admin/exhibitors/${returning.user.id}`, {
      token: organiser,
      body: {
        company: 'Béton Atlas SA',
        name: 'Karim Atlas',
        email: returning.user.email,
        phone: '+212 600 000 001',
        gateId: hall!.id,
        booth: 'B-07',
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await admin('POST', `exhibitors/${returning.user.id}/confirm`)).statusCode).toBe(200);
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, returning.user.email));
    const last = mails.at(-1)!;
    expect(last).toMatchObject({
      kind: 'participationConfirmed',
      subject: 'Votre participation est confirmée — Salon International du Bâtiment 2026',
      link: null,
    });
    expect(last.text).toContain(`Votre emplacement : ${hall!.name}, stand B-07.`);
    expect(last.text).toContain('avec votre adresse e-mail et votre mot de passe habituels');
    // In English, as an exhibitor whose language is English reads it.
    const show = await loadEvent(ctx.db);
    const english = participationConfirmedMail('en', {
      name: 'Karim',
      show,
      signInUrl: '/login',
      hall: hall!.name,
      booth: 'B-07',
    });
    expect(english.text).toContain(`Your place: ${hall!.name}, stand B-07.`);
    const answer = await signInAnswer(returning.user.email);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ user: unknown }>().user).toMatchObject({
      company: 'Béton Atlas SA',
      numero_stand: 'B-07',
      hall: hall!.name,
    });
  });
});

describe("'Reprendre mes collaborateurs de 2024'", () => {
  let token: string;
  beforeAll(async () => {
    token = await login(ctx.app, returning.user.email);
  });

  it('starts 2026 with an empty team, offers 2024’s, and its collaborators of 2024 cannot sign in yet', async () => {
    const list = await call(ctx.app, 'GET', `users?filters[exhibitor][id]=${returning.user.id}`, { token });
    expect(list.json<Reply<unknown>>().data).toEqual([]);
    const offer = await call(ctx.app, 'GET', 'collaborators/former-team', { token });
    expect(offer.json<Reply<unknown>>().data).toEqual({
      year: 2024,
      collaborators: [{ id: team.user.id, name: 'Salma Atlas', jobPosition: 'Commerciale' }],
    });
    expect((await signInAnswer(team.user.email)).statusCode).toBe(400);
  });

  it('invites them again, once, and they join 2026’s team when they accept', async () => {
    const [first, second] = await Promise.all([
      call(ctx.app, 'POST', 'collaborators/former-team', { token }),
      call(ctx.app, 'POST', 'collaborators/former-team', { token }),
    ]);
    expect([first.json<Reply<Sent>>().data.invited, second.json<Reply<Sent>>().data.invited].sort()).toEqual([0, 1]);
    const invitations = await ctx.db
      .select()
      .from(collaboratorInvitations)
      .where(eq(collaboratorInvitations.userId, team.user.id));
    expect(invitations).toHaveLength(1);
    expect(
      (await call(ctx.app, 'GET', 'collaborators/former-team', { token })).json<Reply<{ collaborators: unknown[] }>>()
        .data.collaborators,
    ).toEqual([]);
    const list = await call(ctx.app, 'GET', 'users', { token });
    expect(list.json<Reply<unknown>>().data).toMatchObject([{ name: 'Salma Atlas', invitation: { expired: false } }]);

    await sendMail();
    const mail = delivered.findLast((m) => m.to === team.user.email)!;
    const secret = /invitation-collaborateur\?token=([\w-]+)/.exec(mail.text)![1]!;
    const accepted = await call(ctx.app, 'POST', 'collaborator-invitations/accept', { body: { token: secret } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await signInAnswer(team.user.email)).statusCode).toBe(200);
    const after = await call(ctx.app, 'GET', 'users', { token });
    expect(after.json<Reply<unknown>>().data).toMatchObject([
      { id: team.user.id, name: 'Salma Atlas', invitation: null },
    ]);
  });

  it('is an exhibitor’s alone', async () => {
    const member = await login(ctx.app, team.user.email);
    expect((await call(ctx.app, 'GET', 'collaborators/former-team', { token: member })).statusCode).toBe(403);
    expect((await call(ctx.app, 'POST', 'collaborators/former-team', { token: member })).statusCode).toBe(403);
    expect((await call(ctx.app, 'POST', 'collaborators/former-team')).statusCode).toBe(401);
  });
});

describe("'Mes scans' of a past edition", () => {
  let token: string;
  beforeAll(async () => {
    token = await login(ctx.app, returning.user.email);
  });

  it('shows 2026’s scans by default and 2024’s under the edition switch', async () => {
    const editions = await call(ctx.app, 'GET', 'scans/editions', { token });
    expect(editions.json<Reply<unknown>>().data).toEqual([
      { year: 2026, current: true },
      { year: 2024, current: false },
    ]);
    const now = await call(ctx.app, 'GET', `scans?filters[scanner][id]=${returning.user.id}`, { token });
    expect(now.json<unknown>()).toMatchObject({ data: [], meta: { pagination: { total: 0 } } });
    const then = await call(ctx.app, 'GET', `scans?filters[scanner][id]=${returning.user.id}&edition=2024`, { token });
    expect(then.json<Reply<{ person: { name: string } }[]>>().data.map((s) => s.person.name)).toEqual([
      'Visiteur de 2024',
    ]);
    expect(then.json<{ meta: { pagination: { total: number } } }>().meta.pagination.total).toBe(1);
    const file = await call(ctx.app, 'GET', 'scans/export?table=scansExposant&edition=2024', { token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('SCANS.xlsx');
  });

  it('answers a year without an edition with a 404, and never another exhibitor’s scans', async () => {
    expect((await call(ctx.app, 'GET', 'scans?edition=1999', { token })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', 'scans?edition=20x4', { token })).statusCode).toBe(404);
    const other = await createExhibitor(ctx.db);
    await ctx.db
      .insert(registrations)
      .values({ eventId: nextId, userId: other.user.id, type: 'exhibitor', confirmed: true });
    const theirs = await login(ctx.app, other.user.email);
    const read = await call(ctx.app, 'GET', 'scans?edition=2024', { token: theirs });
    expect(read.json<unknown>()).toMatchObject({ data: [], meta: { pagination: { total: 0 } } });
    expect((await call(ctx.app, 'GET', 'scans/editions', { token: theirs })).json<Reply<unknown>>().data).toEqual([
      { year: 2026, current: true },
    ]);
  });
});
