import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { participationInvitations, standBookings, stands, users } from '../../db/schema';
import type { LinkSigner } from '../../lib/links';
import { notFound } from '../../lib/errors';
import { currentEditionId } from '../show/current-edition';
import { keptFor, priorityLasts, readTerms, type OfferTerms } from './offer.service';

/**
 * Next year's rebooking: while the offer's priority lasts (`priorityUntil`, a day at the show's
 * place), the stand an exhibitor invited from an earlier edition had then (same number, for sale
 * now) is kept for it: /exposer shows it held to everyone else and refuses it to them; the
 * exhibitor's own link (sent with its participation invitation) shows it free and fills the form.
 * The day after, it is everyone's. Nothing is stored but the invitation: the keeping ends by
 * itself.
 */

/** How long a priority link works at most; the offer's day decides before that. */
export const PRIORITY_LINK_SECONDS = 180 * 24 * 3600;

export const priorityLink = (links: LinkSigner, invitationId: number, now: Date) =>
  links.sign('stand_priority', invitationId, PRIORITY_LINK_SECONDS, now);

/** The returning exhibitor a link names, when it is a live exhibitor invited to `edition`; else null. */
export async function priorityExhibitor(
  db: Db | Tx,
  links: LinkSigner,
  token: string | undefined,
  edition: number,
  now: Date,
): Promise<number | null> {
  const id = token ? links.verify(token, 'stand_priority', now) : null;
  if (id === null) return null;
  const [row] = await db
    .select({ userId: participationInvitations.userId })
    .from(participationInvitations)
    .innerJoin(users, eq(users.id, participationInvitations.userId))
    .where(
      and(
        eq(participationInvitations.id, id),
        eq(participationInvitations.eventId, edition),
        eq(users.type, 'exhibitor'),
        isNull(users.deletedAt),
        isNull(users.anonymisedAt),
      ),
    );
  return row?.userId ?? null;
}

/** The stands of `edition` kept for the exhibitor: its stands of the editions it was invited from, for sale now. */
export async function keptStands(db: Db | Tx, edition: number, exhibitor: number): Promise<string[]> {
  const rows = await db
    .select({ number: stands.number })
    .from(stands)
    .where(
      and(
        eq(stands.eventId, edition),
        isNotNull(stands.classId),
        isNotNull(stands.area),
        keptFor(sql`i.user_id = ${exhibitor}`),
      ),
    )
    .orderBy(stands.number);
  return rows.map((r) => r.number);
}

/** The stands kept for the invitation `invitationId`'s exhibitor and until when, while the priority lasts; else null. */
export async function keptForInvitation(
  db: Db | Tx,
  invitation: { eventId: number; userId: number },
  now: Date,
  known?: OfferTerms,
): Promise<{ stands: string[]; until: string } | null> {
  const terms = known ?? (await readTerms(db, invitation.eventId));
  if (!terms.open || !priorityLasts(terms, now)) return null;
  const kept = await keptStands(db, invitation.eventId, invitation.userId);
  return kept.length ? { stands: kept, until: terms.priorityUntil! } : null;
}

/**
 * What /exposer's form starts from for a returning exhibitor's link: its stands kept for it, until
 * when, its account's details and its last booking's legal identity. A wrong or old link, or a
 * priority that ended, is a 404.
 */
export async function priorityPrefill(db: Db, links: LinkSigner, token: string, now: Date) {
  const edition = await currentEditionId(db);
  const exhibitor = await priorityExhibitor(db, links, token, edition, now);
  const kept = exhibitor === null ? null : await keptForInvitation(db, { eventId: edition, userId: exhibitor }, now);
  if (exhibitor === null || !kept) throw notFound('Lien de réservation invalide ou expiré.');
  const [user] = await db.select().from(users).where(eq(users.id, exhibitor));
  const [last] = await db
    .select()
    .from(standBookings)
    .where(eq(standBookings.exhibitorId, exhibitor))
    .orderBy(desc(standBookings.id))
    .limit(1);
  return {
    stands: kept.stands,
    until: kept.until,
    companyName: last?.companyName ?? user!.company ?? '',
    contactName: last?.contactName ?? user!.name ?? '',
    email: last?.email ?? user!.email,
    phone: last?.phone ?? user!.phone ?? '',
    ice: last?.ice ?? '',
    taxId: last?.taxId ?? '',
    tradeRegister: last?.tradeRegister ?? '',
    address: last?.address ?? '',
    city: last?.city ?? '',
    signatoryName: last?.signatoryName ?? '',
    signatoryRole: last?.signatoryRole ?? '',
  };
}
