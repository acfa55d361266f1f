import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  asLanguage,
  exhibitorEnquirySchema,
  OTHER_SECTOR,
  SECTOR_CHOICES,
  type ExhibitorEnquiryForm,
} from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { PersonFields } from '../../../components/person-fields';
import { Field, SelectField, TextAreaField } from '../../../components/ui/form';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { submitHandler } from '../../../components/ui/form-submit';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSendEnquiry } from '../api/public-forms';
import { formResolver } from '../../../lib/form-resolver';

const FIELDS = ['nom', 'email', 'telephone', 'societe', 'secteur_activite', 'message'] as const;
type Values = Omit<ExhibitorEnquiryForm, 'lang'> & { secteur_autre: string };
const EMPTY: Values = {
  nom: '',
  email: '',
  telephone: '',
  societe: '',
  secteur_activite: '',
  secteur_autre: '',
  message: '',
};

/**
 * The exhibitor enquiry (home page). Choosing 'Autre' shows a free-text sector field and puts
 * the cursor in it; what is typed there is sent as the sector. An empty sector is stored by the
 * server as 'non rempli'.
 */
export function ExhibitorEnquiryFormCard() {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const send = useSendEnquiry();
  const form = useForm<Values>({ resolver: formResolver(exhibitorEnquirySchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const sector = form.watch('secteur_activite');
  const isOther = sector === OTHER_SECTOR;
  useEffect(() => {
    // Into the free-text field when 'Autre' is chosen, not while the visitor types elsewhere: a
    // choice made before the page's scripts ran shows its field once they have, and the cursor
    // stays where the visitor went on typing.
    const active = document.activeElement;
    const elsewhere = active && active !== document.body && active.getAttribute('name') !== 'secteur_activite';
    if (isOther && !elsewhere) form.setFocus('secteur_autre');
  }, [isOther, form]);
  const failureKey = send.error ? submitErrorKey(send.error) : null;

  const submit = submitHandler(form, send, {
    body: (values) => {
      const other = form.getValues('secteur_autre').trim();
      return {
        nom: values.nom,
        email: values.email,
        telephone: values.telephone,
        societe: values.societe,
        secteur_activite: isOther ? other || OTHER_SECTOR : values.secteur_activite,
        message: values.message,
        lang: asLanguage(i18n.language),
      };
    },
    fields: FIELDS,
    resetTo: EMPTY,
  });

  return (
    <form className="registration-form" method="post" noValidate aria-labelledby="enquiry-form-title" onSubmit={submit}>
      <h2 id="enquiry-form-title">{t('home.exhibitor.title')}</h2>
      <p>{t('home.exhibitor.text')}</p>
      {send.isSuccess && <Alert tone="success">{t('enquiryForm.success')}</Alert>}
      {send.isError && (
        <Alert tone="danger">
          {t('enquiryForm.failure')}
          {failureKey && <> {t(failureKey)}</>}
        </Alert>
      )}
      <PersonFields form={form} fields={[['name', 'nom'], 'email', ['phone', 'telephone'], ['company', 'societe']]} />
      <SelectField
        label={t('form.sector')}
        registration={form.register('secteur_activite')}
        error={errors.secteur_activite}
        options={[
          { value: '', label: t('enquiryForm.chooseSector') },
          ...SECTOR_CHOICES.map((s) => ({ value: s, label: t(`sectorChoices.${s}`, { defaultValue: s }) })),
        ]}
      />
      {isOther && <Field label={t('form.otherSector')} registration={form.register('secteur_autre')} maxLength={200} />}
      <TextAreaField
        label={t('form.message')}
        rows={4}
        registration={form.register('message')}
        error={errors.message}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || send.isPending}>
        {send.isPending ? t('common.loading') : t('enquiryForm.submit')}
      </button>
    </form>
  );
}
