import { useId, type InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

/**
 * A labelled input whose error shows under it. Schemas carry message keys ('required',
 * 'email'); they are translated here, so browser and server speak the same words.
 */
export function Field({ label, registration, error, ...input }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error?.message && (
        <p className="field-error" id={errorId}>
          {t(`validation.${error.message}`, { defaultValue: error.message })}
        </p>
      )}
    </div>
  );
}
