import { and, asc, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  DEFAULT_ROLE_ID,
  EVENT_ID,
  normalizeEmail,
  normalizePhone,
  type CollaboratorForm,
  type CollaboratorInfoForm,
  type ExhibitorInfoForm,
} from '@salon/shared';
import type { Db, Tx } from '../db/client';
import { registrations, users } from '../db/schema';
import { badRequest, isUniqueViolation, notFound } from '../lib/errors';
import type { SessionUser } from '../plugins/auth';
import { queueAccessMail } from './access.service';
import { paginationMeta, type Page } from './query-params';
import { findAreaRegistration } from './users.service';
import type { MailLinks } from './visitors.service';

export const COLLABORATOR_EXISTS = 'Collaborateur existe déjà avec cet email et/ou numéro téléphone.';

/** Exhibitor and collaborator accounts: their e-mail and their phone are each one account's. */
const ACCOUNT_TYPES = ['exhibitor', 'collaborator'] as const;

/** 'Collaborateurs': the exhibitor's active collaborators, 50 a page, with their badge. */
export async function listCollaborators(db: Db, exhibitorId: number, page: Page) {
  const mine = and(eq(users.exhibitorId, exhibitorId), eq(users.type, 'collaborator'), isNull(users.deletedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        jobPosition: users.jobPosition,
        registrationId: registrations.id,
      })
      .from(users)
      .leftJoin(
        registrations,
        and(
          eq(registrations.userId, users.id),
          eq(registrations.eventId, EVENT_ID),
          eq(registrations.type, 'collaborator'),
          isNull(registrations.revokedAt),
        ),
      )
      .where(mine)
      .orderBy(asc(users.name), asc(users.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(users).where(mine),
  ]);
  return {
    data: rows.map(({ registrationId, ...user }) => ({
      ...user,
      registration: registrationId ? { id: registrationId, type: 'collaborator' as const } : null,
    })),
    meta: { pagination: paginationMeta(page, total?.n ?? 0) },
  };
}

/** Whether another active exhibitor or collaborator account has this e-mail or this phone. */
async function accountTaken(tx: Tx, email: string, phone: string | null, exceptId?: number) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        inArray(users.type, [...ACCOUNT_TYPES]),
        exceptId === undefined ? undefined : ne(users.id, exceptId),
        or(sql`lower(${users.email}) = ${email}`, phone ? eq(users.phoneNormalized, phone) : undefined),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * 'Ajouter un collaborateur'. A person known only as a visitor becomes this exhibitor's
 * collaborator and keeps the visitor registration; anyone else with an exhibitor or collaborator
 * account (of any exhibitor) under this e-mail or phone is refused. The new collaborator gets
 * a confirmed collaborator registration for event 7 on the exhibitor's hall and stand, and an
 * access e-mail with a link to set its password (no default password).
 */
export async function createCollaborator(db: Db, ctx: MailLinks, exhibitor: SessionUser, form: CollaboratorForm) {
  const email = normalizeEmail(form.email);
  const phone = normalizePhone(form.phone);
  const area = await findAreaRegistration(db, exhibitor.id);
  try {
    return await db.transaction(async (tx) => {
      if (await accountTaken(tx, email, phone)) throw badRequest(COLLABORATOR_EXISTS);
      const fields = {
        type: 'collaborator' as const,
        roleId: DEFAULT_ROLE_ID,
        name: form.name,
        phone: form.phone,
        phoneNormalized: phone,
        jobPosition: form.jobPosition,
        company: exhibitor.company,
        secteurActivite: exhibitor.secteurActivite,
        businessSector: exhibitor.businessSector,
        pays: exhibitor.pays,
        exhibitorId: exhibitor.id,
        confirmed: true,
        emailOTPConfirmed: true,
      };
      const [visitor] = await tx
        .update(users)
        .set(fields)
        .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt), eq(users.type, 'visitor')))
        .returning({ id: users.id });
      const [person] = visitor
        ? [visitor]
        : await tx
            .insert(users)
            .values({ ...fields, email, username: email, language: form.lang ?? exhibitor.language })
            .returning({ id: users.id });
      if (!person) throw new Error('collaborator neither converted nor created');
      const [registration] = await tx
        .insert(registrations)
        .values({
          eventId: EVENT_ID,
          userId: person.id,
          type: 'collaborator',
          confirmed: true,
          gateId: area?.registration.gateId ?? null,
          booth: area?.registration.booth ?? null,
        })
        .returning({ id: registrations.id });
      if (!registration) throw new Error('collaborator registration not created');
      await queueAccessMail(tx, ctx, person.id, 'access');
      return { id: person.id, registrationId: registration.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(COLLABORATOR_EXISTS);
    throw error;
  }
}

