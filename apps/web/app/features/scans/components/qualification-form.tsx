import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  LEAD_LIMITS,
  leadTagsSchema,
  scanQualificationSchema,
  type Answer,
  type LeadAnswerInput,
  type leadAnswerSchema,
  type leadQuestionSchema,
  type ScanQualification,
} from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { Field, TextAreaField } from '../../../components/ui/form';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { useHydrated } from '../../../lib/use-hydrated';
import { formResolver } from '../../../lib/form-resolver';
import { ApiError } from '../../../lib/api-client';

const RATINGS = [1, 2, 3, 4, 5] as const;
type LeadQuestion = Answer<typeof leadQuestionSchema>;
interface Values {
  note: string;
  /** A radio's text, made a number before the schema reads it. */
  rating: string | number | null;
  /** Each question's answer by its id: a radio's choice, the boxes ticked, or the text typed. */
  answered: Record<string, string | string[] | false | null>;
  /** The tags as typed, separated by commas. */
  tagText: string;
}

/** The tags typed, one between each comma. */
export const tagsOf = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** The answers, by question: an empty one for a question left unanswered (it removes the answer it had). */
function answersOf(questions: readonly LeadQuestion[], answered: Values['answered']) {
  return questions.map((q): LeadAnswerInput => {
    const value = answered[`q${q.id}`];
    if (q.kind === 'text') return { question: q.id, text: typeof value === 'string' ? value.trim() : '' };
    const picked = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
    return { question: q.id, choices: picked };
  });
}

const toQualification = formResolver<Values, ScanQualification>(scanQualificationSchema);

/** What a lead holds, as the form shows it: to complete it later from 'Mes scans'. */
export interface LeadSoFar {
  note: string | null;
  rating: number | null;
  answers: readonly Answer<typeof leadAnswerSchema>[];
  tags: readonly string[];
}

function valuesOf(lead: LeadSoFar | undefined): Values {
  if (!lead) return { note: '', rating: null, answered: {}, tagText: '' };
  const answered: Values['answered'] = {};
  for (const a of lead.answers)
    answered[`q${a.question}`] =
      a.kind === 'text' ? (a.text ?? '') : a.kind === 'single' ? (a.choices[0] ?? null) : a.choices;
  return {
    note: lead.note ?? '',
    rating: lead.rating === null ? null : String(lead.rating),
    answered,
    tagText: lead.tags.join(', '),
  };
}

