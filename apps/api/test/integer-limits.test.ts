import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createExhibitor, createTestApp, createUser, login, signSession, type TestContext } from './helper';

/**
 * Integers past what an `integer` column holds reached PostgreSQL, which raised "out of range
 * for type integer": a 500. They are a 400 with a message that says what is expected.
 */

let ctx: TestContext;
let exhibitorToken: string;
let organiserToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const exhibitor = await createExhibitor(ctx.db);
  exhibitorToken = await login(ctx.app, exhibitor.user.email);
  const organiser = await createUser(ctx.db, { type: 'organiser' });
  organiserToken = await signSession(organiser.id, organiser.tokenVersion);
});
afterAll(() => ctx.close());

function expectBadRequest(res: LightMyRequestResponse, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ error: { status: 400, name: 'ValidationError', message } });
}

const OUT_OF_RANGE = 'Valeur hors limites pour event.id : un entier de 1 à 2147483647 est attendu.';

describe('integer filters of the public API', () => {
  it('a signed-in exhibitor filtering registrations by an event id past 2^31 gets a 400 that says the range', async () => {
    const res = await call(ctx.app, 'GET', 'registrations?filters[event][id]=99999999999', { token: exhibitorToken });
    expectBadRequest(res, OUT_OF_RANGE);
  });

  it('an event id of 0, below the first id, gets the same 400', async () => {
    const res = await call(ctx.app, 'GET', 'registrations?filters[event][id][$eq]=0', { token: exhibitorToken });
    expectBadRequest(res, OUT_OF_RANGE);
  });

  it('an id past 2^31 inside an $in list gets the same 400', async () => {
    const res = await call(
      ctx.app,
      'GET',
      'registrations?filters[event][id][$in][0]=2024&filters[event][id][$in][1]=2147483648',
      {
        token: exhibitorToken,
      },
    );
    expectBadRequest(res, OUT_OF_RANGE);
  });

  it('the largest integer still answers: the edition filter narrows to nothing, with no error', async () => {
    const res = await call(ctx.app, 'GET', 'registrations?filters[event][id]=2147483647', { token: exhibitorToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('an exhibitor listing its collaborators with an exhibitor id past 2^63 gets a 400', async () => {
    const res = await call(ctx.app, 'GET', 'users?filters[exhibitor][id]=9223372036854775808', {
      token: exhibitorToken,
    });
    expectBadRequest(res, 'Valeur entière attendue pour exhibitor.id.');
  });
});

describe('ids past 2^31 in the exhibitors’ forms and the new routes', () => {
  const tooLarge = 2_147_483_648;
  const as = (method: 'GET' | 'PUT', url: string, body?: unknown) =>
    call(ctx.app, method, url, { token: exhibitorToken, body });
  const errorsOf = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(400);
    return res.json<{ error: { details: { errors: { path: string[]; message: string }[] } } }>().error.details.errors;
  };

  it('the directory’s facets of an event past 2^31 are a 400, not a 500', async () => {
    const res = await call(ctx.app, 'GET', `directory/facets?event=${tooLarge}`);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('a page’s sectors, documents, logo and visitor-card document past 2^31 are a 400 under their field', async () => {
    for (const field of ['sectorIds', 'documentIds']) {
      expect(errorsOf(await as('PUT', 'exhibitor-page', { [field]: [tooLarge] }))).toContainEqual({
        path: ['body', field, '0'],
        message: 'id',
      });
    }
    expect(errorsOf(await as('PUT', 'exhibitor-page', { logoId: tooLarge }))).toContainEqual({
      path: ['body', 'logoId'],
      message: 'id',
    });
    expect(errorsOf(await as('PUT', 'exhibitor-page/visitor-card', { documentId: tooLarge }))).toContainEqual({
      path: ['body', 'documentId'],
      message: 'id',
    });
  });

  it('a lead’s answer to a question past 2^31, and the scans filtered by such a question or scanner, are a 400', async () => {
    const answer = await as('PUT', 'scans/1', { answers: [{ question: tooLarge, text: 'Oui' }] });
    expect(answer.statusCode, answer.body).toBe(400);
    for (const query of [`question=${tooLarge}`, `by=${tooLarge}`]) {
      const res = await as('GET', `scans?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
    }
  });
});

describe('the back-office lists', () => {
  const admin = (url: string) => call(ctx.app, 'GET', `admin/${url}`, { token: organiserToken });
  const filter = (value: object) => encodeURIComponent(JSON.stringify(value));

  it('an organiser filtering the check-ins by a gate id past 2^31 gets a 400', async () => {
    const res = await admin(`checkins?filter=${filter({ gateId: 99999999999 })}`);
    expectBadRequest(res, 'Filtre gateId : un identifiant (entier de 1 à 2147483647).');
  });

  it('an organiser filtering the check-ins by a registration id past 2^31 gets a 400', async () => {
    const res = await admin(`checkins?filter=${filter({ registrationId: 2147483648 })}`);
    expectBadRequest(res, 'Filtre registrationId : un identifiant (entier de 1 à 2147483647).');
  });

  it('an organiser filtering the audit log by a user id past 2^63 gets a 400', async () => {
    const res = await admin(`audit-log?filter=${filter({ userId: 1e19 })}`);
    expectBadRequest(res, 'Filtre userId : un identifiant (entier de 1 à 2147483647).');
  });

  it('an organiser filtering the exhibitors by a hall id past 2^31 gets a 400', async () => {
    const res = await admin(`exhibitors?filter=${filter({ gateId: 99999999999 })}`);
    expectBadRequest(res, 'Filtre gateId : un identifiant (entier de 1 à 2147483647).');
  });

  it('an organiser paging past 2^63 rows gets a 400, on every list', async () => {
    for (const list of ['checkins', 'audit-log', 'kiosk-sessions', 'exhibitors', 'visitors']) {
      const res = await admin(`${list}?range=${encodeURIComponent('[1e20,1e20]')}`);
      expectBadRequest(res, 'Paramètre range : [début, fin], de 0 à 2147483647, au plus 500 lignes.');
    }
  });

  it('an organiser sorting or filtering a list by __proto__ or constructor gets a 400 naming the fields it may use', async () => {
    const sort = await admin(`checkins?sort=${filter(['__proto__', 'ASC'])}`);
    expect(sort.statusCode, sort.body).toBe(400);
    expect(sort.json<{ error: { message: string } }>().error.message).toMatch(/^Tri possible sur : id, /);
    for (const key of ['__proto__', 'constructor', 'toString']) {
      const res = await admin(`checkins?filter=${encodeURIComponent(`{"${key}":1}`)}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(/^Filtre possible sur : /);
    }
  });

  it('an organiser paging at the largest offset gets an empty page, not an error', async () => {
    const res = await admin(`checkins?range=${encodeURIComponent('[2147483600,2147483647]')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
