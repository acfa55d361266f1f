import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './people';

/**
 * The mail outbox, and what the public sends in: newsletter sign-ups, exhibitor enquiries and
 * contact messages.
 */

export const mailStatus = pgEnum('mail_status', ['pending', 'sending', 'sent', 'failed']);
export const enquiryStatus = pgEnum('enquiry_status', ['nouveau', 'contacte', 'converti', 'refuse']);

/**
 * Which link the mail worker issues when it sends a mail: `id` is the person's for a
 * set-password link (tokens), the row's of collaborator_invitations, email_changes or
 * participation_invitations otherwise.
 */
export interface MailLink {
  kind: 'setPassword' | 'invitation' | 'emailChange' | 'participation';
  id: number;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra headers, e.g. List-Unsubscribe on newsletter mails. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** What to attach, rebuilt when the mail is sent (e.g. { kind: 'badge', registrationId }). */
    attachments: jsonb('attachments').$type<{ kind: string; [key: string]: unknown }[]>(),
    /**
     * What the mail is, for the mails anyone can trigger by typing an address (see MAIL_KINDS):
     * they are counted per recipient and per day, here, so the cap holds across instances.
     */
    kind: text('kind'),
    /**
     * The link with a secret that the mail carries (a set-password link, an invitation, an
     * address confirmation). The bodies hold LINK_PLACEHOLDER: the worker issues the secret when
     * it sends the mail, so no readable secret is ever stored here.
     */
    link: jsonb('link').$type<MailLink>(),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due').on(t.status, t.nextAttemptAt),
    index('mail_outbox_recipient').on(sql`lower(${t.to})`, t.createdAt),
  ],
);

export const newsletters = pgTable(
  'newsletters',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    language: text('language').notNull().default('fr'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletters_email').on(sql`lower(${t.email})`)],
);

/** The subscriber's address: replaced by an erasure; the rest is the subscription's state. */
export const newsletterPersonalColumns = { email: newsletters.email };
export const NEWSLETTER_NOT_PERSONAL = [
  'id',
  'confirmedAt',
  'unsubscribedAt',
  'language',
  'createdAt',
] as const satisfies readonly (keyof typeof newsletters.$inferSelect)[];

export const demandesExposants = pgTable('demandes_exposants', {
  id: serial('id').primaryKey(),
  nom: text('nom').notNull(),
  email: text('email').notNull(),
  telephone: text('telephone').notNull(),
  societe: text('societe'),
  secteurActivite: text('secteur_activite').notNull().default('non rempli'),
  message: text('message'),
  language: text('language').notNull().default('fr'),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  /** The organisers' follow-up in the back-office. */
  status: enquiryStatus('status').notNull().default('nouveau'),
  notes: text('notes'),
  /** The exhibitor account the enquiry was converted into. */
  exhibitorId: integer('exhibitor_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * What the person typed in an enquiry, and what the organisers wrote of them: erased in place by
 * the erasure of the person whose address it bears. The sector (a choice of the show's list) and
 * the follow-up's state stay, as the organisers' counts.
 */
export const enquiryPersonalColumns = {
  nom: demandesExposants.nom,
  email: demandesExposants.email,
  telephone: demandesExposants.telephone,
  societe: demandesExposants.societe,
  message: demandesExposants.message,
  notes: demandesExposants.notes,
};
export const ENQUIRY_NOT_PERSONAL = [
  'id',
  'secteurActivite',
  'language',
  'handledAt',
  'status',
  'exhibitorId',
  'createdAt',
] as const satisfies readonly (keyof typeof demandesExposants.$inferSelect)[];

/** An enquiry as the back-office's follow-up and the person's export both show it. */
export const enquiryColumns = {
  id: demandesExposants.id,
  nom: demandesExposants.nom,
  email: demandesExposants.email,
  telephone: demandesExposants.telephone,
  societe: demandesExposants.societe,
  secteurActivite: demandesExposants.secteurActivite,
  message: demandesExposants.message,
};

/** Messages of the contact form (infos-contact); each also queues a mail to the organiser. */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  company: text('company'),
  message: text('message').notNull(),
  createdAt: createdAt(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
});

/** What the person typed in a contact message: erased in place with the person whose address it bears. */
export const contactMessagePersonalColumns = {
  name: contactMessages.name,
  email: contactMessages.email,
  phone: contactMessages.phone,
  company: contactMessages.company,
  message: contactMessages.message,
};
export const CONTACT_MESSAGE_NOT_PERSONAL = [
  'id',
  'createdAt',
  'handledAt',
] as const satisfies readonly (keyof typeof contactMessages.$inferSelect)[];
