import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, editions, exhibitorPages, registrations, sectors, type users } from '../../db/schema';
import { createCollaborator, createExhibitor, createOrganiser, sessionOf } from '../../../test/fixtures';
import { call, createTestApp, login, type TestContext } from '../../../test/helper';

/** 'Fiches exposants': the organiser reviews the exhibitors' pages, when moderation is on. */

let ctx: TestContext;
let organiser: typeof users.$inferSelect;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  organiser = await createOrganiser(ctx.db);
  token = await sessionOf(ctx, organiser);
});
afterAll(() => ctx.close());

interface ErrorBody {
  error: { details: { errors?: { path: string[]; message: string }[] } };
}
interface AdminPage {
  id: number;
  status: string;
  reason: string | null;
  description: { fr?: string | null; en?: string | null };
  brands: string[];
  live: { description: { fr?: string | null; en?: string | null }; brands: string[] };
  pending: { description: { fr?: string | null; en?: string | null }; brands: string[] } | null;
}
interface OwnPage {
  descriptionFr: string | null;
  brands: string[];
  review: { status: string; reason: string | null; moderated: boolean };
}

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, as = token) =>
  call(ctx.app, method, `admin/${url}`, { token: as, body });
const moderation = async (on: boolean) => {
  const res = await admin('PUT', 'site-settings/1', { moderateExhibitorPages: on });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ moderateExhibitorPages: boolean }>().moderateExhibitorPages).toBe(on);
};
const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

