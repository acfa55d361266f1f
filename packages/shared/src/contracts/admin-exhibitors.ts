import * as z from 'zod/mini';
import { ENQUIRY_STATUSES } from '../admin-schemas';
import { dateTime, mediaSchema } from './common';

/**
 * The organisers' side of exhibitors (`/admin/enquiries`, `/admin/exhibitors`): from the home
 * page's enquiry to an account with a hall and a stand, confirmed into the public directory.
 */

/** An exhibitor enquiry sent from the home page, with the organisers' follow-up. */
export const adminEnquirySchema = z.strictObject({
  id: z.number(),
  nom: z.string(),
  email: z.string(),
  telephone: z.string(),
  societe: z.nullable(z.string()),
  secteurActivite: z.string(),
  message: z.nullable(z.string()),
  /** 'fr' or 'en': the language of the mails sent to the account it becomes. */
  language: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  notes: z.nullable(z.string()),
  /** The exhibitor account the enquiry was converted into. */
  exhibitorId: z.nullable(z.number()),
  createdAt: dateTime,
});

export const EXHIBITOR_STATUSES = ['pending', 'confirmed', 'deactivated'] as const;
export type ExhibitorStatus = (typeof EXHIBITOR_STATUSES)[number];

/** An exhibitor of an edition's list: its account, its registration's hall and stand, its counts. */
export const adminExhibitorSchema = z.strictObject({
  id: z.number(),
  company: z.nullable(z.string()),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  secteurActivite: z.nullable(z.string()),
  pays: z.nullable(z.string()),
  adresse: z.nullable(z.string()),
  logoId: z.nullable(z.number()),
  registrationId: z.number(),
  gateId: z.nullable(z.number()),
  /** The hall's name. */
  gate: z.nullable(z.string()),
  booth: z.nullable(z.string()),
  createdAt: dateTime,
  status: z.enum(EXHIBITOR_STATUSES),
  logo: z.nullable(mediaSchema),
  /** Its live collaborators. */
  collaborators: z.number(),
  /** The scans it and its collaborators made in the edition. */
  scans: z.number(),
});

/** One exhibitor's record: the list's row and its collaborators, removed ones included. */
export const adminExhibitorRecordSchema = z.strictObject({
  ...adminExhibitorSchema.def.shape,
  collaboratorList: z.array(
    z.strictObject({
      id: z.number(),
      name: z.string(),
      email: z.string(),
      phone: z.nullable(z.string()),
      jobPosition: z.nullable(z.string()),
      deleted: z.boolean(),
      scans: z.number(),
    }),
  ),
});
