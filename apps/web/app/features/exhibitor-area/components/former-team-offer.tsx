import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { useFormerTeam, useTakeFormerTeam } from '../api/collaborators';

/**
 * Above 'Collaborateurs', for a returning exhibitor: its team of the last edition, and
 * 'Reprendre mes collaborateurs de 2024', which invites each again (they accept from the mail, as
 * any invitation). Nothing shows when there is nobody to take along.
 */
export function FormerTeamOffer() {
  const { t } = useTranslation();
  const team = useFormerTeam();
  const take = useTakeFormerTeam();
  const outcome = take.data ? (
    <Alert tone={take.data.postponed ? 'warning' : 'success'}>
      {t('area.formerTeam.invited', { count: take.data.invited })}
      {take.data.postponed ? ` ${t('area.formerTeam.postponed', { count: take.data.postponed })}` : ''}
    </Alert>
  ) : null;
  const failure = take.isError ? (
    <Alert tone="danger">{t(submitErrorKey(take.error) ?? 'errors.generic')}</Alert>
  ) : null;
  const { year, collaborators = [] } = team.data ?? {};
  if (!year || collaborators.length === 0) return outcome ?? failure;
  return (
    <>
      {failure}
      <Alert tone="info">
        <p>{t('area.formerTeam.intro', { year, count: collaborators.length })}</p>
        <ul>
          {collaborators.map((c) => (
            <li key={c.id}>
              <bdi>{c.name}</bdi>
              {c.jobPosition && (
                <>
                  {' — '}
                  <bdi>{c.jobPosition}</bdi>
                </>
              )}
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn-primary" disabled={take.isPending} onClick={() => take.mutate()}>
          {take.isPending ? t('common.loading') : t('area.formerTeam.take', { year })}
        </button>
        <p className="form-hint">{t('area.formerTeam.hint')}</p>
      </Alert>
    </>
  );
}
