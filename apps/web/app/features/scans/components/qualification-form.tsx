import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { scanQualificationSchema, type ScanQualification } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { TextAreaField } from '../../../components/ui/form';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { useHydrated } from '../../../lib/use-hydrated';
import { formResolver } from '../../../lib/form-resolver';

const RATINGS = [1, 2, 3, 4, 5] as const;
interface Values {
  note: string;
  /** A radio's text, made a number before the schema reads it. */
  rating: string | number | null;
}

const toQualification = formResolver<Values, ScanQualification>(scanQualificationSchema);

/**
 * The lead's note and rating, right after the scan. Saving sends the scan again with them (see
 * sync.ts), so a note on a scan still waiting on the device goes with it.
 */
export function QualificationForm({
  onSave,
  saving,
  saved,
  error,
}: {
  onSave: (values: ScanQualification) => void;
  saving: boolean;
  saved: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const form = useForm<Values, unknown, ScanQualification>({
    // Radios give text (react-hook-form's setValueAs is for text inputs only): the schema gets
    // the rating as a number, and no choice as none.
    resolver: (values, context, options) =>
      toQualification({ ...values, rating: values.rating ? Number(values.rating) : null }, context, options),
    defaultValues: { note: '', rating: null },
  });
  const submit = form.handleSubmit(({ note, rating }) =>
    onSave({ note: note?.trim() ? note.trim() : null, rating: rating ?? null }),
  );
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
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || saving}>
        {saving ? t('common.loading') : t('scanner.saveNote')}
      </button>
    </form>
  );
}
