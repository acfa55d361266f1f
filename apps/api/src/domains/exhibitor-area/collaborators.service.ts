import { and, asc, count, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import {
  DEFAULT_ROLE_ID,
  normalizeEmail,
  normalizePhone,
  type CollaboratorForm,
  type CollaboratorInfoForm,
  type ExhibitorInfoForm,
} from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { collaboratorInvitations, contactColumns, registrations, users } from '../../db/schema';
import { badRequest, isUniqueViolation, notFound } from '../../lib/errors';
import type { Caller } from '../../lib/caller';
import { queueAccessMail } from '../auth/access.service';
import { accountMailCapReached, accountMayMail, mailCapReached, mayMail } from '../mail/recipient-caps';
import { invitePerson, pendingInvitations } from './collaborator-invitations.service';
import { requestEmailChange } from './email-change.service';
import type { CurrentPasswordCheck } from './current-password';
import { paginationMeta, type Page } from '../../lib/list-params';
import { findAreaRegistration, registrationItems } from '../auth/area-account';
import { currentEdition, showRegistration } from '../show/current-edition';
import { type MailLinks } from '../mail/links';

export const COLLABORATOR_EXISTS = 'Collaborateur existe déjà avec cet email et/ou numéro téléphone.';

/** The user has a collaborator badge for the edition (revoked or not). */
export const hasCollaboratorBadgeAt = (edition: unknown) =>
  sql`exists (select 1 from ${registrations} r where r.user_id = ${users.id}
    and r.event_id = ${edition} and r.type = 'collaborator' and r.conference_id is null)`;
/**
 * A collaborator with a badge for the current edition: its team this year. Last edition's
 * collaborators not taken along ('Reprendre mes collaborateurs') are not in the list.
 */
const inThisEditionsTeam = hasCollaboratorBadgeAt(currentEdition);

/** Exhibitor and collaborator accounts: an e-mail is one account's (a phone is not: decision 027). */
const ACCOUNT_TYPES = ['exhibitor', 'collaborator'] as const;

/**
 * 'Collaborateurs': the exhibitor's active collaborators, 50 a page, with their badge; the first
 * page starts with the invitations not yet accepted, as the exhibitor typed them (`invitation`
 * set, no badge; `id` is then the invitation's). Each carries `registrations`, its collaborator
 * registrations (only those of `events` when given), and `registration`, the current edition’s.
 */
export async function listCollaborators(db: Db, exhibitorId: number, page: Page, now: Date, events: number[] = []) {
  const mine = and(
    eq(users.exhibitorId, exhibitorId),
    eq(users.type, 'collaborator'),
    isNull(users.deletedAt),
    inThisEditionsTeam,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...contactColumns,
        registrationId: registrations.id,
        registrations: registrationItems({ type: 'collaborator', events }),
      })
      .from(users)
      .leftJoin(registrations, and(eq(registrations.userId, users.id), showRegistration({ types: ['collaborator'] })))
      .where(mine)
      .orderBy(asc(users.name), asc(users.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(users).where(mine),
  ]);
  const invited = page.page === 1 ? await pendingInvitations(db, exhibitorId, now) : [];
  return {
    data: [
      ...invited.map((invitation) => ({ ...invitation, registrations: [] })),
      ...rows.map(({ registrationId, ...user }) => ({
        ...user,
        registration: registrationId ? { id: registrationId, type: 'collaborator' as const } : null,
        invitation: null,
      })),
    ],
    meta: { pagination: paginationMeta(page, total?.n ?? 0) },
  };
}

/** What an exhibitor hands the members of its team: its company, sector, country and language. */
export async function exhibitorCompany(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      company: users.company,
      secteurActivite: users.secteurActivite,
      businessSector: users.businessSector,
      pays: users.pays,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw notFound('Utilisateur introuvable.');
  return row;
}

/**
 * Whether this phone is already in the exhibitor's own team: its own, a live collaborator's, or
 * that of an invitation still open. The exhibitor sees each of them in its own screens, so the
 * answer tells it nothing about anyone else's account (decision 027).
 */
async function phoneInTeam(tx: Tx, exhibitorId: number, phone: string | null, now: Date) {
  if (!phone) return false;
  const [member] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        eq(users.phoneNormalized, phone),
        or(
          eq(users.id, exhibitorId),
          and(eq(users.exhibitorId, exhibitorId), eq(users.type, 'collaborator'), inThisEditionsTeam),
        ),
      ),
    )
    .limit(1);
  if (member) return true;
  const invited = await tx
    .select({ phone: collaboratorInvitations.phone })
    .from(collaboratorInvitations)
    .where(
      and(
        eq(collaboratorInvitations.exhibitorId, exhibitorId),
        isNull(collaboratorInvitations.acceptedAt),
        isNull(collaboratorInvitations.endedAt),
        gt(collaboratorInvitations.expiresAt, now),
      ),
    );
  return invited.some((invitation) => normalizePhone(invitation.phone) === phone);
}

/**
 * 'Ajouter un collaborateur'. For an address no account has, the collaborator account is created
 * with a confirmed collaborator registration for the current edition on the exhibitor's hall and stand, and
 * an access e-mail with a link to set its password (no default password). An existing visitor or
 * former exhibitor is only invited (collaborator-invitations.service): nothing of theirs changes
 * until they accept. Refused with the specification's duplicate message: an address of a live
 * exhibitor or collaborator of the show, a staff account, an invitation already open, or a phone
 * already in the exhibitor's own team (a phone is no identifier: decision 027); and past the
 * daily mail caps of the address (teamMail) and of the exhibitor (newTeamMember).
 */
