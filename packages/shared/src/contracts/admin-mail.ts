import * as z from 'zod/mini';
import { dateTime } from './common';

/** A mail's state in the outbox: waiting, being sent by a worker, sent, or given up on. */
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
/** A newsletter subscriber's state: waiting for the confirmation link, confirmed, or unsubscribed. */
export const NEWSLETTER_STATES = ['waiting', 'confirmed', 'unsubscribed'] as const;

/** One mail of the outbox as `GET /admin/mails` lists it: its state, attempts and last error. */
export const mailRowSchema = z.strictObject({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  nextAttemptAt: dateTime,
  sentAt: z.nullable(dateTime),
  createdAt: dateTime,
});

/**
 * One mail with its bodies (`GET /admin/mails/:id`, `POST /admin/mails/:id/retry`). A mail with
 * a link (set-password, invitation, address confirmation) holds LINK_PLACEHOLDER where its secret
 * went (`linkRedacted`): the secret is never stored, so never shown.
 */
export const mailRecordSchema = z.strictObject({
  ...mailRowSchema.def.shape,
  text: z.string(),
  html: z.nullable(z.string()),
  /** Its extra headers, e.g. List-Unsubscribe on a newsletter's mail. */
  headers: z.nullable(z.record(z.string(), z.string())),
  /** What the worker attaches when it sends it, e.g. `{ kind: 'badge', registrationId }`. */
  attachments: z.nullable(z.array(z.catchall(z.object({ kind: z.string() }), z.unknown()))),
  linkRedacted: z.boolean(),
});

/** A newsletter subscriber as `GET /admin/newsletters` lists it. */
export const newsletterRowSchema = z.strictObject({
  id: z.number(),
  email: z.string(),
  language: z.string(),
  state: z.enum(NEWSLETTER_STATES),
  confirmedAt: z.nullable(dateTime),
  unsubscribedAt: z.nullable(dateTime),
  createdAt: dateTime,
});
