import { useEffect } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  asLanguage,
  standBookingSchema,
  type Answer,
  type enquiryPrefillSchema,
  type priorityPrefillSchema,
  type StandBookingForm,
  type standHeldSchema,
} from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { Field } from '../../../components/ui/form';
import { applyServerErrors, refusalCode, submitErrorKey } from '../../../components/ui/form-errors';
import { ApiError } from '../../../lib/api-client';
import { formResolver } from '../../../lib/form-resolver';
import { useHydrated } from '../../../lib/use-hydrated';
import { useHold, type StandOffer } from '../api';

export type Held = Answer<typeof standHeldSchema>['data'];
/** The organiser's link after an enquiry: its token and what the enquiry said. */
export type EnquiryLink = Answer<typeof enquiryPrefillSchema>['data'] & { token: string };
/** A returning exhibitor's link: its token, the stands kept for it until a day, and what it is known by. */
export type PriorityLink = Answer<typeof priorityPrefillSchema>['data'] & { token: string };
type Values = Omit<StandBookingForm, 'lang' | 'accept' | 'enquiry' | 'priority'> & { accept: boolean };

/** The company's legal identity, then who to write to: each field as the contract will print it. */
const IDENTITY = [
  ['companyName', 'organization'],
  ['ice', 'off'],
  ['taxId', 'off'],
  ['tradeRegister', 'off'],
  ['address', 'street-address'],
  ['city', 'address-level2'],
  ['signatoryName', 'name'],
  ['signatoryRole', 'organization-title'],
] as const;
const CONTACT = [
  ['contactName', 'name'],
  ['email', 'email'],
  ['phone', 'tel'],
] as const;
const FIELDS: Path<Values>[] = [...[...IDENTITY, ...CONTACT].map(([name]) => name), 'stands', 'accept'];

/**
 * The hold's form: the stands picked on the plan and the conditions' version come from the page;
 * the rest is typed. A refusal about the stands or the conditions goes back to the page, which
 * reads the offer again.
 */
export function HoldForm({
  offer,
  enquiry,
  priority,
  picked,
  onHeld,
  onConflict,
}: {
  offer: StandOffer;
  enquiry: EnquiryLink | null;
  priority: PriorityLink | null;
  picked: string[];
  onHeld: (held: Held, email: string) => void;
  onConflict: (code: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const hold = useHold();
  const form = useForm<Values, unknown, StandBookingForm>({
    resolver: formResolver(standBookingSchema),
    defaultValues: {
      stands: picked,
      conditionsVersion: offer.conditions.version,
      accept: false,
      ...Object.fromEntries([...IDENTITY, ...CONTACT].map(([name]) => [name, ''])),
      ...(enquiry && {
        companyName: enquiry.societe ?? '',
        contactName: enquiry.nom,
        email: enquiry.email,
        phone: enquiry.telephone,
      }),
      // A returning exhibitor: its account's details and its last booking's legal identity.
      ...(priority &&
        Object.fromEntries(
          [...IDENTITY, ...CONTACT].map(([name]) => [name, priority[name as keyof PriorityLink] as string]),
        )),
    },
  });
  const { errors } = form.formState;
  useEffect(() => {
    form.setValue('stands', picked, { shouldValidate: form.formState.isSubmitted });
  }, [picked, form]);
  useEffect(() => {
    // Newer conditions are read and accepted again.
    if (form.getValues('conditionsVersion') !== offer.conditions.version) {
      form.setValue('conditionsVersion', offer.conditions.version);
      form.setValue('accept', false);
    }
  }, [offer.conditions.version, form]);

  const submit = form.handleSubmit((values) =>
    hold.mutate(
      {
        ...values,
        lang: asLanguage(i18n.language),
        ...(enquiry && { enquiry: enquiry.token }),
        ...(priority && { priority: priority.token }),
      },
      {
        onSuccess: (answer) => onHeld(answer.data, values.email),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            const code = refusalCode(error);
            const field = code === 'conditionsChanged' ? 'accept' : 'stands';
            form.setError(field, { type: 'server', message: code });
            onConflict(code);
            return;
          }
          applyServerErrors(error, form.setError, FIELDS);
        },
      },
    ),
  );
  const failure =
    hold.error instanceof ApiError && hold.error.status === 404
      ? 'validation.salesClosed'
      : hold.error && !(hold.error instanceof ApiError && [400, 409].includes(hold.error.status))
        ? submitErrorKey(hold.error)
        : null;

  const field = ([name, autoComplete]: readonly [Path<Values>, string]) => (
    <Field
      key={name}
      label={t(`standSale.fields.${name}`)}
      registration={form.register(name)}
      error={errors[name as keyof Values] as never}
      autoComplete={autoComplete}
      {...(name === 'ice' && { inputMode: 'numeric' as const, maxLength: 15 })}
      {...(name === 'email' && { type: 'email', inputMode: 'email' as const })}
      {...(name === 'phone' && { type: 'tel', inputMode: 'tel' as const })}
    />
  );

  return (
    <form className="registration-form hold-form" method="post" noValidate onSubmit={(e) => void submit(e)}>
      <h2>{t('standSale.formTitle')}</h2>
      {errors.stands?.message && (
        <p className="field-error" role="alert">
          {t(`validation.${errors.stands.message}`)}
        </p>
      )}
      <fieldset>
        <legend>{t('standSale.identity')}</legend>
        {IDENTITY.map(field)}
      </fieldset>
      <fieldset>
        <legend>{t('standSale.contact')}</legend>
        {CONTACT.map(field)}
      </fieldset>
      <div className="field field-check">
        <label>
          <input type="checkbox" {...form.register('accept')} aria-invalid={errors.accept ? true : undefined} />{' '}
          {t('standSale.accept', { version: offer.conditions.version })}{' '}
          <a href={offer.conditions.url} target="_blank" rel="noreferrer">
            {t('standSale.conditionsLink')}
          </a>
        </label>
        {errors.accept?.message && <p className="field-error">{t(`validation.${errors.accept.message}`)}</p>}
      </div>
      {failure && <Alert tone="danger">{t(failure)}</Alert>}
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || hold.isPending}>
        {hold.isPending ? t('common.loading') : t('standSale.submit')}
      </button>
    </form>
  );
}
