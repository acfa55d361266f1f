import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { kioskEnableSchema, type KioskEnable } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { Field } from '../../../components/ui/form';
import { submitHandler } from '../../../components/ui/form-submit';
import { useHydrated } from '../../../lib/use-hydrated';
import { enableKiosk, staffErrorKey } from '../api';
import { StaffCredentialFields } from './staff-credential-fields';

/**
 * 'Activer la borne': a controller or organiser signs in once on this device; the kiosk then
 * stays on until it is ended here, revoked, or its show day is over. Nothing typed is offered again by the browser:
 * the next people at this screen are visitors.
 */
export function KioskSetupForm({ revoked }: { revoked: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const enable = useMutation({ mutationFn: enableKiosk });
  const form = useForm<KioskEnable>({
    resolver: zodResolver(kioskEnableSchema),
    defaultValues: { email: '', password: '', name: t('kiosk.setup.defaultName') },
  });
  const { errors } = form.formState;
  return (
    <form
      className="kiosk-panel kiosk-setup"
      method="post"
      noValidate
      autoComplete="off"
      onSubmit={submitHandler(form, enable, { keepOutcome: true })}
    >
      <h1>{t('kiosk.setup.title')}</h1>
      <p className="kiosk-lead">{t('kiosk.setup.text')}</p>
      {revoked && !enable.isError && <Alert tone="warning">{t('kiosk.setup.revoked')}</Alert>}
      {enable.isError && <Alert tone="danger">{t(staffErrorKey(enable.error))}</Alert>}
      <StaffCredentialFields email={form.register('email')} password={form.register('password')} errors={errors} />
      <Field
        label={t('kiosk.setup.name')}
        autoComplete="off"
        maxLength={60}
        registration={form.register('name')}
        error={errors.name}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || enable.isPending}>
        {enable.isPending ? t('common.loading') : t('kiosk.setup.submit')}
      </button>
    </form>
  );
}
