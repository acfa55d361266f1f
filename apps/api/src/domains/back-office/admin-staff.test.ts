import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { createOrganiser, createUser, sessionOf } from '../../../test/fixtures';
import { call, createTestApp, type TestContext } from '../../../test/helper';
import { CONTROLLER_PASSWORD, controllerForm, freshController } from '../../../test/back-office-cases/staff';

/** The gate staff's accounts in the back-office: made, changed and closed by the organisers. */

let ctx: TestContext;
let organiser: typeof users.$inferSelect;
let token: string;

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(ctx.app, method, `admin/${url}`, { token, body });
const signIn = (email: string, password: string) =>
  call(ctx.app, 'POST', 'auth/controller', { body: { identifier: email, password } });
const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

interface ControllerRecord {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  active: boolean;
  createdAt: string;
}

async function signedInToken(email: string, password: string): Promise<string> {
  const res = await signIn(email, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ jwt: string }>().jwt;
}

beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  organiser = await createOrganiser(ctx.db);
  token = await sessionOf(ctx, organiser);
});
afterAll(async () => ctx.close());

describe('Controller accounts', () => {
  it('an organiser creates a controller, who then signs in at the controller sign-in', async () => {
    const form = controllerForm();
    const created = await admin('POST', 'controllers', { ...form, email: form.email.toUpperCase() });
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json<ControllerRecord>();
    const { id, createdAt, ...shown } = record;
    // The e-mail is kept in lower case, and nothing about the password is answered.
    expect(shown).toEqual({ name: 'Nadia Portier', email: form.email, phone: '+212 6 11 22 33 44', active: true });
    expect(id).toBeGreaterThan(0);
    expect(Date.parse(createdAt)).not.toBeNaN();

    const res = await signIn(form.email, form.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: { id: number; type: string } }>().user).toMatchObject({
      id: record.id,
      type: 'controller',
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, record.id));
    expect(row).toMatchObject({ type: 'controller', roleId: 3, username: form.email });
  });

  it('a taken e-mail is answered 400 with the error under the e-mail field', async () => {
    const other = await createUser(ctx.db, { type: 'exhibitor' });
    const res = await admin('POST', 'controllers', { ...controllerForm(), email: ` ${other.email.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: {
        message: 'Données invalides.',
        details: { errors: [{ path: ['body', 'email'], message: 'emailTaken' }] },
      },
    });

    const controller = await freshController({ ctx, organiser });
    const edit = await admin('PUT', `controllers/${controller.id}`, { name: controller.name, email: other.email });
    expect(edit.statusCode, edit.body).toBe(400);
    expect(edit.json()).toMatchObject({
      error: { details: { errors: [{ path: ['body', 'email'], message: 'emailTaken' }] } },
    });
  });

  it('a weak or missing password is refused on creation with the rule broken', async () => {
    const weak = await admin('POST', 'controllers', { ...controllerForm(), password: 'court' });
    expect(weak.statusCode, weak.body).toBe(400);
    expect(weak.json()).toMatchObject({
      error: { details: { errors: [{ path: ['body', 'password'], message: 'weakPassword' }] } },
    });
    const { password: _none, ...withoutPassword } = controllerForm();
    const missing = await admin('POST', 'controllers', withoutPassword);
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json()).toMatchObject({
      error: { details: { errors: [{ path: ['body', 'password'], message: 'required' }] } },
    });
  });

  it('the list finds controllers by a part of their name or e-mail, and only controllers', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const named = await freshController({ ctx, organiser }, { name: `Hamid ${tag}` });
    const mailed = await freshController({ ctx, organiser }, { email: `${tag}@example.com` });
    await freshController({ ctx, organiser }, { name: 'Autre Contrôleur' });
    await createUser(ctx.db, { type: 'exhibitor', name: `Exposant ${tag}` });

    const res = await admin(
      'GET',
      `controllers?${filter({ q: tag.toUpperCase() })}&sort=${encodeURIComponent('["id","ASC"]')}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ControllerRecord[]>().map((r) => r.id)).toEqual([named.id, mailed.id]);
    expect(res.headers['content-range']).toBe('controllers 0-1/2');

    // `%` is a character to find, not a wildcard.
    const literal = await admin('GET', `controllers?${filter({ q: '%' })}`);
    expect(literal.json()).toEqual([]);
  });

  it('the active filter separates the deactivated controllers from the others', async () => {
    const tag = `act${Date.now().toString(36)}`;
    const on = await freshController({ ctx, organiser }, { name: `Actif ${tag}` });
    const off = await freshController({ ctx, organiser }, { name: `Inactif ${tag}`, blocked: true });
    const ids = async (active: boolean) =>
      (await admin('GET', `controllers?${filter({ q: tag, active })}`)).json<ControllerRecord[]>().map((r) => r.id);
    expect(await ids(true)).toEqual([on.id]);
    expect(await ids(false)).toEqual([off.id]);
    const bad = await admin('GET', `controllers?${filter({ active: 'oui' })}`);
    expect(bad.statusCode).toBe(400);
  });

  it('a new password ends the open session: the old token gets 401, the new password signs in', async () => {
    const controller = await freshController({ ctx, organiser });
    const oldToken = await signedInToken(controller.email, CONTROLLER_PASSWORD);
    expect((await call(ctx.app, 'GET', 'users/me', { token: oldToken })).statusCode).toBe(200);

    // An edit without a password keeps the session and the password.
    const renamed = await admin('PUT', `controllers/${controller.id}`, {
      name: 'Youssef Renommé',
      email: controller.email,
      phone: null,
      active: true,
      password: '',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Youssef Renommé', phone: null, active: true });
    expect((await call(ctx.app, 'GET', 'users/me', { token: oldToken })).statusCode).toBe(200);

    const changed = await admin('PUT', `controllers/${controller.id}`, {
      name: 'Youssef Renommé',
      email: controller.email,
      active: true,
      password: 'Nouvelle-Porte-9',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(ctx.app, 'GET', 'users/me', { token: oldToken })).statusCode).toBe(401);
    expect((await signIn(controller.email, CONTROLLER_PASSWORD)).statusCode).toBe(400);
    const newToken = await signedInToken(controller.email, 'Nouvelle-Porte-9');
    expect((await call(ctx.app, 'GET', 'users/me', { token: newToken })).statusCode).toBe(200);
  });

  it('a deactivated controller cannot sign in and its open session ends; reactivated, it signs in again', async () => {
    const controller = await freshController({ ctx, organiser });
    const oldToken = await signedInToken(controller.email, CONTROLLER_PASSWORD);

    const off = await admin('PUT', `controllers/${controller.id}`, {
      name: controller.name,
      email: controller.email,
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    expect((await call(ctx.app, 'GET', 'users/me', { token: oldToken })).statusCode).toBe(401);
    const refused = await signIn(controller.email, CONTROLLER_PASSWORD);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { message: 'Invalid identifier or password' } });

    const on = await admin('PUT', `controllers/${controller.id}`, {
      name: controller.name,
      email: controller.email,
      active: true,
    });
    expect(on.json()).toMatchObject({ active: true });
    expect((await signIn(controller.email, CONTROLLER_PASSWORD)).statusCode).toBe(200);
    // Reactivating does not bring the ended session back.
    expect((await call(ctx.app, 'GET', 'users/me', { token: oldToken })).statusCode).toBe(401);
  });

  it('a deleted controller is no longer listed nor readable, cannot sign in, and its session ends', async () => {
    const controller = await freshController({ ctx, organiser });
    const oldToken = await signedInToken(controller.email, CONTROLLER_PASSWORD);

    const deleted = await admin('DELETE', `controllers/${controller.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ id: controller.id, email: controller.email, active: false });

    const list = await admin('GET', `controllers?${filter({ q: controller.email })}`);
    expect(list.json()).toEqual([]);
    expect((await admin('GET', `controllers/${controller.id}`)).statusCode).toBe(404);
    expect((await admin('DELETE', `controllers/${controller.id}`)).statusCode).toBe(404);
    expect((await signIn(controller.email, CONTROLLER_PASSWORD)).statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', 'users/me', { token: oldToken })).statusCode).toBe(401);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, controller.id));
    expect(row!.deletedAt).not.toBeNull();

    // Its address is free again for a new account.
    const again = await admin('POST', 'controllers', { ...controllerForm(), email: controller.email });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('an id that is not a controller’s is answered 404 by every route, and the account is untouched', async () => {
    const exhibitor = await createUser(ctx.db, { type: 'exhibitor', name: 'Exposant Intact' });
    const body = { name: 'Piraté', email: exhibitor.email, active: false };
    for (const res of [
      await admin('GET', `controllers/${exhibitor.id}`),
      await admin('PUT', `controllers/${exhibitor.id}`, body),
      await admin('DELETE', `controllers/${exhibitor.id}`),
      await admin('GET', `controllers/${organiser.id}`),
      await admin('GET', 'controllers/2147483648'),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ error: { message: 'Contrôleur introuvable.' } });
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, exhibitor.id));
    expect(row).toMatchObject({ name: 'Exposant Intact', blocked: false, deletedAt: null });
  });

  it('the audit entries record the change without any password or its hash', async () => {
    const form = controllerForm();
    const created = (await admin('POST', 'controllers', form)).json<ControllerRecord>();
    await admin('PUT', `controllers/${created.id}`, {
      name: form.name,
      email: form.email,
      active: true,
      password: 'Encore-Autre-7',
    });
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'controllers'), eq(auditLog.recordId, String(created.id))));
    expect(entries.map((e) => e.action).sort()).toEqual(['POST /admin/controllers', 'PUT /admin/controllers/:id']);
    const [hash] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, created.id));
    for (const entry of entries) {
      const text = JSON.stringify([entry.before, entry.after]);
      expect(text).not.toContain('$argon2');
      expect(text).not.toContain(hash!.hash);
      expect(text).not.toContain(form.password);
      expect(text).not.toContain('Encore-Autre-7');
      expect(text).not.toMatch(/passwordHash|tokenVersion/);
    }
    const put = entries.find((e) => e.action === 'PUT /admin/controllers/:id')!;
    expect(put.after).toMatchObject({ id: created.id, passwordChanged: true });
  });
});
