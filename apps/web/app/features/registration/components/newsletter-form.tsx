import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { asLanguage, newsletterSchema } from '@salon/shared';
import { ApiError } from '../../../lib/api-client';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSubscribe } from '../api/public-forms';

/**
 * The newsletter field. The trimmed address must be an e-mail address, else 'Email non valide !';
 * success says 'Votre email a été bien enregistré.' and, as the address counts only once the
 * mailed link is followed, that a confirmation mail was sent (unless the address is confirmed
 * already: the server answers alike for both, decision 015); a server error shows the server's
 * message and puts the cursor back in the field.
 */
export default function NewsletterForm() {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const subscribe = useSubscribe();
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const parsed = newsletterSchema.safeParse({ email: input.current?.value ?? '' });
    if (!parsed.success) {
      setMessage({ tone: 'danger', text: t('newsletterForm.invalid') });
      input.current?.focus();
      return;
    }
    subscribe.mutate(
      { email: parsed.data.email, lang: asLanguage(i18n.language) },
      {
        onSuccess: () => {
          setMessage({ tone: 'success', text: `${t('newsletterForm.success')} ${t('newsletterForm.confirmSent')}` });
          if (input.current) input.current.value = '';
        },
        onError: (error) => {
          const text =
            error instanceof ApiError && error.status === 400
              ? error.message
              : t(error instanceof ApiError && error.status === 0 ? 'errors.network' : 'errors.generic');
          setMessage({ tone: 'danger', text });
          input.current?.focus();
        },
      },
    );
  };

  return (
    <form className="newsletter-form" method="post" noValidate onSubmit={submit}>
      <label htmlFor="newsletter-email">{t('newsletterForm.label')}</label>
      <div className="newsletter-row">
        <input
          ref={input}
          id="newsletter-email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('newsletterForm.placeholder')}
        />
        <button type="submit" className="btn btn-primary" disabled={!hydrated || subscribe.isPending}>
          {subscribe.isPending ? t('common.loading') : t('newsletterForm.submit')}
        </button>
      </div>
      {message && (
        <p className={`alert alert-${message.tone}`} role={message.tone === 'danger' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <p className="newsletter-note">{t('newsletterForm.note')}</p>
    </form>
  );
}
