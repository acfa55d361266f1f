import * as z from 'zod/mini';

/**
 * What the API answers, declared once: each Fastify route declares its answer with one of these
 * (the server sends nothing else: a field outside the contract is dropped, a missing one is a
 * 500 its tests see), the OpenAPI description at /backend/docs shows it, and the web types its
 * reads with the same type. The specification's calls are contracts like the others.
 */

/** `POST visiteurs/putVisitor`: the visitor's registration and a short-lived link to the badge PDF. */
export const visitorRegisteredSchema = z.object({
  data: z.object({
    registration: z.object({ id: z.number(), type: z.literal('visitor') }),
    /** Downloads the badge PDF; signed and short-lived. */
    badgeUrl: z.string(),
  }),
  meta: z.object({}),
});
export type VisitorRegistered = z.infer<typeof visitorRegisteredSchema>['data'];

/** `POST demandes-exposants`: the enquiry stored (the specification's client also sends it to `auth/local/register`). */
export const enquirySubmittedSchema = z.object({
  data: z.object({ id: z.number() }),
  meta: z.object({}),
});

/**
 * `POST auth/local/register` (without the trailing slash): one address, two answers. The
 * specification's client sends the visitor's registration and its exhibitor enquiry there
 * (decision 021); which one a body is decides the answer.
 */
export const publicRegisterSchema = z.union([visitorRegisteredSchema, enquirySubmittedSchema]);
