import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PASSWORD_RULES, setPasswordSchema, type SetPasswordForm } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { applyServerErrors, submitErrorKey } from '../../../components/ui/form-errors';
import { paths } from '../../../config/paths';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSetPassword } from '../api/password';
import type { Session } from '../session';

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
  const [visible, setVisible] = useState(false);
  const [linkRefused, setLinkRefused] = useState(false);
  const id = useId();
  const form = useForm<SetPasswordForm>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { token, password: '' },
  });
  const error = form.formState.errors.password;
  const password = form.watch('password');
  const failureKey = save.isError ? submitErrorKey(save.error) : null;
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess,
      onError: (e) => {
        // A 400 that names no field: the link is expired, used or wrong.
        if (submitErrorKey(e) === null && !applyServerErrors(e, form.setError, ['password'])) setLinkRefused(true);
      },
    }),
  );
  return (
    <form
      className="card form-card"
      method="post"
      noValidate
      onSubmit={(event) => {
        save.reset();
        setLinkRefused(false);
        void submit(event);
      }}
    >
      <h1>{t('setPassword.title')}</h1>
      {(!token || linkRefused) && <InvalidLink />}
      {failureKey && <Alert tone="danger">{t(failureKey)}</Alert>}
      <div className="field">
        <label htmlFor={id}>{t('setPassword.password')}</label>
        <div className="password-input">
          <input
            id={id}
            type={visible ? 'text' : 'password'}
            autoComplete="new-password"
            {...form.register('password')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error ${id}-rules` : `${id}-rules`}
          />
          <button
            type="button"
            className="btn btn-outline"
            aria-label={visible ? t('setPassword.hide') : t('setPassword.show')}
            onClick={() => setVisible(!visible)}
          >
            {visible ? t('setPassword.hideShort') : t('setPassword.showShort')}
          </button>
        </div>
        {error?.message && (
          <p className="field-error" id={`${id}-error`}>
            {t(`validation.${error.message}`, { defaultValue: error.message })}
          </p>
        )}
      </div>
      <p id={`${id}-rules-title`}>{t('setPassword.rulesTitle')}</p>
      <ul className="password-rules plain" id={`${id}-rules`} aria-labelledby={`${id}-rules-title`} aria-live="polite">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <li key={rule.key} className={met ? 'rule-met' : undefined}>
              <span aria-hidden="true">{met ? '✓' : '○'}</span> {t(`password.${rule.key}`)}
              <span className="visually-hidden"> ({t(met ? 'setPassword.met' : 'setPassword.unmet')})</span>
            </li>
          );
        })}
      </ul>
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || !token || save.isPending}>
        {save.isPending ? t('common.loading') : t('setPassword.submit')}
      </button>
    </form>
  );
}
