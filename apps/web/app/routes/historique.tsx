import { useTranslation } from 'react-i18next';
import { getFloorPlan } from '@salon/shared';
import { InfoPage } from '../components/ui/info-page';
import { InfoSection } from '../features/info/components/blocks';
import { EditionsTable } from '../features/info/components/editions-table';
import { loadEvents } from '../features/info/loaders.server';
import { seoMeta } from '../lib/seo';
import { useShow } from '../lib/show';
import { pageSeo } from '../lib/seo.server';
import { loaderDataOr } from '../lib/server-api';
import type { Route } from './+types/historique';
import '../features/info/info.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const events = await loadEvents(context);
  // The editions whose plan the site holds (a hall with stands): their plan and programme are linked.
  const planned = await Promise.all(
    events
      .filter((e) => e.startsOn)
      .map(async (e) => {
        const plan = await loaderDataOr(context, getFloorPlan, { query: { year: e.year } }, { halls: [] });
        return plan.halls.some((h) => h.stands.length > 0) ? e.year : null;
      }),
  );
  return {
    seo: pageSeo(request, context, 'historique'),
    events,
    archived: planned.filter((year) => year !== null),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** 'Editions depuis 2003': every edition the install knows (from the API) and who founded the show. */
export default function HistoriquePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <InfoPage pageKey="historique">
      <InfoSection id="editions" title={t('pages.historique.editionsTitle')}>
        <EditionsTable events={loaderData.events} show={useShow()} archived={loaderData.archived} />
      </InfoSection>
      <InfoSection id="fondation" title={t('pages.historique.foundingTitle')}>
        <p>{t('pages.historique.founding')}</p>
      </InfoSection>
    </InfoPage>
  );
}
