import * as z from 'zod/mini';
import { ENQUIRY_STATUSES } from '../admin-schemas';
import { REGISTRATION_TYPES, SCAN_TYPES, USER_TYPES } from '../constants';
import { CHECKIN_VERDICTS, GATE_REFUSALS } from '../gate';
import { dateTime } from './common';
import { visitSchema } from '../my-visit';

/**
 * The back-office's people (`/admin/visitors`, `/admin/people/:id/...`) and the retention of their
 * personal data (`/admin/retention/1`).
 */

const text = z.nullable(z.string());

/**
 * A person's own fields, as the API's `personalColumns` names them: the export of their data
 * gives them all, the erasure blanks them, the back-office shows them.
 */
export const personFields = {
  name: z.string(),
  email: z.string(),
  /** The sign-in name: the e-mail again. */
  username: z.string(),
  phone: text,
  company: text,
  jobPosition: text,
  secteurActivite: text,
  businessSector: text,
  /** A collaborator's postal address, typed in its area. */
  adresse: text,
  pays: text,
};

/** The back-office's lists leave out the sign-in name and the postal address. */
const { username: _username, adresse: _adresse, ...listedPersonFields } = personFields;
export const LISTED_PERSON_FIELDS = Object.keys(listedPersonFields) as (keyof typeof listedPersonFields)[];

/**
 * A person as the back-office shows them: a row of `GET /admin/visitors`, `GET /admin/visitors/:id`,
 * and what `POST /admin/people/:id/erase` answers (the record once erased, for a visitor or a
 * collaborator alike).
 */
export const personRecordSchema = z.strictObject({
  id: z.number(),
  ...listedPersonFields,
  language: z.string(),
  createdAt: dateTime,
  /** Their badge of the current show is revoked. */
  badgeRevoked: z.boolean(),
  /** Erased under the personal-data law (null: not erased). */
  anonymisedAt: z.nullable(dateTime),
});

/** `POST /admin/visitors/:id/resend-badge`: the badge mail is queued again. */
export const badgeResentSchema = z.strictObject({ queued: z.literal(true) });

/** A mail's state in the outbox. */
const mailStatus = z.enum(['pending', 'sending', 'sent', 'failed']);

/**
 * `GET /admin/people/:id/export.json`: everything the show holds about one person (the right of
 * access), section by section, in the order the export shows them. The mails give their subject
 * and state only: their bodies are the show's own texts and carried sign-in links.
 */
export const personalDataSchema = z.strictObject({
  person: z.strictObject({
    id: z.number(),
    type: z.enum(USER_TYPES),
    ...personFields,
    language: z.string(),
    exhibitorId: z.nullable(z.number()),
    confirmed: z.boolean(),
    blocked: z.boolean(),
    deletedAt: z.nullable(dateTime),
    anonymisedAt: z.nullable(dateTime),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
  registrations: z.array(
    z.strictObject({
      id: z.number(),
      /** The edition's name. */
      event: z.string(),
      eventId: z.number(),
      type: z.enum(REGISTRATION_TYPES),
      conferenceId: z.nullable(z.number()),
      confirmed: z.boolean(),
      hall: text,
      booth: text,
      badge: z.enum(['valide', 'révoqué']),
      revokedAt: z.nullable(dateTime),
      /** 'Ma visite' kept with the badge: ids of exhibitors and conferences. */
      visit: z.nullable(visitSchema),
      createdAt: dateTime,
    }),
  ),
  /** The badges the person scanned, with whom. */
  scansMade: z.array(
    z.strictObject({
      id: z.number(),
      createdAt: dateTime,
      typeScanned: z.enum(SCAN_TYPES),
      name: z.string(),
      company: text,
      note: text,
      rating: z.nullable(z.number()),
    }),
  ),
  /** The scans of the person's badge, by which company. */
  scansOf: z.array(
    z.strictObject({
      id: z.number(),
      createdAt: dateTime,
      scannerCompany: text,
      note: text,
      rating: z.nullable(z.number()),
    }),
  ),
  /** The exhibitors the person asked, from their e-badge page, not to contact them, and when first. */
  doNotContact: z.array(
    z.strictObject({ exhibitorId: z.number(), exhibitorCompany: text, askedAt: z.nullable(dateTime) }),
  ),
  checkins: z.array(
    z.strictObject({
      id: z.number(),
      scannedAt: dateTime,
      day: z.string(),
      gate: text,
      verdict: z.enum(CHECKIN_VERDICTS),
      reason: z.nullable(z.enum(GATE_REFUSALS)),
      reentry: z.boolean(),
    }),
  ),
  newsletters: z.array(
    z.strictObject({
      id: z.number(),
      email: z.string(),
      language: z.string(),
      createdAt: dateTime,
      confirmedAt: z.nullable(dateTime),
      unsubscribedAt: z.nullable(dateTime),
    }),
  ),
  /** Their exhibitor enquiries. */
  enquiries: z.array(
    z.strictObject({
      id: z.number(),
      nom: z.string(),
      email: z.string(),
      telephone: z.string(),
      societe: text,
      secteurActivite: z.string(),
      message: text,
      status: z.enum(ENQUIRY_STATUSES),
      createdAt: dateTime,
    }),
  ),
  contactMessages: z.array(
    z.strictObject({
      id: z.number(),
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      company: text,
      message: z.string(),
      createdAt: dateTime,
    }),
  ),
  mails: z.array(
    z.strictObject({
      id: z.number(),
      to: z.string(),
      subject: z.string(),
      status: mailStatus,
      createdAt: dateTime,
      sentAt: z.nullable(dateTime),
    }),
  ),
  /** The audit log's entries about the person, each with the record before and after. */
  audit: z.array(
    z.strictObject({
      id: z.number(),
      action: z.string(),
      resource: z.string(),
      createdAt: dateTime,
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
});

/** `GET` and `PUT /admin/retention/1`: the one record of the retention settings (id 1). */
export const retentionSettingsRecordSchema = z.strictObject({
  id: z.literal(1),
  enabled: z.boolean(),
  months: z.number(),
  lastRunAt: z.nullable(dateTime),
  /** The current show's last day plus the months, as YYYY-MM-DD (null: the show has no dates). */
  cutoff: z.nullable(z.string()),
});

/** `GET /admin/retention/1/dry-run`: who the settings would anonymise today (the first ones, of `total`). */
export const retentionDryRunSchema = z.strictObject({
  cutoff: z.nullable(z.string()),
  total: z.number(),
  people: z.array(z.strictObject({ id: z.number(), name: z.string(), email: z.string(), createdAt: dateTime })),
});

/** `POST /admin/retention/1/run`: how many of the ids sent were anonymised. */
export const retentionRunSchema = z.strictObject({ anonymised: z.number() });
