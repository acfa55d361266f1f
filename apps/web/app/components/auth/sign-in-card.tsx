import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { loginFormSchema, type LoginForm } from '@salon/shared';
import { Alert } from '../ui/alert';
import { Field } from '../ui/form';
import { submitHandler } from '../ui/form-submit';
import { useHydrated } from '../../lib/use-hydrated';
import { ApiError } from '../../lib/api-client';
import { isRefusedLogin } from '../../lib/start-session';
import { AccountEmailField } from './account-email-field';

function errorMessageKey(error: unknown): string {
  if (isRefusedLogin(error)) return 'login.failed';
  if (error instanceof ApiError && error.status === 429) return 'errors.tooManyAttempts';
  if (error instanceof ApiError && error.status === 0) return 'errors.network';
  return 'errors.generic';
}

/**
 * An e-mail and password card with the main sign-in's alerts, for any sign-in: the exhibitor
 * area's and the gates' each pass their own call, title and links.
 */
export function SignInCard<T>({
  title,
  children,
  signIn,
  onSuccess,
  expired,
  footer,
}: {
  title: string;
  /** Under the title. */
  children?: ReactNode;
  signIn: (form: LoginForm) => Promise<T>;
  onSuccess: (result: T) => void;
  expired: boolean;
  /** Under the button. */
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const mutation = useMutation({ mutationFn: signIn, onSuccess });
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
      onSubmit={submitHandler(form, mutation, { keepOutcome: true })}
    >
      <h1>{title}</h1>
      {children}
      {expired && !mutation.isError && <Alert tone="warning">{t('login.expired')}</Alert>}
      {mutation.isError && <Alert tone="danger">{t(errorMessageKey(mutation.error))}</Alert>}
      <AccountEmailField registration={form.register('email')} error={errors.email} />
      <Field
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        registration={form.register('password')}
        error={errors.password}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || mutation.isPending}>
        {mutation.isPending ? t('common.loading') : t('login.submit')}
      </button>
      {footer}
    </form>
  );
}
