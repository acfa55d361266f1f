import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { conferenceRegistrationSchema, type ConferenceRegistrationForm } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { PersonFields } from '../../../components/person-fields';
import { TextAreaField } from '../../../components/ui/form';
import { useHydrated } from '../../../lib/use-hydrated';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { submitHandler } from '../../../components/ui/form-submit';
import { ApiError } from '../../../lib/api-client';
import { useConferenceRegistration } from '../api/register';

const FIELDS = ['name', 'email', 'phone', 'company', 'message'] as const;
const EMPTY: ConferenceRegistrationForm = { name: '', email: '', phone: '', company: '', message: '' };

export function ConferenceRegistrationFormCard({ conferenceId }: { conferenceId: number }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const register = useConferenceRegistration(conferenceId);
  const form = useForm<ConferenceRegistrationForm>({
    resolver: zodResolver(conferenceRegistrationSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const failure = register.error;
  const failureKey = failure ? submitErrorKey(failure) : null;
  // A 400 that names no field shows the server's own words.
  const serverMessage = failure instanceof ApiError && failure.status === 400 && !failureKey ? failure.message : null;

  return (
    <form
      className="card form-card"
      method="post"
      noValidate
      onSubmit={submitHandler(form, register, { fields: FIELDS, resetTo: EMPTY, keepOutcome: true })}
    >
      <h2>{t('conference.formTitle')}</h2>
      {register.isSuccess && <Alert tone="success">{t('conference.success')}</Alert>}
      {failureKey && <Alert tone="danger">{t(failureKey)}</Alert>}
      {serverMessage && <Alert tone="danger">{serverMessage}</Alert>}
      <PersonFields form={form} fields={['name', 'email', 'phone', 'company']} />
      <TextAreaField
        label={t('form.message')}
        rows={4}
        registration={form.register('message')}
        error={errors.message}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || register.isPending}>
        {register.isPending ? t('common.loading') : t('conference.submit')}
      </button>
    </form>
  );
}
