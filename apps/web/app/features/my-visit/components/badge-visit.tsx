import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths, pathOf } from '../../../config/paths';
import { API_BASE } from '../../../lib/api-client';
import { useShowYear } from '../../../lib/show';
import { VisitItems, type VisitList } from './visit-items';

/**
 * 'Ma visite' on the badge's page: the list kept with the badge, which every device that opens
 * the badge's link shows, with the forms that keep this device's list there or bring the
 * badge's onto this device. Both are plain forms: they work without scripts, as the page does.
 */
export function BadgeVisit({ token, kept, deviceCount }: { token: string; kept: VisitList; deviceCount: number }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const year = useShowYear();
  const count = kept.exhibitors.length + kept.conferences.length;
  const form = (op: 'keep' | 'take', label: string) => (
    <form method="post" action={`${API_BASE}visit`}>
      <input type="hidden" name="op" value={op} />
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="back" value={`${pathname}${search}`} />
      <button type="submit" className="btn btn-outline btn-block">
        {label}
      </button>
    </form>
  );
  return (
    <section className="card badge-visit my-visit" aria-labelledby="badge-visit">
      <h2 id="badge-visit">{t('visit.badgeTitle')}</h2>
      {count === 0 && <p className="muted">{t('visit.badgeNone')}</p>}
      {/* Where exhibitors and conferences are added: a visitor from the badge mail starts here. */}
      <p className="my-visit-links">
        <Link to={paths.annuaire}>{t('pages.annuaire.title')}</Link>
        {year && <Link to={pathOf('plan', year)}>{t('pages.plan.title', { year })}</Link>}
        <Link to={paths.programme}>{t('pages.programme.title')}</Link>
      </p>
      <VisitItems items={kept} level={3} />
      {deviceCount > 0 && (
        <>
          <p>{t('visit.badgeDevice', { count: deviceCount })}</p>
          {form('keep', t('visit.badgeKeep'))}
        </>
      )}
      {count > 0 && form('take', t('visit.badgeTake'))}
    </section>
  );
}
