import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { queryRows } from '../../db/client';
import { registrations, users } from '../../db/schema';
import { createExhibitor, createUser, createVisitor } from '../../../test/fixtures';
import {
  ageMails,
  ctx,
  type ErrorBody,
  fieldErrors,
  mailsTo,
  post,
  useRegistrationScene,
  visitor,
} from './registration.test-support';

/**
 * The visitor's registration form (visiteurs/putVisitor and auth/local/register): one person and
 * one badge per address, whoever already holds it (the exhibitor enquiry:
 * exhibitor-enquiries.test.ts; the newsletter: newsletters.test.ts).
 */

useRegistrationScene();

const ALREADY_FR = 'Cette adresse e-mail est déjà enregistrée : un e-mail vous a été envoyé à cette adresse.';
const registrationsOf = async (userId: number) =>
  (await ctx.db.select().from(registrations).where(eq(registrations.userId, userId)).orderBy(registrations.id)).map(
    (r) => [r.type, r.revokedAt && 'revoked'],
  );

describe('POST visiteurs/putVisitor', () => {
  it('creates the visitor, a confirmed visitor registration for event 7 and queues the badge mail', async () => {
    const res = await post('visiteurs/putVisitor', { data: { ...visitor('salma@example.com'), eBadge: true } });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json<{ data: { registration: { id: number }; badgeUrl: string } }>();
    expect(data.badgeUrl).toMatch(
      new RegExp(`^/backend/api/registrations/downloadEbadgeFull/${data.registration.id}\\?token=`),
    );

    const [person] = await ctx.db.select().from(users).where(eq(users.email, 'salma@example.com'));
    expect(person).toMatchObject({
      type: 'visitor',
      roleId: 1,
      name: 'Salma Idrissi',
      company: 'Idrissi Architecture',
      jobPosition: 'Architecte',
      passwordHash: '',
      confirmed: true,
      language: 'fr',
    });
    const [registration] = await ctx.db.select().from(registrations).where(eq(registrations.userId, person!.id));
    expect(registration).toMatchObject({
      eventId: DEMO_EDITION_ID,
      type: 'visitor',
      confirmed: true,
      id: data.registration.id,
    });
    const mails = await mailsTo('salma@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: 'Votre badge — Salon International du Bâtiment 2024',
      status: 'pending',
      attachments: [{ kind: 'badge', registrationId: registration!.id }],
    });
    expect(mails[0]!.text).toContain('du 29 mai au 1er juin 2024 à Marrakech');
    expect(mails[0]!.html).toContain('https://salon.example/ebadge?token=');
    // Whoever typed the address also typed the name: the mail does not say it.
    expect(mails[0]!.text).toMatch(/^Bonjour,\n/);
    expect(mails[0]!.text).not.toContain('Salma Idrissi');
  });

  it('ignores role, type, confirmed, password and event sent by the client', async () => {
    const res = await post('visiteurs/putVisitor', {
      data: {
        ...visitor('sneaky@example.com'),
        role: 3,
        type: 'exhibitor',
        confirmed: false,
        password: 'choisi-par-moi',
        username: 'admin',
        event: 1,
        provider: 'google',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [person] = await ctx.db.select().from(users).where(eq(users.email, 'sneaky@example.com'));
    expect(person).toMatchObject({
      type: 'visitor',
      roleId: 1,
      passwordHash: '',
      username: 'sneaky@example.com',
      provider: 'local',
    });
    const regs = await ctx.db.select().from(registrations).where(eq(registrations.userId, person!.id));
    expect(regs.map((r) => [r.eventId, r.type, r.confirmed])).toEqual([[DEMO_EDITION_ID, 'visitor', true]]);
  });

  it('writes the mails in English for a registration made in English, its links to the English pages', async () => {
    const res = await post('visiteurs/putVisitor', { data: { ...visitor('john@example.com'), lang: 'en' } });
    expect(res.statusCode).toBe(201);
    const [mail] = await mailsTo('john@example.com');
    expect(mail!.subject).toBe('Your badge — International Building Show 2024');
    expect(mail!.text).toContain('from 29 May to 1 June 2024 in Marrakech');
    expect(mail!.text).toMatch(/^Show my badge: https:\/\/salon\.example\/ebadge\?token=[\w-]+&lang=en$/m);
    expect(mail!.html).toMatch(/href="https:\/\/salon\.example\/ebadge\?token=[\w-]+&amp;lang=en"/);
    expect(mail!.text).toMatch(/\n—\nInternational Building Show\n/);
  });

  it('checks every field with the form’s messages', async () => {
    const res = await post('visiteurs/putVisitor', {
      data: { name: '   ', email: 'pas-un-email', phone: ' ', company: '', jobPosition: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json<ErrorBody>())).toEqual({
      name: 'required',
      email: 'email',
      phone: 'required',
    });
    const empty = await post('visiteurs/putVisitor', { data: visitor('') });
    expect(fieldErrors(empty.json<ErrorBody>())).toEqual({ email: 'required' });
  });

  it('registers a body that says consent: false, as one without it, and keeps nothing about consent (decision 049)', async () => {
    const res = await post('visiteurs/putVisitor', { data: { ...visitor('sans-case@example.com'), consent: false } });
    expect(res.statusCode, res.body).toBe(201);
    const [person] = await ctx.db.select().from(users).where(eq(users.email, 'sans-case@example.com'));
    expect(person).toMatchObject({ type: 'visitor', name: 'Salma Idrissi', confirmed: true });
    expect(await registrationsOf(person!.id)).toEqual([['visitor', null]]);
    expect(await mailsTo('sans-case@example.com')).toHaveLength(1);
    // No table has anywhere to put it: a scan, with its time and exhibitor, is the agreement.
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      ctx.db,
      sql`select table_name, column_name from information_schema.columns
          where table_schema not in ('pg_catalog', 'information_schema') and column_name ilike '%consent%'`,
    );
    expect(columns).toEqual([]);
  });

  it('refuses a link or an address in the name, company or position: the badge would carry it to the typed address', async () => {
    const res = await post('visiteurs/putVisitor', {
      data: {
        ...visitor('leurre@example.com'),
        name: 'Votre badge est suspendu, régularisez sur https://evil.example',
        company: 'www.evil.example',
        jobPosition: 'écrivez à support@evil.example',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json<ErrorBody>())).toEqual({ name: 'noLink', company: 'noLink', jobPosition: 'noLink' });
    expect(await ctx.db.select().from(users).where(eq(users.email, 'leurre@example.com'))).toEqual([]);
    expect(await mailsTo('leurre@example.com')).toEqual([]);
  });

  it('never creates a second person: the same address again is a 400 and the badge is mailed again', async () => {
    expect((await post('visiteurs/putVisitor', { data: visitor('karim@example.com') })).statusCode).toBe(201);
    const again = await post('visiteurs/putVisitor', {
      data: { ...visitor('  KARIM@Example.com '), name: 'Autre Nom' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorBody>().error.message).toBe(ALREADY_FR);
    const people = await ctx.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'karim@example.com'`);
    expect(people.map((p) => p.name)).toEqual(['Salma Idrissi']);
    const regs = await ctx.db.select().from(registrations).where(eq(registrations.userId, people[0]!.id));
    expect(regs).toHaveLength(1);
    // The first registration's mail, then the one sent again.
    expect(await mailsTo('karim@example.com')).toHaveLength(2);
  });

  it('mails the badge again at most once every few minutes, whatever the number of attempts', async () => {
    await post('visiteurs/putVisitor', { data: visitor('once@example.com') });
    for (let i = 0; i < 3; i++)
      expect((await post('visiteurs/putVisitor', { data: visitor('once@example.com') })).statusCode).toBe(400);
    // The registration's mail, and one more; not four.
    expect(await mailsTo('once@example.com')).toHaveLength(2);
  });

  it('answers an exhibitor who registers as a visitor as already registered, with its own badge mailed', async () => {
    const exhibitor = await createExhibitor(ctx.db, { email: 'stand@example.com' });
    const res = await post('visiteurs/putVisitor', { data: visitor('stand@example.com') });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.message).toBe(ALREADY_FR);
    const [mail] = await mailsTo('stand@example.com');
    expect(mail!.attachments).toEqual([{ kind: 'badge', registrationId: exhibitor.registration.id }]);
    expect(await registrationsOf(exhibitor.user.id)).toEqual([['exhibitor', null]]);
  });

  it('answers in English when the form was in English', async () => {
    await post('visiteurs/putVisitor', { data: visitor('twice-en@example.com') });
    const res = await post('visiteurs/putVisitor', { data: { ...visitor('twice-en@example.com'), lang: 'en' } });
    expect(res.json<ErrorBody>().error.message).toBe(
      'This e-mail address is already registered: an e-mail has been sent to you at this address.',
    );
  });
});

describe('POST visiteurs/putVisitor with the address of an existing account', () => {
  /** The answer of a known address: the duplicate's 400, and no link to anyone's badge. */
  const expectKnownAnswer = (res: Awaited<ReturnType<typeof post>>) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorBody>().error).toMatchObject({ status: 400, name: 'ValidationError', message: ALREADY_FR });
    expect(res.body).not.toContain('badgeUrl');
    expect(res.body).not.toContain('downloadEbadgeFull');
  };

  it('an organiser’s address gets the duplicate answer, no registration, and a notice at its own address', async () => {
    const organiser = await createUser(ctx.db, { type: 'organiser', email: 'orga.staff@example.com', name: 'Orga' });
    const res = await post('visiteurs/putVisitor', { data: { ...visitor(' Orga.Staff@EXAMPLE.com'), name: 'Intrus' } });
    expectKnownAnswer(res);
    expect(await registrationsOf(organiser.id)).toEqual([]);
    const mails = await mailsTo('orga.staff@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: 'Inscription visiteur — Salon International du Bâtiment 2024',
      attachments: null,
      kind: 'registration',
    });
    expect(mails[0]!.text).toContain('compte de l’équipe du salon');
    expect(mails[0]!.text).toContain('aucun badge n’a été créé');
    expect(mails[0]!.text).not.toContain('Intrus');
    const [after] = await ctx.db.select().from(users).where(eq(users.id, organiser.id));
    expect(after).toMatchObject({ type: 'organiser', name: 'Orga' });
  });

  it('a controller’s address gets the same answer, no registration, and the notice in the controller’s language', async () => {
    const controller = await createUser(ctx.db, {
      type: 'controller',
      email: 'gate.staff@example.com',
      language: 'en',
    });
    expectKnownAnswer(await post('visiteurs/putVisitor', { data: visitor('gate.staff@example.com') }));
    expect(await registrationsOf(controller.id)).toEqual([]);
    const [mail, ...more] = await mailsTo('gate.staff@example.com');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Visitor registration — International Building Show 2024');
    expect(mail!.text).toContain('show staff account');
  });

  it('a conference attendee’s address gets the duplicate answer; the visitor badge goes to that address only', async () => {
    const signUp = await post('conferences/1/registrations', {
      data: { name: 'Nadia Forum', email: 'nadia@example.com', phone: '0600000000' },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const [nadia] = await ctx.db.select().from(users).where(eq(users.email, 'nadia@example.com'));
    const res = await post('visiteurs/putVisitor', { data: { ...visitor('nadia@example.com'), name: 'Intrus' } });
    expectKnownAnswer(res);
    expect(await registrationsOf(nadia!.id)).toEqual([
      ['others', null],
      ['visitor', null],
    ]);
    const [visitorRegistration] = await ctx.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.userId, nadia!.id), eq(registrations.type, 'visitor')));
    const [mail, ...more] = await mailsTo('nadia@example.com');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      subject: 'Votre badge — Salon International du Bâtiment 2024',
      attachments: [{ kind: 'badge', registrationId: visitorRegistration!.id }],
    });
    expect(mail!.text).not.toContain('Intrus');
    const [after] = await ctx.db.select().from(users).where(eq(users.id, nadia!.id));
    expect(after!.name).toBe('Nadia Forum');
  });

  it('a former exhibitor’s address gets the duplicate answer; the visitor badge goes to that address only', async () => {
    const former = await createUser(ctx.db, {
      type: 'exhibitor',
      email: 'ancien@example.com',
      name: 'Ancien Exposant',
    });
    expectKnownAnswer(await post('visiteurs/putVisitor', { data: visitor('ancien@example.com') }));
    expect(await registrationsOf(former.id)).toEqual([['visitor', null]]);
    const [mail, ...more] = await mailsTo('ancien@example.com');
    expect(more).toEqual([]);
    expect(mail!.attachments).toEqual([{ kind: 'badge', registrationId: expect.any(Number) as unknown }]);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, former.id));
    expect(after).toMatchObject({ type: 'exhibitor', name: 'Ancien Exposant', company: former.company });
  });

  it('a cancelled visitor gets the duplicate’s answer too; the cancellation is said in the mail to its address', async () => {
    const cancelled = await createVisitor(ctx.db, { email: 'annule@example.com' });
    await ctx.db
      .update(registrations)
      .set({ revokedAt: new Date() })
      .where(eq(registrations.id, cancelled.registration.id));
    expectKnownAnswer(await post('visiteurs/putVisitor', { data: visitor('annule@example.com') }));
    expect(await registrationsOf(cancelled.user.id)).toEqual([['visitor', 'revoked']]);
    const [mail, ...more] = await mailsTo('annule@example.com');
    expect(more).toEqual([]);
    expect(mail!.attachments).toBeNull();
    expect(mail!.text).toContain('Votre inscription a été annulée par l’organisateur');
  });

  it('the same new address sent twice at once makes one person and one badge, and one link', async () => {
    const answers = await Promise.all(
      [1, 2].map(() => post('visiteurs/putVisitor', { data: visitor('duo@example.com') })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(answers.filter((r) => r.body.includes('badgeUrl'))).toHaveLength(1);
    const people = await ctx.db.select().from(users).where(eq(users.email, 'duo@example.com'));
    expect(people).toHaveLength(1);
    expect(await registrationsOf(people[0]!.id)).toEqual([['visitor', null]]);
  });

  it('a known address sent twice at once gets one visitor registration, whose badge goes to that address', async () => {
    const former = await createUser(ctx.db, { type: 'exhibitor', email: 'ancien.duo@example.com' });
    const answers = await Promise.all(
      [1, 2].map(() => post('visiteurs/putVisitor', { data: visitor('ancien.duo@example.com') })),
    );
    for (const res of answers) expectKnownAnswer(res);
    expect(await registrationsOf(former.id)).toEqual([['visitor', null]]);
    const [registration] = await ctx.db.select().from(registrations).where(eq(registrations.userId, former.id));
    // As when sent one after the other: the badge, then the badge again (the ten-minute rule allows two).
    const mails = await mailsTo('ancien.duo@example.com');
    expect(mails.map((m) => m.attachments)).toEqual([
      [{ kind: 'badge', registrationId: registration!.id }],
      [{ kind: 'badge', registrationId: registration!.id }],
    ]);
  });

  it('mails an address at most four times a day from the form, however far apart the attempts', async () => {
    await post('visiteurs/putVisitor', { data: visitor('quatre@example.com') });
    for (let i = 0; i < 6; i++) {
      // Past the ten minutes of the per-badge rule each time.
      await ageMails('quatre@example.com', '11 minutes');
      expectKnownAnswer(await post('visiteurs/putVisitor', { data: visitor('quatre@example.com') }));
    }
    expect(await mailsTo('quatre@example.com')).toHaveLength(4);
    await ageMails('quatre@example.com', '1 day');
    await post('visiteurs/putVisitor', { data: visitor('quatre@example.com') });
    expect(await mailsTo('quatre@example.com')).toHaveLength(5);
  });
});

describe('POST auth/local/register', () => {
  it('does what visiteurs/putVisitor does, with the body not wrapped in data', async () => {
    const res = await post('auth/local/register', {
      ...visitor('register@example.com'),
      username: 'register@example.com',
      password: 'register@example.com',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [person] = await ctx.db.select().from(users).where(eq(users.email, 'register@example.com'));
    expect(person?.passwordHash).toBe('');
    expect(await mailsTo('register@example.com')).toHaveLength(1);
  });
});
