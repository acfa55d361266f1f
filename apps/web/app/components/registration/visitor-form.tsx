import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { asLanguage, visitorFormSchema, type VisitorForm } from '@salon/shared';
import { Alert } from '../ui/alert';
import { PersonFields } from '../person-fields';
import { submitErrorKey } from '../ui/form-errors';
import { submitHandler } from '../ui/form-submit';
import { ApiError } from '../../lib/api-client';
import { useHydrated } from '../../lib/use-hydrated';
import { useRegisterVisitor } from '../../lib/registration/register-visitor';
import { formResolver } from '../../lib/form-resolver';

type Values = Omit<VisitorForm, 'lang'>;
/** The schema's fields in its order, but the language (the page's, sent with them): a field added there is asked for here. */
const FIELDS = Object.keys(visitorFormSchema.shape).filter((field) => field !== 'lang') as (keyof Values)[];
const EMPTY = Object.fromEntries(FIELDS.map((field) => [field, ''])) as Required<Values>;

/**
 * The home page's visitor registration. As the specification's public forms: a submit clears
 * the previous outcome and shows errors only then; success clears the form and offers the badge
 * at once; a 400 shows the failure with the server's reason. A network failure or any other
 * error says so and keeps what was typed.
 *
 * An invalid submit: the specification scrolls the page to its top. The form is at the bottom of
 * a long home page, so that would hide the errors from the person who has to fix them. We scroll
 * to the top of the form instead (its heading just below the sticky header) and put the cursor
 * in the first wrong field, where a screen reader reads its error.
 *
 * No box to tick: beside the button, what a scan at a stand passes on to the exhibitor, which
 * the visitor agrees to each time they hold the badge out (decision 049). The button names it
 * as its description, so a screen reader reads it there too.
 */
export function VisitorRegistrationForm({
  onRegistered,
}: {
  /** Told what was registered once the server confirmed it (the kiosk then shows the badge). */
  onRegistered?: (values: VisitorForm) => void;
} = {}) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const register = useRegisterVisitor();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<Values, unknown, VisitorForm>({
    resolver: formResolver(visitorFormSchema),
    defaultValues: EMPTY,
    // Done by hand after the scroll to the form's top (onInvalid below).
    shouldFocusError: false,
  });
  const failure = register.error;
  const failureKey = failure ? submitErrorKey(failure) : null;
  const reason = failure instanceof ApiError && failure.status === 400 && !failureKey ? failure.message : null;
  const submit = submitHandler(form, register, {
    body: (values) => ({ ...values, lang: asLanguage(i18n.language) }),
    fields: FIELDS,
    resetTo: EMPTY,
    onSuccess: (_registered, values) => onRegistered?.(values),
    onInvalid: (invalid) => {
      formRef.current?.scrollIntoView({ block: 'start' });
      const first = FIELDS.find((field) => invalid[field]);
      if (first) form.setFocus(first);
    },
  });

  return (
    <form
      ref={formRef}
      className="registration-form"
      method="post"
      noValidate
      aria-labelledby="visitor-form-title"
      onSubmit={submit}
    >
      <h2 id="visitor-form-title">{t('home.visitor.title')}</h2>
      <p>{t('home.visitor.text')}</p>
      {register.isSuccess && (
        <div className="alert alert-success" role="status">
          <p>{t('visitorForm.success')}</p>
          <a className="btn btn-primary" href={register.data.badgeUrl} download>
            {t('visitorForm.download')}
          </a>
        </div>
      )}
      {register.isError && (
        <Alert tone="danger">
          {t('visitorForm.failure')}
          {(reason ?? failureKey) && <> {reason ?? t(failureKey!)}</>}
        </Alert>
      )}
      <PersonFields form={form} fields={FIELDS} />
      <p className="registration-notice" id="visitor-form-notice">
        {t('visitorForm.notice')}
      </p>
      <button
        type="submit"
        className="btn btn-primary btn-block"
        aria-describedby="visitor-form-notice"
        disabled={!hydrated || register.isPending}
      >
        {register.isPending ? t('common.loading') : t('visitorForm.submit')}
      </button>
    </form>
  );
}