export async function createCollaborator(db: Db, ctx: MailLinks, caller: Caller, form: CollaboratorForm) {
  const exhibitor = await exhibitorCompany(db, caller.id);
  const email = normalizeEmail(form.email);
  const phone = normalizePhone(form.phone);
  const area = await findAreaRegistration(db, exhibitor.id);
  try {
    return await db.transaction(async (tx) => {
      const [person] = await tx
        .select({ id: users.id, type: users.type, email: users.email, language: users.language })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)));
      if (await phoneInTeam(tx, exhibitor.id, phone, ctx.now())) throw badRequest(COLLABORATOR_EXISTS);
      if (person) {
        if (person.type === 'controller' || person.type === 'organiser') throw badRequest(COLLABORATOR_EXISTS);
        if (await findAreaRegistration(tx, person.id)) throw badRequest(COLLABORATOR_EXISTS);
      }
      if (!(await mayMail(tx, email, 'teamMail'))) throw mailCapReached();
      // Each new address gets a mail naming the exhibitor: so many a day, whatever the addresses.
      if (!(await accountMayMail(tx, exhibitor.id, 'newTeamMember'))) throw accountMailCapReached();
      if (person) {
        return { invitation: await invitePerson(tx, ctx, exhibitor, person, form) };
      }
      const [created] = await tx
        .insert(users)
        .values({
          type: 'collaborator',
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
          email,
          username: email,
          language: form.lang ?? exhibitor.language,
        })
        .returning({ id: users.id });
      if (!created) throw new Error('collaborator not created');
      const [registration] = await tx
        .insert(registrations)
        .values({
          eventId: currentEdition,
          userId: created.id,
          type: 'collaborator',
          confirmed: true,
          gateId: area?.registration.gateId ?? null,
          booth: area?.registration.booth ?? null,
        })
        .returning({ id: registrations.id });
      if (!registration) throw new Error('collaborator registration not created');
      await queueAccessMail(tx, ctx, created.id, 'access');
      return { id: created.id, registrationId: registration.id };
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
 * Deletes a collaborator: its sign-in ends at once (token version) and the collaborator badge is
 * revoked; the person's own registrations (a visitor badge, conferences) stay. Someone who joined
 * by invitation gets back what the account was (type, company, exhibitor). An account the
 * exhibitor created is deleted, so its e-mail and phone become free, unless it holds a
 * registration of its own, when it stays as a visitor's; a deleted account stays in the data, so
 * the scans it made are still the exhibitor's, with its name under 'Par'.
 */
export async function deleteCollaborator(db: Db, exhibitorId: number, id: number, now: Date) {
  await db.transaction(async (tx) => {
    await ownCollaborator(tx, exhibitorId, id);
    await tx
      .update(registrations)
      .set({ revokedAt: now })
      .where(and(eq(registrations.userId, id), showRegistration({ types: ['collaborator'] })));
    const [invitation] = await tx
      .update(collaboratorInvitations)
      .set({ endedAt: now })
      .where(
        and(
          eq(collaboratorInvitations.userId, id),
          eq(collaboratorInvitations.exhibitorId, exhibitorId),
          isNotNull(collaboratorInvitations.acceptedAt),
          isNull(collaboratorInvitations.endedAt),
        ),
      )
      .returning({ before: collaboratorInvitations.before });
    const [ownRegistration] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.userId, id), isNull(registrations.revokedAt)))
      .limit(1);
    const after = invitation?.before
      ? invitation.before
      : ownRegistration
        ? { type: 'visitor' as const, exhibitorId: null }
        : { deletedAt: now };
    await tx
      .update(users)
      .set({ ...after, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, id));
  });
}

/** 'Renvoyer l'accès': a new access link for the exhibitor's collaborator holding this badge. */
export async function resendAccess(db: Db, ctx: MailLinks, exhibitorId: number, registrationId: number) {
  const [row] = await db
    .select({ userId: registrations.userId, email: users.email })
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
  await db.transaction(async (tx) => {
    if (!(await mayMail(tx, row.email, 'teamMail'))) throw mailCapReached();
    await queueAccessMail(tx, ctx, row.userId, 'access');
  });
}

const invalid = (field: string, message: string) =>
  badRequest('Données invalides.', { errors: [{ path: ['body', field], message }] });

/**
 * 'Informations': the signed-in person's own details. Only the fields of its form are written.
 * Any phone is taken, another account's too: it is contact data (decision 027). A new sign-in
 * address needs the current password (a few tries per account: current-password.ts), is refused
 * at that field when an exhibitor or collaborator account has it, and otherwise waits for the
 * link mailed to it (email-change.service), whoever holds it: the answer tells nothing about
 * visitor or staff accounts. `emailPending` is that address.
 */
export async function updateOwnInfo(
  db: Db,
  ctx: MailLinks,
  user: Caller,
  form: ExhibitorInfoForm | CollaboratorInfoForm,
  checkPassword: CurrentPasswordCheck,
) {
  const email = normalizeEmail(form.email);
  const phone = normalizePhone(form.phone);
  const emailPending = email === normalizeEmail(user.email) ? null : email;
  // Counted per account (current-password.ts): a stolen session is no password oracle.
  if (emailPending) await checkPassword(form.currentPassword ?? '');
  return db.transaction(async (tx) => {
    if (emailPending) {
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`lower(${users.email}) = ${email}`,
            isNull(users.deletedAt),
            inArray(users.type, [...ACCOUNT_TYPES]),
            ne(users.id, user.id),
          ),
        )
        .limit(1);
      if (other) throw invalid('email', 'emailTaken');
    }
    const [updated] = await tx
      .update(users)
      .set({
        name: form.name,
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
    if (emailPending) await requestEmailChange(tx, ctx, updated, emailPending);
    return { updated, emailPending };
  });
}
