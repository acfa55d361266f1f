import * as z from 'zod/mini';

/**
 * The actions of an edition's page in the back-office (`/admin/editions/:id/…`) other than its
 * record's (admin-records.ts: `adminEditionSchema`, which 'Préparer l'édition suivante' and
 * 'Rendre courante' answer too).
 */

/** `GET …/preview`: the address of the public site as it reads for this edition (a two-hour token). */
export const editionPreviewSchema = z.strictObject({ url: z.string() });

/** `GET …/invite-exhibitors`: how many of a past edition's exhibitors an invitation would reach, and how many had one. */
export const participationPlanSchema = z.strictObject({
  year: z.number(),
  toInvite: z.number(),
  invited: z.number(),
});

/** `POST …/invite-exhibitors`: how many were invited, and how many are left for another day (their mails' cap). */
export const participationSentSchema = z.strictObject({
  year: z.number(),
  invited: z.number(),
  postponed: z.number(),
});

/** `GET …/announce`: how many confirmed subscribers the invitation would reach, and when it left (ISO 8601) if it did. */
export const announcementPlanSchema = z.strictObject({
  subscribers: z.number(),
  sentAt: z.nullable(z.string()),
});

/** `POST …/announce`: how many invitations were queued (0: it had left already). */
export const announcementSentSchema = z.strictObject({ sent: z.number() });

/**
 * `GET …/outdated-content`: before an edition is made current, the site's records whose text
 * names the current edition's year (a banner's picture text, a gallery caption, a testimonial),
 * for the organiser to correct; `year` is the year they name.
 */
export const outdatedContentSchema = z.strictObject({
  year: z.number(),
  records: z.array(
    z.strictObject({
      resource: z.enum(['bannieres', 'galeries', 'temoignages']),
      id: z.number(),
      text: z.string(),
    }),
  ),
});
