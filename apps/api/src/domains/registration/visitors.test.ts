import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ID } from '@salon/shared';
import { demandesExposants, mailOutbox, newsletters, registrations, users } from '../../db/schema';
import {
  call,
  createExhibitor,
  createTestApp,
  createUser,
  createVisitor,
  type TestContext,
} from '../../../test/helper';

interface ErrorBody {
  error: { status: number; name: string; message: string; details: { errors?: { path: string[]; message: string }[] } };
}

const ORGANISER = 'organisation@salon.example';
let ctx: TestContext;
let address = 0;
const post = (url: string, body: unknown) => call(ctx.app, 'POST', url, { body, remoteAddress: `10.4.0.${++address}` });
const fieldErrors = (body: ErrorBody): Record<string, string> =>
  Object.fromEntries((body.error.details.errors ?? []).map((e) => [e.path.at(-1) ?? '', e.message]));
const mailsTo = (to: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);

const ALREADY_FR = 'Cette adresse e-mail est déjà enregistrée : un e-mail vous a été envoyé à cette adresse.';
/** Makes the mails to an address look older, as if that time had passed. */
const ageMails = (to: string, by: string) =>
  ctx.db.execute(
    sql`update ${mailOutbox} set created_at = created_at - ${by}::interval where lower(${mailOutbox.to}) = ${to}`,
  );
