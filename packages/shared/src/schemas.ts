import * as z from 'zod/mini';
import { BADGE_TOKEN_SHAPE, SCAN_BATCH_MAX } from './constants';
import { inEveryLanguage, LANGUAGES, type Texts } from './language';
import { sharedTexts } from './texts/index';
import { normalizeEmail } from './normalize';
import { leadQualificationFields } from './leads';

/**
 * Form schemas shared by the browser and the API. Issue messages are keys; the web app shows
 * them through i18n (`validation.<key>`), the API returns them in `error.details`.
 *
 * Written with Zod Mini: the same rules as Zod, in a form the bundler can trim, so a page with a
 * form loads a few kilobytes of validation instead of the whole library.
 */

/**
 * A text longer than its field's limit is refused there (`abort`): no later check (a link, an
 * address, a pattern) reads it, so that none spends its time on the 200,000 characters a request
 * may carry.
 */
export const maxText = (max: number, error?: string) => z.maxLength(max, { error, abort: true });

/**
 * A text the organisers type in each language, held as one value `{ "fr": …, "en": … }`. A
 * language may be missing: one added to LANGUAGES after the text was written.
 */
export const multilingual = <T extends z.ZodMiniType>(text: T) =>
  z.strictObject(inEveryLanguage(() => z.optional(text)));
/** A multilingual value a form may leave out, each language it gives checked by `text`. */
export const optionalMultilingual = <T extends z.ZodMiniType>(text: T) => z.optional(multilingual(text));
/** A multilingual value required in each language: the value missing, or one of its languages, is 'required'. */
export const requiredMultilingualValue = <T extends z.ZodMiniType>(text: T) =>
  z.strictObject(
    inEveryLanguage(() => text),
    { error: (issue) => (issue.input === undefined ? 'required' : undefined) },
  );

/** Required text: trimmed, then not empty, at most `max` characters. */
export const requiredText = (max: number) =>
  z.string({ error: 'required' }).check(z.trim(), z.minLength(1, { error: 'required' }), maxText(max));
/** Optional text, trimmed; empty is allowed. */
export const optionalText = (max = 500) => z.optional(z.string().check(z.trim(), maxText(max)));
/** A required e-mail address: trimmed, not empty ('required'), then well formed ('email'). */
export const emailField = z.pipe(requiredText(320), z.email({ error: 'email' }));

