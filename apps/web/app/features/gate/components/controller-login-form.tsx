import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { loginFormSchema, type LoginForm } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { Field } from '../../../components/ui/form';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useHydrated } from '../../../lib/use-hydrated';
import { AccountEmailField } from '../../auth/components/account-email-field';
import { saveControllerSession, type ControllerSession } from '../session';

/** The API answers anyone who is not a controller as it answers a wrong password: one alert for both. */
function errorMessageKey(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return 'login.failed';
  if (error instanceof ApiError && error.status === 429) return 'errors.tooManyAttempts';
  if (error instanceof ApiError && error.status === 0) return 'errors.network';
  return 'errors.generic';
}

async function signIn(form: LoginForm): Promise<ControllerSession> {
  const session = await apiRequest<ControllerSession>('auth/controller', {
    method: 'POST',
    // Never the exhibitor's token: the two sessions stay apart.
    auth: false,
    body: { identifier: form.email, password: form.password },
  });
  saveControllerSession({ jwt: session.jwt, user: session.user });
  return session;
}

/** The controller's sign-in: the main sign-in's form and alerts, on the controllers' own endpoint. */
export function ControllerLoginForm({ onSuccess, expired }: { onSuccess: () => void; expired: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const login = useMutation({ mutationFn: signIn, onSuccess });
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
      onSubmit={(event) => void form.handleSubmit((values) => login.mutate(values))(event)}
    >
      <h1>{t('pages.loginControleur.title')}</h1>
      <p>{t('gate.loginIntro')}</p>
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
    </form>
  );
}
