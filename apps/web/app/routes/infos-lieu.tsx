import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/ui/info-page';
import { paths } from '../config/paths';
import { InfoSection, PageLinks } from '../features/info/components/blocks';
import { VENUE_MAP_URL } from '../features/info/contacts';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/infos-lieu';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'infosLieu') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** The venue: the specification names the city (Marrakech) and no address. */
export default function InfosLieuPage() {
  const { t } = useTranslation();
  return (
    <InfoPage pageKey="infosLieu">
      <InfoSection id="ville" title={t('pages.infosLieu.cityTitle')}>
        <p className="info-highlight">{t('pages.infosLieu.whereWhen')}</p>
        <p>{t('pages.infosLieu.city')}</p>
        <p>
          <a className="info-more" href={VENUE_MAP_URL}>
            {t('pages.infosLieu.mapLink')}
          </a>
        </p>
      </InfoSection>
      <InfoSection id="preparer" title={t('pages.infosLieu.moreTitle')}>
        <PageLinks
          links={[
            { key: 'infosAcces', to: paths.infosAcces },
            { key: 'infosHoraire', to: paths.infosHoraire },
            { key: 'infosContact', to: paths.infosContact },
          ]}
        />
      </InfoSection>
    </InfoPage>
  );
}
