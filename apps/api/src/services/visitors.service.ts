import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { EVENT_ID, normalizeEmail, type Language, type VisitorForm } from '@salon/shared';
import type { Db, Tx } from '../db/client';
import { mailOutbox, registrations, users } from '../db/schema';
import { LINK_TTL, type LinkSigner } from '../lib/links';
import { TtlCache } from '../lib/ttl-cache';
import { badgeMail, type ShowFacts } from './mail/templates';
import { loadEvent } from './pdf/data';
import { findOrCreateVisitor } from './people.service';

/** Registration types whose holder has a badge for the show. */
const BADGE_TYPES = ['visitor', 'exhibitor', 'collaborator'] as const;

/**
 * A second registration mails the badge again, but a registration's badge is mailed at most
 * twice in this window: anyone can type anyone's address.
 */
export const BADGE_MAIL_WINDOW_MS = 10 * 60_000;

export const ALREADY_REGISTERED: Record<Language, string> = {
  fr: 'Vous êtes déjà inscrit(e) avec cette adresse e-mail : votre badge vient de vous être renvoyé par e-mail.',
  en: 'You are already registered with this e-mail address: your badge has just been e-mailed to you again.',
};

export interface MailLinks {
  links: LinkSigner;
  publicUrl: string;
  now: () => Date;
}

/** The e-badge page's address for a registration: what the badge mail links to. */
export function ebadgeUrl(ctx: MailLinks, registrationId: number): string {
  const token = ctx.links.sign('ebadge', registrationId, LINK_TTL.ebadge, ctx.now());
  return `${ctx.publicUrl}/ebadge?token=${token}`;
}

/** A short-lived address that downloads the badge PDF (a navigation cannot send a bearer). */
export function badgeDownloadUrl(ctx: MailLinks, registrationId: number): string {
  const token = ctx.links.sign('badge_download', registrationId, LINK_TTL.badgeDownload, ctx.now());
  return `/backend/api/registrations/downloadEbadgeFull/${registrationId}?token=${token}`;
}

/** The show's dates and city change at most a few times a year: read once a minute. */
const showFacts = new TtlCache<ShowFacts>(60_000, 1);
async function currentShow(tx: Tx): Promise<ShowFacts> {
  const cached = showFacts.get('event');
  if (cached) return cached;
  const event = await loadEvent(tx);
  showFacts.set('event', event);
  return event;
}

interface Recipient {
  name: string;
  email: string;
  language: string;
}

/**
 * Queues the badge mail of a registration, PDF attached when it is sent. The holder is read
 * from the data unless the caller has just written it.
 */
export async function queueBadgeMail(tx: Tx, ctx: MailLinks, registrationId: number, known?: Recipient): Promise<void> {
  const row =
    known ??
    (
      await tx
        .select({ name: users.name, email: users.email, language: users.language })
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.userId))
        .where(eq(registrations.id, registrationId))
    )[0];
  if (!row) throw new Error(`registration ${registrationId} not found`);
  const lang: Language = row.language === 'en' ? 'en' : 'fr';
  const show = await currentShow(tx);
  const mail = badgeMail(lang, { name: row.name, show, ebadgeUrl: ebadgeUrl(ctx, registrationId) });
  await tx.insert(mailOutbox).values({
    to: row.email,
    ...mail,
    attachments: [{ kind: 'badge', registrationId }],
  });
}

/** Whether this registration's badge was mailed twice a moment ago (no mail bombing). */
async function badgeMailedRecently(tx: Tx, registrationId: number): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(mailOutbox)
    .where(
      and(
        // The database's clock, the one that stamped the rows.
        gt(mailOutbox.createdAt, sql`now() - ${`${BADGE_MAIL_WINDOW_MS} milliseconds`}::interval`),
        sql`${mailOutbox.attachments} @> ${JSON.stringify([{ kind: 'badge', registrationId }])}::jsonb`,
      ),
    );
  return (row?.n ?? 0) >= 2;
}

export const REGISTRATION_CANCELLED: Record<Language, string> = {
  fr: 'Votre inscription a été annulée par l’organisateur. Pour toute question, utilisez la page Contact.',
  en: 'Your registration was cancelled by the organiser. For any question, use the Contact page.',
};

export type VisitorRegistration =
  { outcome: 'created'; registrationId: number; userId: number } | { outcome: 'duplicate' | 'cancelled' };

/**
 * The home page's visitor registration, in one transaction: the person (found by e-mail or
 * created without a password), a confirmed visitor registration for event 7, and the badge mail
 * in the outbox. Someone who already has a badge for the show gets it mailed again (at most
 * every few minutes) and the caller answers with ALREADY_REGISTERED: never a second person,
 * never a second badge, and never a download link for someone who only typed an address.
 */
export async function registerVisitor(db: Db, ctx: MailLinks, form: VisitorForm): Promise<VisitorRegistration> {
  const lang: Language = form.lang ?? 'fr';
  return db.transaction(async (tx) => {
    const person = await findOrCreateVisitor(tx, { ...form, language: lang });
    // Someone created a moment ago has no registration yet: no need to look.
    const [existing] = person.created
      ? []
      : await tx
          .select({ id: registrations.id })
          .from(registrations)
          .where(
            and(
              eq(registrations.userId, person.id),
              eq(registrations.eventId, EVENT_ID),
              inArray(registrations.type, [...BADGE_TYPES]),
              isNull(registrations.conferenceId),
              isNull(registrations.revokedAt),
            ),
          )
          .orderBy(registrations.id)
          .limit(1);
    if (existing) {
      if (!(await badgeMailedRecently(tx, existing.id))) await queueBadgeMail(tx, ctx, existing.id);
      return { outcome: 'duplicate' };
    }
    const [created] = await tx
      .insert(registrations)
      .values({ eventId: EVENT_ID, userId: person.id, type: 'visitor', confirmed: true })
      .onConflictDoNothing()
      .returning({ id: registrations.id });
    // Only a revoked visitor registration is left to conflict with: the organiser's decision stands.
    if (!created) return { outcome: 'cancelled' };
    const recipient = person.created
      ? { name: form.name, email: normalizeEmail(form.email), language: lang }
      : undefined;
    await queueBadgeMail(tx, ctx, created.id, recipient);
    return { outcome: 'created', registrationId: created.id, userId: person.id };
  });
}
