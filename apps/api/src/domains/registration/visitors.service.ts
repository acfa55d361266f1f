import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  inEveryLanguage,
  type Texts,
  asLanguage,
  normalizeEmail,
  type Language,
  type VisitorForm,
} from '@salon/shared';
import { queryRows, type Db, type Tx } from '../../db/client';
import { answerTexts } from '../../texts/index';
import { mailOutbox, registrations, users } from '../../db/schema';
import { randomUUID } from 'node:crypto';
import { mayMail, type CappedMailKind } from '../mail/recipient-caps';
import { badgeMail, registrationNoticeMail } from '../mail/public-mails';
import { findOrCreateVisitor, visitorRowSql } from './visitor-accounts.service';
import { currentShow } from '../show/show-facts';
import { currentEdition, showRegistration } from '../show/current-edition';
import type { MailLinks } from '../mail/links';
import {
  badgeCalendarUrl,
  badgeMailedRecently,
  ebadgeUrl,
  mailedApplePass,
  mailedGooglePass,
  queueBadgeMail,
} from '../badges/badge-mail';

/** Registration types whose holder has a badge for the show. */
const BADGE_TYPES = ['visitor', 'exhibitor', 'collaborator'] as const;

/** Accounts that never get a visitor badge from the public form (they have their own tools). */
const STAFF_TYPES = ['controller', 'organiser'];

/**
 * The answer for every address that already has an account, whatever the account (badge holder,
 * cancelled, staff, known from a conference): what differs goes in the mail to that address.
 */
export const ALREADY_REGISTERED: Texts = inEveryLanguage((lang) => answerTexts(lang).alreadyRegistered);

export type VisitorRegistration =
  { outcome: 'created'; registrationId: number; userId: number } | { outcome: 'known'; userId: number };

/**
 * The usual case, a new person, in one statement: the person, the registration and the badge
 * mail, all or nothing. The badge's random key, made here, is what the mail's e-badge link
 * carries. Null when the address is already known: nothing was written.
 */
async function registerNewVisitor(db: Db, ctx: MailLinks, form: VisitorForm, lang: Language) {
  const email = normalizeEmail(form.email);
  const person = visitorRowSql({ ...form, language: lang });
  const badgeKey = randomUUID();
  const { event: show } = await currentShow(db);
  const mail = badgeMail(lang, {
    name: null,
    show,
    ebadgeUrl: ebadgeUrl(ctx, badgeKey, lang),
    calendarUrl: badgeCalendarUrl(ctx, badgeKey, lang),
    appleWallet: mailedApplePass(ctx, badgeKey, lang),
    googleWallet: mailedGooglePass(ctx, badgeKey, lang),
  });
  const rows = await queryRows<{ user_id: number; registration_id: number }>(
    db,
    sql`
    with person as (
      insert into ${users} (${person.columns}) values (${person.values})
      on conflict do nothing
      returning id
    ), registration as (
      insert into ${registrations} (event_id, user_id, type, confirmed, badge_key)
      select ${currentEdition}, id, 'visitor', true, ${badgeKey}::uuid from person
      returning id, user_id
    ), queued as (
      insert into ${mailOutbox} ("to", subject, text, html, attachments, kind)
      select ${email}, ${mail.subject}, ${mail.text}, ${mail.html},
        jsonb_build_array(jsonb_build_object('kind', 'badge', 'registrationId', id)),
        ${'registration' satisfies CappedMailKind} from registration
    )
    select user_id, id as registration_id from registration`,
  );
  const row = rows[0];
  return row ? { registrationId: row.registration_id, userId: row.user_id } : null;
}

/**
 * The home page's visitor registration. A new address gets a person, a confirmed visitor
 * registration for the current edition and the badge mail, and only then may the answer carry a download
 * link. An address that already has an account is answered `known`, whatever the account, and
 * the difference goes in a mail to that address (its own, never a typed one): its badge again
 * (a new visitor registration if it had none), or a notice when it gets no badge from this form
 * (staff, or a registration the organiser cancelled). Never a second person, never a download
 * link for someone who only typed an address, and at most a few mails a day per address.
 */
export async function registerVisitor(db: Db, ctx: MailLinks, form: VisitorForm): Promise<VisitorRegistration> {
  const lang = form.lang ?? DEFAULT_LANGUAGE;
  const created = await registerNewVisitor(db, ctx, form, lang);
  if (created) return { outcome: 'created', ...created };
  return db.transaction(async (tx) => {
    const person = await findOrCreateVisitor(tx, { ...form, language: lang });
    if (person.created) {
      // The address was freed (an erasure) between the two statements: this request made the person.
      const [registration] = await tx
        .insert(registrations)
        .values({ eventId: currentEdition, userId: person.id, type: 'visitor', confirmed: true })
        .returning({ id: registrations.id });
      await queueBadgeMail(tx, ctx, registration!.id, { fromPublicForm: true });
      return { outcome: 'created', registrationId: registration!.id, userId: person.id };
    }
    await answerKnownAddress(tx, ctx, person.id);
    return { outcome: 'known', userId: person.id };
  });
}

/** What an existing account gets when its address is typed in the registration form. */
async function answerKnownAddress(tx: Tx, ctx: MailLinks, userId: number): Promise<void> {
  const [account] = await tx
    .select({ type: users.type, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw new Error(`user ${userId} not found`);
  // First: it locks the address, so the same form sent twice at once is decided once.
  const mayMailNow = await mayMail(tx, account.email, 'registration');
  const notice = async (reason: 'staff' | 'cancelled') => {
    if (!mayMailNow) return;
    const { event: show } = await currentShow(tx);
    const lang = asLanguage(account.language);
    await tx
      .insert(mailOutbox)
      .values({ to: account.email, kind: 'registration', ...registrationNoticeMail(lang, reason, show) });
  };
  if (STAFF_TYPES.includes(account.type)) return notice('staff');

  const own = await tx
    .select({ id: registrations.id, type: registrations.type, revokedAt: registrations.revokedAt })
    .from(registrations)
    .where(and(eq(registrations.userId, userId), showRegistration({ types: BADGE_TYPES, revoked: true })))
    .orderBy(registrations.id);
  const badge = own.find((r) => !r.revokedAt);
  if (badge) {
    if (mayMailNow && !(await badgeMailedRecently(tx, badge.id))) {
      await queueBadgeMail(tx, ctx, badge.id, { fromPublicForm: true });
    }
    return;
  }
  // The organiser's decision stands: no new visitor badge after a cancelled one.
  if (own.some((r) => r.type === 'visitor')) return notice('cancelled');

  // Known without a badge for the show (a conference attendee, a former exhibitor): the badge is
  // made, and goes to the account's own address only.
  const [registration] = await tx
    .insert(registrations)
    .values({ eventId: currentEdition, userId, type: 'visitor', confirmed: true })
    .onConflictDoNothing()
    .returning({ id: registrations.id });
  if (registration && mayMailNow) await queueBadgeMail(tx, ctx, registration.id, { fromPublicForm: true });
}
