import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  collaboratorInfoSchema,
  exhibitorInfoSchema,
  infoFormSchema,
  normalizeEmail,
  OTHER_SECTOR,
  SECTOR_CHOICES,
  type CollaboratorInfoForm,
  type ExhibitorInfoForm,
} from '@salon/shared';
import { Link } from 'react-router';
import { standOnPlan } from '../../../config/paths';
import { useShowYear } from '../../../lib/show';
import { Alert } from '../../../components/ui/alert';
import { PersonFields } from '../../../components/person-fields';
import { Field } from '../../../components/ui/form';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { submitHandler } from '../../../components/ui/form-submit';
import type { Me } from '../api/get-me';
import { useUpdateMe } from '../api/update-me';

const EXHIBITOR_FIELDS = ['name', 'email', 'phone', 'company', 'jobPosition', 'currentPassword'] as const;
const COLLABORATOR_FIELDS = ['name', 'email', 'phone', 'jobPosition', 'adresse', 'currentPassword'] as const;

/**
 * The outcome of a save: the success message (and, for a new e-mail, that it waits for the link
 * mailed to it), or for a failure other than a 400 the generic one. A 400 shows no message
 * (specification, section 8): its field errors are at their fields.
 */
function SaveOutcome({ save, currentEmail }: { save: ReturnType<typeof useUpdateMe>; currentEmail: string }) {
  const { t } = useTranslation();
  const failureKey = save.isError ? submitErrorKey(save.error) : null;
  if (save.isSuccess) {
    return (
      <>
        <Alert tone="success">{t('area.info.success')}</Alert>
        {save.data.emailPending && (
          <Alert tone="info">
            {t('area.info.emailPending', { email: save.data.emailPending, current: currentEmail })}
          </Alert>
        )}
      </>
    );
  }
  return failureKey ? <Alert tone="danger">{t(failureKey)}</Alert> : null;
}

function SaveButton({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="btn btn-primary" disabled={pending}>
      {pending ? t('area.info.saving') : t('area.info.submit')}
    </button>
  );
}

/**
 * An 'Informations' form around its fields: the outcome above them, 'Sauvegarder' below. The
 * server's field errors of a 400 go to their fields. Once the typed e-mail differs from the
 * sign-in address, 'Mot de passe actuel' appears (infoFormSchema, the server's rule too); the
 * address shown stays the current one until the link mailed to the new one is used.
 */
function InfoForm<T extends ExhibitorInfoForm | CollaboratorInfoForm>({
  form,
  save,
  fields,
  currentEmail,
  children,
}: {
  form: UseFormReturn<T>;
  save: ReturnType<typeof useUpdateMe>;
  fields: readonly Path<T>[];
  currentEmail: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // The fields both forms have, typed once.
  const common = form as unknown as UseFormReturn<{ email: string; currentPassword?: string }>;
  const changing = normalizeEmail(common.watch('email') ?? '') !== normalizeEmail(currentEmail);
  const submit = submitHandler(form, save, {
    body: ({ currentPassword, ...rest }) => (changing ? { ...rest, currentPassword } : rest),
    fields,
    onSuccess: ({ emailPending }) => {
      if (!emailPending) return;
      common.setValue('email', currentEmail);
      common.setValue('currentPassword', '');
    },
  });
  return (
    <form method="post" noValidate onSubmit={submit}>
      <SaveOutcome save={save} currentEmail={currentEmail} />
      {children}
      {changing && (
        <div className="form-grid">
          <Field
            label={t('area.info.currentPassword')}
            type="password"
            autoComplete="current-password"
            registration={common.register('currentPassword')}
            error={common.formState.errors.currentPassword}
          />
          <p className="form-hint">{t('area.info.currentPasswordHint')}</p>
        </div>
      )}
      <SaveButton pending={save.isPending} />
    </form>
  );
}

/** The exhibitor's 'Informations': name, email, phone and company required, position optional. */
export function ExhibitorInfoFormCard({ me }: { me: Me }) {
  const save = useUpdateMe(me.id);
  const form = useForm<ExhibitorInfoForm>({
    resolver: zodResolver(infoFormSchema(exhibitorInfoSchema, me.email)),
    defaultValues: {
      name: me.name,
      email: me.email,
      phone: me.phone ?? '',
      company: me.company ?? '',
      jobPosition: me.jobPosition ?? '',
      currentPassword: '',
    },
  });
  return (
    <InfoForm form={form} save={save} fields={EXHIBITOR_FIELDS} currentEmail={me.email}>
      <div className="form-grid">
        <PersonFields
          form={form}
          fields={['name', 'email', 'phone', 'company', 'jobPosition']}
          required={['name', 'email', 'phone', 'company']}
        />
      </div>
    </InfoForm>
  );
}

/** A value the user sees but does not change here. */
function ReadOnlyField({ label, value, children }: { label: string; value: string | null; children?: ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value ?? ''} readOnly />
      {children}
    </div>
  );
}

/**
 * The sector as the choice list shows it: a stored value outside the list is 'Autre' with the
 * value as its free text.
 */
function SectorView({ value }: { value: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const listed = (SECTOR_CHOICES as readonly string[]).includes(value ?? '');
  const selected = !value ? '' : listed ? value : OTHER_SECTOR;
  return (
    <>
      <div className="field">
        <label htmlFor={id}>{t('area.fields.sector')}</label>
        <select id={id} value={selected} disabled>
          <option value="" />
          {SECTOR_CHOICES.map((s) => (
            <option key={s} value={s}>
              {t(`sectorChoices.${s}`, { defaultValue: s })}
            </option>
          ))}
        </select>
      </div>
      {selected === OTHER_SECTOR && <ReadOnlyField label={t('area.fields.otherSector')} value={listed ? '' : value} />}
    </>
  );
}

/**
 * The collaborator's 'Informations', view style, in the specification's order: name, email,
 * phone, position, company, sector, country, address, stand, hall. Its own details are
 * editable; company, sector, country, stand and hall belong to its exhibitor and the organiser
 * and are shown read-only (greyed out, as the hint above them says).
 */
export function CollaboratorInfoFormCard({ me }: { me: Me }) {
  const { t } = useTranslation();
  const year = useShowYear();
  const save = useUpdateMe(me.id);
  const form = useForm<CollaboratorInfoForm>({
    resolver: zodResolver(infoFormSchema(collaboratorInfoSchema, me.email)),
    defaultValues: {
      name: me.name,
      email: me.email,
      phone: me.phone ?? '',
      jobPosition: me.jobPosition ?? '',
      adresse: me.adresse ?? '',
      currentPassword: '',
    },
  });
  return (
    <InfoForm form={form} save={save} fields={COLLABORATOR_FIELDS} currentEmail={me.email}>
      <p className="form-hint">{t('area.info.readOnlyHint')}</p>
      <div className="form-grid">
        <PersonFields form={form} fields={['name', 'email', 'phone', 'jobPosition']} />
        <ReadOnlyField label={t('person.company')} value={me.company} />
        <SectorView value={me.secteur_activite} />
        <ReadOnlyField label={t('area.fields.country')} value={me.pays} />
        <PersonFields form={form} fields={['adresse']} />
        <ReadOnlyField label={t('area.fields.stand')} value={me.numero_stand}>
          {me.numero_stand && year && (
            <Link className="see-on-plan" to={standOnPlan(me.numero_stand, year)}>
              {t('plan.seeOnPlan')}
            </Link>
          )}
        </ReadOnlyField>
        <ReadOnlyField label={t('area.fields.hall')} value={me.hall} />
      </div>
    </InfoForm>
  );
}
