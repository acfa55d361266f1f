import { and, asc, count, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  normalizeEmail,
  normalizePhone,
  type ControllerAccountEditForm,
  type ControllerAccountForm,
} from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { CONTROLLER_ROLE_ID } from '../../db/seed';
import { badRequest, isUniqueViolation, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { parseListQuery, readPage, searchFilter } from '../../lib/admin-list';
import { recordAudit } from '../audit/audit.service';

/**
 * The gate staff's accounts (users of type 'controller'), kept by the organisers. A controller
 * signs in at /login-controleur with the password set here; deactivating, deleting or giving a
 * new password bumps the token version, so its open sessions end at once (plugins/auth.ts).
 */

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  blocked: users.blocked,
  createdAt: users.createdAt,
};

const isController = eq(users.type, 'controller');
const live = isNull(users.deletedAt);

const controllerActive = (active: boolean): SQL => (active ? eq(users.blocked, false) : eq(users.blocked, true));

type Row = { id: number; name: string; email: string; phone: string | null; blocked: boolean; createdAt: Date };
/** The record the back-office shows: never the password hash nor the token version. */
const present = ({ blocked, ...row }: Row) => ({ ...row, active: !blocked });
export type ControllerRecord = ReturnType<typeof present>;

/** A page of the controllers, as the list query (sort, range, filter) asks. */
export async function listControllers(db: Db, query: Record<string, unknown>) {
  const list = parseListQuery(query, {
    sortable: { id: users.id, name: users.name, email: users.email, createdAt: users.createdAt },
    defaultSort: [asc(users.name), desc(users.id)],
    filters: {
      q: searchFilter(users.name, users.email),
      active: (value) => {
        if (typeof value !== 'boolean') throw badRequest('Filtre active : true ou false.');
        return controllerActive(value);
      },
    },
  });
  const { rows, total } = await readPage(
    list,
    db.select(columns).from(users).$dynamic(),
    db.select({ n: count() }).from(users).$dynamic(),
    and(isController, live),
  );
  return { list, rows: rows.map(present), total };
}

/** A live controller; any other id (another type of account, a deleted one) is not one. */
export async function getController(db: Db | Tx, id: number): Promise<ControllerRecord> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, id), isController, live));
  if (!row) throw notFound('Contrôleur introuvable.');
  return present(row);
}

const taken = () => badRequest('Données invalides.', { errors: [{ path: ['body', 'email'], message: 'emailTaken' }] });

/** An e-mail is one live account's, whatever its type: the sign-ins find the account by it. */
async function checkEmail(tx: Tx, email: string, exceptId?: number) {
  const [same] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, live, exceptId ? ne(users.id, exceptId) : undefined));
  if (same) throw taken();
}

/** Runs a write, turning the unique index's last word (two requests raced) into the field error. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

const contactFields = (form: ControllerAccountEditForm | ControllerAccountForm, email: string) => {
  const phone = form.phone?.trim() || null;
  return {
    name: form.name,
    email,
    username: email,
    phone,
    phoneNormalized: phone ? normalizePhone(phone) || null : null,
  };
};

export function createController(db: Db, organiserId: number, form: ControllerAccountForm) {
  return guarded(async () => {
    // Hashed before the transaction: argon2 takes a while and holds no lock.
    const passwordHash = await hashPassword(form.password);
    return db.transaction(async (tx) => {
      const email = normalizeEmail(form.email);
      await checkEmail(tx, email);
      const [user] = await tx
        .insert(users)
        .values({
          ...contactFields(form, email),
          type: 'controller',
          roleId: CONTROLLER_ROLE_ID,
          passwordHash,
          confirmed: true,
          blocked: form.active === false,
        })
        .returning({ id: users.id });
      const after = await getController(tx, user!.id);
      await recordAudit(tx, {
        userId: organiserId,
        action: 'POST /admin/controllers',
        resource: 'controllers',
        recordId: user!.id,
        before: {},
        after: { ...after, passwordSet: true },
      });
      return after;
    });
  });
}

/**
 * Name, e-mail, phone and whether the controller may sign in. A new password, or deactivating,
 * ends the controller's open sessions.
 */
export function updateController(db: Db, organiserId: number, id: number, form: ControllerAccountEditForm) {
  return guarded(async () => {
    const passwordHash = form.password ? await hashPassword(form.password) : null;
    return db.transaction(async (tx) => {
      const before = await getController(tx, id);
      const email = normalizeEmail(form.email);
      await checkEmail(tx, email, id);
      const active = form.active ?? before.active;
      const endSessions = passwordHash !== null || (before.active && !active);
      await tx
        .update(users)
        .set({
          ...contactFields(form, email),
          blocked: !active,
          ...(passwordHash ? { passwordHash } : {}),
          ...(endSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        })
        .where(and(eq(users.id, id), isController));
      const after = await getController(tx, id);
      await recordAudit(tx, {
        userId: organiserId,
        action: 'PUT /admin/controllers/:id',
        resource: 'controllers',
        recordId: id,
        before,
        after: { ...after, ...(passwordHash ? { passwordChanged: true } : {}) },
      });
      return after;
    });
  });
}

/** Deleted, not erased: the account's check-ins keep their controller; its sessions end. */
export function deleteController(db: Db, organiserId: number, id: number) {
  return db.transaction(async (tx) => {
    const before = await getController(tx, id);
    const [row] = await tx
      .update(users)
      .set({ deletedAt: new Date(), blocked: true, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(and(eq(users.id, id), isController, live))
      .returning(columns);
    const after = present(row!);
    await recordAudit(tx, {
      userId: organiserId,
      action: 'DELETE /admin/controllers/:id',
      resource: 'controllers',
      recordId: id,
      before,
      after: { ...after, deleted: true },
    });
    return after;
  });
}
