import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/ui/info-page';
import { InfoSection } from '../features/info/components/blocks';
import { EditionsTable } from '../features/info/components/editions-table';
import { loadEvents } from '../features/info/loaders.server';
import { seoMeta } from '../lib/seo';
import { useShow } from '../lib/show';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/historique';
import '../features/info/info.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'historique'), events: await loadEvents(context) };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** 'Editions depuis 2003': every edition the install knows (from the API) and who founded the show. */
export default function HistoriquePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <InfoPage pageKey="historique">
      <InfoSection id="editions" title={t('pages.historique.editionsTitle')}>
        <EditionsTable events={loaderData.events} show={useShow()} />
      </InfoSection>
      <InfoSection id="fondation" title={t('pages.historique.foundingTitle')}>
        <p>{t('pages.historique.founding')}</p>
      </InfoSection>
    </InfoPage>
  );
}
