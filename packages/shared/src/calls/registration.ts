import * as z from 'zod/mini';
import { call, formBody, handlerForm } from '../call';
import { contactSentSchema, newsletterSubscribedSchema } from '../contracts/directory';
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

export const postContact = call({
  method: 'POST',
  path: '/contact',
  tags: ['contact'],
  body: formBody(contactFormSchema),
  response: { 201: contactSentSchema },
});
