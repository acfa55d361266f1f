import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  VISITOR_CARD_NAME_MAX,
  visitorCardFormSchema,
  type Media,
  type VisitorCard,
  type VisitorCardForm,
  type VisitorCardInput,
} from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { Field, SelectField } from '../../../components/ui/form';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { submitHandler } from '../../../components/ui/form-submit';
import { ApiError } from '../../../lib/api-client';
import { formResolver } from '../../../lib/form-resolver';
import { useSaveVisitorCard, useVisitorCard } from '../api';

const FIELDS = ['name', 'email', 'phone', 'documentId'] as const;

/**
 * 'Carte de contact pour les visiteurs' and 'Document remis aux visiteurs': what the visitors the
 * exhibitor scanned find under 'Stands visités' on their e-badge page (a .vcf and one of its
 * PDFs). Optional, checked by the schema the server checks it with; saved at once (no public page
 * shows it, so the organiser does not review it).
 */
export function VisitorCardSection({ documents }: { documents: Media[] }) {
  const { t } = useTranslation();
  const card = useVisitorCard();
  if (card.isError) return <Alert tone="danger">{t(submitErrorKey(card.error) ?? 'errors.generic')}</Alert>;
  if (!card.data) return <p aria-busy="true">{t('common.loading')}</p>;
  return <CardForm card={card.data} documents={documents} />;
}

function CardForm({ card, documents }: { card: VisitorCard; documents: Media[] }) {
  const { t } = useTranslation();
  const save = useSaveVisitorCard();
  const form = useForm<VisitorCardInput, unknown, VisitorCardForm>({
    resolver: formResolver<VisitorCardInput, VisitorCardForm>(visitorCardFormSchema),
    defaultValues: {
      name: card.name ?? '',
      email: card.email ?? '',
      phone: card.phone ?? '',
      documentId: card.document?.id ?? null,
    },
  });
  const { errors } = form.formState;
  const submit = submitHandler(form, save, { fields: FIELDS, keepOutcome: true });
  const failure = save.isError && !(save.error instanceof ApiError && save.error.status === 400);
  // The saved document stays offered while the page's list no longer holds it.
  const choices =
    card.document && !documents.some((d) => d.id === card.document?.id) ? [card.document, ...documents] : documents;
  return (
    <form
      method="post"
      noValidate
      onSubmit={submit}
      className="page-form visitor-card-form"
      aria-labelledby="visitor-card"
    >
      <h2 id="visitor-card">{t('exhibitorPage.visitorCard.title')}</h2>
      <p className="form-hint">{t('exhibitorPage.visitorCard.intro')}</p>
      {save.isSuccess && <Alert tone="success">{t('exhibitorPage.visitorCard.saved')}</Alert>}
      {failure && <Alert tone="danger">{t(submitErrorKey(save.error) ?? 'errors.generic')}</Alert>}
      <fieldset className="page-fieldset">
        <legend>{t('exhibitorPage.visitorCard.card')}</legend>
        <div className="form-grid">
          <Field
            label={t('exhibitorPage.visitorCard.name')}
            autoComplete="off"
            maxLength={VISITOR_CARD_NAME_MAX}
            registration={form.register('name')}
            error={errors.name}
          />
          <Field
            label={t('exhibitorPage.visitorCard.email')}
            type="email"
            inputMode="email"
            autoComplete="off"
            registration={form.register('email')}
            error={errors.email}
          />
          <Field
            label={t('exhibitorPage.visitorCard.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            registration={form.register('phone')}
            error={errors.phone}
          />
        </div>
      </fieldset>
      <SelectField
        label={t('exhibitorPage.visitorCard.document')}
        options={[
          { value: '', label: t('exhibitorPage.visitorCard.noDocument') },
          ...choices.map((d) => ({ value: String(d.id), label: d.name })),
        ]}
        registration={form.register('documentId', {
          setValueAs: (v: unknown) => (v === '' || v == null ? null : Number(v)),
        })}
        error={errors.documentId}
      />
      <div className="page-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('exhibitorPage.visitorCard.save')}
        </button>
      </div>
    </form>
  );
}
