import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { emptyVisit } from '@salon/shared';
import { visitItems, visitOf, visitQuery } from '../features/my-visit/visit.server';
import { VisitItems } from '../features/my-visit/components/visit-items';
import { paths, pathOf } from '../config/paths';
import { API_BASE } from '../lib/api-client';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import { useShowYear } from '../lib/show';
import { useHydrated } from '../lib/use-hydrated';
import type { Route } from './+types/ma-visite';

export async function loader({ request, context }: Route.LoaderArgs) {
  const visit = visitOf(request);
  const items = await visitItems(context, visit);
  return { seo: pageSeo(request, context, 'maVisite'), visit: visitQuery(visit) ? visit : emptyVisit(), items };
}

// A list of the device's: never kept by a shared cache, never indexed.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });
export const meta: Route.MetaFunction = ({ data }) => [...seoMeta(data?.seo), { name: 'robots', content: 'noindex' }];

/**
 * 'Ma visite': the exhibitors and conferences the visitor keeps, with their stand on the plan, the
 * conferences as a calendar file, and a printable page. The list is the device's cookie; the
 * badge's page keeps it for a registered visitor.
 */
export default function MaVisite({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const year = useShowYear();
  const hydrated = useHydrated();
  const { exhibitors, conferences } = loaderData.items;
  const count = exhibitors.length + conferences.length;
  return (
    <article className="container page my-visit">
      <h1>{t('pages.maVisite.title')}</h1>
      <p className="lead">{t('pages.maVisite.lead')}</p>
      {count === 0 ? <p className="empty">{t('visit.empty')}</p> : <p role="status">{t('visit.count', { count })}</p>}
      <p className="my-visit-links">
        <Link to={paths.annuaire}>{t('pages.annuaire.title')}</Link>
        {year && (
          <Link to={pathOf('plan', year)}>
            {exhibitors.length ? t('visit.onPlan') : t('pages.plan.title', { year })}
          </Link>
        )}
        <Link to={paths.programme}>{t('pages.programme.title')}</Link>
      </p>
      <VisitItems items={loaderData.items} level={2} editable year={year} />
      {count > 0 && (
        <div className="my-visit-actions">
          {/* Printing needs the script's button; without it, the browser's own menu prints the page. */}
          {hydrated && (
            <button type="button" className="btn btn-outline" onClick={() => window.print()}>
              {t('visit.print')}
            </button>
          )}
          <form method="post" action={`${API_BASE}visit`}>
            <input type="hidden" name="op" value="clear" />
            <input type="hidden" name="back" value={paths.maVisite} />
            <button type="submit" className="btn btn-outline">
              {t('visit.clear')}
            </button>
          </form>
        </div>
      )}
      <p className="my-visit-badge muted">{t('visit.badgeNote')}</p>
    </article>
  );
}
