import { asLanguage, pickFilled, exhibitorSlug, FORUM_STAND, type ExhibitorPage, type PlanStand } from '@salon/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FallbackImg } from '../../../components/ui/fallback-img';
import { VisitToggle } from '../../../components/visit-toggle';
import { paths, PLAN_ANCHOR } from '../../../config/paths';

/**
 * The card of the stand a visitor tapped (or the address named), on the plan: who holds it, the
 * first exhibitor's logo and sectors, its page ('Voir la fiche') and its star for 'Ma visite'.
 * Drawn by the server like the plan, so a tap works the same without scripts.
 */
export function StandCard({
  stand,
  hall,
  page,
  kept,
  closeTo,
}: {
  stand: PlanStand;
  hall: string;
  /** The first exhibitor's page of the directory, when it could be read. */
  page: ExhibitorPage | null;
  /** The exhibitors of 'Ma visite'. */
  kept: number[];
  /** The plan without the card. */
  closeTo: string;
}) {
  const { t, i18n } = useTranslation();
  const forum = stand.number === FORUM_STAND;
  const sectors = page?.sectors.map((s) => pickFilled(asLanguage(i18n.language), s.name)) ?? [];
  return (
    <aside className="stand-card card" aria-labelledby="stand-card-title">
      <h2 id="stand-card-title">{forum ? t('plan.forumRoom') : t('plan.cardTitle', { number: stand.number, hall })}</h2>
      {forum && (
        <p>
          <Link to={paths.programme}>{t('pages.programme.title')}</Link>
        </p>
      )}
      {!forum && stand.holders.length === 0 && <p className="stand-free">{t('plan.free')}</p>}
      {stand.holders.map((id, i) => {
        const company = stand.companies[i] ?? '';
        return (
          <div key={id} className="stand-card-holder">
            {i === 0 && page && (
              <FallbackImg
                src={page.logo?.formats.small.url ?? page.logo?.url}
                fallback="/assets/images/logo-fallback.svg"
                alt=""
                width="56"
                height="56"
              />
            )}
            <div className="stand-card-body">
              <p className="stand-card-company">{company}</p>
              {i === 0 && sectors.length > 0 && <p className="stand-card-sectors">{sectors.join(' · ')}</p>}
              <div className="stand-card-actions">
                <Link className="btn btn-primary" to={`${paths.annuaire}/${exhibitorSlug(company, id)}`}>
                  {t('plan.cardPage')}
                  <span className="visually-hidden"> — {company}</span>
                </Link>
                <VisitToggle
                  kind="exhibitors"
                  id={id}
                  kept={kept.includes(id)}
                  name={company}
                  compact
                  anchor={PLAN_ANCHOR}
                />
              </div>
            </div>
          </div>
        );
      })}
      <Link className="stand-card-close" to={closeTo} preventScrollReset aria-label={t('plan.cardClose')}>
        ×
      </Link>
    </aside>
  );
}
