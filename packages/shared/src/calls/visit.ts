import * as z from 'zod/mini';
import { call, strapiQuery } from '../call';
import { doNotContactSchema, visitedStandsSchema } from '../contracts/badges';
import { fileAnswer } from '../contracts/common';
import { visitKeptSchema, visitListSchema } from '../contracts/visit';
import { doNotContactFormSchema } from '../exhibitor-page';
import { LANGUAGES } from '../language';
import { visitActionSchema } from '../my-visit';
import { tokenQuery } from './badges';

/**
 * 'Ma visite' (its list stays on the device, in a cookie the API reads and writes) and the e-badge
 * page's 'Stands visités', reached by the badge's link (the random key of the badge mail).
 */

const tags = ['visit'];

/** What a list names: `exhibitors=1,2` and `conferences=3`, ids separated by commas. */
export const getVisit = call({
  method: 'GET',
  path: '/visit',
  tags,
  query: strapiQuery('exhibitors', 'conferences'),
  response: { 200: visitListSchema },
});

/** A list's conferences (`conferences=3,4`) as a calendar file, in `lang`. */
export const getVisitCalendar = call({
  method: 'GET',
  path: '/visit/calendar.ics',
  tags,
  query: strapiQuery('conferences', 'lang'),
  response: { 200: fileAnswer('text/calendar') },
});

/** 'Ajouter à mon agenda' of the e-badge page and the badge mail: the show's days and the holder's conferences. */
export const getBadgeCalendar = call({
  method: 'GET',
  path: '/registrations/ebadge/calendar.ics',
  tags,
  query: z.strictObject({
    token: z.string().check(z.minLength(1), z.maxLength(2000)),
    lang: z.optional(z.enum(LANGUAGES)),
  }),
  response: { 200: fileAnswer('text/calendar') },
});

/**
 * A change of the device's list (add, remove, clear), or the list kept with a badge (keep, take):
 * the list as JSON for the script, else the page back (303) for a form posted without scripts.
 */
export const postVisit = call({
  method: 'POST',
  path: '/visit',
  tags,
  body: visitActionSchema,
  response: { 200: visitKeptSchema },
});

/** 'Stands visités': the exhibitors whose stands scanned the badge. */
export const getVisitedStands = call({
  method: 'GET',
  path: '/ebadge/visited',
  tags,
  query: tokenQuery,
  response: { 200: visitedStandsSchema },
});

const exhibitorPath = z.object({ exhibitorId: z.string() });

/** The contact card of an exhibitor that scanned the badge. */
export const getVisitedStandCard = call({
  method: 'GET',
  path: '/ebadge/visited/:exhibitorId/contact.vcf',
  tags,
  params: exhibitorPath,
  query: tokenQuery,
  response: { 200: fileAnswer('text/vcard') },
});

/** 'Ne plus me contacter' (or, with `undo`, its undoing): the JSON answer for the script, else the page back (303). */
export const postDoNotContact = call({
  method: 'POST',
  path: '/ebadge/visited/:exhibitorId/do-not-contact',
  tags,
  params: exhibitorPath,
  body: doNotContactFormSchema,
  response: { 200: doNotContactSchema },
});
