import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contactFormSchema, type ContactForm } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { PersonFields } from '../../../components/person-fields';
import { TextAreaField } from '../../../components/ui/form';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { submitHandler } from '../../../components/ui/form-submit';
import { useHydrated } from '../../../lib/use-hydrated';
import { useContact } from '../../../lib/site-settings';
import { CONTACT_FIELDS, useSendContact } from '../api/send-contact';

const EMPTY: ContactForm = { name: '', email: '', phone: '', company: '', message: '' };

/**
 * The contact form (infos-contact): checked in the browser with the shared schema, errors shown
 * after a submit attempt; sent to `POST contact`. Success clears the form; a failure keeps what
 * was typed, and a 400 puts the server's messages on the fields.
 */
export function ContactFormCard() {
  const { t } = useTranslation();
  const { email } = useContact('general');
  const hydrated = useHydrated();
  const send = useSendContact();
  const form = useForm<ContactForm>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  // A new attempt clears the previous outcome, as the specification's public forms do. A 400
  // puts the server's messages on the fields; what was typed stays either way.
  const submit = submitHandler(form, send, { fields: CONTACT_FIELDS, resetTo: EMPTY });
  return (
    <form
      className="card contact-form"
      // Sent by script only; without it nothing leaves the page (POST keeps entries out of URLs).
      method="post"
      noValidate
      aria-labelledby="contact-form-title"
      onSubmit={submit}
    >
      <h2 id="contact-form-title">{t('pages.infosContact.formTitle')}</h2>
      <p className="contact-hint">{t('contact.hint')}</p>
      <noscript>
        <p className="alert alert-info">
          {t('contact.noScript')}
          {email && (
            <>
              {' '}
              {t('contact.noScriptEmail')} <a href={`mailto:${email}`}>{email}</a>
            </>
          )}
        </p>
      </noscript>
      {send.isSuccess && <Alert tone="success">{t('contact.success')}</Alert>}
      {send.isError && <Alert tone="danger">{t(submitErrorKey(send.error) ?? 'contact.invalid')}</Alert>}
      <div className="contact-grid">
        <PersonFields form={form} fields={['name', 'email', 'phone', 'company']} />
      </div>
      <TextAreaField
        label={t('form.message')}
        rows={6}
        required
        registration={form.register('message')}
        error={errors.message}
      />
      <button type="submit" className="btn btn-primary" disabled={!hydrated || send.isPending}>
        {send.isPending ? t('contact.sending') : t('contact.submit')}
      </button>
    </form>
  );
}
