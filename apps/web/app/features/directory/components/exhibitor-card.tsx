import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FallbackImg } from '../../../components/ui/fallback-img';
import { paths, standOnPlan } from '../../../config/paths';
import { exhibitorSlug, type DirectoryEntry } from '@salon/shared';
import { useShowYear } from '../../../lib/show';
import { VisitToggle } from '../../../components/visit-toggle';

export const DEFAULT_LOGO = '/assets/images/logo-fallback.svg';

export function ExhibitorCard({
  entry,
  kept,
}: {
  entry: DirectoryEntry;
  /** In the device's 'Ma visite'. */ kept: boolean;
}) {
  const { t } = useTranslation();
  const year = useShowYear();
  const avatar = entry.user.avatar?.formats?.small?.url ?? entry.user.avatar?.url;
  return (
    <li className="exhibitor-card">
      <FallbackImg src={avatar} fallback={DEFAULT_LOGO} alt="" width="96" height="96" loading="lazy" />
      <div className="exhibitor-card-body">
        <h2>
          <Link to={`${paths.annuaire}/${exhibitorSlug(entry.user.company, entry.user.id)}`}>{entry.user.company}</Link>
        </h2>
        <p className="exhibitor-sector">
          {/* The account's sector is a form choice (its French name) or the text typed for 'Autre'. */}
          {t(`sectorChoices.${entry.user.secteur_activite || 'BTP'}`, { defaultValue: entry.user.secteur_activite })}
        </p>
        <dl>
          <dt>{t('directory.hall')}</dt>
          <dd>{entry.gate?.name ?? '—'}</dd>
          <dt>{t('directory.stand')}</dt>
          <dd>{entry.booth ?? '—'}</dd>
        </dl>
        {entry.booth && year && (
          <Link className="see-on-plan" to={standOnPlan(entry.booth, year)}>
            {t('plan.seeOnPlan')}
          </Link>
        )}
      </div>
      <VisitToggle kind="exhibitors" id={entry.user.id} kept={kept} name={entry.user.company ?? ''} compact />
    </li>
  );
}
