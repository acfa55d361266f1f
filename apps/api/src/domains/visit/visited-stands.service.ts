import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { exhibitorSlug, type VisitedStand } from '@salon/shared';
import type { Db } from '../../db/client';
import { exhibitorPages, halls, media, registrations, scans, users } from '../../db/schema';
import { serializeMedia } from '../media/media-view';
import { foldLine, vText } from '../scans/lead-exports';
import { currentEdition, showRegistration } from '../show/current-edition';
import { exhibitorOnMapColumns, hallOfRegistration } from '../show/registration-joins';

/**
 * 'Stands visités': the exhibitors whose stands scanned a badge's holder in the
 * badge's edition (the current one: a badge of another opens nothing), as the holder's e-badge
 * page shows them. Only what each exhibitor chose to give the people it scanned (its contact card
 * and one document); never who scanned, nor what the exhibitor wrote about the person.
 */

/** The scans a badge's holder got from one exhibitor, or from any, in the current edition. */
const scansOf = (personId: number, exhibitorId?: number) =>
  and(
    eq(scans.scannedId, personId),
    eq(scans.eventId, currentEdition),
    exhibitorId === undefined ? undefined : eq(scans.exhibitorId, exhibitorId),
  );

/** The stands, once per exhibitor however often and by whomever it scanned, in company order. */
export async function visitedStands(db: Db, personId: number, exhibitorId?: number) {
  const visited = db
    .select({
      exhibitorId: scans.exhibitorId,
      doNotContact: sql<boolean>`bool_or(${scans.doNotContactAt} is not null)`.as('do_not_contact'),
    })
    .from(scans)
    .where(scansOf(personId, exhibitorId))
    .groupBy(scans.exhibitorId)
    .as('visited');
  const rows = await db
    .select({
      ...exhibitorOnMapColumns,
      doNotContact: visited.doNotContact,
      profile: {
        name: exhibitorPages.visitorContactName,
        email: exhibitorPages.visitorContactEmail,
        phone: exhibitorPages.visitorContactPhone,
        website: exhibitorPages.website,
      },
      document: media,
    })
    .from(visited)
    .innerJoin(users, and(eq(users.id, visited.exhibitorId), isNull(users.deletedAt)))
    .leftJoin(registrations, and(eq(registrations.userId, users.id), showRegistration({ types: ['exhibitor'] })))
    .leftJoin(halls, hallOfRegistration)
    .leftJoin(exhibitorPages, eq(exhibitorPages.userId, users.id))
    .leftJoin(media, eq(media.id, exhibitorPages.visitorDocumentId))
    .orderBy(asc(sql`lower(coalesce(${users.company}, ''))`), asc(users.id));
  return rows.map((row) => {
    const company = row.company?.trim() ?? '';
    const card = row.profile ?? { name: null, email: null, phone: null, website: null };
    return {
      stand: {
        id: row.id,
        slug: exhibitorSlug(company || null, row.id),
        company,
        gate: row.gateId === null ? null : { id: row.gateId, name: row.gateName! },
        booth: row.booth ?? null,
        contactCard: !!(card.name || card.email || card.phone),
        document: serializeMedia(row.document),
        doNotContact: row.doNotContact,
      } satisfies VisitedStand,
      card: { company, ...card },
    };
  });
}

/**
 * 'Ne plus me contacter': every scan of the person by this exhibitor, whatever the edition, keeps
 * the first time they asked (asking again changes nothing); `undo` takes it back. False when the
 * exhibitor never scanned the badge in its edition: nothing is written.
 */
export async function forgetMe(db: Db, personId: number, exhibitorId: number, now: Date, undo = false) {
  return db.transaction(async (tx) => {
    const [scanned] = await tx.select({ id: scans.id }).from(scans).where(scansOf(personId, exhibitorId)).limit(1);
    if (!scanned) return false;
    await tx
      .update(scans)
      .set({
        doNotContactAt: undo ? null : sql`coalesce(${scans.doNotContactAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(and(eq(scans.scannedId, personId), eq(scans.exhibitorId, exhibitorId)));
    return true;
  });
}

type Card = Awaited<ReturnType<typeof visitedStands>>[number]['card'];

/**
 * The exhibitor's contact card as a vCard 4.0 (RFC 6350): its company, the name, e-mail and phone
 * it chose to give, and its website. A card without a name is the company's own (KIND:org).
 */
export function contactVcard(card: Card, exhibitorId: number): string {
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    `UID:urn:salon:exhibitor:${exhibitorId}`,
    card.name ? null : 'KIND:org',
    `FN:${vText(card.name ?? card.company)}`,
    card.company && `ORG:${vText(card.company)}`,
    card.email && `EMAIL:${vText(card.email)}`,
    // The phone as typed: a text value, not a tel: URI the typing may not make valid.
    card.phone && `TEL;VALUE=text:${vText(card.phone)}`,
    card.website && `URL:${vText(card.website)}`,
    'END:VCARD',
  ];
  return lines
    .filter((x): x is string => typeof x === 'string' && x !== '')
    .map(foldLine)
    .join('');
}
