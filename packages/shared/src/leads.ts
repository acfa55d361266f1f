import * as z from 'zod/mini';
import { idField, idText } from './ids';
import { isRealDay } from './day-format';

/**
 * A lead's qualification and follow-up: the exhibitor's own questions, asked after a
 * scan, their answers, free tags and a follow-up status. Shared by the browser (the forms) and the
 * API (the same rules, the same message keys under the fields).
 */

export const LEAD_LIMITS = {
  questions: 5,
  choices: 10,
  label: 200,
  tags: 10,
  tag: 40,
  textAnswer: 500,
} as const;

/** A question is answered by one choice, several choices or a short text. */
export const LEAD_QUESTION_KINDS = ['single', 'multiple', 'text'] as const;
export type LeadQuestionKind = (typeof LEAD_QUESTION_KINDS)[number];

/** 'À recontacter', 'Recontacté', 'Sans suite'; a lead without one has none (null). */
export const FOLLOW_UPS = ['to_contact', 'contacted', 'no_follow_up'] as const;
export type FollowUp = (typeof FOLLOW_UPS)[number];

const label = () =>
  z
    .string({ error: 'text' })
    .check(z.trim(), z.minLength(1, { error: 'required' }), z.maxLength(LEAD_LIMITS.label, { error: 'tooLong' }));

/**
 * One question as the exhibitor writes it: its label and, for a choice, its choices, in its
 * language (free text). `id` names a question kept from the list saved before (absent: a new one).
 */
export const leadQuestionInputSchema = z
  .object({
    id: z.optional(idField()),
    kind: z.enum(LEAD_QUESTION_KINDS, { error: 'unknownKind' }),
    label: label(),
    choices: z._default(z.array(label()).check(z.maxLength(LEAD_LIMITS.choices, { error: 'tooMany' })), []),
  })
  .check(
    z.superRefine((q, ctx) => {
      if (q.kind !== 'text' && q.choices.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['choices'], message: 'choicesRequired', input: q.choices });
      }
      if (q.kind === 'text' && q.choices.length > 0) {
        ctx.addIssue({ code: 'custom', path: ['choices'], message: 'noChoicesForText', input: q.choices });
      }
      const seen = new Set<string>();
      q.choices.forEach((choice, i) => {
        const key = choice.toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', path: ['choices', i], message: 'duplicateChoice', input: choice });
        }
        seen.add(key);
      });
    }),
  );
export type LeadQuestionInput = z.infer<typeof leadQuestionInputSchema>;

/** `PUT lead-questions`: the whole list, in its order (at most five). */
export const leadQuestionsFormSchema = z.object({
  questions: z.array(leadQuestionInputSchema).check(z.maxLength(LEAD_LIMITS.questions, { error: 'tooMany' })),
});
export type LeadQuestionsForm = z.infer<typeof leadQuestionsFormSchema>;

/**
 * An answer as a device sends it: the question's id and the labels of the choices picked, or the
 * text typed. No choice and no text takes the answer away. The server writes, beside it, the
 * question's label and the choices' labels as they are when it is answered.
 */
export const leadAnswerInputSchema = z.object({
  question: idField({ error: 'required' }),
  choices: z.optional(z.array(label()).check(z.maxLength(LEAD_LIMITS.choices, { error: 'tooMany' }))),
  text: z.optional(
    z.nullable(z.string({ error: 'text' }).check(z.trim(), z.maxLength(LEAD_LIMITS.textAnswer, { error: 'tooLong' }))),
  ),
});
export type LeadAnswerInput = z.infer<typeof leadAnswerInputSchema>;

/** A lead's free tags: at most ten, each at most 40 characters, the same tag once. */
export const leadTagsSchema = z
  .array(
    z
      .string({ error: 'text' })
      .check(z.trim(), z.minLength(1, { error: 'required' }), z.maxLength(LEAD_LIMITS.tag, { error: 'tooLong' })),
  )
  .check(z.maxLength(LEAD_LIMITS.tags, { error: 'tooMany' }));

export const followUpSchema = z.nullable(z.enum(FOLLOW_UPS, { error: 'unknownFollowUp' }));

/** What qualifies a lead besides its note and rating; a key left out keeps what the lead has. */
export const leadQualificationFields = {
  answers: z.optional(z.array(leadAnswerInputSchema).check(z.maxLength(LEAD_LIMITS.questions, { error: 'tooMany' }))),
  tags: z.optional(leadTagsSchema),
};

const leadFields = {
  note: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(1000, { error: 'tooLong' })))),
  rating: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(5)))),
  ...leadQualificationFields,
  followUp: z.optional(followUpSchema),
};

/**
 * `PUT scans/:id` ('Mes scans'): a lead completed later, or its follow-up set. Each key left
 * out keeps what the lead has (a form sends only what its user changed); note and rating as
 * `POST scans` takes them. `previous` (optional, decision 043) holds what the form showed of
 * each field it changes: a field someone else changed since (another phone, the scanner) is a
 * 409, nothing saved, instead of silently replacing their change.
 */
export const leadUpdateSchema = z.object({
  ...leadFields,
  previous: z.optional(z.object(leadFields)),
});
export type LeadUpdate = z.infer<typeof leadUpdateSchema>;
/** What a lead's fields were when a form showed them (`previous`). */
export type LeadFieldValues = NonNullable<LeadUpdate['previous']>;

/** The lead fields an update names, in the order a message lists them. */
export const LEAD_FIELDS = ['note', 'rating', 'answers', 'tags', 'followUp'] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

/** A query parameter left empty by a GET form (an unselected list) is no filter. */
const blankless = <T extends z.ZodMiniType>(schema: T) =>
  z.optional(
    z.pipe(
      z.transform((v: unknown) => (v === '' ? undefined : v)),
      z.optional(schema),
    ),
  );
const idParam = idText();

/**
 * The filters of 'Mes scans' (`GET scans`, beside the specification's `filters[...]`), as query
 * parameters a GET form sends: the follow-up (`none`: not set), the rating, a tag, an answer (a
 * question, and one of its choices), who scanned and the show day. They only narrow.
 */
export const scanFiltersSchema = z.strictObject({
  status: blankless(z.enum([...FOLLOW_UPS, 'none'], { error: 'unknownFollowUp' })),
  rating: blankless(
    z.coerce
      .number({ error: 'rating' })
      .check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 5, { error: 'rating' })),
  ),
  tag: blankless(z.string().check(z.trim(), z.maxLength(LEAD_LIMITS.tag, { error: 'tooLong' }))),
  question: blankless(idParam),
  choice: blankless(z.string().check(z.trim(), z.maxLength(LEAD_LIMITS.label, { error: 'tooLong' }))),
  by: blankless(idParam),
  day: blankless(z.string().check(z.refine(isRealDay, { error: 'day' }))),
});
export type ScanFilters = z.infer<typeof scanFiltersSchema>;
/** The query keys scanFiltersSchema reads. */
export const SCAN_FILTER_KEYS = Object.keys(scanFiltersSchema.def.shape) as (keyof ScanFilters)[];

/**
 * 'Bilan' compares an exhibitor with the median of the other exhibitors of its hall only where at
 * least this many make it: with fewer, one competitor's figures could be read from it.
 */
export const HALL_MEDIAN_MIN_EXHIBITORS = 5;
