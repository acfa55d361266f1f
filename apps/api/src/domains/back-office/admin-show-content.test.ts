import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { auditLog, halls } from '../../db/schema';
import { createExhibitor, createVisitor, signSession } from '../../../test/fixtures';
import { call } from '../../../test/helper';
import {
  admin,
  ctx,
  type ErrorBody,
  listQuery,
  type Media,
  ok,
  organiser,
  publicGet,
  refused,
  uploadImage,
  useAdminContentScene,
} from './admin-content.test-support';

/**
 * The back-office's records of the show itself: the forum's conferences, the halls, the show's
 * and the agency's records and the content routes, changed by an organiser and shown on the
 * site at once (the home page's content: admin-content.test.ts).
 */

useAdminContentScene();

describe('The forum conferences', () => {
  interface Conference {
    id: number;
    number: string;
    kind: string;
    title: { fr: string; en: string };
    day: string;
    startsAt: string;
    endsAt: string;
    registrations: number;
  }
  const talk = {
    number: 'N°9',
    kind: 'academy',
    title: { fr: 'Atelier béton bas carbone', en: 'Low-carbon concrete workshop' },
    theme: { fr: 'Construction durable', en: 'Sustainable building' },
    description: { fr: 'Avec Karim Alaoui, ingénieur.', en: 'With Karim Alaoui, engineer.' },
    day: '2024-05-31',
    startsAt: '14:00',
    endsAt: '15:30',
  };

  it('an organiser adds a conference and the forum programme shows it at once', async () => {
    const created = await ok<Conference>('POST', 'conferences', talk);
    expect(created).toMatchObject({
      number: 'N°9',
      kind: 'academy',
      startsAt: '14:00',
      endsAt: '15:30',
      registrations: 0,
    });
    const programme = await publicGet<{ id: number; titleFr: string }[]>('conferences?search=bas%20carbone');
    expect(programme).toEqual([expect.objectContaining({ id: created.id, titleFr: 'Atelier béton bas carbone' })]);

    await ok('PUT', `conferences/${created.id}`, { startsAt: '13:30' });
    const [detail] = await publicGet<{ startsAt: string }[]>('conferences?search=bas%20carbone');
    expect(detail!.startsAt).toBe('13:30');

    // A change of one language keeps the others'; the programme answers one field per language.
    const changed = await ok<Conference>('PUT', `conferences/${created.id}`, {
      title: { en: 'Low-carbon concrete, a workshop' },
      theme: { fr: '' },
    });
    expect(changed).toMatchObject({
      title: { fr: 'Atelier béton bas carbone', en: 'Low-carbon concrete, a workshop' },
      theme: { fr: null, en: 'Sustainable building' },
      description: talk.description,
    });
    const [shown] = await publicGet<Record<string, unknown>[]>('conferences?search=bas%20carbone');
    expect(shown).toMatchObject({
      title: { fr: 'Atelier béton bas carbone', en: 'Low-carbon concrete, a workshop' },
      theme: { fr: null, en: 'Sustainable building' },
      description: talk.description,
      titleFr: 'Atelier béton bas carbone',
      titleEn: 'Low-carbon concrete, a workshop',
      themeFr: null,
      themeEn: 'Sustainable building',
      descriptionFr: 'Avec Karim Alaoui, ingénieur.',
      descriptionEn: 'With Karim Alaoui, engineer.',
    });

    const listed = await ok<Conference[]>(
      'GET',
      `conferences${listQuery({ day: '2024-05-31', kind: 'academy', q: 'carbone' })}`,
    );
    expect(listed.map((c) => c.id)).toEqual([created.id]);
  });

  it('refuses a day outside the show, an end before the start and a number already taken', async () => {
    const error = await refused('POST', 'conferences', {
      ...talk,
      day: '2024-06-05',
      startsAt: '16:00',
      endsAt: '15:00',
    });
    expect(error.details.errors).toEqual([
      { path: ['body', 'day'], message: 'Un jour du salon : du 29/05/2024 au 01/06/2024.' },
      { path: ['body', 'endsAt'], message: 'La fin doit suivre le début.' },
      { path: ['body', 'number'], message: 'Ce numéro est déjà celui d’une autre conférence.' },
    ]);
    const [mine] = await ok<Conference[]>('GET', `conferences${listQuery({ q: 'bas carbone' })}`);
    // A change is checked against the record as it will be: an end moved before the start.
    expect((await refused('PUT', `conferences/${mine!.id}`, { endsAt: '12:00' })).details.errors).toEqual([
      { path: ['body', 'endsAt'], message: 'La fin doit suivre le début.' },
    ]);
    expect(
      (await refused('POST', 'conferences', { ...talk, number: 'N°10', startsAt: '25:00' })).details.errors,
    ).toEqual([{ path: ['body', 'startsAt'], message: 'Heure au format HH:MM.' }]);
    // Between the show's first and last days as text, but no day of the calendar.
    expect(
      (await refused('POST', 'conferences', { ...talk, number: 'N°10', day: '2024-05-32' })).details.errors,
    ).toEqual([{ path: ['body', 'day'], message: 'Jour au format AAAA-MM-JJ.' }]);
    // The title is required in each language, on a change too.
    const { title: _title, ...untitled } = talk;
    expect((await refused('POST', 'conferences', { ...untitled, number: 'N°10' })).details.errors).toEqual([
      { path: ['body', 'title'], message: 'required' },
    ]);
    expect(
      (await refused('POST', 'conferences', { ...talk, number: 'N°10', title: { fr: 'Sans anglais' } })).details.errors,
    ).toEqual([{ path: ['body', 'title', 'en'], message: 'required' }]);
    expect((await refused('PUT', `conferences/${mine!.id}`, { title: { en: ' ' } })).details.errors).toEqual([
      { path: ['body', 'title', 'en'], message: 'required' },
    ]);
  });

  it('keeps a conference people signed up for', async () => {
    const created = await ok<Conference>('POST', 'conferences', { ...talk, number: 'N°11' });
    const signUp = await call(ctx.app, 'POST', `conferences/${created.id}/registrations`, {
      body: { name: 'Yasmine Test', email: 'yasmine@example.com', phone: '+212 6 11 22 33 44', company: 'Test' },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    expect((await ok<Conference>('GET', `conferences/${created.id}`)).registrations).toBe(1);
    expect((await refused('DELETE', `conferences/${created.id}`, undefined)).message).toBe(
      '1 personne est inscrite à cette conférence : elle ne peut pas être supprimée.',
    );
  });
});

describe('The halls', () => {
  interface Hall {
    id: number;
    name: string;
    position: number;
    exhibitors: number;
  }
  const DIRECTORY =
    'registrations?filters[event][id]=7&filters[type]=exhibitor&filters[confirmed]=true' +
    '&filters[user][company][$notNull]=true&filters[conference][id][$null]=true' +
    '&populate[gate]=true&populate[user][populate][0]=avatar&pagination[pageSize]=100';

  it('are listed by position for the exhibitors’ hall field, a new one at the end', async () => {
    const res = await admin('GET', 'gates');
    const halls = res.json<Hall[]>();
    expect(halls.length).toBeGreaterThan(0);
    expect(halls.map((h) => h.position)).toEqual([...halls.map((h) => h.position)].sort((a, b) => a - b));
    const created = await ok<Hall>('POST', 'gates', { name: 'Hall 9 Extension' });
    expect(created.position).toBe(Math.max(...halls.map((h) => h.position)) + 1);
    const after = await ok<Hall[]>('GET', `gates${listQuery({}, ['position', 'ASC'])}`);
    expect(after.at(-1)!.id).toBe(created.id);
    expect((await publicGet<{ name: string }[]>('gates')).map((g) => g.name)).toContain('Hall 9 Extension');
  });

  it('renaming a hall shows in the public directory at once', async () => {
    const exhibitor = await createExhibitor(ctx.db, { company: 'Renommage SARL', booth: 'R-1' });
    const entry = async () =>
      (await publicGet<{ id: number; gate: { name: string } }[]>(DIRECTORY)).find(
        (e) => e.id === exhibitor.registration.id,
      );
    expect((await entry())!.gate.name).toBe(exhibitor.gate.name);
    await ok('PUT', `gates/${exhibitor.gate.id}`, { name: 'Hall Renommé' });
    expect((await entry())!.gate.name).toBe('Hall Renommé');
    expect((await ok<Hall>('GET', `gates/${exhibitor.gate.id}`)).exhibitors).toBeGreaterThanOrEqual(1);
  });

  it('refuses a second hall of the same name and deleting a hall with exhibitors', async () => {
    const [hall] = await ctx.db.select().from(halls).where(eq(halls.eventId, DEMO_EDITION_ID)).limit(1);
    expect((await refused('POST', 'gates', { name: hall!.name.toUpperCase() })).details.errors).toEqual([
      { path: ['body', 'name'], message: 'Un hall porte déjà ce nom.' },
    ]);
    const exhibitor = await createExhibitor(ctx.db);
    expect((await refused('DELETE', `gates/${exhibitor.gate.id}`, undefined)).message).toMatch(
      /^Ce hall a \d+ exposant\(s\) ou collaborateur\(s\) : changez-les de hall avant de le supprimer\.$/,
    );
    const empty = await ok<Hall>('POST', 'gates', { name: 'Hall provisoire' });
    await ok('DELETE', `gates/${empty.id}`);
    expect(
      await ctx.db
        .select()
        .from(halls)
        .where(and(eq(halls.id, empty.id))),
    ).toEqual([]);
  });
});

describe('The show and agency records', () => {
  it('an organiser changes the show’s logos and the home page shows them at once', async () => {
    const logo = await uploadImage('sponsor.png');
    const background = await uploadImage('fond.png');
    const record = await ok<{ logoSponsorOfficiel: Media; mediaFullBackground: Media; planPdf: null }>('PUT', 'sib/1', {
      logoSponsorOfficielId: logo.id,
      mediaFullBackgroundId: background.id,
    });
    expect(record).toMatchObject({
      logoSponsorOfficiel: { id: logo.id },
      mediaFullBackground: { id: background.id },
      planPdf: null,
    });
    const shown = await publicGet<{ logo_sponsor_officiel: Media; media_full_background: Media }>('sib/');
    expect(shown.logo_sponsor_officiel.url).toBe(logo.url);
    expect(shown.media_full_background.url).toBe(background.url);
    expect((await ok<{ logoSponsorOfficielId: number }>('GET', 'sib/1')).logoSponsorOfficielId).toBe(logo.id);

    // Removing one leaves the others.
    await ok('PUT', 'sib/1', { logoSponsorOfficielId: null });
    const after = await publicGet<{ logo_sponsor_officiel: null; media_full_background: Media }>('sib/');
    expect(after.logo_sponsor_officiel).toBeNull();
    expect(after.media_full_background.url).toBe(background.url);
  });

  it('an organiser changes the agency record, recorded with before and after', async () => {
    const before = await ok<{ name: string }>('GET', 'agence/1');
    const logo = await uploadImage('agence.png');
    await ok('PUT', 'agence/1', {
      name: 'Agence Événements Test',
      email: 'contact@agence.example.com',
      logoId: logo.id,
    });
    const shown = await publicGet<{ name: string; email: string; logo: Media }>('agence/');
    expect(shown).toMatchObject({
      name: 'Agence Événements Test',
      email: 'contact@agence.example.com',
      logo: { url: logo.url },
    });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'PUT /admin/agence/1'));
    expect(entry).toMatchObject({ resource: 'agence', recordId: '1', userId: organiser.id });
    expect((entry!.before as { name: string }).name).toBe(before.name);
    expect((entry!.after as { name: string }).name).toBe('Agence Événements Test');
  });

  it('refuses an agency without a name, with a bad e-mail or website', async () => {
    expect(
      (await refused('PUT', 'agence/1', { name: '', email: 'pas-un-email', website: '/chemin' })).details.errors,
    ).toEqual([
      { path: ['body', 'name'], message: 'required' },
      { path: ['body', 'email'], message: 'email' },
      { path: ['body', 'website'], message: 'Adresse http(s)://… attendue.' },
    ]);
  });
});

describe('The content routes', () => {
  it('are refused to a visitor’s and an exhibitor’s session alike', async () => {
    const { user } = await createVisitor(ctx.db);
    const exhibitor = await createExhibitor(ctx.db);
    for (const u of [user, exhibitor.user]) {
      const res = await call(ctx.app, 'PUT', 'admin/sib/1', {
        token: await signSession(u.id, u.tokenVersion),
        body: {},
      });
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().error.message).toBe('Réservé aux organisateurs.');
    }
  });
});
