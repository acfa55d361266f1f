import { zodResolver } from '@hookform/resolvers/zod';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import type { BaseSyntheticEvent } from 'react';
import { createFormControl } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { contactFormSchema, type ContactForm } from '@salon/shared';
import { applyServerErrors } from '../app/components/ui/form-errors';
import { submitHandler, type SubmitMutation } from '../app/components/ui/form-submit';
import { ApiError } from '../app/lib/api-client';

/**
 * The submit every form of the site shares, driven as a page drives it: a real react-hook-form
 * form with the contact form's schema, and a real TanStack mutation whose state the form shows.
 */

const EMPTY: ContactForm = { name: '', email: '', phone: '', company: '', message: '' };
const TYPED: ContactForm = {
  name: 'Nadia Berrada',
  email: 'nadia@example.com',
  phone: '+212 6 12 34 56 78',
  company: 'Atlas Béton Industrie',
  message: 'Bonjour, quels sont les horaires du samedi ?',
};
const FIELDS = ['name', 'email', 'phone', 'company', 'message'] as const;

function contactForm(values: ContactForm = TYPED) {
  return createFormControl<ContactForm>({ resolver: zodResolver(contactFormSchema), defaultValues: values });
}

/** A mutation that answers with `answer`, and what it was sent. */
function mutationAnswering<TVariables>(answer: () => Promise<string>) {
  const sent: TVariables[] = [];
  const observer = new MutationObserver(new QueryClient(), {
    mutationFn: (variables: TVariables) => {
      sent.push(variables);
      return answer();
    },
  });
  // As in a mounted component: TanStack calls a call's own callbacks only while someone watches.
  observer.subscribe(() => undefined);
  const mutation: SubmitMutation<string, TVariables> = {
    mutate: (variables, options) => void observer.mutate(variables, options).catch(() => undefined),
    reset: () => observer.reset(),
  };
  return { sent, mutation, state: () => observer.getCurrentResult() };
}

function submitEvent() {
  const preventDefault = vi.fn();
  return { preventDefault, event: { preventDefault, persist: () => undefined } as unknown as BaseSyntheticEvent };
}

const fieldsBadEmail = new ApiError(400, 'Données invalides', {
  error: { status: 400, details: { errors: [{ path: ['data', 'email'], message: 'email' }] } },
});

