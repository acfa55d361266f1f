import { showDays } from '../show/edition-days';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, type PublicSiteSettings, type ShowEdition } from '@salon/shared';
import { auditLog, editions, registrations, siteSettings, type users } from '../../db/schema';
import type { CacheBus } from '../../lib/cache-bus';
import { createSiteSettingsStore } from './site-settings.service';
import {
  call,
  createCollaborator,
  createExhibitor,
  createTestApp,
  createUser,
  createVisitor,
  signSession,
  type TestContext,
} from '../../../test/helper';

/**
 * What the organiser publishes (venue, public contacts, virtual tour, past editions): changed in
 * the back-office, shown by the public answers at once, refused to anyone else, audited.
 */

interface ErrorBody {
  error: { status: number; message: string; details: { errors?: { path: string[]; message: string }[] } };
}

let ctx: TestContext;
let organiser: typeof users.$inferSelect;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  organiser = await createUser(ctx.db, { type: 'organiser', password: 'Secret-2024!' });
  token = await signSession(organiser.id, organiser.tokenVersion);
});
afterAll(() => ctx.close());

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(ctx.app, method, `admin/${url}`, { token, body });

async function ok<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const res = await admin(method, url, body);
  expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
  return res.json<T>();
}

async function refused(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const res = await admin(method, url, body);
  expect(res.statusCode, res.body).toBe(400);
  return res.json<ErrorBody>().error;
}

async function publicSettings(): Promise<PublicSiteSettings> {
  const res = await call(ctx.app, 'GET', 'site-settings');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PublicSiteSettings }>().data;
}

