import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { loginFormSchema, type LoginForm } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { submitHandler } from '../../../components/ui/form-submit';
import { endKiosk, staffErrorKey } from '../api';
import type { KioskDevice } from '../device';
import { StaffCredentialFields } from './staff-credential-fields';

/** 'Quitter le mode borne': a controller's or organiser's password, never a visitor's tap. */
export function KioskExitForm({ device, onCancel }: { device: KioskDevice; onCancel: () => void }) {
  const { t } = useTranslation();
  const end = useMutation({ mutationFn: (values: LoginForm) => endKiosk(device, values) });
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      className="kiosk-panel kiosk-exit"
      method="post"
      noValidate
      autoComplete="off"
      onSubmit={submitHandler(form, end, { keepOutcome: true })}
    >
      <h1>{t('kiosk.exit.title')}</h1>
      <p className="kiosk-lead">{t('kiosk.exit.text')}</p>
      {end.isError && <Alert tone="danger">{t(staffErrorKey(end.error))}</Alert>}
      <StaffCredentialFields email={form.register('email')} password={form.register('password')} errors={errors} />
      <div className="kiosk-actions">
        <button type="submit" className="btn btn-primary" disabled={end.isPending}>
          {end.isPending ? t('common.loading') : t('kiosk.exit.submit')}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          {t('kiosk.exit.cancel')}
        </button>
      </div>
    </form>
  );
}
