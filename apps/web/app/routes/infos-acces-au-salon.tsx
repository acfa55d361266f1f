import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/ui/info-page';
import { EntryConditions, InfoSection } from '../features/info/components/blocks';
import { TransportModes } from '../features/info/components/transport';
import { VenueAddress, VenueMapLink } from '../features/info/components/venue';
import { useSiteSettings } from '../lib/site-settings';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/infos-acces-au-salon';
import '../features/info/info.css';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'infosAcces') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/**
 * 'Accès au salon': where the show is (the venue the organiser published, on a map), then train
 * (30 % off), car, free shuttles from Casablanca, plane, accommodation.
 */
export default function InfosAccesAuSalonPage() {
  const { t } = useTranslation();
  const { venue } = useSiteSettings();
  return (
    <InfoPage pageKey="infosAcces">
      <InfoSection id="adresse" title={t('pages.infosAcces.venueTitle')}>
        <p className="info-highlight">{t('pages.infosLieu.whereWhen')}</p>
        <VenueAddress venue={venue} />
        <VenueMapLink venue={venue} className="info-more" />
      </InfoSection>
      <TransportModes headingLevel={2} />
      <InfoSection id="entree" title={t('pages.infosPratiques.entryTitle')}>
        <EntryConditions />
      </InfoSection>
    </InfoPage>
  );
}