/** The editions' answer; an edition after the current one is the organisers' only (decision 044). */
async function publicEditions(as?: string) {
  const res = await call(ctx.app, 'GET', 'events', { token: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ShowEdition[] }>().data;
}

const cspFrameSources = async () => {
  const res = await call(ctx.app, 'GET', 'site-settings');
  const csp = String(res.headers['content-security-policy']);
  return /frame-src ([^;]*)/.exec(csp)![1]!.trim().split(/\s+/);
};

const NOTHING = { email: null, phone: null };

const SETTINGS = {
  venueName: 'Parc des expositions Bab Jdid',
  venueAddress: 'Avenue de la Ménara\n40000 Marrakech',
  mapUrl: null,
  generalEmail: 'info@salon.example.org',
  generalPhone: '+212 5 24 11 22 33',
  exhibitorsEmail: 'stands@salon.example.org',
  exhibitorsPhone: null,
  salesEmail: 'sponsoring@salon.example.org',
  salesPhone: '05 24 11 22 44',
  pressEmail: null,
  pressPhone: '+212 6 61 00 00 00',
  speakersEmail: 'forum@salon.example.org',
  speakersPhone: '+212 5 24 11 22 55',
  virtualTourUrl: 'https://my.matterport.com/show/?m=SxQL3iGyoDo',
};

/** The hours an edition gets from its dates: 09:00 to 18:00 each day. */
const defaultHours = (e: { startsOn: string; endsOn: string }) =>
  showDays(e.startsOn, e.endsOn).map((day) => ({ day, opens: '09:00', closes: '18:00' }));

describe('Site settings', () => {
  it('a fresh install publishes no venue, contact or tour: the city is the current edition’s, and the map searches it', async () => {
    expect(await publicSettings()).toEqual({
      venue: {
        name: null,
        address: null,
        city: 'Marrakech',
        mapUrl: 'https://www.google.com/maps?q=Marrakech',
        mapEmbedUrl: 'https://www.google.com/maps?q=Marrakech&output=embed',
      },
      contacts: { general: NOTHING, exhibitors: NOTHING, sales: NOTHING, press: NOTHING, speakers: NOTHING },
      virtualTourUrl: null,
    });
    // No tour: the pages may frame the map only.
    expect(await cspFrameSources()).toEqual(['https://www.google.com']);
  });

  it('an organiser sets the venue, the contacts and the tour; the public answer shows them at once, and no more', async () => {
    await publicSettings(); // Read (and kept in memory) before the change.
    const saved = await ok<Record<string, unknown>>('PUT', 'site-settings/1', SETTINGS);
    expect(saved).toMatchObject({ id: 1, ...SETTINGS });

    const shown = await publicSettings();
    const query = encodeURIComponent('Parc des expositions Bab Jdid, Avenue de la Ménara, 40000 Marrakech');
    expect(shown).toEqual({
      venue: {
        name: 'Parc des expositions Bab Jdid',
        address: 'Avenue de la Ménara\n40000 Marrakech',
        city: 'Marrakech',
        mapUrl: `https://www.google.com/maps?q=${query}`,
        mapEmbedUrl: `https://www.google.com/maps?q=${query}&output=embed`,
      },
      contacts: {
        general: { email: 'info@salon.example.org', phone: '+212 5 24 11 22 33' },
        exhibitors: { email: 'stands@salon.example.org', phone: null },
        sales: { email: 'sponsoring@salon.example.org', phone: '05 24 11 22 44' },
        press: { email: null, phone: '+212 6 61 00 00 00' },
        speakers: { email: 'forum@salon.example.org', phone: '+212 5 24 11 22 55' },
      },
      virtualTourUrl: 'https://my.matterport.com/show/?m=SxQL3iGyoDo',
    });
    // The pages may now frame the tour, and nothing else new.
    expect(await cspFrameSources()).toEqual(['https://www.google.com', 'https://my.matterport.com']);
  });

  it('a change names only what changes; an emptied field is no longer published, and the organiser’s map link wins', async () => {
    await ok('PUT', 'site-settings/1', {
      pressPhone: '',
      virtualTourUrl: null,
      mapUrl: 'https://maps.example.org/salon',
      generalPhone: '  +212 5 24 99 99 99 ',
    });
    const shown = await publicSettings();
    expect(shown.contacts.press).toEqual(NOTHING);
    expect(shown.contacts.general).toEqual({ email: 'info@salon.example.org', phone: '+212 5 24 99 99 99' });
    expect(shown.contacts.sales.email).toBe('sponsoring@salon.example.org');
    expect(shown.venue.mapUrl).toBe('https://maps.example.org/salon');
    // The page still embeds a map of the address: the link may point anywhere.
    expect(shown.venue.mapEmbedUrl).toMatch(/^https:\/\/www\.google\.com\/maps\?q=Parc.*&output=embed$/);
    expect(shown.virtualTourUrl).toBeNull();
    expect(await cspFrameSources()).toEqual(['https://www.google.com']);
  });

  it('records each change in the audit log, with the record before and after', async () => {
    await ok('PUT', 'site-settings/1', { salesPhone: '+212 5 24 00 00 77' });
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'site-settings'), eq(auditLog.action, 'PUT /admin/site-settings/1')))
      .orderBy(auditLog.id);
    const last = entries.at(-1)!;
    expect(last.userId).toBe(organiser.id);
    expect(last.recordId).toBe('1');
    expect(last.before).toMatchObject({ salesPhone: '05 24 11 22 44' });
    expect(last.after).toMatchObject({ salesPhone: '+212 5 24 00 00 77' });
  });

  it('refuses bad input with a 400 naming each field, and changes nothing', async () => {
    const before = (await ctx.db.select().from(siteSettings))[0];
    const error = await refused('PUT', 'site-settings/1', {
      generalEmail: 'pas-une-adresse',
      salesPhone: 'appelez-nous',
      pressPhone: '12',
      virtualTourUrl: 'http://my.matterport.com/show/?m=x',
      mapUrl: 'javascript:alert(1)',
      venueName: 'x'.repeat(201),
      speakersEmail: 42,
    });
    expect(error.message).toBe('Données invalides.');
    expect(error.details.errors).toEqual(
      expect.arrayContaining([
        { path: ['body', 'generalEmail'], message: 'email' },
        { path: ['body', 'salesPhone'], message: 'phoneFormat' },
        { path: ['body', 'pressPhone'], message: 'phoneFormat' },
        { path: ['body', 'virtualTourUrl'], message: 'httpsUrl' },
        { path: ['body', 'mapUrl'], message: 'webUrl' },
        { path: ['body', 'venueName'], message: 'tooLong' },
        { path: ['body', 'speakersEmail'], message: 'text' },
      ]),
    );
    expect(error.details.errors).toHaveLength(7);
    // A tour that would break the page's policy: a data: or javascript: address, a user name in it.
    for (const virtualTourUrl of ['javascript:alert(1)', 'data:text/html,hi', 'https://user:pw@tour.example.org/']) {
      const refusal = await refused('PUT', 'site-settings/1', { virtualTourUrl });
      expect(refusal.details.errors).toEqual([{ path: ['body', 'virtualTourUrl'], message: 'httpsUrl' }]);
    }
    expect((await ctx.db.select().from(siteSettings))[0]).toEqual(before);
  });

  it('is refused to anonymous visitors (401), exhibitors, collaborators, visitors and controllers (403), and nothing changes', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    const collaborator = await createCollaborator(ctx.db, exhibitor);
    const visitor = await createVisitor(ctx.db);
    const controller = await createUser(ctx.db, { type: 'controller', password: 'Secret-2024!' });
    const before = await publicSettings();
    const audited = (await ctx.db.select().from(auditLog)).length;
    const callers: [string | undefined, number][] = [
      [undefined, 401],
      [await signSession(exhibitor.user.id, 0), 403],
      [await signSession(collaborator.user.id, 0), 403],
      [await signSession(visitor.user.id, 0), 403],
      [await signSession(controller.id, 0), 403],
    ];
    for (const [caller, status] of callers) {
      for (const [method, url, body] of [
        ['GET', 'site-settings/1', undefined],
        ['PUT', 'site-settings/1', { generalEmail: 'pirate@example.org', virtualTourUrl: 'https://evil.example.org/' }],
        ['GET', 'editions', undefined],
        [
          'POST',
          'editions',
          { edition: 9, name: 'Pirate', year: 2030, startsOn: '2030-01-01', endsOn: '2030-01-02', city: 'X' },
        ],
        [
          'PUT',
          `editions/${DEMO_EDITION_ID}`,
          { edition: 6, name: 'Pirate', year: 2024, startsOn: '2024-05-29', endsOn: '2024-06-01', city: 'Marrakech' },
        ],
        ['DELETE', 'editions/1', undefined],
      ] as const) {
        const res = await call(ctx.app, method, `admin/${url}`, { token: caller, body });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
        expect(res.body).not.toContain('info@salon.example.org');
      }
    }
    expect(await publicSettings()).toEqual(before);
    expect((await ctx.db.select({ id: editions.id }).from(editions)).map((e) => e.id).sort()).toEqual([
      1, 2, 3, 4, 5, 7,
    ]);
    expect((await ctx.db.select().from(auditLog)).length).toBe(audited);
  });
});

