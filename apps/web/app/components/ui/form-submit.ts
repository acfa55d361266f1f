import type { BaseSyntheticEvent } from 'react';
import type { FieldValues, Path, SubmitErrorHandler, UseFormReturn } from 'react-hook-form';
import { applyServerErrors, submitErrorKey } from './form-errors';

/** What a submit needs of a TanStack mutation; `useMutation`'s result has it. */
export interface SubmitMutation<TData, TVariables> {
  mutate: (
    variables: TVariables,
    options: { onSuccess: (data: TData) => void; onError: (error: unknown) => void },
  ) => void;
  reset: () => void;
}

/** What a submit needs of a react-hook-form form; `useForm`'s result has it. */
export type SubmitForm<TFieldValues extends FieldValues, TTransformed> = Pick<
  UseFormReturn<TFieldValues, unknown, TTransformed>,
  'handleSubmit' | 'reset' | 'setError'
>;

export interface SubmitOptions<TFieldValues extends FieldValues, TTransformed, TData, TVariables> {
  /** What is sent, made from the checked values; the values themselves when left out. */
  body?: (values: TTransformed) => TVariables;
  /** The fields a 400 may name: the server's messages are shown at them. */
  fields?: readonly Path<TFieldValues>[];
  /** A success empties the form to these values; without them what was typed stays. */
  resetTo?: TFieldValues;
  /** After a success (and after the form was emptied). */
  onSuccess?: (data: TData, values: TTransformed) => void;
  /** A 400 that named none of `fields`: a refusal the form words itself (a used link, a taken address). */
  onRefused?: (error: unknown) => void;
  /** The browser's check failed: nothing was sent. */
  onInvalid?: SubmitErrorHandler<TFieldValues>;
  /** At each attempt, before the check: the form forgets what it showed of the previous one. */
  onAttempt?: () => void;
  /**
   * The previous outcome stays shown until the next call answers, even through an attempt the
   * browser's check stops. By default each attempt clears it first, as the specification's public
   * forms do.
   */
  keepOutcome?: boolean;
}

/** `body` may be left out only when the checked values are what the call takes. */
type BodyOption<TTransformed, TVariables> = [TTransformed] extends [TVariables]
  ? unknown
  : { body: (values: TTransformed) => TVariables };

/**
 * A form's `onSubmit`, as every form of the site wires it: the values are checked with the form's
 * schema, then sent by the mutation; a success may empty the form; a 400's field errors land on
 * the fields and what was typed stays. The outcome (success, failure) is the mutation's state,
 * which the form shows.
 */
export function submitHandler<TFieldValues extends FieldValues, TTransformed, TData, TVariables>(
  form: SubmitForm<TFieldValues, TTransformed>,
  mutation: SubmitMutation<TData, TVariables>,
  options: SubmitOptions<TFieldValues, TTransformed, TData, TVariables> & BodyOption<TTransformed, TVariables>,
): (event?: BaseSyntheticEvent) => void {
  const { body, fields = [], resetTo, onSuccess, onRefused, onInvalid, onAttempt, keepOutcome = false } = options;
  const submit = form.handleSubmit(
    (values) =>
      mutation.mutate(body ? body(values) : (values as unknown as TVariables), {
        onSuccess: (data) => {
          if (resetTo) form.reset(resetTo);
          onSuccess?.(data, values);
        },
        onError: (error) => {
          if (!applyServerErrors(error, form.setError, fields) && submitErrorKey(error) === null) onRefused?.(error);
        },
      }),
    onInvalid,
  );
  return (event) => {
    if (!keepOutcome) mutation.reset();
    onAttempt?.();
    void submit(event);
  };
}
