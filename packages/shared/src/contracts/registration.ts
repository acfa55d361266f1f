import * as z from 'zod/mini';
import { item } from './common';

/** `POST visiteurs/putVisitor`: the visitor's registration and a short-lived link to the badge PDF. */
export const visitorRegisteredSchema = item(
  z.strictObject({
    registration: z.strictObject({ id: z.number(), type: z.literal('visitor') }),
    /** Downloads the badge PDF; signed and short-lived. */
    badgeUrl: z.string(),
  }),
);
export type VisitorRegistered = z.infer<typeof visitorRegisteredSchema>['data'];

/** `POST demandes-exposants`: the enquiry stored (the specification's client also sends it to `auth/local/register`). */
export const enquirySubmittedSchema = item(z.strictObject({ id: z.number() }));

/**
 * `POST auth/local/register` (without the trailing slash): one address, two answers. The
 * specification's client sends the visitor's registration and its exhibitor enquiry there
 * (decision 021); which one a body is decides the answer.
 */
export const publicRegisterSchema = z.union([visitorRegisteredSchema, enquirySubmittedSchema]);