describe('Editions', () => {
  const NEW = {
    edition: 7,
    name: '7e édition du Salon',
    year: 2026,
    startsOn: '2026-05-20',
    endsOn: '2026-05-23',
    city: 'Casablanca',
    theme: { fr: 'Bâtir durable', en: 'Building to last' },
    exhibitors: 350,
    visitors: null,
  };

  it('an organiser adds, changes and deletes an edition; the history answer follows each step', async () => {
    const created = await ok<ShowEdition>('POST', 'editions', NEW);
    const noWindow = { registrationOpensAt: null, registrationClosesAt: null };
    // A new edition opens 09:00 to 18:00 on each of its days until the organiser says otherwise.
    expect(created).toEqual({
      id: 8,
      ...NEW,
      ...noWindow,
      current: false,
      hours: defaultHours(NEW),
      latest: true,
      beforeCurrent: false,
    });
    expect((await publicEditions(token)).at(-1)).toEqual({ id: 8, ...NEW, current: false });
    expect((await publicEditions()).map((e) => e.id)).not.toContain(8);

    // A language the form leaves out keeps its text; an empty one is none.
    await ok('PUT', 'editions/8', { ...NEW, theme: { fr: '' }, visitors: 70000, city: 'Rabat' });
    expect((await publicEditions(token)).find((e) => e.id === 8)).toMatchObject({
      theme: { fr: null, en: 'Building to last' },
      visitors: 70000,
      city: 'Rabat',
    });

    const listed = await admin('GET', 'editions?sort=%5B%22startsOn%22%2C%22ASC%22%5D');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<ShowEdition[]>().map((e) => e.edition)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(listed.headers['content-range']).toBe('editions 0-6/7');

    const removed = await ok<ShowEdition>('DELETE', 'editions/8');
    expect(removed.id).toBe(8);
    expect((await publicEditions()).map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 7]);
    const actions = (
      await ctx.db.select().from(auditLog).where(eq(auditLog.resource, 'editions')).orderBy(auditLog.id)
    ).map((e) => `${e.action} ${e.recordId}`);
    expect(actions).toEqual(['POST /admin/editions 8', 'PUT /admin/editions/:id 8', 'DELETE /admin/editions/:id 8']);
  });

  it('the current edition keeps dates and a city and cannot be deleted; its dates, city, theme and figures change', async () => {
    const current = await ok<ShowEdition>('GET', `editions/${DEMO_EDITION_ID}`);
    expect(current).toMatchObject({
      edition: 6,
      startsOn: '2024-05-29',
      endsOn: '2024-06-01',
      city: 'Marrakech',
      theme: { fr: 'Construire le Maroc de demain : Horizon 2030', en: "Building tomorrow's Morocco: Horizon 2030" },
      current: true,
    });

    const error = await refused('PUT', `editions/${DEMO_EDITION_ID}`, {
      ...current,
      startsOn: null,
      endsOn: null,
      city: '',
    });
    expect(error.details.errors).toEqual([
      { path: ['body', 'startsOn'], message: 'editionNotDated' },
      { path: ['body', 'endsOn'], message: 'editionNotDated' },
      { path: ['body', 'city'], message: 'editionNotDated' },
    ]);
    const deletion = await refused('DELETE', `editions/${DEMO_EDITION_ID}`);
    expect(deletion.message).toBe('L’édition en cours ne peut pas être supprimée.');
    expect((await publicEditions()).find((e) => e.id === DEMO_EDITION_ID)).toMatchObject({ city: 'Marrakech' });

    await ok('PUT', `editions/${DEMO_EDITION_ID}`, {
      ...current,
      exhibitors: 320,
      startsOn: '2024-05-28',
      city: 'Rabat',
      theme: { en: 'Building Morocco' },
    });
    expect((await publicEditions()).find((e) => e.id === DEMO_EDITION_ID)).toMatchObject({
      exhibitors: 320,
      startsOn: '2024-05-28',
      city: 'Rabat',
      theme: { fr: 'Construire le Maroc de demain : Horizon 2030', en: 'Building Morocco' },
    });
    expect((await publicSettings()).venue.city).toBe('Rabat');
    await ok('PUT', `editions/${DEMO_EDITION_ID}`, current);
  });

  it('refuses an edition whose end comes before its start, a number already taken, and missing fields', async () => {
    const dates = await refused('POST', 'editions', { ...NEW, endsOn: '2026-05-19' });
    expect(dates.details.errors).toEqual([{ path: ['body', 'endsOn'], message: 'endsBeforeStart' }]);
    const taken = await refused('POST', 'editions', { ...NEW, edition: 5 });
    expect(taken.details.errors).toEqual([{ path: ['body', 'edition'], message: 'editionTaken' }]);
    const missing = await refused('POST', 'editions', { edition: 'sept', startsOn: '2026-02-30', exhibitors: -1 });
    expect(missing.details.errors).toEqual(
      expect.arrayContaining([
        { path: ['body', 'edition'], message: 'editionNumber' },
        { path: ['body', 'name'], message: 'required' },
        { path: ['body', 'startsOn'], message: 'isoDay' },
        { path: ['body', 'exhibitors'], message: 'count' },
      ]),
    );
    expect((await publicEditions()).map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 7]);
  });

  it('takes a past edition by its year and figures alone, and refuses one date without the other or dates outside its year', async () => {
    const yearOnly = { edition: 12, name: 'Édition sans dates', year: 2001, exhibitors: 90, visitors: 4000 };
    const created = await ok<ShowEdition>('POST', 'editions', { ...yearOnly, startsOn: '', endsOn: null, city: '' });
    expect(created).toEqual({
      id: created.id,
      ...yearOnly,
      startsOn: null,
      endsOn: null,
      city: null,
      theme: { fr: null, en: null },
      current: false,
      registrationOpensAt: null,
      registrationClosesAt: null,
      hours: [],
      latest: true,
      beforeCurrent: false,
    });
    // The public list leaves the registration window out.
    expect((await publicEditions())[0]).toEqual({
      ...created,
      registrationOpensAt: undefined,
      registrationClosesAt: undefined,
      hours: undefined,
      latest: undefined,
      beforeCurrent: undefined,
    });
    const one = await refused('POST', 'editions', { ...yearOnly, edition: 13, startsOn: '2001-03-01' });
    expect(one.details.errors).toEqual([{ path: ['body', 'endsOn'], message: 'bothDates' }]);
    const outside = await refused('POST', 'editions', {
      ...yearOnly,
      edition: 13,
      startsOn: '2002-03-01',
      endsOn: '2002-03-04',
    });
    expect(outside.details.errors).toEqual([{ path: ['body', 'startsOn'], message: 'dateOutsideYear' }]);
    // It cannot become the current edition: badges, hours and the programme need dates and a city.
    const current = await admin('POST', `editions/${created.id}/make-current`);
    expect(current.statusCode).toBe(400);
    expect(current.json<ErrorBody>().error.details.errors).toEqual([
      { path: ['body', 'startsOn'], message: 'editionNotDated' },
      { path: ['body', 'endsOn'], message: 'editionNotDated' },
      { path: ['body', 'city'], message: 'editionNotDated' },
    ]);
    expect((await publicEditions()).filter((e) => e.current).map((e) => e.id)).toEqual([DEMO_EDITION_ID]);
    expect((await ok<ShowEdition>('DELETE', `editions/${created.id}`)).id).toBe(created.id);
  });

  it('keeps an edition that registrations belong to', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    await ctx.db
      .insert(registrations)
      .values({ eventId: 5, userId: exhibitor.user.id, type: 'exhibitor', confirmed: true });
    const error = await refused('DELETE', 'editions/5');
    expect(error.message).toBe(
      'Des inscriptions ou des scans sont rattachés à cette édition : elle ne peut pas être supprimée.',
    );
    expect((await publicEditions()).map((e) => e.id)).toContain(5);
  });
});

