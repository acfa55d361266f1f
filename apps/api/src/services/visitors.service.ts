import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_ROLE_ID,
  EVENT_ID,
  normalizeEmail,
  normalizePhone,
  type Language,
  type VisitorForm,
} from '@salon/shared';
import { queryRows, type Db, type Tx } from '../db/client';
import { mailOutbox, registrations, users } from '../db/schema';
import { randomUUID } from 'node:crypto';
import { LINK_TTL, type LinkSigner } from '../lib/links';
import { badgeMail } from './mail/templates';
import { findOrCreateVisitor } from './people.service';
import { currentShow } from './show-facts';

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
export function ebadgeUrl(ctx: MailLinks, badgeKey: string): string {
  return `${ctx.publicUrl}/ebadge?token=${badgeKey}`;
}

/** A short-lived address that downloads the badge PDF (a navigation cannot send a bearer). */
export function badgeDownloadUrl(ctx: MailLinks, registrationId: number): string {
  const token = ctx.links.sign('badge_download', registrationId, LINK_TTL.badgeDownload, ctx.now());
  return `/backend/api/registrations/downloadEbadgeFull/${registrationId}?token=${token}`;
}

/** Queues the badge mail of a registration, PDF attached when it is sent. */
export async function queueBadgeMail(tx: Tx, ctx: MailLinks, registrationId: number): Promise<void> {
  const [row] = await tx
    .select({
      name: users.name,
      email: users.email,
      language: users.language,
      badgeKey: registrations.badgeKey,
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(eq(registrations.id, registrationId));
  if (!row) throw new Error(`registration ${registrationId} not found`);
  const lang: Language = row.language === 'en' ? 'en' : 'fr';
  const { event: show } = await currentShow(tx);
  const mail = badgeMail(lang, { name: row.name, show, ebadgeUrl: ebadgeUrl(ctx, row.badgeKey) });
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
 * The usual case, a new person, in one statement: the person, the registration and the badge
 * mail, all or nothing. The badge's random key, made here, is what the mail's e-badge link
 * carries. Null when the address is already known: nothing was written.
 */
async function registerNewVisitor(db: Db, ctx: MailLinks, form: VisitorForm, lang: Language) {
  const email = normalizeEmail(form.email);
  const badgeKey = randomUUID();
  const { event: show } = await currentShow(db);
  const mail = badgeMail(lang, { name: form.name, show, ebadgeUrl: ebadgeUrl(ctx, badgeKey) });
  const rows = await queryRows<{ user_id: number; registration_id: number }>(
    db,
    sql`
    with person as (
      insert into ${users} (type, role_id, name, email, username, phone, phone_normalized, company,
        job_position, language, confirmed, email_otp_confirmed)
      values ('visitor', ${DEFAULT_ROLE_ID}, ${form.name}, ${email}, ${email}, ${form.phone},
        ${normalizePhone(form.phone)}, ${form.company || null}, ${form.jobPosition || null}, ${lang}, true, true)
      on conflict do nothing
      returning id
    ), registration as (
      insert into ${registrations} (event_id, user_id, type, confirmed, badge_key)
      select ${EVENT_ID}, id, 'visitor', true, ${badgeKey}::uuid from person
      returning id, user_id
    ), queued as (
      insert into ${mailOutbox} ("to", subject, text, html, attachments)
      select ${email}, ${mail.subject}, ${mail.text}, ${mail.html},
        jsonb_build_array(jsonb_build_object('kind', 'badge', 'registrationId', id)) from registration
    )
    select user_id, id as registration_id from registration`,
  );
  const row = rows[0];
  return row ? { registrationId: row.registration_id, userId: row.user_id } : null;
}

/**
 * The home page's visitor registration, in one transaction: the person (found by e-mail or
 * created without a password), a confirmed visitor registration for event 7, and the badge mail
 * in the outbox. Someone who already has a badge for the show gets it mailed again (at most
 * every few minutes) and the caller answers with ALREADY_REGISTERED: never a second person,
 * never a second badge, and never a download link for someone who only typed an address.
 */
export async function registerVisitor(db: Db, ctx: MailLinks, form: VisitorForm): Promise<VisitorRegistration> {
  const lang: Language = form.lang ?? 'fr';
  const created = await registerNewVisitor(db, ctx, form, lang);
  if (created) return { outcome: 'created', ...created };
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
    await queueBadgeMail(tx, ctx, created.id);
    return { outcome: 'created', registrationId: created.id, userId: person.id };
  });
}
