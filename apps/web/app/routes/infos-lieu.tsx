import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/ui/info-page';
import { paths } from '../config/paths';
import { InfoSection, PageLinks } from '../features/info/components/blocks';
import { useSiteSettings } from '../lib/site-settings';
import { VenueAddress, VenueMapFrame, VenueMapLink } from '../features/info/components/venue';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/infos-lieu';
import '../features/info/info.css';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'infosLieu') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** The venue: the city (the specification's), and the name, address and map the organiser published. */
export default function InfosLieuPage() {
  const { t } = useTranslation();
  const { venue } = useSiteSettings();
  return (
    <InfoPage pageKey="infosLieu">
      <InfoSection id="ville" title={t('pages.infosLieu.cityTitle')}>
        <p className="info-highlight">{t('pages.infosLieu.whereWhen')}</p>
        <VenueAddress venue={venue} />
        <p>{t('pages.infosLieu.city')}</p>
        <VenueMapLink venue={venue} className="info-more" />
        <VenueMapFrame venue={venue} />
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
