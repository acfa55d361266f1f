import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ID } from '@salon/shared';
import { demandesExposants, mailOutbox, newsletters, registrations, users } from '../src/db/schema';
import { call, createExhibitor, createTestApp, type TestContext } from './helper';

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

  it('never creates a second person: the same address again is a 400 and the badge is mailed again', async () => {
    expect((await post('visiteurs/putVisitor', { data: visitor('karim@example.com') })).statusCode).toBe(201);
    const again = await post('visiteurs/putVisitor', {
      data: { ...visitor('  KARIM@Example.com '), name: 'Autre Nom' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorBody>().error.message).toBe(
      'Vous êtes déjà inscrit(e) avec cette adresse e-mail : votre badge vient de vous être renvoyé par e-mail.',
    );
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
    const [mail] = await mailsTo('stand@example.com');
    expect(mail!.attachments).toEqual([{ kind: 'badge', registrationId: exhibitor.registration.id }]);
  });

  it('answers in English when the form was in English', async () => {
    await post('visiteurs/putVisitor', { data: visitor('twice-en@example.com') });
    const res = await post('visiteurs/putVisitor', { data: { ...visitor('twice-en@example.com'), lang: 'en' } });
    expect(res.json<ErrorBody>().error.message).toBe(
      'You are already registered with this e-mail address: your badge has just been e-mailed to you again.',
    );
  });

  it('gives a person known from a conference sign-up a visitor badge', async () => {
    const conference = await post('conferences/1/registrations', {
      data: { name: 'Nadia Forum', email: 'nadia@example.com', phone: '0600000000' },
    });
    expect(conference.statusCode, conference.body).toBe(201);
    const res = await post('visiteurs/putVisitor', { data: visitor('nadia@example.com') });
    expect(res.statusCode, res.body).toBe(201);
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

  it('escapes what was typed in the HTML mails', async () => {
    await post('demandes-exposants', {
      data: { nom: '<script>alert(1)</script>', email: 'xss@example.com', telephone: '0600000002' },
    });
    const [ack] = await mailsTo('xss@example.com');
    expect(ack!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(ack!.html).not.toContain('<script>');
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

  it('refuses a second subscription of the same address with a clear message', async () => {
    await post('newsletters', { data: { email: 'twice@example.com' } });
    const res = await post('newsletters', { data: { email: 'TWICE@example.com' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.message).toBe(
      'Cette adresse e-mail est déjà inscrite : confirmez-la avec le lien reçu par e-mail.',
    );
    const [mail] = await mailsTo('twice@example.com');
    await call(ctx.app, 'POST', `newsletters/confirm?token=${confirmToken(mail!.text)}`);
    const confirmed = await post('newsletters', { data: { email: 'twice@example.com', lang: 'en' } });
    expect(confirmed.json<ErrorBody>().error.message).toBe(
      'This e-mail address is already subscribed to the newsletter.',
    );
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
