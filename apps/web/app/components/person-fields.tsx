import type { InputHTMLAttributes } from 'react';
import {
  get,
  type FieldError,
  type FieldValues,
  type FormState,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { personFields } from '@salon/shared';
import { Field } from './ui/form';

/** A person's fields as the contracts declare them, but the sign-in name (the e-mail again, never asked for). */
export type PersonField = Exclude<keyof typeof personFields, 'username'>;

/** The fields PersonFields can ask for, each labelled under `person.<field>`. */
export const PERSON_FIELD_NAMES = Object.keys(personFields).filter((field) => field !== 'username') as PersonField[];

/** The keyboard and what the browser may fill in, where a field has more than a line of text. */
const INPUTS: Partial<Record<PersonField, InputHTMLAttributes<HTMLInputElement>>> = {
  name: { autoComplete: 'name' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  company: { autoComplete: 'organization' },
  jobPosition: { autoComplete: 'organization-title' },
  adresse: { autoComplete: 'street-address' },
  pays: { autoComplete: 'country-name' },
};

/** Name, e-mail and phone: required unless the form says otherwise. */
const REQUIRED: readonly PersonField[] = ['name', 'email', 'phone'];

/**
 * One of a form's person fields: its name, or the field and the form's own name for it (the
 * enquiry's `nom`, `telephone`, `societe`).
 */
type Entry<T extends FieldValues> = (PersonField & Path<T>) | readonly [PersonField, Path<T>];

/**
 * The person block of a form: the fields named, in their order, with the same labels, keyboards
 * and autofill in every form. `required` replaces the usual three; `autoFill={false}` where
 * someone types another person's details (the browser offers none of its own).
 */
export function PersonFields<T extends FieldValues>({
  form,
  fields,
  required = REQUIRED,
  autoFill = true,
}: {
  form: { register: UseFormRegister<T>; formState: FormState<NoInfer<T>> };
  fields: readonly Entry<T>[];
  required?: readonly PersonField[];
  autoFill?: boolean;
}) {
  const { t } = useTranslation();
  return fields.map((entry) => {
    const [field, path] = typeof entry === 'string' ? [entry, entry] : entry;
    const { autoComplete, ...input }: InputHTMLAttributes<HTMLInputElement> = INPUTS[field] ?? {};
    return (
      <Field
        key={field}
        label={t(`person.${field}`)}
        {...input}
        autoComplete={autoFill ? autoComplete : 'off'}
        required={required.includes(field) || undefined}
        registration={form.register(path)}
        error={get<typeof form.formState.errors, FieldError | undefined>(form.formState.errors, path)}
      />
    );
  });
}
