import * as z from 'zod/mini';
import { call, formBody, openQuery } from '../call';
import {
  directoryFacetsSchema,
  participationConfirmedSchema,
  participationViewSchema,
  registrationsAnswerSchema,
} from '../contracts/directory';
import { idText } from '../ids';
import { acceptInvitationSchema, participationSchema } from '../schemas';

/** The exhibitor directory, one's own registrations, and a past exhibitor's participation link. */

/**
 * Without a session, the public exhibitor directory (`filters[type]=exhibitor`); with one, the
 * caller's own registrations (its query then limited to filters, populate, sort, pagination).
 */
export const getRegistrations = call({
  method: 'GET',
  path: '/registrations',
  tags: ['registrations'],
  query: openQuery,
  response: { 200: registrationsAnswerSchema },
  audience: 'anyoneOrSignedIn',
});

/** How many exhibitors each hall, sector and letter of the directory's pickers holds. */
export const getDirectoryFacets = call({
  method: 'GET',
  path: '/directory/facets',
  tags: ['registrations'],
  query: z.strictObject({ event: z.optional(idText()), year: z.optional(z.string()) }),
  response: { 200: directoryFacetsSchema },
});

/** The page of a mailed participation invitation: the exhibitor's details and the edition. */
export const postParticipationView = call({
  method: 'POST',
  path: '/participation/view',
  tags: ['editions'],
  body: formBody(acceptInvitationSchema),
  response: { 200: participationViewSchema },
});

/** 'Confirmer ma participation': the details saved, the registration made, pending the organiser. */
export const postParticipationConfirm = call({
  method: 'POST',
  path: '/participation/confirm',
  tags: ['editions'],
  body: formBody(participationSchema),
  response: { 200: participationConfirmedSchema },
});
