import * as z from 'zod/mini';
import { SCAN_REFUSALS, SCAN_TYPES, USER_TYPES } from '../constants';
import { FOLLOW_UPS, LEAD_QUESTION_KINDS } from '../leads';
import { item, page } from './common';

/** The scanned person as a scan shows it (nobody, once erased under the personal-data law). */
const scannedPersonFields = {
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  company: z.nullable(z.string()),
  jobPosition: z.nullable(z.string()),
};

/**
 * An answer as stored: the question's label and kind and the choices' labels as they were when
 * it was answered, so that a question changed or deleted since leaves it readable. `question` is
 * the question's id, kept after its deletion (the filters of 'Mes scans' read it).
 */
export const leadAnswerSchema = z.strictObject({
  question: z.number(),
  label: z.string(),
  kind: z.enum(LEAD_QUESTION_KINDS),
  choices: z.array(z.string()),
  text: z.nullable(z.string()),
});

/** A stored scan as the screens show it (`POST scans` answers it for each scan it records). */
export const scanViewSchema = z.strictObject({
  /** The uuid made by the device that read the badge. */
  id: z.string(),
  typeScanned: z.enum(SCAN_TYPES),
  /** When the badge was read. */
  createdAt: z.string(),
  note: z.nullable(z.string()),
  rating: z.nullable(z.number()),
  /** The answers to the exhibitor's questions, in the questions' order (none once the person is erased). */
  answers: z.array(leadAnswerSchema),
  tags: z.array(z.string()),
  followUp: z.nullable(z.enum(FOLLOW_UPS)),
  /** The person asked this exhibitor, from their e-badge page, not to contact them. */
  doNotContact: z.boolean(),
  person: z.strictObject(scannedPersonFields),
  scanner: z.strictObject({ id: z.number(), name: z.string() }),
  /** The person was erased: the scan stays as a count, naming nobody. */
  erased: z.boolean(),
});

/** `POST scans`: what became of each submitted scan, in the order they were sent. */
export const scanResultsSchema = item(
  z.array(
    z.union([
      z.strictObject({
        id: z.string(),
        status: z.enum(['recorded', 'alreadyScanned']),
        scan: scanViewSchema,
        /** A new scan of a person another member of the team scanned in this edition: who, and when (the latest). */
        team: z.optional(z.strictObject({ name: z.string(), createdAt: z.string() })),
      }),
      z.strictObject({ id: z.string(), status: z.literal('refused'), reason: z.enum(SCAN_REFUSALS) }),
    ]),
  ),
);

/** A party of a scan in the specification's `users` pair, with its exhibitor when populated. */
const scanPartySchema = z.strictObject({
  id: z.number(),
  ...scannedPersonFields,
  type: z.enum(USER_TYPES),
  exhibitor: z.optional(z.nullable(z.strictObject({ id: z.number(), company: z.nullable(z.string()) }))),
});

/**
 * `GET scans` ('Mes scans'): a page of a table, newest first; each scan also carries the
 * specification's `users` pair (the scanned person, then who scanned).
 */
export const scanPageSchema = page(z.strictObject({ ...scanViewSchema.def.shape, users: z.array(scanPartySchema) }));

/** `GET scans/editions`: the editions 'Mes scans' switches between, newest first. */
export const scanEditionsSchema = item(z.array(z.strictObject({ year: z.number(), current: z.boolean() })));

/** A question of the exhibitor's, as the editor and the scanner read it. */
export const leadQuestionSchema = z.strictObject({
  id: z.number(),
  kind: z.enum(LEAD_QUESTION_KINDS),
  label: z.string(),
  choices: z.array(z.string()),
});

/** `GET lead-questions`, `PUT lead-questions`: the exhibitor's questions, in their order. */
export const leadQuestionsSchema = item(z.array(leadQuestionSchema));

/** `PUT scans/:id`: the lead as it now stands. */
export const leadSchema = item(scanViewSchema);

/**
 * `GET scans/report` ('Bilan'): the leads made for an exhibitor in an edition (its own and its
 * collaborators', erased persons counted, nobody named), counted by show day (with its hall's
 * median that day), by hour of the show's clock, by who scanned, by rating, by answer and by
 * follow-up. `hall.median` is null unless at least HALL_MEDIAN_MIN_EXHIBITORS other exhibitors of
 * the hall make it.
 */
export const leadReportSchema = item(
  z.strictObject({
    year: z.number(),
    total: z.number(),
    /** The distinct people among the leads: a visitor scanned by two members of the team counts once. */
    people: z.number(),
    /** The leads' mean per day listed in `days` (the show's days, and any other with leads). */
    perDay: z.number(),
    days: z.array(z.strictObject({ day: z.string(), leads: z.number(), hallMedian: z.nullable(z.number()) })),
    hours: z.array(z.strictObject({ hour: z.number(), leads: z.number() })),
    scanners: z.array(z.strictObject({ id: z.number(), name: z.string(), leads: z.number() })),
    ratings: z.array(z.strictObject({ rating: z.nullable(z.number()), leads: z.number() })),
    followUps: z.array(z.strictObject({ status: z.nullable(z.enum(FOLLOW_UPS)), leads: z.number() })),
    questions: z.array(
      z.strictObject({
        id: z.number(),
        label: z.string(),
        kind: z.enum(LEAD_QUESTION_KINDS),
        answered: z.number(),
        unanswered: z.number(),
        choices: z.array(z.strictObject({ choice: z.string(), leads: z.number() })),
      }),
    ),
    hall: z.nullable(
      z.strictObject({
        name: z.string(),
        /** The hall's other exhibitors, those the median is made of. */
        exhibitors: z.number(),
        median: z.nullable(z.strictObject({ total: z.number(), perDay: z.number() })),
      }),
    ),
  }),
);