export const loginFormSchema = z.object({
  email: emailField,
  password: z.string({ error: 'required' }).check(z.minLength(1, { error: 'required' })),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Contact form (infos-contact): name, email, phone, company, message, 'Envoyer'. */
export const contactFormSchema = z.object({
  name: requiredText(200),
  email: emailField,
  phone: requiredText(40),
  company: optionalText(),
  message: requiredText(5000),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

/**
 * What a mail client or a PDF reader turns into a link: a scheme (`https://`), `www.`, an address
 * with `@`, or a bare host name (`salon-btp-badges.example/valider`), which Gmail and Outlook link
 * too. A host name here is a label of two characters or more, a dot (or a dot that browsers read
 * as one), and a last label of two letters or more: ASCII ones (no real top-level domain has an
 * accent: 'Ste.Générale' is none), or letters of another script (`.рф`); or an IPv4 address
 * (`203.0.113.7/valider`). Initials ('B.T.P. Maroc', 'S.A.R.L', 'M.Alami') and a dot followed by
 * a space ('Ets. Alami & Fils') are none. No quantifier overlaps another: one pass, linear.
 * The label is found by its last two letters or digits, with only '_' or '-' between them: the
 * same texts as a label read whole, in one pass (read whole, 20,000 letters took 2 s).
 */
const LINK =
  /:\/\/|www\.|@|[\p{L}\p{N}][_-]*[\p{L}\p{N}][.\u3002\uFF0E\uFF61](?:[a-z]{2,}|[^\P{L}\p{Script=Latin}]{2,})(?![\p{L}\p{N}])|\d{1,3}(?:[.\u3002\uFF0E\uFF61]\d{1,3}){3}/iu;
/**
 * The same with a one-character label (`x.co/valider`), which initials are too ('M.Alami',
 * 'S.A.R.L.AU'): the label stands alone (no letter, digit or initial before it), and the last
 * label is written in small letters, or in capitals followed by a path.
 */
const SHORT_LINK =
  /(?<![\p{L}\p{N}][.\u3002\uFF0E\uFF61]?)[\p{L}\p{N}][.\u3002\uFF0E\uFF61](?:(?:[a-z]{2,}|[^\P{Ll}\p{Script=Latin}]{2,})(?![\p{L}\p{N}])|[A-Z]{2,}\/)/u;

/** Whether a mail would show this text as a link (see LINK); the mail templates check it too. */
export const looksLikeLink = (text: string): boolean => LINK.test(text) || SHORT_LINK.test(text);

/**
 * What the site prints in a mail to an address someone else typed (a badge, a conference
 * account, "<company> invites you", "Bonjour <name>" in a collaborator's access): no link, so
 * that nobody can send a lure in the show's name ('noLink').
 */
const noLink = z.refine((value: unknown) => typeof value !== 'string' || !looksLikeLink(value), { error: 'noLink' });

/** Registration to one forum conference (conference/<id>). */
export const conferenceRegistrationSchema = z.object({
  name: requiredText(200).check(noLink),
  email: emailField,
  phone: requiredText(40),
  company: optionalText().check(noLink),
  message: optionalText(2000),
});
export type ConferenceRegistrationForm = z.infer<typeof conferenceRegistrationSchema>;

/** The language the form was filled in: the person's e-mails and the server's answers use it. */
const formLanguage = z.optional(z.enum(LANGUAGES));

/**
 * Visitor registration (home page). The specification's hidden values (event, confirmed, type,
 * role, username, password…) may come along; they are dropped here and set by the server.
 */
export const visitorFormSchema = z.object({
  name: requiredText(200).check(noLink),
  email: emailField,
  phone: requiredText(40),
  company: optionalText().check(noLink),
  jobPosition: optionalText().check(noLink),
  lang: formLanguage,
});
export type VisitorForm = z.infer<typeof visitorFormSchema>;

/**
 * What a scan at a stand passes on, said beside the visitor form's 'Recevoir mon badge', on the
 * e-badge page and in the badge mail (decision 049). The badge does not depend on agreeing: the
 * visitor agrees with each exhibitor by holding the badge out, and can take it back for one
 * exhibitor from the e-badge page ('Ne plus me contacter'). The form has no box, and a `consent`
 * that a client still sends is dropped with the other fields this schema does not name.
 */
export const SCAN_NOTICE: Texts = inEveryLanguage((lang) => sharedTexts(lang).scanNotice);

/** Exhibitor enquiry (home page); an empty sector is stored as 'non rempli'. */
export const exhibitorEnquirySchema = z.object({
  nom: requiredText(200),
  email: emailField,
  telephone: requiredText(40),
  societe: optionalText(),
  secteur_activite: optionalText(200),
  message: optionalText(5000),
  lang: formLanguage,
});
export type ExhibitorEnquiryForm = z.infer<typeof exhibitorEnquirySchema>;

/** Newsletter subscription: the trimmed address must be an e-mail address. */
export const newsletterSchema = z.object({
  email: z.pipe(z.string({ error: 'email' }).check(z.trim(), z.maxLength(320)), z.email({ error: 'email' })),
  lang: formLanguage,
});
export type NewsletterForm = z.infer<typeof newsletterSchema>;

/** 'Informations' of an exhibitor: name, email, phone and company required. */
export const exhibitorInfoSchema = z.object({
  name: requiredText(200),
  email: emailField,
  phone: requiredText(40),
  /** Printed in the invitations its collaborators receive. */
  company: requiredText(200).check(noLink),
  jobPosition: optionalText(200),
  currentPassword: z.optional(z.string().check(z.maxLength(200))),
});
export type ExhibitorInfoForm = z.infer<typeof exhibitorInfoSchema>;

/**
 * 'Informations' of a collaborator: what it may change. Company, sector, country, hall and stand
 * are its exhibitor's and the organiser's: shown read-only, and ignored by the server if sent.
 */
export const collaboratorInfoSchema = z.object({
  name: requiredText(200),
  email: emailField,
  phone: requiredText(40),
  jobPosition: optionalText(200),
  adresse: optionalText(500),
  currentPassword: z.optional(z.string().check(z.maxLength(200))),
});
export type CollaboratorInfoForm = z.infer<typeof collaboratorInfoSchema>;

/**
 * An 'Informations' form for the account whose sign-in address is `currentEmail`: a new address
 * needs the current password (the field appears once the address differs).
 */
export function infoFormSchema<S extends typeof exhibitorInfoSchema | typeof collaboratorInfoSchema>(
  schema: S,
  currentEmail: string,
): S {
  // check() on the union the constraint names would type the answer as that union.
  return schema.check(
    z.refine((v) => normalizeEmail(v.email) === normalizeEmail(currentEmail) || !!v.currentPassword, {
      error: 'required',
      path: ['currentPassword'],
    }),
  ) as S;
}

/** The page opened from a collaborator invitation: a password only for an account without one. */
export const acceptInvitationSchema = z.object({
  token: z.string().check(z.minLength(1, { error: 'required' }), z.maxLength(200)),
  password: z.optional(z.string().check(z.maxLength(200))),
});
export type AcceptInvitationForm = z.infer<typeof acceptInvitationSchema>;

/**
 * The page of the link mailed by 'Inviter les exposants de 2024': the exhibitor checks its details
 * (as 'Informations' holds them) and confirms its participation in the current edition.
 */
export const participationSchema = z.object({
  token: z.string().check(z.minLength(1, { error: 'required' }), z.maxLength(200)),
  name: requiredText(200),
  phone: requiredText(40),
  company: requiredText(200).check(noLink),
  jobPosition: optionalText(200),
});
export type ParticipationForm = z.infer<typeof participationSchema>;

/** The page opened from the link that confirms a new sign-in address. */
export const confirmEmailSchema = z.object({
  token: z.string().check(z.minLength(1, { error: 'required' }), z.maxLength(200)),
});

/**
 * 'Ajouter un collaborateur': Nom & Prénom, Fonction, Email, Téléphone, all required. The name
 * greets the address typed here in its access mail, and the badge prints name and position.
 */
export const collaboratorFormSchema = z.object({
  name: requiredText(200).check(noLink),
  jobPosition: requiredText(200).check(noLink),
  email: emailField,
  phone: requiredText(40),
  lang: formLanguage,
});
export type CollaboratorForm = z.infer<typeof collaboratorFormSchema>;

/** The rules a new password follows, shown one by one as it is typed (key: `password.<key>`). */
export const PASSWORD_RULES = [
  { key: 'length', test: (p: string) => p.length >= 10 },
  { key: 'lower', test: (p: string) => /\p{Ll}/u.test(p) },
  { key: 'upper', test: (p: string) => /\p{Lu}/u.test(p) },
  { key: 'digit', test: (p: string) => /\d/.test(p) },
] as const;

export const newPasswordField = z.string({ error: 'required' }).check(
  z.minLength(1, { error: 'required' }),
  maxText(200),
  z.refine((p) => PASSWORD_RULES.every((rule) => rule.test(p)), { error: 'weakPassword' }),
);

/** The set-password page, opened from the access or reset link. */
export const setPasswordSchema = z.object({
  token: z.string().check(z.minLength(1, { error: 'required' }), z.maxLength(200)),
  password: newPasswordField,
});
export type SetPasswordForm = z.infer<typeof setPasswordSchema>;

/** 'Mot de passe oublié ?': the address of an exhibitor or collaborator account. */
export const forgotPasswordSchema = z.object({ email: emailField, lang: formLanguage });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordSchema>;

/**
 * Lead qualification added right after a scan: a note, a rating from 1 to 5, the answers to the
 * exhibitor's questions and free tags (leads.ts), all optional.
 */
export const scanQualificationSchema = z.object({
  note: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(1000)))),
  rating: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(5)))),
  ...leadQualificationFields,
});
export type ScanQualification = z.infer<typeof scanQualificationSchema>;

/**
 * One scan as a device sends it. `id` is made on the device, so a send repeated (its answer lost,
 * the page reloaded) is taken once. `scannedAt` is when the camera read the badge, which may be
 * long before the send when the device was offline. Note and rating, when present, replace what
 * the scan had; when absent, they are kept. So do answers (each replaces the answer to its
 * question) and tags (the whole list).
 */
export const scanSubmissionSchema = z.extend(scanQualificationSchema, {
  id: z.uuid(),
  badge: z.string().check(z.maxLength(200)),
  scannedAt: z.iso.datetime({ offset: true }),
});
export type ScanSubmission = z.infer<typeof scanSubmissionSchema>;

/** `POST scans`: what a device has waiting, oldest first. */
export const scanBatchSchema = z.object({
  scans: z.array(scanSubmissionSchema).check(z.minLength(1), z.maxLength(SCAN_BATCH_MAX)),
});
export type ScanBatch = z.infer<typeof scanBatchSchema>;

/** True when a QR code's text could be a badge (the signature is checked by the server). */
export const looksLikeBadge = (text: string) => BADGE_TOKEN_SHAPE.test(text);
