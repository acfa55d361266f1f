import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { setPasswordSchema, type SetPasswordForm } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { submitHandler } from '../../../components/ui/form-submit';
import { paths } from '../../../config/paths';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSetPassword } from '../api/password';
import type { Session } from '../../../lib/session';
import { NewPasswordField } from '../../../components/auth/new-password-field';

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <Alert tone="danger">
      {t('setPassword.invalidLink')} <Link to={paths.motDePasseOublie}>{t('login.forgotPassword')}</Link>
    </Alert>
  );
}

/**
 * 'Définir mon mot de passe', opened from the access mail or a reset link (?token=). The rules
 * are ticked as the password is typed; success signs the user in.
 */
export function SetPasswordFormCard({ token, onSuccess }: { token: string; onSuccess: (session: Session) => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const save = useSetPassword();
  const [linkRefused, setLinkRefused] = useState(false);
  const form = useForm<SetPasswordForm>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { token, password: '' },
  });
  const failureKey = save.isError ? submitErrorKey(save.error) : null;
  const submit = submitHandler(form, save, {
    fields: ['password'],
    onSuccess,
    // A 400 that names no field: the link is expired, used or wrong.
    onRefused: () => setLinkRefused(true),
    onAttempt: () => setLinkRefused(false),
  });
  return (
    <form className="card form-card" method="post" noValidate onSubmit={submit}>
      <h1>{t('setPassword.title')}</h1>
      {(!token || linkRefused) && <InvalidLink />}
      {failureKey && <Alert tone="danger">{t(failureKey)}</Alert>}
      <NewPasswordField
        label={t('setPassword.password')}
        registration={form.register('password')}
        error={form.formState.errors.password}
        value={form.watch('password')}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || !token || save.isPending}>
        {save.isPending ? t('common.loading') : t('setPassword.submit')}
      </button>
    </form>
  );
}
