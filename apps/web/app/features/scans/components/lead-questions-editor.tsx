import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LEAD_LIMITS,
  LEAD_QUESTION_KINDS,
  leadQuestionsFormSchema,
  type LeadQuestionKind,
  type LeadQuestionsForm,
} from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { ApiError } from '../../../lib/api-client';
import { useHydrated } from '../../../lib/use-hydrated';
import { useLeadQuestions, useSaveLeadQuestions } from '../api/scans';

interface Draft {
  /** The saved question's id; absent for a new one. */
  id?: number;
  /** A key of its own while it is edited (a new question has no id yet). */
  key: string;
  kind: LeadQuestionKind;
  label: string;
  /** One choice a line. */
  choices: string;
}

let drafts = 0;
const newKey = () => `q${++drafts}`;

function toForm(list: Draft[]): LeadQuestionsForm {
  return {
    questions: list.map((q) => ({
      ...(q.id !== undefined && { id: q.id }),
      kind: q.kind,
      label: q.label,
      choices:
        q.kind === 'text'
          ? []
          : q.choices
              .split('\n')
              .map((c) => c.trim())
              .filter(Boolean),
    })),
  };
}

/** The errors of a list, by `questions.<i>.<field>` (the schema's, or the server's), as message keys. */
function errorsOf(issues: { path: (string | number)[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    const at = path[0] === 'body' ? path.slice(1) : path;
    const key = at.slice(0, 3).join('.');
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * 'Questions de qualification': the exhibitor's questions (at most five), asked on the phone after
 * each scan. Each is a single choice, a multiple choice or a short text, written in the language
 * the exhibitor likes; the list is saved whole, in its order. The schema is the server's.
 */
export function LeadQuestionsEditor() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const questions = useLeadQuestions();
  const save = useSaveLeadQuestions();
  const [list, setList] = useState<Draft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!questions.data) return;
    setList(questions.data.map((q) => ({ ...q, key: `saved-${q.id}`, choices: q.choices.join('\n') })));
  }, [questions.data]);

  const change = (index: number, patch: Partial<Draft>) =>
    setList((current) => current.map((q, i) => (i === index ? { ...q, ...patch } : q)));
  const move = (index: number, by: number) =>
    setList((current) => {
      const next = [...current];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved!);
      return next;
    });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const form = toForm(list);
    const checked = leadQuestionsFormSchema.safeParse(form);
    if (!checked.success) {
      setErrors(
        errorsOf(checked.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message }))),
      );
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) {
          const issues = (error.body?.error?.details?.errors ?? []) as { path: string[]; message: string }[];
          setErrors(errorsOf(issues));
        }
      },
    });
  };

  const fieldError = (key: string) =>
    errors[key] ? (
      <p className="field-error" id={`lq-${key}-error`}>
        {t(`validation.${errors[key]}`, { defaultValue: errors[key] })}
      </p>
    ) : null;
  const described = (key: string) =>
    errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `lq-${key}-error` } : {};
  const failure = save.error ? submitErrorKey(save.error) : null;

  return (
    // Folded: the scans come first on a phone; a saved list or an error opens it.
    <details className="card lead-questions" open={save.isSuccess || Object.keys(errors).length > 0 || !!save.error}>
      <summary>
        <h2 id="lead-questions-title">
          {t('area.leadQuestions.title')}
          {questions.data?.length ? ` (${questions.data.length})` : ''}
        </h2>
      </summary>
      <p className="hint">{t('area.leadQuestions.hint')}</p>
      <form method="post" noValidate onSubmit={submit}>
        {save.isSuccess && <Alert tone="success">{t('area.leadQuestions.saved')}</Alert>}
        {failure && <Alert tone="danger">{t(failure)}</Alert>}
        {fieldError('questions')}
        {list.length === 0 && <p>{t('area.leadQuestions.empty')}</p>}
        {list.map((q, i) => (
          <fieldset key={q.key} className="lead-question">
            <legend>{t('area.leadQuestions.number', { n: i + 1 })}</legend>
            <div className="field">
              <label htmlFor={`lq-${q.key}-label`}>{t('area.leadQuestions.label')}</label>
              <input
                id={`lq-${q.key}-label`}
                value={q.label}
                maxLength={LEAD_LIMITS.label}
                onChange={(e) => change(i, { label: e.target.value })}
                {...described(`questions.${i}.label`)}
              />
              {fieldError(`questions.${i}.label`)}
            </div>
            <div className="field">
              <label htmlFor={`lq-${q.key}-kind`}>{t('area.leadQuestions.kind')}</label>
              <select
                id={`lq-${q.key}-kind`}
                value={q.kind}
                onChange={(e) => change(i, { kind: e.target.value as LeadQuestionKind })}
              >
                {LEAD_QUESTION_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`area.leadQuestions.kinds.${kind}`)}
                  </option>
                ))}
              </select>
            </div>
            {q.kind !== 'text' && (
              <div className="field">
                <label htmlFor={`lq-${q.key}-choices`}>{t('area.leadQuestions.choices')}</label>
                <textarea
                  id={`lq-${q.key}-choices`}
                  rows={4}
                  value={q.choices}
                  onChange={(e) => change(i, { choices: e.target.value })}
                  {...described(`questions.${i}.choices`)}
                />
                {fieldError(`questions.${i}.choices`)}
              </div>
            )}
            <div className="lead-question-actions">
              <button type="button" className="btn btn-outline" disabled={i === 0} onClick={() => move(i, -1)}>
                {t('area.leadQuestions.up')}
              </button>
              <button
                type="button"
                className="btn btn-outline"
                disabled={i === list.length - 1}
                onClick={() => move(i, 1)}
              >
                {t('area.leadQuestions.down')}
              </button>
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => setList((current) => current.filter((_, j) => j !== i))}
              >
                {t('area.leadQuestions.remove')}
              </button>
            </div>
          </fieldset>
        ))}
        <div className="area-actions">
          <button
            type="button"
            className="btn btn-outline"
            disabled={list.length >= LEAD_LIMITS.questions}
            onClick={() =>
              setList((current) => [...current, { key: newKey(), kind: 'single', label: '', choices: '' }])
            }
          >
            {t('area.leadQuestions.add')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={!hydrated || save.isPending}>
            {save.isPending ? t('common.loading') : t('area.leadQuestions.save')}
          </button>
        </div>
      </form>
    </details>
  );
}
