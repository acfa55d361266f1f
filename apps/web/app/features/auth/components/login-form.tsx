import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loginFormSchema, type LoginForm } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { Field } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { useHydrated } from '../../../lib/use-hydrated';
import { ApiError } from '../../../lib/api-client';
import { isRefusedLogin, useLogin } from '../api/login';
import type { Session } from '../session';
import { AccountEmailField } from './account-email-field';

function errorMessageKey(error: unknown): string {
  if (isRefusedLogin(error)) return 'login.failed';
  if (error instanceof ApiError && error.status === 429) return 'errors.tooManyAttempts';
  if (error instanceof ApiError && error.status === 0) return 'errors.network';
  return 'errors.generic';
}

export function LoginFormCard({ onSuccess, expired }: { onSuccess: (session: Session) => void; expired: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const login = useLogin();
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  return (
    <form
      className="card form-card"
      method="post"
      noValidate
      onSubmit={(event) => void form.handleSubmit((values) => login.mutate(values, { onSuccess }))(event)}
    >
      <h1>{t('login.title')}</h1>
      {expired && !login.isError && <Alert tone="warning">{t('login.expired')}</Alert>}
      {login.isError && <Alert tone="danger">{t(errorMessageKey(login.error))}</Alert>}
      <AccountEmailField registration={form.register('email')} error={errors.email} />
      <Field
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        registration={form.register('password')}
        error={errors.password}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || login.isPending}>
        {login.isPending ? t('common.loading') : t('login.submit')}
      </button>
      <p className="form-link">
        <Link to={paths.motDePasseOublie}>{t('login.forgotPassword')}</Link>
      </p>
    </form>
  );
}
