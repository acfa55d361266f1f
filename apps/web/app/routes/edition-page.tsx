import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { getDirectoryFacets, getEvents, getExhibitorPage, getFloorPlan, type WebLoadContext } from '@salon/shared';
import { InfoPage } from '../components/ui/info-page';
import { paths } from '../config/paths';
import { AutoDownload } from '../features/downloads/components/auto-download';
import { PlanPage } from '../features/floor-plan/plan-page';
import { planView, readPlanQuery } from '../features/floor-plan/plan-view';
import { visitOf } from '../features/my-visit/visit.server';
import { InfoSection, KeyFigures, PageLinks } from '../features/info/components/blocks';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import { LoaderApiError, loaderCall, loaderDataOr } from '../lib/server-api';
import type { Route } from './+types/edition-page';
import '../features/info/info.css';
import '../features/floor-plan/floor-plan.css';

/** An edition's plan and programme: /plan-2024, /programme-2024. */
const EDITION_PAGE = /^(plan|programme)-(\d{4})$/;

const notFound = () => data(null, { status: 404 });

/**
 * The pages of one path segment: an edition's plan (/plan-<year>) and programme
 * (/programme-<year>), an unknown year being a 404; the show presentation at the configured slug
 * ('salon' by default); any other segment goes home.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const segment = params.product;
  const edition = EDITION_PAGE.exec(segment);
  if (edition) {
    const year = Number(edition[2]);
    const values = { year };
    if (edition[1] === 'plan') {
      const plan = await loaderCall(context, getFloorPlan, { query: { year } }).catch((error: unknown) => {
        if (error instanceof LoaderApiError && error.status === 404) throw notFound();
        console.error(error);
        return { data: { halls: [] } };
      });
      const query = readPlanQuery(new URL(request.url));
      const seo = pageSeo(request, context, 'plan', { values });
      const view = planView(plan.data.halls, query);
      const holder = view.hall?.stands.find((s) => s.number === view.target)?.holders[0];
      const [facets, card] = await Promise.all([
        // The sector picker's choices, counted in this plan's edition; without them the plan and its search still work.
        loaderDataOr(context, getDirectoryFacets, { query: { year: String(year) } }, null),
        // The tapped stand's card: its first exhibitor's logo and sectors.
        holder === undefined
          ? null
          : loaderCall(context, getExhibitorPage, { params: { slug: `x-${holder}` } }).then(
              (r) => r.data,
              () => null,
            ),
      ]);
      const kept = visitOf(request).exhibitors;
      return { page: 'plan' as const, year, seo, view, query, kept, sectors: facets?.sectors ?? [], card };
    }
    const editions = await loaderDataOr(context, getEvents, {}, []);
    if (!editions.some((e) => e.year === year)) throw notFound();
    // The download starts as the page opens: its scripts run after the first paint.
    const seo = pageSeo(request, context, 'programmePdf', { values });
    return { page: 'programme' as const, year, seo, scripts: 'after-paint' as const };
  }
  const slug = (context as Partial<WebLoadContext> | undefined)?.productSlug ?? 'salon';
  if (segment !== slug) throw redirect('/');
  return { page: 'product' as const, seo: pageSeo(request, context, 'product') };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => seoMeta(loaded?.seo);

export default function SingleSegmentPage({ loaderData }: Route.ComponentProps) {
  switch (loaderData.page) {
    case 'plan':
      return (
        <PlanPage
          view={loaderData.view}
          query={loaderData.query}
          year={loaderData.year}
          kept={loaderData.kept}
          sectors={loaderData.sectors}
          card={loaderData.card}
        />
      );
    case 'programme':
      return (
        <InfoPage pageKey="programmePdf" values={{ year: loaderData.year }} cta={false}>
          <AutoDownload file="programme" year={loaderData.year} />
        </InfoPage>
      );
    case 'product':
      return <ProductPage />;
  }
}

/** The show presentation: what, when, where, who, and the figures (20 000 m², about 60 000 visitors). */
function ProductPage() {
  const { t } = useTranslation();
  return (
    <InfoPage pageKey="product">
      <InfoSection id="rendez-vous" title={t('pages.product.aboutTitle')}>
        <p>{t('pages.product.about1')}</p>
        <p>{t('pages.product.about2')}</p>
      </InfoSection>
      <InfoSection id="chiffres" title={t('pages.product.figuresTitle')}>
        <KeyFigures pageKey="product" ids={['exhibitors', 'visitors', 'surface', 'days']} />
      </InfoSection>
      <InfoSection id="organisation" title={t('pages.product.organisationTitle')}>
        <p>{t('pages.historique.founding')}</p>
      </InfoSection>
      <InfoSection id="en-savoir-plus" title={t('pages.product.moreTitle')}>
        <PageLinks
          links={[
            { key: 'editorial', to: paths.editorial },
            { key: 'structure', to: paths.structure },
            { key: 'secteurs', to: paths.secteurs },
            { key: 'historique', to: paths.historique },
            { key: 'forum', to: paths.forum },
            { key: 'pourquoiExposer', to: paths.pourquoiExposer },
            { key: 'infosPratiques', to: paths.infosPratiques },
          ]}
        />
      </InfoSection>
    </InfoPage>
  );
}
