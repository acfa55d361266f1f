import { useId, useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES } from '@salon/shared';
import './new-password-field.css';

/**
 * A new password with a show/hide button and the rules, ticked as it is typed (the set-password
 * page and the collaborator invitation).
 */
export function NewPasswordField({
  label,
  registration,
  error,
  value,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  value: string;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <div className="password-input">
          <input
            id={id}
            type={visible ? 'text' : 'password'}
            autoComplete="new-password"
            {...registration}
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
          const met = rule.test(value);
          return (
            <li key={rule.key} className={met ? 'rule-met' : undefined}>
              <span aria-hidden="true">{met ? '✓' : '○'}</span> {t(`password.${rule.key}`)}
              <span className="visually-hidden"> ({t(met ? 'setPassword.met' : 'setPassword.unmet')})</span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
