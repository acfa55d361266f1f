import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demandesExposants, mailOutbox, users } from '../../db/schema';
import { call } from '../../../test/helper';
import {
  ageMails,
  ctx,
  type ErrorBody,
  fieldErrors,
  mailsTo,
  ORGANISER,
  post,
  useRegistrationScene,
  visitor,
} from './registration.test-support';

/**
 * The exhibitor enquiry form (demandes-exposants, and auth/local/register with the
 * specification's enquiry body): stored without an account, mailed to the organiser,
 * acknowledged to the sender within the form's budgets.
 */

useRegistrationScene();

const ackCount = async (to: string) =>
  (
    await ctx.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = ${to}`)
  ).filter((m) => m.subject.startsWith('Votre demande exposant')).length;

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
    // `name` makes it the visitor form, whatever else it carries: checked with the visitor's rules.
    const mixed = await post('auth/local/register', { ...visitor('mixed@example.com'), phone: ' ', nom: 'Autre' });
    expect(mixed.statusCode).toBe(400);
    expect(fieldErrors(mixed.json<ErrorBody>())).toEqual({ phone: 'required' });
    expect(
      await ctx.db.select().from(demandesExposants).where(eq(demandesExposants.email, 'mixed@example.com')),
    ).toEqual([]);
  });

  it('counts enquiries sent there under the enquiry’s own budget: the eleventh in a minute from one address is a 429 that says when to come back', async () => {
    const send = (i: number) =>
      call(ctx.app, 'POST', 'auth/local/register', {
        body: { nom: 'Prospect', email: `budget-${i}@example.com`, telephone: '+212 6 00 00 00 00' },
        remoteAddress: '10.4.9.9',
      });
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await send(i)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
    const refused = await send(11);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.json<ErrorBody>().error).toMatchObject({
      status: 429,
      message:
        wait < 60
          ? `Trop de requêtes. Veuillez réessayer dans ${wait} s.`
          : 'Trop de requêtes. Veuillez réessayer dans 1 minute.',
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
