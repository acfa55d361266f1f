import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { kioskLookupSchema, type KioskLookup } from '@salon/shared';
import { Field } from '../../../components/ui/form';
import { useHydrated } from '../../../lib/use-hydrated';

/**
 * E-mail and the phone's last four digits: both must match, so an address alone shows nothing.
 * The browser keeps none of it: the next visitor must not be offered this one's address.
 */
export function KioskLookupForm({ pending, onLookup }: { pending: boolean; onLookup: (query: KioskLookup) => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const form = useForm<KioskLookup>({
    resolver: zodResolver(kioskLookupSchema),
    defaultValues: { email: '', phoneDigits: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      className="kiosk-lookup"
      method="post"
      noValidate
      autoComplete="off"
      aria-label={t('kiosk.start.formLabel')}
      onSubmit={(event) => void form.handleSubmit(onLookup)(event)}
    >
      <Field
        label={t('kiosk.start.email')}
        type="email"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        registration={form.register('email')}
        error={errors.email}
      />
      <Field
        label={t('kiosk.start.phoneDigits')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        pattern="[0-9]*"
        className="kiosk-digits"
        registration={form.register('phoneDigits')}
        error={errors.phoneDigits}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || pending}>
        {pending ? t('kiosk.start.searching') : t('kiosk.start.submit')}
      </button>
    </form>
  );
}
