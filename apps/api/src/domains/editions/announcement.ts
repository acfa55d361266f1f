import { asLanguage, langParam } from '@salon/shared';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { editions, mailOutbox, newsletters } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { editionAnnouncementMail } from '../mail/edition-mails';
import { unsubscribeHeaders } from '../mail/template-kit';
import { unsubscribeLinks } from '../registration/newsletters.service';
import { type MailLinks } from '../mail/links';

/**
 * 'Inviter les abonnés à la newsletter': the current edition's invitation, once, to every address
 * whose subscription is confirmed and not withdrawn, and to no one else (double opt-in: an address
 * never confirmed gets nothing). Each mail carries its own unsubscribe link.
 */

const confirmedSubscribers = and(isNotNull(newsletters.confirmedAt), isNull(newsletters.unsubscribedAt));

/** The edition, which must be the current one: its visitors are the ones invited. */
async function announcedEdition(db: Db | Tx, id: number) {
  const [edition] = await db
    .select({
      id: editions.id,
      edition: editions.edition,
      name: editions.name,
      startsOn: editions.startsOn,
      endsOn: editions.endsOn,
      city: editions.city,
      current: editions.current,
      announcedAt: editions.announcedAt,
    })
    .from(editions)
    .where(eq(editions.id, id));
  if (!edition) throw notFound('Édition introuvable.');
  if (!edition.current) {
    throw badRequest('Seule l’édition en cours peut être annoncée aux abonnés : rendez-la courante d’abord.', {
      errors: [{ path: ['params', 'id'], message: 'announcingOtherEdition' }],
    });
  }
  return edition;
}

/** What the dialog says first: how many addresses, and when it was sent if it was. */
export async function announcementPlan(db: Db | Tx, id: number) {
  const edition = await announcedEdition(db, id);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(newsletters)
    .where(confirmedSubscribers);
  return { subscribers: row?.n ?? 0, sentAt: edition.announcedAt?.toISOString() ?? null };
}

/**
 * Queues the invitation to each confirmed subscriber, once per edition: the edition's
 * `announced_at` is taken first, so a second click, or two organisers at once, send nothing more.
 */
export async function announceEdition(tx: Tx, ctx: MailLinks, id: number) {
  const edition = await announcedEdition(tx, id);
  const [taken] = await tx
    .update(editions)
    .set({ announcedAt: ctx.now() })
    .where(and(eq(editions.id, id), isNull(editions.announcedAt)))
    .returning({ id: editions.id });
  if (!taken) return { sent: 0 };
  const show = { name: edition.name, startsOn: edition.startsOn!, endsOn: edition.endsOn!, city: edition.city! };
  const subscribers = await tx
    .select({ id: newsletters.id, email: newsletters.email, language: newsletters.language })
    .from(newsletters)
    .where(confirmedSubscribers)
    .orderBy(asc(newsletters.id));
  // In slices: one statement for thousands of rows would pass PostgreSQL's parameter limit.
  for (let from = 0; from < subscribers.length; from += 500) {
    await tx.insert(mailOutbox).values(
      subscribers.slice(from, from + 500).map((s) => {
        const lang = asLanguage(s.language);
        const unsubscribe = unsubscribeLinks(ctx, s.id, lang);
        return {
          to: s.email,
          kind: 'editionAnnouncement',
          ...editionAnnouncementMail(lang, {
            edition: edition.edition,
            show,
            siteUrl: `${ctx.publicUrl}/${langParam(lang, '?')}`,
            unsubscribeUrl: unsubscribe.pageUrl,
          }),
          headers: unsubscribeHeaders(unsubscribe.oneClickUrl, unsubscribe.pageUrl),
        };
      }),
    );
  }
  return { sent: subscribers.length };
}