async function exhibitorWithSession(company = `Exposant ${Math.random().toString(36).slice(2, 8)}`) {
  const exhibitor = await createExhibitor(ctx.db, { company });
  return { exhibitor, id: exhibitor.user.id, token: await login(ctx.app, exhibitor.user.email) };
}
const saveOwn = async (as: string, body: unknown) => {
  const res = await call(ctx.app, 'PUT', 'exhibitor-page', { token: as, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: OwnPage }>().data;
};
const readOwn = async (as: string) =>
  (await call(ctx.app, 'GET', 'exhibitor-page', { token: as })).json<{ data: OwnPage }>().data;
const publicPage = async (id: number) => {
  const res = await call(ctx.app, 'GET', `exhibitors/x-${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { descriptionFr: string | null; brands: string[]; sectors: { id: number }[] } }>().data;
};
const adminPage = async (id: number) => {
  const res = await admin('GET', `exhibitor-pages/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminPage>();
};

describe('An exhibitor’s save, with moderation off (the default)', () => {
  beforeEach(() => moderation(false));

  it('is live at once, and the organiser’s list shows the page live with its change date', async () => {
    const { id, token: own } = await exhibitorWithSession('Aciers du Souss');
    expect((await saveOwn(own, { description: { fr: 'Aciers pour le bâtiment.' } })).review).toEqual({
      status: 'live',
      reason: null,
      moderated: false,
    });
    expect((await publicPage(id)).descriptionFr).toBe('Aciers pour le bâtiment.');
    // react-admin's own default sort, as its list first asks.
    const sorted = encodeURIComponent('["id","ASC"]');
    const res = await admin('GET', `exhibitor-pages?sort=${sorted}&${filter({ q: 'Aciers du Souss' })}`);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json<Record<string, unknown>[]>();
    expect(Object.keys(row!).sort()).toEqual(['booth', 'changedAt', 'company', 'gate', 'id', 'reason', 'status']);
    expect(row).toMatchObject({ id, company: 'Aciers du Souss', booth: 'A-01', status: 'live', reason: null });
    expect(row!.changedAt).toEqual(expect.any(String));
  });
});

describe('An exhibitor’s save, with moderation on', () => {
  beforeEach(() => moderation(true));

  it('waits for review: the public page is unchanged, the exhibitor sees its pending version, Publier puts it live', async () => {
    const { id, token: own } = await exhibitorWithSession();
    const [sector] = await ctx.db.select({ id: sectors.id }).from(sectors).where(eq(sectors.kind, 'choice')).limit(1);
    const saved = await saveOwn(own, {
      description: { fr: 'Première version.' },
      brands: ['Atlas'],
      sectorIds: [sector!.id],
    });
    expect(saved).toMatchObject({
      descriptionFr: 'Première version.',
      review: { status: 'pending', reason: null, moderated: true },
    });
    // Never approved: the public page shows nothing more than the account's details.
    expect(await publicPage(id)).toMatchObject({ descriptionFr: null, brands: [], sectors: [] });
    expect(await readOwn(own)).toMatchObject({ brands: ['Atlas'], review: { status: 'pending' } });

    const pending = await admin('GET', `exhibitor-pages?${filter({ status: 'pending' })}`);
    expect(pending.json<{ id: number }[]>().map((r) => r.id)).toContain(id);
    const live = await admin('GET', `exhibitor-pages?${filter({ status: 'live' })}`);
    expect(live.json<{ id: number }[]>().map((r) => r.id)).not.toContain(id);

    const page = await adminPage(id);
    expect(page).toMatchObject({
      status: 'pending',
      description: { fr: 'Première version.' },
      live: { brands: [] },
      pending: { description: { fr: 'Première version.' }, brands: ['Atlas'] },
    });
    expect(page.live.description).toEqual({});
    expect(Object.keys(page).sort()).toEqual(
      [
        ...['booth', 'brands', 'changedAt', 'company', 'description', 'facebook', 'gate', 'id'],
        ...['instagram', 'linkedin', 'live', 'pending', 'reason', 'sectorIds', 'status', 'website', 'x', 'youtube'],
      ].sort(),
    );

    const published = await admin('POST', `exhibitor-pages/${id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<AdminPage>()).toMatchObject({ status: 'live', pending: null });
    expect(await publicPage(id)).toMatchObject({
      descriptionFr: 'Première version.',
      brands: ['Atlas'],
      sectors: [{ id: sector!.id }],
    });
    expect((await readOwn(own)).review).toEqual({ status: 'live', reason: null, moderated: true });

    // A second change waits in turn; the approved version stays public meanwhile.
    await saveOwn(own, { description: { fr: 'Deuxième version.' } });
    expect((await publicPage(id)).descriptionFr).toBe('Première version.');
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(id)), eq(auditLog.action, 'POST /admin/exhibitor-pages/:id/publish')));
    expect(entry).toMatchObject({ userId: organiser.id, resource: 'exhibitor-pages' });
  });

  it('Refuser holds the change with a reason the exhibitor reads; the public page stays as it was', async () => {
    const { id, token: own } = await exhibitorWithSession();
    await saveOwn(own, { description: { fr: 'Version publiée.' } });
    await admin('POST', `exhibitor-pages/${id}/publish`);
    await saveOwn(own, { description: { fr: 'Les meilleurs, loin devant Concurrent SA.' } });

    const held = await admin('POST', `exhibitor-pages/${id}/hold`, { reason: '  Ne citez pas d’autre société.  ' });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json<AdminPage>()).toMatchObject({ status: 'held', reason: 'Ne citez pas d’autre société.' });
    expect((await publicPage(id)).descriptionFr).toBe('Version publiée.');
    expect(await readOwn(own)).toMatchObject({
      descriptionFr: 'Les meilleurs, loin devant Concurrent SA.',
      review: { status: 'held', reason: 'Ne citez pas d’autre société.' },
    });
    const list = await admin('GET', `exhibitor-pages?${filter({ status: 'held' })}`);
    expect(list.json<{ id: number }[]>().map((r) => r.id)).toEqual([id]);

    // The exhibitor's next save is a new change to review: the reason goes.
    expect((await saveOwn(own, { description: { fr: 'Les meilleurs.' } })).review).toEqual({
      status: 'pending',
      reason: null,
      moderated: true,
    });
  });

  it('Corriger publishes the organiser’s corrected version of the pending change, kept as text', async () => {
    const { id, token: own } = await exhibitorWithSession();
    await saveOwn(own, { description: { fr: 'Du béton <b>partout</b>!!!' }, brands: ['Atlas', 'Atlass'] });
    const corrected = await admin('PUT', `exhibitor-pages/${id}`, {
      description: { fr: 'Du béton <b>partout</b>.' },
      brands: ['Atlas'],
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json<AdminPage>()).toMatchObject({ status: 'live', pending: null, brands: ['Atlas'] });
    expect(await publicPage(id)).toMatchObject({ descriptionFr: 'Du béton <b>partout</b>.', brands: ['Atlas'] });
    expect(await readOwn(own)).toMatchObject({ descriptionFr: 'Du béton <b>partout</b>.', review: { status: 'live' } });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(id)), eq(auditLog.action, 'PUT /admin/exhibitor-pages/:id')));
    expect(entry!.before).toMatchObject({ status: 'pending' });
    expect(entry!.after).toMatchObject({ status: 'live', description: { fr: 'Du béton <b>partout</b>.' } });
  });
});

describe('What the organiser’s routes refuse', () => {
  it('are the organisers’: an exhibitor and a collaborator get 403, an anonymous caller 401, and nothing changes', async () => {
    const { exhibitor, id, token: own } = await exhibitorWithSession();
    const collaborator = await login(ctx.app, (await createCollaborator(ctx.db, exhibitor)).user.email);
    for (const as of [own, collaborator]) {
      expect((await admin('GET', 'exhibitor-pages', undefined, as)).statusCode).toBe(403);
      expect((await admin('PUT', `exhibitor-pages/${id}`, { brands: ['Pirate'] }, as)).statusCode).toBe(403);
      expect((await admin('POST', `exhibitor-pages/${id}/hold`, { reason: 'Non' }, as)).statusCode).toBe(403);
    }
    expect((await call(ctx.app, 'POST', `admin/exhibitor-pages/${id}/publish`)).statusCode).toBe(401);
    expect((await publicPage(id)).brands).toEqual([]);
  });

  it('answers 404 for an exhibitor of another edition, an account that is no exhibitor and an unknown id', async () => {
    const past = await createExhibitor(ctx.db);
    const [other] = await ctx.db.select({ id: editions.id }).from(editions).where(ne(editions.current, true)).limit(1);
    await ctx.db.update(registrations).set({ eventId: other!.id }).where(eq(registrations.id, past.registration.id));
    for (const id of [past.user.id, organiser.id, 999_999]) {
      expect((await admin('GET', `exhibitor-pages/${id}`)).statusCode).toBe(404);
      expect((await admin('PUT', `exhibitor-pages/${id}`, { brands: ['X'] })).statusCode).toBe(404);
      expect((await admin('POST', `exhibitor-pages/${id}/publish`)).statusCode).toBe(404);
    }
    // An address that is no id at all is the project's 400.
    expect((await admin('GET', 'exhibitor-pages/abc')).statusCode).toBe(400);
  });

  it('refuses bad input with a 400 under its field, saving nothing', async () => {
    await moderation(true);
    const { id, token: own } = await exhibitorWithSession();
    await saveOwn(own, { description: { fr: 'À relire.' } });
    const stored = async () => ctx.db.select().from(exhibitorPages).where(eq(exhibitorPages.userId, id));
    const before = await stored();
    const refused = async (method: 'POST' | 'PUT', url: string, body: unknown, field: string, message: string) => {
      const res = await admin(method, url, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<ErrorBody>().error.details.errors).toContainEqual({ path: ['body', field], message });
    };
    await refused('POST', `exhibitor-pages/${id}/hold`, { reason: '   ' }, 'reason', 'required');
    await refused('POST', `exhibitor-pages/${id}/hold`, { reason: 'x'.repeat(1001) }, 'reason', 'tooLong');
    await refused('PUT', `exhibitor-pages/${id}`, { website: 'javascript:alert(1)' }, 'website', 'webUrl');
    await refused('PUT', `exhibitor-pages/${id}`, { sectorIds: [999_999] }, 'sectorIds', 'unknownSector');
    expect(await stored()).toEqual(before);
    // Nothing waits on a page just published: there is nothing to publish or hold.
    await admin('POST', `exhibitor-pages/${id}/publish`);
    expect((await admin('POST', `exhibitor-pages/${id}/publish`)).statusCode).toBe(400);
    expect((await admin('POST', `exhibitor-pages/${id}/hold`, { reason: 'Non' })).statusCode).toBe(400);
  });
});
