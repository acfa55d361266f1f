import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../ui/form';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * The badge's code typed or pasted: for a phone without a usable camera, a damaged QR code or a
 * badge read by another app. Always on the page.
 */
export function ManualEntryForm({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const submit = form.handleSubmit(({ code }) => {
    onCode(code.trim());
    form.reset();
  });
  return (
    <form className="card scanner-manual" method="post" noValidate onSubmit={(event) => void submit(event)}>
      <Field
        label={t('scanner.code')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="send"
        maxLength={200}
        registration={form.register('code', { validate: (v) => (v.trim() ? true : 'required') })}
        error={form.formState.errors.code}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated}>
        {t('scanner.submit')}
      </button>
    </form>
  );
}
