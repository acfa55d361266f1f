import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface FieldBase {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

/**
 * Label, control and the error under it. Schemas carry message keys ('required', 'email');
 * they are translated here, so browser and server speak the same words.
 */
function FieldShell({
  label,
  error,
  children,
}: Omit<FieldBase, 'registration'> & {
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error?.message && (
        <p className="field-error" id={errorId}>
          {t(`validation.${error.message}`, { defaultValue: error.message })}
        </p>
      )}
    </div>
  );
}

export function Field({
  label,
  registration,
  error,
  ...input
}: FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  return (
    <FieldShell label={label} error={error}>
      {(a11y) => <input {...input} {...registration} {...a11y} />}
    </FieldShell>
  );
}

/** The same for a multi-line text. */
export function TextAreaField({
  label,
  registration,
  error,
  ...textarea
}: FieldBase & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  return (
    <FieldShell label={label} error={error}>
      {(a11y) => <textarea {...textarea} {...registration} {...a11y} />}
    </FieldShell>
  );
}

/** A choice list; `options` are value/label pairs, the first one usually empty. */
export function SelectField({
  label,
  registration,
  error,
  options,
  ...select
}: FieldBase & { options: { value: string; label: string }[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'name'
  >) {
  return (
    <FieldShell label={label} error={error}>
      {(a11y) => (
        <select {...select} {...registration} {...a11y}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
