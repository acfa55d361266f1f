import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../ui/form';

/** The account's e-mail address, as sign-in and 'Mot de passe oublié ?' ask for it (the password manager's user name). */
export function AccountEmailField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: FieldError;
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('login.email')}
      type="email"
      autoComplete="username"
      inputMode="email"
      registration={registration}
      error={error}
    />
  );
}
