import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { asLanguage, forgotPasswordSchema, type ForgotPasswordForm } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { submitHandler } from '../../../components/ui/form-submit';
import { paths } from '../../../config/paths';
import { useHydrated } from '../../../lib/use-hydrated';
import { useForgotPassword } from '../api/password';
import { AccountEmailField } from '../../../components/auth/account-email-field';

/**
 * 'Mot de passe oublié ?'. The answer is the same whether the address has an account or not, so
 * the page tells nobody which addresses are registered.
 */
export function ForgotPasswordFormCard() {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const send = useForgotPassword();
  const form = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  const failureKey = send.isError ? submitErrorKey(send.error) : null;
  const submit = submitHandler(form, send, {
    body: (values) => ({ ...values, lang: asLanguage(i18n.language) }),
    fields: ['email'],
  });
  return (
    <form className="card form-card" method="post" noValidate onSubmit={submit}>
      <h1>{t('forgotPassword.title')}</h1>
      <p>{t('forgotPassword.intro')}</p>
      {send.isSuccess && <Alert tone="success">{t('forgotPassword.sent')}</Alert>}
      {failureKey && <Alert tone="danger">{t(failureKey)}</Alert>}
      <AccountEmailField registration={form.register('email')} error={errors.email} />
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || send.isPending}>
        {send.isPending ? t('common.loading') : t('forgotPassword.submit')}
      </button>
      <p className="form-link">
        <Link to={paths.login}>{t('forgotPassword.backToLogin')}</Link>
      </p>
    </form>
  );
}