/** What a form's values qualify: every field, each answer given (an empty one for a question left unanswered). */
function qualificationOf(questions: readonly LeadQuestion[], values: Values): Required<ScanQualification> {
  return {
    note: values.note.trim() || null,
    rating: values.rating ? Number(values.rating) : null,
    answers: answersOf(questions, values.answered),
    tags: tagsOf(values.tagText),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const answerKey = (a: LeadAnswerInput | undefined) => JSON.stringify(a?.text || [...(a?.choices ?? [])].sort());

/**
 * What the user changed from what the form started from (`base`), and what each changed field
 * was then (`previous`): a save sends only these, so it never replaces what someone else wrote in
 * the fields this user left alone (decision 043).
 */
function changesOf(base: Required<ScanQualification>, now: Required<ScanQualification>) {
  const changes: ScanQualification = {};
  const previous: ScanQualification = {};
  if (base.note !== now.note) [changes.note, previous.note] = [now.note, base.note];
  if (base.rating !== now.rating) [changes.rating, previous.rating] = [now.rating, base.rating];
  if (!same(base.tags, now.tags)) [changes.tags, previous.tags] = [now.tags, base.tags];
  const answers = now.answers.filter(
    (a) => answerKey(a) !== answerKey(base.answers.find((b) => b.question === a.question)),
  );
  if (answers.length) {
    changes.answers = answers;
    previous.answers = base.answers.filter((b) => answers.some((a) => a.question === b.question));
  }
  return { changes, previous };
}

/** A 409 of `PUT scans/:id`: the fields someone else changed, and the lead as it now stands. */
function conflictOf(error: unknown): { fields: string[]; lead: LeadSoFar } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = error.body?.error?.details as { fields?: string[]; lead?: LeadSoFar } | undefined;
  return details?.lead ? { fields: details.fields ?? [], lead: details.lead } : null;
}

/**
 * The lead's note, rating, answers and tags: right after a scan (pre-filled with what the lead
 * holds when the badge was scanned earlier today) or completed from 'Mes scans'. Saving sends only
 * what the user changed (on the scanner, with the scan again: see sync.ts, so a note on a scan
 * still waiting on the device goes with it). When someone else changed the same field meanwhile,
 * the server refuses (409): the form keeps what was typed, says so, and a second save replaces it.
 */
export function QualificationForm({
  questions,
  onSave,
  saving,
  saved,
  error,
  lead,
}: {
  /** The exhibitor's questions, asked after the note and the rating. */
  questions: readonly LeadQuestion[];
  /** Sends the changes, with what each changed field was when the form showed it. */
  onSave: (changes: ScanQualification, previous: ScanQualification) => Promise<unknown>;
  saving: boolean;
  saved: boolean;
  error: unknown;
  /** What the lead holds: already recorded (a badge scanned again, 'Compléter'); none for a scan kept offline. */
  lead?: LeadSoFar;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const form = useForm<Values, unknown, ScanQualification>({
    // Radios give text (react-hook-form's setValueAs is for text inputs only): the schema gets
    // the rating as a number, and no choice as none.
    resolver: (values, context, options) =>
      toQualification({ ...values, rating: values.rating ? Number(values.rating) : null }, context, options),
    defaultValues: valuesOf(lead),
  });
  // What the form's changes are measured from: the lead as shown, then as last saved.
  const base = useRef(valuesOf(lead));
  const submit = form.handleSubmit(async () => {
    const values = form.getValues();
    const tags = leadTagsSchema.safeParse(tagsOf(values.tagText));
    if (!tags.success) {
      form.setError('tagText', { type: 'schema', message: tags.error.issues[0]?.message ?? 'tooLong' });
      return;
    }
    const { changes, previous } = changesOf(
      qualificationOf(questions, base.current),
      qualificationOf(questions, values),
    );
    try {
      await onSave(changes, previous);
      base.current = structuredClone(values);
    } catch (failure) {
      // Saved again, the user's values replace the lead as it now stands: the message said so.
      const conflict = conflictOf(failure);
      if (conflict) base.current = valuesOf(conflict.lead);
    }
  });
  const conflict = conflictOf(error);
  const errorKey = error && !conflict ? (submitErrorKey(error) ?? 'errors.generic') : null;
  const hintId = useId();
  return (
    <form className="card scan-note" method="post" noValidate onSubmit={(event) => void submit(event)}>
      {saved && <Alert tone="success">{t('scanner.noteSaved')}</Alert>}
      {errorKey && <Alert tone="danger">{t(errorKey)}</Alert>}
      {conflict && (
        <Alert tone="warning">
          {t('area.leads.conflict', {
            fields: conflict.fields.map((field) => t(`area.leads.fields.${field}`)).join(', '),
          })}
        </Alert>
      )}
      <TextAreaField
        label={t('scanner.note')}
        rows={3}
        maxLength={1000}
        registration={form.register('note')}
        error={form.formState.errors.note}
      />
      {/* Five radios cannot give a wrong value: the fieldset has no error line. */}
      <fieldset className="scan-rating">
        <legend>{t('scanner.rating')}</legend>
        {RATINGS.map((value) => (
          <label key={value}>
            <input type="radio" value={value} {...form.register('rating')} />
            <span>{value}</span>
          </label>
        ))}
      </fieldset>
      {questions.length > 0 && (
        <fieldset className="scan-questions">
          <legend>{t('scanner.questions')}</legend>
          {questions.map((q) =>
            q.kind === 'text' ? (
              <Field
                key={q.id}
                label={q.label}
                maxLength={LEAD_LIMITS.textAnswer}
                registration={form.register(`answered.q${q.id}`)}
              />
            ) : (
              <fieldset key={q.id} className="scan-question">
                <legend>{q.label}</legend>
                {q.choices.map((choice) => (
                  <label key={choice}>
                    <input
                      type={q.kind === 'single' ? 'radio' : 'checkbox'}
                      value={choice}
                      {...form.register(`answered.q${q.id}`)}
                    />
                    <span>{choice}</span>
                  </label>
                ))}
              </fieldset>
            ),
          )}
        </fieldset>
      )}
      <Field
        label={t('scanner.tags')}
        aria-describedby={hintId}
        registration={form.register('tagText')}
        error={form.formState.errors.tagText}
      />
      <p className="hint" id={hintId}>
        {t('scanner.tagsHint', { max: LEAD_LIMITS.tags })}
      </p>
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || saving}>
        {saving ? t('common.loading') : t('scanner.saveNote')}
      </button>
    </form>
  );
}
