import { useId } from 'react';
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

/**
 * The answers given, by question. A question left unanswered sends nothing after a scan; when a
 * lead is completed later (`clearing`), it sends an empty answer, which removes the one it had.
 */
function answersOf(questions: readonly LeadQuestion[], answered: Values['answered'], clearing: boolean) {
  const out: LeadAnswerInput[] = [];
  for (const q of questions) {
    const value = answered[`q${q.id}`];
    if (q.kind === 'text') {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text || clearing) out.push({ question: q.id, text });
    } else {
      const picked = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
      if (picked.length || clearing) out.push({ question: q.id, choices: picked });
    }
  }
  return out;
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

/**
 * The lead's note and rating, right after the scan. Saving sends the scan again with them (see
 * sync.ts), so a note on a scan still waiting on the device goes with it.
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
  onSave: (values: ScanQualification) => void;
  saving: boolean;
  saved: boolean;
  error: unknown;
  /** A lead already recorded, completed from 'Mes scans'; none right after a scan. */
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
  const submit = form.handleSubmit(({ note, rating }) => {
    const { answered, tagText } = form.getValues();
    const tags = leadTagsSchema.safeParse(tagsOf(tagText));
    if (!tags.success) {
      form.setError('tagText', { type: 'schema', message: tags.error.issues[0]?.message ?? 'tooLong' });
      return;
    }
    onSave({
      note: note?.trim() ? note.trim() : null,
      rating: rating ?? null,
      answers: answersOf(questions, answered, lead !== undefined),
      tags: tags.data,
    });
  });
  const hintId = useId();
  const errorKey = error ? (submitErrorKey(error) ?? 'errors.generic') : null;
  return (
    <form className="card scan-note" method="post" noValidate onSubmit={(event) => void submit(event)}>
      {saved && <Alert tone="success">{t('scanner.noteSaved')}</Alert>}
      {errorKey && <Alert tone="danger">{t(errorKey)}</Alert>}
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
