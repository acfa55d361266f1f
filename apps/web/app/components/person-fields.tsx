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
import { Field } from './ui/form';

/**
 * A person's fields as the forms ask for them: each with its label (`person.<field>`), its
 * keyboard and what the browser may fill in.
 */
const PERSON_FIELDS = {
  name: { autoComplete: 'name' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  company: { autoComplete: 'organization' },
  jobPosition: { autoComplete: 'organization-title' },
  adresse: { autoComplete: 'street-address' },
} satisfies Record<string, InputHTMLAttributes<HTMLInputElement>>;

export type PersonField = keyof typeof PERSON_FIELDS;

/** The fields PersonFields can ask for, each labelled under `person.<field>`. */
export const PERSON_FIELD_NAMES = Object.keys(PERSON_FIELDS) as PersonField[];

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
    const { autoComplete, ...input }: InputHTMLAttributes<HTMLInputElement> = PERSON_FIELDS[field];
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
