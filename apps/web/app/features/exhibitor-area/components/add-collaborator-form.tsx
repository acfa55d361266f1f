import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { asLanguage, collaboratorFormSchema, type CollaboratorForm } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { PersonFields } from '../../../components/person-fields';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { submitHandler } from '../../../components/ui/form-submit';
import { useAddCollaborator } from '../api/collaborators';

const FIELDS = ['name', 'jobPosition', 'email', 'phone'] as const;
const EMPTY: CollaboratorForm = { name: '', jobPosition: '', email: '', phone: '' };

/**
 * 'Ajouter un collaborateur'. The server's 400 either names fields (shown at them) or says the
 * e-mail or phone is taken, shown with the specification's text.
 */
export function AddCollaboratorForm() {
  const { t, i18n } = useTranslation();
  const add = useAddCollaborator();
  const [duplicate, setDuplicate] = useState(false);
  const form = useForm<CollaboratorForm>({ resolver: zodResolver(collaboratorFormSchema), defaultValues: EMPTY });
  const failureKey = add.isError ? submitErrorKey(add.error) : null;
  const submit = submitHandler(form, add, {
    body: (values) => ({ ...values, lang: asLanguage(i18n.language) }),
    fields: FIELDS,
    resetTo: EMPTY,
    // A 400 without field errors: the e-mail or phone belongs to an account already.
    onRefused: () => setDuplicate(true),
    onAttempt: () => setDuplicate(false),
  });
  return (
    <form method="post" noValidate onSubmit={submit}>
      <p>{t('area.addCollaborator.intro')}</p>
      {add.isSuccess && (
        <Alert tone="success">
          {'invitation' in add.data.data ? t('area.addCollaborator.invited') : t('area.addCollaborator.success')}
        </Alert>
      )}
      {duplicate && <Alert tone="danger">{t('area.addCollaborator.duplicate')}</Alert>}
      {failureKey && <Alert tone="danger">{t(failureKey)}</Alert>}
      <div className="form-grid">
        {/* The exhibitor types someone else's details: the browser offers none of its own. */}
        <PersonFields form={form} fields={FIELDS} required={FIELDS} autoFill={false} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={add.isPending}>
        {add.isPending ? t('area.info.saving') : t('area.addCollaborator.submit')}
      </button>
    </form>
  );
}
