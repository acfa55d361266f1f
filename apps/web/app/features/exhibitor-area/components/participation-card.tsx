import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { asLanguage, datesText, dayText, participationSchema, type ParticipationForm } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { PersonFields } from '../../../components/person-fields';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { submitHandler } from '../../../components/ui/form-submit';
import { useHydrated } from '../../../lib/use-hydrated';
import { refusalKey, useConfirmParticipation, useParticipationView, type ParticipationView } from '../api/link-pages';

/** The company's details, in the page's order. */
const FIELDS = ['company', 'name', 'phone', 'jobPosition'] as const;

const REFUSALS = { invalidParticipation: 'participation.invalid' };

function failureText(error: unknown, t: (key: string) => string): string {
  return t(refusalKey(error, REFUSALS) ?? submitErrorKey(error) ?? 'errors.generic');
}

/** Its stand of last edition kept for it on /exposer until a day: the link that books it. */
function KeptStand({ kept }: { kept: ParticipationView['kept'] }) {
  const { t, i18n } = useTranslation();
  if (!kept) return null;
  const stands = kept.stands.join(', ');
  return (
    <Alert tone="info">
      {t('participation.kept', {
        stands,
        count: kept.stands.length,
        until: dayText(kept.until, asLanguage(i18n.language)),
      })}{' '}
      <a href={kept.path}>{t('participation.keptLink', { stands, count: kept.stands.length })}</a>
    </Alert>
  );
}

/** The company's details as the account holds them, to check, then 'Confirmer ma participation'. */
function ParticipationFormCard({ token, view }: { token: string; view: ParticipationView }) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirmParticipation();
  const form = useForm<ParticipationForm>({
    resolver: zodResolver(participationSchema),
    defaultValues: {
      token,
      name: view.name,
      phone: view.phone ?? '',
      company: view.company ?? '',
      jobPosition: view.jobPosition ?? '',
    },
  });
  const submit = submitHandler(form, confirm, { fields: FIELDS });
  const { year, startsOn, endsOn, city } = view.edition;
  // An edition the organiser has not dated yet is named by its year.
  const dates = startsOn && endsOn ? datesText(startsOn, endsOn, asLanguage(i18n.language)) : String(year);
  if (confirm.isSuccess) {
    return (
      <>
        <Alert tone="success">
          <strong>{t('participation.thanks', { year })}</strong> {t('participation.next')}
        </Alert>
        <KeptStand kept={view.kept} />
      </>
    );
  }
  const failure = confirm.isError && submitErrorKey(confirm.error) !== null ? failureText(confirm.error, t) : null;
  const refused = confirm.isError && refusalKey(confirm.error, REFUSALS) ? failureText(confirm.error, t) : null;
  return (
    <form method="post" noValidate onSubmit={submit}>
      <p className="lead">{t('participation.intro', { year, dates, city: city ?? '' })}</p>
      <KeptStand kept={view.kept} />
      <p>{t('participation.check', { email: view.email })}</p>
      <div className="form-grid">
        <PersonFields form={form} fields={FIELDS} required={['company', 'name', 'phone']} />
      </div>
      {(refused ?? failure) && <Alert tone="danger">{refused ?? failure}</Alert>}
      <button type="submit" className="btn btn-primary btn-block" disabled={confirm.isPending}>
        {confirm.isPending ? t('common.loading') : t('participation.confirm')}
      </button>
      <p className="form-hint">{t('participation.ignore')}</p>
    </form>
  );
}

/**
 * The page opened from 'Exposez à nouveau en 2025' (?token=). Opening it changes nothing: the
 * browser asks for the details, and only 'Confirmer ma participation' confirms.
 */
export function ParticipationCard({ token }: { token: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const view = useParticipationView(token, hydrated);
  let body;
  if (!token) body = <Alert tone="danger">{t('participation.invalid')}</Alert>;
  else if (view.isError) body = <Alert tone="danger">{failureText(view.error, t)}</Alert>;
  else if (!view.data) body = <p aria-busy="true">{t('common.loading')}</p>;
  else body = <ParticipationFormCard token={token} view={view.data} />;
  return (
    <div className="card form-card">
      <h1>{t('participation.title')}</h1>
      {body}
    </div>
  );
}
