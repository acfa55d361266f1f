import * as z from 'zod/mini';
import { visitSchema } from '../my-visit';
import { item } from './common';
import { conferenceSchema } from './content';

/** An exhibitor of 'Ma visite': enough to find it, its page and its stand. */
export const visitExhibitorSchema = z.strictObject({
  id: z.number(),
  slug: z.string(),
  company: z.string(),
  gate: z.nullable(z.strictObject({ id: z.number(), name: z.string() })),
  booth: z.nullable(z.string()),
});

/**
 * `GET visit?exhibitors=1,2&conferences=3`: what a visitor's list names, in its order; an id that
 * is not a listed exhibitor or a conference of the current edition is left out.
 */
export const visitListSchema = item(
  z.strictObject({ exhibitors: z.array(visitExhibitorSchema), conferences: z.array(conferenceSchema) }),
);

/** `PUT registrations/ebadge/visit?token=…`: the list now kept with the badge. */
export const visitKeptSchema = item(visitSchema);