/** The exhibitor's active collaborator with this id, or a 404 (someone else's looks absent). */
async function ownCollaborator(db: Db | Tx, exhibitorId: number, id: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.exhibitorId, exhibitorId),
        eq(users.type, 'collaborator'),
        isNull(users.deletedAt),
      ),
    );
  if (!row) throw notFound('Collaborateur introuvable.');
  return row;
}

/**
 * Deletes a collaborator: its sign-in ends at once (token version), its badges are revoked, its
 * e-mail and phone become free again. The account stays, deleted, so the scans it made are
 * still the exhibitor's, with its name under 'Par'.
 */
export async function deleteCollaborator(db: Db, exhibitorId: number, id: number, now: Date) {
  await db.transaction(async (tx) => {
    await ownCollaborator(tx, exhibitorId, id);
    await tx
      .update(users)
      .set({ deletedAt: now, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, id));
    await tx
      .update(registrations)
      .set({ revokedAt: now })
      .where(and(eq(registrations.userId, id), isNull(registrations.revokedAt)));
  });
}

/** 'Renvoyer l'accès': a new access link for the exhibitor's collaborator holding this badge. */
export async function resendAccess(db: Db, ctx: MailLinks, exhibitorId: number, registrationId: number) {
  const [row] = await db
    .select({ userId: registrations.userId })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(
      and(
        eq(registrations.id, registrationId),
        eq(registrations.type, 'collaborator'),
        isNull(registrations.revokedAt),
        eq(users.exhibitorId, exhibitorId),
        isNull(users.deletedAt),
      ),
    );
  if (!row) throw notFound('Collaborateur introuvable.');
  await db.transaction((tx) => queueAccessMail(tx, ctx, row.userId, 'access'));
}

/**
 * 'Informations': the signed-in person's own details. Only the fields of its form are written;
 * an e-mail or phone that belongs to another account is refused at that field.
 */
export async function updateOwnInfo(db: Db, user: SessionUser, form: ExhibitorInfoForm | CollaboratorInfoForm) {
  const email = normalizeEmail(form.email);
  const phone = normalizePhone(form.phone);
  try {
    return await db.transaction(async (tx) => {
      const [sameEmail] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt), ne(users.id, user.id)));
      if (sameEmail)
        throw badRequest('Données invalides.', { errors: [{ path: ['body', 'email'], message: 'emailTaken' }] });
      const [samePhone] = phone
        ? await tx
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                eq(users.phoneNormalized, phone),
                isNull(users.deletedAt),
                inArray(users.type, [...ACCOUNT_TYPES]),
                ne(users.id, user.id),
              ),
            )
        : [];
      if (samePhone)
        throw badRequest('Données invalides.', { errors: [{ path: ['body', 'phone'], message: 'phoneTaken' }] });
      const [updated] = await tx
        .update(users)
        .set({
          name: form.name,
          email,
          username: email,
          phone: form.phone,
          phoneNormalized: phone,
          ...(form.jobPosition !== undefined ? { jobPosition: form.jobPosition || null } : {}),
          ...('company' in form ? { company: form.company } : {}),
          ...('adresse' in form && form.adresse !== undefined ? { adresse: form.adresse || null } : {}),
        })
        .where(eq(users.id, user.id))
        .returning();
      if (!updated) throw notFound('Utilisateur introuvable.');
      // An exhibitor's company is its collaborators' company too.
      if ('company' in form && user.type === 'exhibitor') {
        await tx
          .update(users)
          .set({ company: form.company })
          .where(and(eq(users.exhibitorId, user.id), eq(users.type, 'collaborator')));
      }
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw badRequest('Données invalides.', { errors: [{ path: ['body', 'email'], message: 'emailTaken' }] });
    }
    throw error;
  }
}
