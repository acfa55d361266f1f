import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, type AdminEdition } from '@salon/shared';
import { demandesExposants, editions, users } from '../../db/schema';
import { forgetCurrentShow } from '../show/show-facts';
import { call, createTestApp, createUser, PASSWORD, signSession, type TestContext } from '../../../test/helper';

/**
 * The online registration, the exhibitor enquiry and the kiosk open and close with the edition:
 * by default until its last day is over, else as its organiser sets them. Refused, a form says
 * why in its language, and nothing is saved.
 */

let ctx: TestContext;

beforeAll(async () => {
  // The last day of the 2024 edition, late in the evening in Casablanca.
  ctx = await createTestApp({ APP_NOW: '2024-06-01T22:30:00+01:00' });
});
afterAll(() => ctx.close());

async function setWindow(opensAt: string | null, closesAt: string | null) {
  await ctx.db
    .update(editions)
    .set({
      registrationOpensAt: opensAt ? new Date(opensAt) : null,
      registrationClosesAt: closesAt ? new Date(closesAt) : null,
    })
    .where(eq(editions.id, DEMO_EDITION_ID));
  // What an organiser's change does through the back-office: every instance reads the edition again.
  forgetCurrentShow();
}

let sent = 0;
const visitor = (lang: 'fr' | 'en' = 'fr') => ({
  data: {
    name: 'Nadia Fenêtre',
    email: `fenetre-${++sent}@example.com`,
    phone: `06000002${String(sent).padStart(2, '0')}`,
    company: 'Fenêtre & Co',
    jobPosition: 'Acheteuse',
    lang,
  },
});
const enquiry = () => ({
  data: {
    nom: 'Karim Fenêtre',
    email: `enquete-${++sent}@example.com`,
    telephone: `07000002${String(sent).padStart(2, '0')}`,
    societe: 'Fenêtre Industrie',
  },
});
const post = (url: string, body: unknown) => call(ctx.app, 'POST', url, { body, remoteAddress: `10.7.0.${sent}` });
const people = async () => (await ctx.db.select({ n: count() }).from(users))[0]!.n;
const enquiries = async () => (await ctx.db.select({ n: count() }).from(demandesExposants))[0]!.n;

describe('the registration window', () => {
  it('is open until the show’s last day is over, by default', async () => {
    await setWindow(null, null);
    expect((await post('visiteurs/putVisitor', visitor())).statusCode).toBe(201);
    expect((await post('demandes-exposants', enquiry())).statusCode).toBe(201);
  });

  it('refuses a visitor, an enquiry by either call, and says why in the form’s language, once it has closed', async () => {
    await setWindow(null, '2024-06-01T18:00:00+01:00');
    const before = [await people(), await enquiries()];
    const fr = await post('visiteurs/putVisitor', visitor());
    expect(fr.statusCode).toBe(400);
    expect(fr.json<{ error: { message: string; details: unknown } }>().error).toMatchObject({
      message: 'Les inscriptions en ligne à cette édition sont closes.',
      details: { reason: 'registrationClosed' },
    });
    const en = await post('auth/local/register', visitor('en'));
    expect(en.json<{ error: { message: string } }>().error.message).toBe(
      'Online registration for this edition is closed.',
    );
    expect((await post('demandes-exposants', enquiry())).statusCode).toBe(400);
    expect((await post('auth/local/register', enquiry())).statusCode).toBe(400);
    expect([await people(), await enquiries()]).toEqual(before);
  });

  it('refuses them before its opening, saying it is not open yet, and takes them from then on', async () => {
    await setWindow('2024-06-01T23:00:00+01:00', null);
    const early = await post('visiteurs/putVisitor', visitor());
    expect(early.statusCode).toBe(400);
    expect(early.json<{ error: { message: string; details: unknown } }>().error).toMatchObject({
      message: 'Les inscriptions en ligne à cette édition ne sont pas encore ouvertes.',
      details: { reason: 'registrationNotOpen' },
    });
    await setWindow('2024-06-01T22:00:00+01:00', '2024-06-15T00:00:00+01:00');
    expect((await post('visiteurs/putVisitor', visitor())).statusCode).toBe(201);
  });

  it('takes the window from the back-office at once, and refuses one that closes before it opens', async () => {
    const organiser = await createUser(ctx.db, { type: 'organiser', password: PASSWORD });
    const token = await signSession(organiser.id, organiser.tokenVersion);
    const edition = (await call(ctx.app, 'GET', `admin/editions/${DEMO_EDITION_ID}`, { token })).json<AdminEdition>();
    const wrong = await call(ctx.app, 'PUT', `admin/editions/${DEMO_EDITION_ID}`, {
      token,
      body: {
        ...edition,
        registrationOpensAt: '2024-06-01T10:00:00+01:00',
        registrationClosesAt: '2024-05-01T10:00:00+01:00',
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ error: { details: { errors: unknown[] } } }>().error.details.errors).toEqual([
      { path: ['body', 'registrationClosesAt'], message: 'closesBeforeOpening' },
    ]);
    const saved = await call(ctx.app, 'PUT', `admin/editions/${DEMO_EDITION_ID}`, {
      token,
      body: { ...edition, registrationOpensAt: null, registrationClosesAt: '2024-06-01T12:00:00+01:00' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AdminEdition>()).toMatchObject({
      registrationOpensAt: null,
      registrationClosesAt: '2024-06-01T11:00:00.000Z',
    });
    expect((await post('visiteurs/putVisitor', visitor())).statusCode).toBe(400);
  });
});