const ackCount = async (to: string) =>
  (
    await ctx.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = ${to}`)
  ).filter((m) => m.subject.startsWith('Votre demande exposant')).length;
const registrationsOf = async (userId: number) =>
  (await ctx.db.select().from(registrations).where(eq(registrations.userId, userId)).orderBy(registrations.id)).map(
    (r) => [r.type, r.revokedAt && 'revoked'],
  );

const visitor = (email: string) => ({
  name: 'Salma Idrissi',
  email,
  phone: '+212 6 61 23 45 67',
  company: 'Idrissi Architecture',
  jobPosition: 'Architecte',
  consent: true,
});

beforeAll(async () => {
  ctx = await createTestApp({ ORGANISER_EMAIL: ORGANISER, PUBLIC_URL: 'https://salon.example' });
});
afterAll(() => ctx.close());

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
      eventId: EVENT_ID,
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
    expect(regs.map((r) => [r.eventId, r.type, r.confirmed])).toEqual([[EVENT_ID, 'visitor', true]]);
  });

  it('writes the mails in English for a registration made in English', async () => {
    const res = await post('visiteurs/putVisitor', { data: { ...visitor('john@example.com'), lang: 'en' } });
    expect(res.statusCode).toBe(201);
    const [mail] = await mailsTo('john@example.com');
    expect(mail!.subject).toBe('Your badge — International Building Exhibition 2024');
    expect(mail!.text).toContain('from 29 May to 1 June 2024 in Marrakech');
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
      consent: 'consent',
    });
    const empty = await post('visiteurs/putVisitor', { data: { ...visitor(''), consent: false } });
    expect(fieldErrors(empty.json<ErrorBody>())).toEqual({ email: 'required', consent: 'consent' });
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
    expect(mail!.subject).toBe('Visitor registration — International Building Exhibition 2024');
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

describe('POST demandes-exposants', () => {
  it('stores the enquiry without an account, mails the organiser and acknowledges to the sender', async () => {
    const res = await post('demandes-exposants', {
      data: {
        nom: 'Youssef Alami',
        email: 'youssef@example.com',
        telephone: '0522000000',
        societe: 'Alami Carrelage',
        secteur_activite: 'Décoration',
        message: 'Nous souhaitons un stand de 18 m².',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.db
      .select()
      .from(demandesExposants)
      .where(eq(demandesExposants.email, 'youssef@example.com'));
    expect(row).toMatchObject({ nom: 'Youssef Alami', societe: 'Alami Carrelage', secteurActivite: 'Décoration' });
    expect(await ctx.db.select().from(users).where(eq(users.email, 'youssef@example.com'))).toEqual([]);
    const [toOrganiser] = await mailsTo(ORGANISER);
    expect(toOrganiser!.subject).toBe('Nouvelle demande exposant — Alami Carrelage');
    expect(toOrganiser!.text).toContain('Nous souhaitons un stand de 18 m².');
    const [ack] = await mailsTo('youssef@example.com');
    expect(ack!.subject).toBe('Votre demande exposant — Salon International du Bâtiment 2024');
    expect(ack!.text).toMatch(/^Bonjour,\n/);
  });

  it('stores an empty sector as "non rempli"', async () => {
    const res = await post('demandes-exposants', {
      data: { nom: 'Sans Secteur', email: 'sans@example.com', telephone: '0600000001', secteur_activite: '  ' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(demandesExposants).where(eq(demandesExposants.email, 'sans@example.com'));
    expect(row!.secteurActivite).toBe('non rempli');
  });

  it('checks nom, email and telephone with the form’s messages', async () => {
    const res = await post('demandes-exposants', { data: { nom: ' ', email: 'x@', telephone: '' } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json<ErrorBody>())).toEqual({ nom: 'required', email: 'email', telephone: 'required' });
  });

  it('escapes what was typed in the organiser’s HTML mail', async () => {
    await post('demandes-exposants', {
      data: { nom: '<script>alert(1)</script>', email: 'xss@example.com', telephone: '0600000002' },
    });
    const toOrganiser = (await mailsTo(ORGANISER)).find((m) => m.text.includes('xss@example.com'));
    expect(toOrganiser!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(toOrganiser!.html).not.toContain('<script>');
    const [ack] = await mailsTo('xss@example.com');
    expect(ack!.html).not.toContain('script');
  });

  it('acknowledges with "Bonjour," and none of the typed text, so the form cannot send someone else’s words', async () => {
    const lure = 'client, votre accès expire : https://evil.example/login';
    const res = await post('demandes-exposants', {
      data: { nom: lure, email: 'target@example.org', telephone: '0600000000', societe: lure, message: lure },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [ack] = await mailsTo('target@example.org');
    expect(ack!.text).toMatch(/^Bonjour,\n/);
    for (const part of [ack!.subject, ack!.text, ack!.html ?? '']) expect(part).not.toContain('evil.example');
    // The organiser still reads everything that was typed.
    const toOrganiser = (await mailsTo(ORGANISER)).find((m) => m.text.includes('target@example.org'));
    expect(toOrganiser!.text).toContain(`Nom : ${lure}`);
  });

  it('acknowledges one address at most once a day, while every enquiry still reaches the organiser', async () => {
    const organiserBefore = (await mailsTo(ORGANISER)).length;
    for (const email of ['bombe@example.org', 'BOMBE@example.org', ' bombe@Example.org']) {
      const res = await post('demandes-exposants', { data: { nom: 'X', email, telephone: '0600000003' } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<{ data: { id: number } }>().data.id).toEqual(expect.any(Number));
    }
    expect(await ackCount('bombe@example.org')).toBe(1);
    expect((await mailsTo(ORGANISER)).length - organiserBefore).toBe(3);
    expect(
      await ctx.db
        .select()
        .from(demandesExposants)
        .where(sql`lower(${demandesExposants.email}) = 'bombe@example.org'`),
    ).toHaveLength(3);
    // A day later, the address may be acknowledged again.
    await ageMails('bombe@example.org', '1 day');
    await post('demandes-exposants', { data: { nom: 'X', email: 'bombe@example.org', telephone: '0600000003' } });
    expect(await ackCount('bombe@example.org')).toBe(2);
  });
});

describe('POST newsletters', () => {
  const confirmToken = (text: string) => /action=confirm&token=([\w.-]+)/.exec(text)?.[1] ?? '';
  const unsubscribeToken = (text: string) => /action=unsubscribe&token=([\w.-]+)/.exec(text)?.[1] ?? '';

  it('stores the address unconfirmed and mails a confirmation link with a one-click unsubscribe', async () => {
    const res = await post('newsletters', { data: { email: '  News@Example.com ' } });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.db.select().from(newsletters).where(eq(newsletters.email, 'news@example.com'));
    expect(row).toMatchObject({ confirmedAt: null, unsubscribedAt: null });
    const [mail] = await mailsTo('news@example.com');
    expect(mail!.text).toContain('https://salon.example/newsletter?action=confirm&token=');
    expect(mail!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail!.headers!['List-Unsubscribe']).toContain(
      'https://salon.example/backend/api/newsletters/unsubscribe?token=',
    );

    const confirm = await call(ctx.app, 'POST', `newsletters/confirm?token=${confirmToken(mail!.text)}`);
    expect(confirm.statusCode, confirm.body).toBe(200);
    const [confirmed] = await ctx.db.select().from(newsletters).where(eq(newsletters.id, row!.id));
    expect(confirmed!.confirmedAt).not.toBeNull();
  });

  it('answers a second subscription like the first; a waiting address gets its link again, a confirmed one nothing', async () => {
    const first = await post('newsletters', { data: { email: 'twice@example.com' } });
    expect(first.statusCode, first.body).toBe(201);
    const again = await post('newsletters', { data: { email: 'TWICE@example.com', lang: 'en' } });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual({ data: { email: 'TWICE@example.com' }, meta: {} });
    const mails = await mailsTo('twice@example.com');
    // Sent again in the language the address subscribed in, and both links work.
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirmez votre inscription — newsletter du Salon International du Bâtiment',
      'Confirmez votre inscription — newsletter du Salon International du Bâtiment',
    ]);
    const confirm = await call(ctx.app, 'POST', `newsletters/confirm?token=${confirmToken(mails[1]!.text)}`);
    expect(confirm.statusCode, confirm.body).toBe(200);

    const confirmed = await post('newsletters', { data: { email: 'twice@example.com' } });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json()).toEqual({ data: { email: 'twice@example.com' }, meta: {} });
    expect(await mailsTo('twice@example.com')).toHaveLength(2);
    const rows = await ctx.db
      .select()
      .from(newsletters)
      .where(sql`lower(${newsletters.email}) = 'twice@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.confirmedAt).not.toBeNull();
  });

  it('sends an address at most two confirmation mails a day, whatever the number of subscriptions', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await post('newsletters', { data: { email: 'spam.news@example.com' } });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await mailsTo('spam.news@example.com')).toHaveLength(2);
    await ageMails('spam.news@example.com', '1 day');
    await post('newsletters', { data: { email: 'spam.news@example.com' } });
    expect(await mailsTo('spam.news@example.com')).toHaveLength(3);
  });

  it('unsubscribes in one click (the POST mail clients make), after which the address may subscribe again', async () => {
    await post('newsletters', { data: { email: 'bye@example.com' } });
    const [mail] = await mailsTo('bye@example.com');
    const token = unsubscribeToken(mail!.text);
    const res = await call(ctx.app, 'POST', `newsletters/unsubscribe?token=${token}`, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      xsrf: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.db.select().from(newsletters).where(eq(newsletters.email, 'bye@example.com'));
    expect(row!.unsubscribedAt).not.toBeNull();
    expect((await post('newsletters', { data: { email: 'bye@example.com' } })).statusCode).toBe(201);
  });

  it('refuses an address that is not one, and links that are forged or for something else', async () => {
    const res = await post('newsletters', { data: { email: 'pas valide' } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json<ErrorBody>())).toEqual({ email: 'email' });
    await post('newsletters', { data: { email: 'links@example.com' } });
    const [mail] = await mailsTo('links@example.com');
    const unsubscribe = unsubscribeToken(mail!.text);
    // An unsubscribe link does not confirm, and a tampered one does nothing.
    expect((await call(ctx.app, 'POST', `newsletters/confirm?token=${unsubscribe}`)).statusCode).toBe(400);
    const tampered = `${confirmToken(mail!.text).slice(0, -2)}xx`;
    const refused = await call(ctx.app, 'POST', `newsletters/confirm?token=${tampered}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().error.message).toBe('Ce lien n’est pas valide ou a expiré.');
    const [row] = await ctx.db
      .select()
      .from(newsletters)
      .where(and(eq(newsletters.email, 'links@example.com')));
    expect(row!.confirmedAt).toBeNull();
  });
});

// Last: these mail the organiser, whose first mail the enquiry tests above read.
describe('POST auth/local/register with the specification’s exhibitor enquiry body', () => {
  it('stores the specification’s enquiry body as an enquiry, mailing the organiser, and makes no account', async () => {
    const email = 'prospect-register@example.com';
    const res = await post('auth/local/register', {
      nom: 'Hind Lahlou',
      email,
      telephone: '+212 6 11 22 33 44',
      societe: 'Lahlou Carrelage',
      username: email,
      password: email,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [enquiry] = await ctx.db.select().from(demandesExposants).where(eq(demandesExposants.email, email));
    expect(res.json()).toEqual({ data: { id: enquiry!.id }, meta: {} });
    expect(enquiry).toMatchObject({ nom: 'Hind Lahlou', telephone: '+212 6 11 22 33 44', societe: 'Lahlou Carrelage' });
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await mailsTo(ORGANISER)).at(-1)?.text).toContain('Lahlou Carrelage');
  });

  it('checks an enquiry body with the enquiry’s messages, and a body with a visitor’s fields as a visitor', async () => {
    const enquiry = await post('auth/local/register', { nom: ' ', email: 'x@', telephone: '' });
    expect(enquiry.statusCode).toBe(400);
    expect(fieldErrors(enquiry.json<ErrorBody>())).toEqual({ nom: 'required', email: 'email', telephone: 'required' });
    // `name` makes it the visitor form, whatever else it carries.
    const mixed = await post('auth/local/register', { ...visitor('mixed@example.com'), nom: 'Autre', consent: false });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json<ErrorBody>().error.message).toBe(
      'Cochez la case pour accepter que les exposants qui scannent votre badge reçoivent vos coordonnées.',
    );
    expect(fieldErrors(mixed.json<ErrorBody>())).toEqual({ consent: 'consent' });
  });

  it('counts enquiries sent there under the enquiry’s own budget: the eleventh in a minute from one address is a 429', async () => {
    const send = (i: number) =>
      call(ctx.app, 'POST', 'auth/local/register', {
        body: { nom: 'Prospect', email: `budget-${i}@example.com`, telephone: '+212 6 00 00 00 00' },
        remoteAddress: '10.4.9.9',
      });
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await send(i)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
    const refused = await send(11);
    expect(refused.json<ErrorBody>().error).toMatchObject({
      status: 429,
      message: 'Trop de requêtes. Veuillez réessayer dans 1 minute.',
    });
    expect(
      await ctx.db.select().from(demandesExposants).where(eq(demandesExposants.email, 'budget-10@example.com')),
    ).toEqual([]);
    // A visitor registration from that address still goes through.
    const visitorRes = await call(ctx.app, 'POST', 'auth/local/register', {
      body: visitor('budget-visitor@example.com'),
      remoteAddress: '10.4.9.9',
    });
    expect(visitorRes.statusCode).toBe(201);
  });
});