describe('a form’s submit', () => {
  it('keeps the browser from sending the form, sends the checked values as the call takes them, then empties the form', async () => {
    const form = contactForm();
    const { sent, mutation, state } = mutationAnswering<ContactForm & { lang: string }>(async () => 'reçu');
    const onSuccess = vi.fn();
    const { preventDefault, event } = submitEvent();

    submitHandler(form, mutation, {
      body: (values) => ({ ...values, lang: 'fr' }),
      fields: FIELDS,
      resetTo: EMPTY,
      onSuccess,
    })(event);

    await vi.waitFor(() => expect(state().isSuccess).toBe(true));
    expect(preventDefault).toHaveBeenCalled();
    expect(sent).toEqual([{ ...TYPED, lang: 'fr' }]);
    expect(form.getValues()).toEqual(EMPTY);
    expect(onSuccess).toHaveBeenCalledWith('reçu', TYPED);
  });

  it('keeps what was typed after a success when the form has nothing to empty it to', async () => {
    const form = contactForm();
    const { mutation, state } = mutationAnswering<ContactForm>(async () => 'reçu');

    submitHandler(form, mutation, { fields: FIELDS })();

    await vi.waitFor(() => expect(state().isSuccess).toBe(true));
    expect(form.getValues()).toEqual(TYPED);
  });

  it('sends nothing when the check fails, says which fields are wrong, and clears the previous outcome', async () => {
    const form = contactForm();
    const { sent, mutation, state } = mutationAnswering<ContactForm>(async () => 'reçu');
    const onInvalid = vi.fn();
    const submit = submitHandler(form, mutation, { fields: FIELDS, resetTo: EMPTY, onInvalid });
    submit();
    await vi.waitFor(() => expect(state().isSuccess).toBe(true));

    // The form is empty again: a second 'Envoyer' fails the check.
    submit();

    await vi.waitFor(() => expect(onInvalid).toHaveBeenCalledTimes(1));
    expect(Object.keys(onInvalid.mock.calls[0]![0] as object).sort()).toEqual(['email', 'message', 'name', 'phone']);
    expect(sent).toHaveLength(1);
    expect(state().status).toBe('idle');
  });

  it('with keepOutcome, leaves the previous failure shown through an attempt the check stops', async () => {
    const form = contactForm();
    const { mutation, state } = mutationAnswering<ContactForm>(() =>
      Promise.reject(new ApiError(500, 'Internal Server Error')),
    );
    const onInvalid = vi.fn();
    const submit = submitHandler(form, mutation, { fields: FIELDS, keepOutcome: true, onInvalid });
    submit();
    await vi.waitFor(() => expect(state().isError).toBe(true));

    form.setValue('email', 'pas une adresse');
    submit();

    await vi.waitFor(() => expect(onInvalid).toHaveBeenCalledTimes(1));
    expect(state().isError).toBe(true);
  });

  it('puts a 400’s messages on the fields it names and keeps what was typed', async () => {
    const form = contactForm();
    const { mutation, state } = mutationAnswering<ContactForm>(() => Promise.reject(fieldsBadEmail));
    const onRefused = vi.fn();

    submitHandler(form, mutation, { fields: FIELDS, resetTo: EMPTY, onRefused })();

    await vi.waitFor(() => expect(state().isError).toBe(true));
    expect(form.getFieldState('email').error).toMatchObject({ type: 'server', message: 'email' });
    expect(form.getFieldState('name').error).toBeUndefined();
    expect(form.getValues()).toEqual(TYPED);
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('tells a 400 that names none of its fields as a refusal, and nothing else', async () => {
    const refusals: unknown[] = [];
    const failures = [
      new ApiError(400, 'Cette adresse est déjà utilisée.'),
      // A field this form does not have.
      new ApiError(400, 'Données invalides', { error: { details: { errors: [{ path: ['token'], message: 'x' }] } } }),
      new ApiError(0, 'Failed to fetch'),
      new ApiError(429, 'Too Many Requests'),
      new ApiError(500, 'Internal Server Error'),
      new TypeError('boom'),
    ];
    for (const failure of failures) {
      const form = contactForm();
      const { mutation, state } = mutationAnswering<ContactForm>(() => Promise.reject(failure));
      submitHandler(form, mutation, { fields: FIELDS, onRefused: (error) => refusals.push(error) })();
      await vi.waitFor(() => expect(state().isError).toBe(true));
      expect(form.getFieldState('email').error).toBeUndefined();
    }
    expect(refusals).toEqual(failures.slice(0, 2));
  });

  it('runs onAttempt at every attempt, before the check, including one the check stops', async () => {
    const form = contactForm(EMPTY);
    const { mutation } = mutationAnswering<ContactForm>(async () => 'reçu');
    const order: string[] = [];

    submitHandler(form, mutation, {
      fields: FIELDS,
      onAttempt: () => order.push('attempt'),
      onInvalid: () => order.push('invalid'),
    })();

    expect(order).toEqual(['attempt']);
    await vi.waitFor(() => expect(order).toEqual(['attempt', 'invalid']));
  });
});

describe('the server’s field errors on a form', () => {
  it('puts an error within a value at its whole path, and one past a field at that field', () => {
    const setError = vi.fn();
    const refused = new ApiError(400, 'Données invalides', {
      error: {
        status: 400,
        details: {
          errors: [
            { path: ['body', 'description', 'en'], message: 'tooLong' },
            { path: ['body', 'brands', 3], message: 'tooLong' },
            { path: ['body', 'elsewhere'], message: 'text' },
          ],
        },
      },
    });
    expect(applyServerErrors(refused, setError, ['description.fr', 'description.en', 'brands'])).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['description.en', { type: 'server', message: 'tooLong' }],
      ['brands', { type: 'server', message: 'tooLong' }],
    ]);
  });
});