describe('The settings kept in memory', () => {
  /** A bus that reaches every store of the test, as Redis or PostgreSQL reach every instance. */
  function sharedBus(): CacheBus {
    const handlers: ((key?: string) => void)[] = [];
    return {
      publish: () => handlers.forEach((forget) => forget()),
      subscribe: (_topic, forget) => void handlers.push(forget),
      close: async () => undefined,
    };
  }

  it('every instance reads the settings again when one of them changes them, and its CSP follows', async () => {
    const bus = sharedBus();
    const a = createSiteSettingsStore(ctx.db, bus);
    const b = createSiteSettingsStore(ctx.db, bus);
    await ctx.db.update(siteSettings).set({ virtualTourUrl: null, generalEmail: 'avant@salon.example.org' });
    expect((await b.get()).contacts.general.email).toBe('avant@salon.example.org');
    expect(b.tourOrigin()).toBeNull();

    await ctx.db
      .update(siteSettings)
      .set({ virtualTourUrl: 'https://kuula.co/share/collection/abc', generalEmail: 'apres@salon.example.org' });
    // Kept in memory until told: a store does not read the database on each page.
    expect((await b.get()).contacts.general.email).toBe('avant@salon.example.org');
    a.changed();
    expect((await b.get()).contacts.general.email).toBe('apres@salon.example.org');
    expect(b.tourOrigin()).toBe('https://kuula.co');
  });

  it('reads the settings again after its time to live, in case a message was lost', async () => {
    const store = createSiteSettingsStore(ctx.db, sharedBus(), 0);
    await ctx.db.update(siteSettings).set({ pressEmail: 'presse1@salon.example.org' });
    expect((await store.get()).contacts.press.email).toBe('presse1@salon.example.org');
    await ctx.db.update(siteSettings).set({ pressEmail: 'presse2@salon.example.org' });
    expect((await store.get()).contacts.press.email).toBe('presse2@salon.example.org');
  });
});
