import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { SITE_PAGES, asLanguage, langParam, normalizePhone, type ParticipationForm } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { editions, mailOutbox, participationInvitations, registrations, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { hashLinkSecret, LINK_PLACEHOLDER } from '../../lib/link-secrets';
import { mayMail } from '../mail/recipient-caps';
import { participationInvitationMail } from '../mail/edition-mails';
import { currentEdition } from '../show/current-edition';
import { issueRowLink } from '../mail/row-link';
import { loadEvent } from '../show/edition';
import { type MailLinks } from '../mail/links';
import type { LinkSigner } from '../../lib/links';
import { exposerUrl } from '../stand-sales/hold-mails';
import { readTerms } from '../stand-sales/offer.service';
import { keptForInvitation, priorityLink } from '../stand-sales/priority.service';

/**
 * Exhibitors from one edition to the next: 'Inviter les exposants de 2024' mails each confirmed
 * exhibitor of a past edition a link to confirm its participation in the current one. Confirming
 * on the page makes its exhibitor registration, pending: the organiser confirms it as any other,
 * and the exhibitor signs in with the account it has.
 */

/** How long the link of a participation invitation works. */
export const PARTICIPATION_DAYS = 30;

export const INVALID_PARTICIPATION =
  'Ce lien n’est plus valide. Pour exposer à cette édition, écrivez-nous depuis la page Contact.';

const invitations = participationInvitations;
const open = (now: Date) => and(isNull(invitations.answeredAt), gt(invitations.expiresAt, now));

/** A live exhibitor account: not deleted, erased or deactivated. */
const liveExhibitor = and(
  eq(users.type, 'exhibitor'),
  isNull(users.deletedAt),
  isNull(users.anonymisedAt),
  eq(users.blocked, false),
);

/**
 * The user has an exhibitor registration in the edition: pending or confirmed, or with
 * `confirmed`, confirmed and never revoked.
 */
const exhibitsAt = (edition: unknown, confirmed = false) =>
  sql`exists (select 1 from ${registrations} r where r.user_id = ${users.id} and r.event_id = ${edition}
    and r.type = 'exhibitor' and r.conference_id is null ${confirmed ? sql`and r.confirmed and r.revoked_at is null` : sql``})`;

/**
 * The exhibitors of `fromId` an invitation may go to: confirmed there (and never revoked), live
 * now, not yet registered for the current edition and not yet invited to it.
 */
function returning(db: Db | Tx, fromId: number) {
  return db
    .select({ id: users.id, email: users.email, company: users.company, language: users.language })
    .from(users)
    .where(
      and(
        liveExhibitor,
        exhibitsAt(fromId, true),
        sql`not ${exhibitsAt(currentEdition)}`,
        sql`not exists (select 1 from ${invitations} i where i.user_id = ${users.id} and i.event_id = ${currentEdition})`,
      ),
    )
    .orderBy(users.id);
}

/** The past edition an organiser invites from: one numbered before the current one. */
async function sourceEdition(db: Db | Tx, fromId: number) {
  const [from] = await db
    .select({
      id: editions.id,
      year: editions.year,
      past: sql<boolean>`${editions.edition} < (select "edition" from "events" where "current")`,
    })
    .from(editions)
    .where(eq(editions.id, fromId));
  if (!from) throw notFound('Édition introuvable.');
  if (!from.past) {
    throw badRequest('Choisissez une édition passée : ses exposants sont invités à l’édition en cours.', {
      errors: [{ path: ['params', 'id'], message: 'invitingCurrentEdition' }],
    });
  }
  return from;
}

/** What the confirmation dialog says before anything is sent: how many will be invited. */
export async function participationPlan(db: Db | Tx, fromId: number) {
  const from = await sourceEdition(db, fromId);
  const [toInvite, [invited]] = await Promise.all([
    returning(db, fromId),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(invitations)
      .where(and(eq(invitations.fromEventId, fromId), eq(invitations.eventId, currentEdition))),
  ]);
  return { year: from.year, toInvite: toInvite.length, invited: invited?.n ?? 0 };
}

/**
 * Invites every exhibitor `participationPlan` counts, each once per edition (the unique index
 * holds it when two organisers send at once). An address that has had its share of the day's
 * exhibitor-area mails (MAIL_CAPS.teamMail) is left for another day, and counted as such.
 */
export async function inviteReturningExhibitors(tx: Tx, ctx: MailLinks, fromId: number) {
  const from = await sourceEdition(tx, fromId);
  // The current edition's facts (it has its dates and city: a database check).
  const show = await loadEvent(tx);
  const expiresAt = new Date(ctx.now().getTime() + PARTICIPATION_DAYS * 86_400_000);
  const terms = await readTerms(tx, show.id);
  let invited = 0;
  let postponed = 0;
  for (const exhibitor of await returning(tx, fromId)) {
    if (!(await mayMail(tx, exhibitor.email, 'teamMail'))) {
      postponed += 1;
      continue;
    }
    const [invitation] = await tx
      .insert(invitations)
      .values({ eventId: show.id, fromEventId: fromId, userId: exhibitor.id, expiresAt })
      .onConflictDoNothing()
      .returning({ id: invitations.id });
    if (!invitation) continue;
    const lang = asLanguage(exhibitor.language);
    const url = `${ctx.publicUrl}/confirmer-participation?token=${LINK_PLACEHOLDER}${langParam(lang, '&')}`;
    // While the sale keeps returning exhibitors' stands for them, its own, with its link to /exposer.
    const kept = await keptForInvitation(tx, { eventId: show.id, userId: exhibitor.id }, ctx.now(), terms);
    const mail = participationInvitationMail(lang, {
      company: exhibitor.company,
      fromYear: from.year,
      show,
      url,
      days: PARTICIPATION_DAYS,
      kept: kept && {
        ...kept,
        url: `${exposerUrl(ctx.publicUrl)}?priorite=${priorityLink(ctx.links, invitation.id, ctx.now())}${langParam(lang, '&')}`,
      },
    });
    await tx.insert(mailOutbox).values({
      to: exhibitor.email,
      kind: 'participationInvitation',
      ...mail,
      link: { kind: 'participation', id: invitation.id },
    });
    invited += 1;
  }
  return { year: from.year, invited, postponed };
}

/**
 * The invitation's secret, for the mail worker about to send it (only its hash is stored; a new
 * one replaces the last). None once the exhibitor has answered.
 */
export const issueParticipationLink = (db: Db, id: number) =>
  issueRowLink(db, invitations, id, isNull(invitations.answeredAt));

const refused = () => badRequest(INVALID_PARTICIPATION, { code: 'invalidParticipation' });

/** The open invitation a link names, with its exhibitor (live) and edition. */
async function openInvitation(db: Db | Tx, secret: string, now: Date) {
  const [row] = await db
    .select({
      id: invitations.id,
      eventId: invitations.eventId,
      userId: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      company: users.company,
      jobPosition: users.jobPosition,
      year: editions.year,
      startsOn: editions.startsOn,
      endsOn: editions.endsOn,
      city: editions.city,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .innerJoin(editions, eq(editions.id, invitations.eventId))
    .where(and(eq(invitations.tokenHash, hashLinkSecret(secret)), open(now), liveExhibitor));
  return row ?? null;
}

/**
 * What the page shows before the exhibitor confirms: its details as they stand, the edition, and
 * its stand of then when the sale keeps it for it (with its own link to /exposer).
 */
export async function viewParticipation(db: Db, links: LinkSigner, secret: string, now: Date) {
  const row = await openInvitation(db, secret, now);
  if (!row) throw refused();
  const { name, email, phone, company, jobPosition, year, startsOn, endsOn, city } = row;
  const kept = await keptForInvitation(db, { eventId: row.eventId, userId: row.userId }, now);
  return {
    name,
    email,
    phone,
    company,
    jobPosition,
    edition: { year, startsOn, endsOn, city },
    kept: kept && { ...kept, path: `${SITE_PAGES.exposer.path}?priorite=${priorityLink(links, row.id, now)}` },
  };
}

/**
 * 'Confirmer ma participation': the details typed are the account's (as 'Informations' would
 * save them; the sign-in address does not change here), and the exhibitor has a registration for
 * the invitation's edition, pending until the organiser confirms it. The link works once.
 */
export async function confirmParticipation(db: Db, form: ParticipationForm, now: Date) {
  return db.transaction(async (tx) => {
    const row = await openInvitation(tx, form.token, now);
    if (!row) throw refused();
    const [answered] = await tx
      .update(invitations)
      .set({ answeredAt: now })
      .where(and(eq(invitations.id, row.id), isNull(invitations.answeredAt)))
      .returning({ id: invitations.id });
    // The same link sent twice at once: the first one confirms.
    if (!answered) throw refused();
    await tx
      .update(users)
      .set({
        name: form.name,
        phone: form.phone,
        phoneNormalized: normalizePhone(form.phone),
        company: form.company,
        jobPosition: form.jobPosition || null,
      })
      .where(eq(users.id, row.userId));
    // An exhibitor's company is its collaborators' company too (as 'Informations' keeps it).
    await tx
      .update(users)
      .set({ company: form.company })
      .where(and(eq(users.exhibitorId, row.userId), eq(users.type, 'collaborator')));
    await tx
      .insert(registrations)
      .values({ eventId: row.eventId, userId: row.userId, type: 'exhibitor', confirmed: false })
      .onConflictDoNothing();
    return { year: row.year };
  });
}
