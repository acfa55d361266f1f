import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoPage } from '../components/ui/info-page';
import { paths } from '../config/paths';
import { InfoSection, ItemList, KeyFigures } from '../features/info/components/blocks';
import { SectorStrip } from '../features/info/components/sectors';
import { ContactLines } from '../features/info/components/venue';
import { useContact } from '../lib/site-settings';
import { loadPageSectors } from '../features/info/loaders.server';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/pourquoi-exposer';
import '../features/info/info.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'pourquoiExposer'), sectors: await loadPageSectors(context) };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** Five reasons, the key figures (+300, +100 000, 10 000 m², 42 countries) and the sector carousel. */
export default function PourquoiExposerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const exhibitors = useContact('exhibitors');
  return (
    <InfoPage pageKey="pourquoiExposer">
      <InfoSection id="chiffres" title={t('pages.pourquoiExposer.figuresTitle')}>
        <KeyFigures pageKey="pourquoiExposer" ids={['exhibitors', 'visitors', 'surface', 'countries']} />
      </InfoSection>
      <InfoSection id="raisons" title={t('pages.pourquoiExposer.reasonsTitle')}>
        <ItemList pageKey="pourquoiExposer" group="reasons" ids={['r1', 'r2', 'r3', 'r4', 'r5']} ordered />
      </InfoSection>
      <InfoSection id="secteurs" title={t('pages.pourquoiExposer.sectorsTitle')}>
        <SectorStrip sectors={loaderData.sectors} />
        <p>
          <Link className="info-more" to={paths.secteurs}>
            {t('pages.pourquoiExposer.sectorsLink')}
          </Link>
        </p>
      </InfoSection>
      <InfoSection id="contact" title={t('pages.pourquoiExposer.contactTitle')}>
        <p>{t('pages.pourquoiExposer.contactText')}</p>
        <ContactLines contact={exhibitors} />
      </InfoSection>
    </InfoPage>
  );
}
