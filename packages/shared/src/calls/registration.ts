import * as z from 'zod/mini';
import { call, formBody, handlerForm } from '../call';
import {
  contactSentSchema,
  newsletterConfirmedSchema,
  newsletterSubscribedSchema,
  newsletterUnsubscribedSchema,
} from '../contracts/directory';
import { LANGUAGES } from '../language';
import { tokenQuery } from './badges';
import { enquirySubmittedSchema, publicRegisterSchema, visitorRegisteredSchema } from '../contracts/registration';
import { contactFormSchema, exhibitorEnquirySchema, newsletterSchema, visitorFormSchema } from '../schemas';

/** The public forms: a visitor's registration, an exhibitor's enquiry, the newsletter, the contact form. */

/** The home page's visitor registration (`auth/local/register` does the same, apart). */
export const putVisitor = call({
  method: 'POST',
  path: '/visiteurs/putVisitor',
  tags: ['visitors'],
  body: formBody(visitorFormSchema),
  response: { 201: visitorRegisteredSchema },
});

/**
 * The specification's registration call: a visitor's form, as `putVisitor`, or the exhibitor
 * enquiry its client sends here too, stored as `postEnquiry` stores it (the handler tells them
 * apart by their fields). The collaborator form's call is `auth/local/register/` (account.ts).
 */
export const postPublicRegister = call({
  method: 'POST',
  path: '/auth/local/register',
  tags: ['visitors'],
  body: handlerForm(z.union([visitorFormSchema, exhibitorEnquirySchema])),
  response: { 201: publicRegisterSchema },
});

export const postEnquiry = call({
  method: 'POST',
  path: '/demandes-exposants',
  tags: ['enquiries'],
  body: formBody(exhibitorEnquirySchema),
  response: { 201: enquirySubmittedSchema },
});

/** The newsletter's subscription (double opt-in: a mail asks to confirm). */
export const postNewsletter = call({
  method: 'POST',
  path: '/newsletters',
  tags: ['newsletters'],
  body: formBody(newsletterSchema),
  response: { 201: newsletterSubscribedSchema },
});

/** The double opt-in's confirmation, by the mail's signed token. */
export const postNewsletterConfirm = call({
  method: 'POST',
  path: '/newsletters/confirm',
  tags: ['newsletters'],
  query: tokenQuery,
  response: { 200: newsletterConfirmedSchema },
});

/** The unsubscription: mail clients POST here without cookies (RFC 8058), the signed token is the authorisation. */
export const postNewsletterUnsubscribe = call({
  method: 'POST',
  path: '/newsletters/unsubscribe',
  tags: ['newsletters'],
  query: tokenQuery,
  response: { 200: newsletterUnsubscribedSchema },
});

/** The same address opened: a redirect (303) to the page, which unsubscribes once a browser shows it. */
export const getNewsletterUnsubscribe = call({
  method: 'GET',
  path: '/newsletters/unsubscribe',
  tags: ['newsletters'],
  query: z.extend(tokenQuery, { lang: z.optional(z.enum(LANGUAGES)) }),
  response: {},
});

export const postContact = call({
  method: 'POST',
  path: '/contact',
  tags: ['contact'],
  body: formBody(contactFormSchema),
  response: { 201: contactSentSchema },
});
