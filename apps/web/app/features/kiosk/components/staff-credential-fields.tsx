import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/form';

/**
 * A controller's or organiser's e-mail and password, typed on the kiosk to enable it or leave
 * kiosk mode. The browser must not offer them again: the next people at this screen are visitors.
 */
export function StaffCredentialFields({
  email,
  password,
  errors,
}: {
  email: UseFormRegisterReturn;
  password: UseFormRegisterReturn;
  errors: { email?: FieldError; password?: FieldError };
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={t('kiosk.setup.email')}
        type="email"
        inputMode="email"
        autoComplete="off"
        registration={email}
        error={errors.email}
      />
      <Field
        label={t('kiosk.setup.password')}
        type="password"
        autoComplete="off"
        registration={password}
        error={errors.password}
      />
    </>
  );
}
