import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { asLanguage, langParam, newPasswordField, type CollaboratorForm } from '@salon/shared';
import * as z from 'zod/mini';
import type { Db, Tx } from '../../db/client';
import { collaboratorInvitations, mailOutbox, registrations, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { hashLinkSecret, LINK_PLACEHOLDER } from '../../lib/link-secrets';
import { hashPassword } from '../../lib/passwords';
import { collaboratorInvitationMail } from '../mail/account-mails';
import { findAreaRegistration } from '../auth/area-account';
import { currentEdition } from '../show/current-edition';
import { issueRowLink } from '../mail/row-link';
import { type MailLinks } from '../mail/links';

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
export const INVALID_INVITATION =
  'Cette invitation n’est plus valide. Demandez à l’exposant de vous inviter à nouveau.';
export const ALREADY_IN_A_TEAM =
  'Votre compte est déjà celui d’un exposant ou d’un collaborateur du salon : cette invitation ne peut pas être acceptée.';

/** `details.code` of these refusals, so the invitation page words them in the reader's language. */
const refused = (message: string, code: 'invalidInvitation' | 'alreadyInTeam') => badRequest(message, { code });

const invitations = collaboratorInvitations;
const open = (now: Date) =>
  and(isNull(invitations.acceptedAt), isNull(invitations.endedAt), gt(invitations.expiresAt, now));

/**
 * Invites an existing person (see createCollaborator) and queues the mail of the link, whose
 * secret the mail worker issues when it sends it (issueInvitationLink). An earlier
 * invitation of theirs that expired gives way; an open one makes the unique index refuse this
 * one, which the caller answers as a duplicate.
 */
export async function invitePerson(
  tx: Tx,
  ctx: MailLinks,
  exhibitor: { id: number; company: string | null },
  person: { id: number; email: string; language: string },
  form: CollaboratorForm,
) {
  const now = ctx.now();
  await tx
    .update(invitations)
    .set({ endedAt: now })
    .where(
      and(
        eq(invitations.exhibitorId, exhibitor.id),
        eq(invitations.userId, person.id),
        isNull(invitations.acceptedAt),
        isNull(invitations.endedAt),
        lte(invitations.expiresAt, now),
      ),
    );
  const [invitation] = await tx
    .insert(invitations)
    .values({
      exhibitorId: exhibitor.id,
      userId: person.id,
      name: form.name,
      jobPosition: form.jobPosition,
      email: person.email,
      phone: form.phone,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
    })
    .returning({ id: invitations.id, expiresAt: invitations.expiresAt });
  if (!invitation) throw new Error('invitation not created');
  const lang = asLanguage(person.language);
  const url = `${ctx.publicUrl}/invitation-collaborateur?token=${LINK_PLACEHOLDER}${langParam(lang, '&')}`;
  const mail = collaboratorInvitationMail(lang, { company: exhibitor.company, url, days: INVITATION_DAYS });
  await tx.insert(mailOutbox).values({
    to: person.email,
    kind: 'collaboratorInvitation',
    ...mail,
    link: { kind: 'invitation', id: invitation.id },
  });
  return invitation;
}

/**
 * The invitation's secret, for the mail worker about to send it: only its hash is stored, and a
 * new one replaces the last (a retry, an organiser sending the mail again). None once the
 * invitation was accepted, cancelled or ended by a change of the person's address.
 */
export const issueInvitationLink = (db: Db, id: number) =>
  issueRowLink(db, invitations, id, and(isNull(invitations.acceptedAt), isNull(invitations.endedAt))!);

/** The exhibitor's invitations not accepted nor cancelled (expired ones too, marked so). */
export async function pendingInvitations(db: Db, exhibitorId: number, now: Date) {
  const rows = await db
    .select({
      id: invitations.id,
      name: invitations.name,
      email: invitations.email,
      phone: invitations.phone,
      jobPosition: invitations.jobPosition,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(and(eq(invitations.exhibitorId, exhibitorId), isNull(invitations.acceptedAt), isNull(invitations.endedAt)))
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
  return rows.map(({ expiresAt, ...row }) => ({
    ...row,
    registration: null,
    invitation: { expiresAt, expired: expiresAt <= now },
  }));
}

/** Cancels one of the exhibitor's pending invitations: its link stops working. */
export async function cancelInvitation(db: Db, exhibitorId: number, id: number, now: Date) {
  const ended = await db
    .update(invitations)
    .set({ endedAt: now })
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.exhibitorId, exhibitorId),
        isNull(invitations.acceptedAt),
        isNull(invitations.endedAt),
      ),
    )
    .returning({ id: invitations.id });
  if (ended.length === 0) throw notFound('Invitation introuvable.');
}

