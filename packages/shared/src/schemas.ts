import { z } from 'zod';
import { LANGUAGES } from './constants';

/**
 * Form schemas shared by the browser and the API. Issue messages are keys; the web app shows
 * them through i18n (`validation.<key>`), the API returns them in `error.details`.
 */
export const requiredText = z.string({ error: 'required' }).trim().min(1, { error: 'required' });
export const emailField = requiredText.pipe(z.email({ error: 'email' }));
export const optionalText = z.string().trim().max(500).optional();

export const loginFormSchema = z.object({
  email: emailField,
  password: z.string({ error: 'required' }).min(1, { error: 'required' }),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** `POST auth/local` body: the Strapi shape the specification's call table names. */
export const loginBodySchema = z.object({
  identifier: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(320),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Contact form (infos-contact): name, email, phone, company, message, 'Envoyer'. */
export const contactFormSchema = z.object({
  name: requiredText.max(200),
  email: emailField,
  phone: requiredText.max(40),
  company: optionalText,
  message: requiredText.max(5000),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

/** Registration to one forum conference (conference/<id>). */
export const conferenceRegistrationSchema = z.object({
  name: requiredText.max(200),
  email: emailField,
  phone: requiredText.max(40),
  company: optionalText,
  message: z.string().trim().max(2000).optional(),
});
export type ConferenceRegistrationForm = z.infer<typeof conferenceRegistrationSchema>;

/** The language the form was filled in: the person's e-mails and the server's answers use it. */
const formLanguage = z.enum(LANGUAGES).optional();

/**
 * Visitor registration (home page). The specification's hidden values (event, confirmed, type,
 * role, username, password…) may come along; they are dropped here and set by the server.
 */
export const visitorFormSchema = z.object({
  name: requiredText.max(200),
  email: emailField,
  phone: requiredText.max(40),
  company: optionalText,
  jobPosition: optionalText,
  /** Exhibitors who scan the badge receive the name, e-mail, phone, company and position. */
  consent: z.literal(true, { error: 'consent' }),
  lang: formLanguage,
});
export type VisitorForm = z.infer<typeof visitorFormSchema>;

/** Exhibitor enquiry (home page); an empty sector is stored as 'non rempli'. */
export const exhibitorEnquirySchema = z.object({
  nom: requiredText.max(200),
  email: emailField,
  telephone: requiredText.max(40),
  societe: optionalText,
  secteur_activite: z.string().trim().max(200).optional(),
  message: z.string().trim().max(5000).optional(),
  lang: formLanguage,
});
export type ExhibitorEnquiryForm = z.infer<typeof exhibitorEnquirySchema>;

/** Newsletter subscription: the trimmed address must be an e-mail address. */
export const newsletterSchema = z.object({
  email: z
    .string({ error: 'email' })
    .trim()
    .max(320)
    .pipe(z.email({ error: 'email' })),
  lang: formLanguage,
});
export type NewsletterForm = z.infer<typeof newsletterSchema>;
