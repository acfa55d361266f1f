import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { VisitedStand } from '@salon/shared';
import { paths, standOnPlan } from '../../../config/paths';
import { API_BASE } from '../../../lib/api-client';
import '../stands-visited.css';

/**
 * 'Stands visités' on the badge's page: the exhibitors whose stands scanned the badge, each with
 * its page, its stand on the plan, the contact card and the document it chose to give, and 'Ne
 * plus me contacter'. Plain links and forms, posting with the badge's key (the page's own
 * authorisation) and coming back here: they work without scripts, as the page does.
 */
export function StandsVisited({ token, stands, year }: { token: string; stands: VisitedStand[]; year: number | null }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const key = encodeURIComponent(token);
  return (
    <section className="card stands-visited" id="stands-visited" aria-labelledby="stands-visited-title">
      <h2 id="stands-visited-title">{t('ebadge.visited.title')}</h2>
      {stands.length === 0 ? (
        <p className="muted">{t('ebadge.visited.none')}</p>
      ) : (
        <>
          <p className="muted">{t('ebadge.visited.intro')}</p>
          <ul className="stands-visited-list">
            {stands.map((s) => (
              <li key={s.id} aria-labelledby={`visited-${s.id}`}>
                <Link to={`${paths.annuaire}/${s.slug}`} className="stands-visited-name" id={`visited-${s.id}`}>
                  {s.company}
                </Link>
                <span className="muted">
                  {[s.gate?.name, s.booth ? `${t('directory.stand')} ${s.booth}` : t('visit.noStand')]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                {s.booth && year && (
                  <Link className="see-on-plan" to={standOnPlan(s.booth, year)}>
                    {t('plan.seeOnPlan')}
                  </Link>
                )}
                {(s.contactCard || s.document) && (
                  <p className="stands-visited-files">
                    {s.contactCard && (
                      <a
                        className="btn btn-outline"
                        href={`${API_BASE}ebadge/visited/${s.id}/contact.vcf?token=${key}`}
                        download
                      >
                        {t('ebadge.visited.contactCard')}
                      </a>
                    )}
                    {s.document && (
                      <a className="btn btn-outline" href={s.document.url} type="application/pdf">
                        {s.document.name} <span className="muted">(PDF)</span>
                      </a>
                    )}
                  </p>
                )}
                {s.doNotContact ? (
                  <p className="stands-visited-done" role="status">
                    {t('ebadge.visited.doNotContactDone')}
                  </p>
                ) : (
                  <form method="post" action={`${API_BASE}ebadge/visited/${s.id}/do-not-contact`}>
                    <input type="hidden" name="token" value={token} />
                    <input type="hidden" name="back" value={`${pathname}${search}#stands-visited`} />
                    <button type="submit" className="stands-visited-forget" aria-describedby={`visited-${s.id}`}>
                      {t('ebadge.visited.doNotContact')}
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
