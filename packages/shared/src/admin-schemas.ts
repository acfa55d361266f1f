import * as z from 'zod/mini';
import { idField, MAX_ID } from './ids';
import { PASSWORD_RULES, emailField, newPasswordField, optionalText, requiredText } from './schemas';

/** The back-office's forms, checked in the browser and by the API with the same rules. */

const optionalId = z.optional(z.nullable(idField()));

/** An exhibitor as the organisers keep it: the account, its hall and stand, its logo. */
export const exhibitorAccountSchema = z.object({
  company: requiredText(200),
  name: requiredText(200),
  email: emailField,
  phone: requiredText(40),
  secteurActivite: optionalText(200),
  pays: optionalText(100),
  adresse: optionalText(500),
  gateId: optionalId,
  booth: optionalText(20),
  logoId: optionalId,
  /** The enquiry this exhibitor comes from: it becomes 'converti'. */
  enquiryId: optionalId,
});
export type ExhibitorAccountForm = z.infer<typeof exhibitorAccountSchema>;

export const ENQUIRY_STATUSES = ['nouveau', 'contacte', 'converti', 'refuse'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/** The organisers' follow-up of an exhibitor enquiry. */
export const enquiryFollowUpSchema = z.object({
  status: z.enum(ENQUIRY_STATUSES, { error: 'required' }),
  notes: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(5000)))),
});
export type EnquiryFollowUpForm = z.infer<typeof enquiryFollowUpSchema>;

/**
 * A controller's account (the gate staff): who it is, and whether it may sign in at
 * /login-controleur. The password follows the project's rules (PASSWORD_RULES); it is required
 * on creation and, on edit, only sent to replace the current one (empty: unchanged).
 */
const controllerFields = {
  name: requiredText(200),
  email: emailField,
  phone: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(40)))),
  active: z.optional(z.boolean()),
};
export const controllerAccountSchema = z.object({ ...controllerFields, password: newPasswordField });
export type ControllerAccountForm = z.infer<typeof controllerAccountSchema>;

export const controllerAccountEditSchema = z.object({
  ...controllerFields,
  password: z.optional(
    z.nullable(
      z.string().check(
        z.maxLength(200),
        z.refine((p) => p === '' || PASSWORD_RULES.every((rule) => rule.test(p)), { error: 'weakPassword' }),
      ),
    ),
  ),
});
export type ControllerAccountEditForm = z.infer<typeof controllerAccountEditSchema>;

/**
 * Personal-data retention: visitors are anonymised this many months after the show's last day.
 * Errors are message keys, as in the other back-office forms.
 */
export const retentionSettingsSchema = z.object({
  enabled: z.boolean({ error: 'required' }),
  months: z.int({ error: 'retentionMonths' }).check(z.gte(1, 'retentionMonths'), z.lte(240, 'retentionMonths')),
});
export type RetentionSettingsForm = z.infer<typeof retentionSettingsSchema>;

/** The dry-run lists this many people at most; a run takes at most this many ids. */
export const RETENTION_LIST_MAX = 500;

/** A retention run: the people of the dry-run to anonymise, by id. */
export const retentionRunFormSchema = z.object({
  ids: z
    .array(
      z
        .int({ error: 'Identifiant invalide.' })
        .check(z.positive({ error: 'Identifiant invalide.' }), z.lte(MAX_ID, { error: 'Identifiant invalide.' })),
      {
        error: 'La liste des personnes à anonymiser est attendue.',
      },
    )
    .check(z.maxLength(RETENTION_LIST_MAX, { error: `Au plus ${RETENTION_LIST_MAX} personnes à la fois.` })),
});