/** What the invitation page shows before the person decides: who invites, and whether a password is needed. */
export async function viewInvitation(db: Db, secret: string, now: Date) {
  const [row] = await db
    .select({ exhibitorId: invitations.exhibitorId, email: users.email, passwordHash: users.passwordHash })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(and(eq(invitations.tokenHash, hashLinkSecret(secret)), open(now), isNull(users.deletedAt)));
  if (!row) throw refused(INVALID_INVITATION, 'invalidInvitation');
  const [exhibitor] = await db.select({ company: users.company }).from(users).where(eq(users.id, row.exhibitorId));
  return { company: exhibitor?.company ?? null, email: row.email, needsPassword: row.passwordHash === '' };
}

const passwordError = (message: string) =>
  badRequest('Données invalides.', { errors: [{ path: ['body', 'password'], message }] });

/**
 * Accepting (a POST from the invitation page; opening the page changes nothing): the account
 * becomes the exhibitor's collaborator, with the exhibitor's company, sector and country and a
 * collaborator badge on its hall and stand. The person's name, phone and position stay theirs;
 * what the account was is kept on the invitation for deleteCollaborator. An account without a
 * password gets the one typed on the page, since a collaborator signs in. The link works once.
 */
export async function acceptInvitation(db: Db, secret: string, password: string | undefined, now: Date) {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(invitations)
      .set({ acceptedAt: now })
      .where(and(eq(invitations.tokenHash, hashLinkSecret(secret)), open(now)))
      .returning();
    if (!invitation) throw refused(INVALID_INVITATION, 'invalidInvitation');
    const [person] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, invitation.userId), isNull(users.deletedAt), eq(users.blocked, false)));
    const [exhibitor] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, invitation.exhibitorId), eq(users.type, 'exhibitor'), isNull(users.deletedAt)));
    const stand = exhibitor ? await findAreaRegistration(tx, exhibitor.id) : null;
    if (!person || !exhibitor || !stand || person.type === 'controller' || person.type === 'organiser') {
      throw refused(INVALID_INVITATION, 'invalidInvitation');
    }
    if (await findAreaRegistration(tx, person.id)) throw refused(ALREADY_IN_A_TEAM, 'alreadyInTeam');
    let passwordHash: string | undefined;
    if (person.passwordHash === '') {
      const rules = z.safeParse(newPasswordField, password ?? '');
      if (!rules.success) throw passwordError(rules.error.issues[0]?.message ?? 'required');
      passwordHash = await hashPassword(rules.data);
    }
    await tx
      .update(invitations)
      .set({
        before: {
          type: person.type,
          exhibitorId: person.exhibitorId,
          company: person.company,
          secteurActivite: person.secteurActivite,
          businessSector: person.businessSector,
          pays: person.pays,
        },
      })
      .where(eq(invitations.id, invitation.id));
    const [updated] = await tx
      .update(users)
      .set({
        type: 'collaborator',
        exhibitorId: exhibitor.id,
        company: exhibitor.company,
        secteurActivite: exhibitor.secteurActivite,
        businessSector: exhibitor.businessSector,
        pays: exhibitor.pays,
        confirmed: true,
        ...(passwordHash ? { passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      })
      .where(eq(users.id, person.id))
      .returning();
    if (!updated) throw new Error('invited person not updated');
    // A badge revoked when an earlier team deleted them comes back with a new key.
    await tx
      .insert(registrations)
      .values({
        eventId: currentEdition,
        userId: person.id,
        type: 'collaborator',
        confirmed: true,
        gateId: stand.registration.gateId,
        booth: stand.registration.booth,
      })
      .onConflictDoUpdate({
        target: [registrations.eventId, registrations.userId, registrations.type, registrations.conferenceId],
        set: {
          revokedAt: null,
          confirmed: true,
          gateId: stand.registration.gateId,
          booth: stand.registration.booth,
          badgeKey: sql`gen_random_uuid()`,
        },
      });
    return updated;
  });
}
