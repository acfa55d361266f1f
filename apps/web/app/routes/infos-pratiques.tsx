import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoPage } from '../components/ui/info-page';
import { paths } from '../config/paths';
import { EntryConditions, InfoSection } from '../features/info/components/blocks';
import { OpeningHoursTable } from '../features/info/components/hours-table';
import { TransportModes } from '../features/info/components/transport';
import { loadOpeningHours } from '../features/info/loaders.server';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/infos-pratiques';
import '../features/info/info.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'infosPratiques'), hours: await loadOpeningHours(context) };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** Venue, dates, free entry, transport and accommodation, and the opening hours (the real May–June dates). */
export default function InfosPratiquesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <InfoPage pageKey="infosPratiques">
      <InfoSection id="lieu-dates" title={t('pages.infosPratiques.whereWhenTitle')}>
        <p className="info-highlight">{t('pages.infosPratiques.whereWhen')}</p>
        <p>
          <Link className="info-more" to={paths.infosLieu}>
            {t('pages.infosPratiques.venueLink')}
          </Link>
        </p>
      </InfoSection>
      <InfoSection id="horaires" title={t('pages.infosPratiques.hoursTitle')}>
        <OpeningHoursTable days={loaderData.hours} />
      </InfoSection>
      <InfoSection id="entree" title={t('pages.infosPratiques.entryTitle')}>
        <EntryConditions />
      </InfoSection>
      <InfoSection id="venir" title={t('pages.infosPratiques.transportTitle')}>
        <TransportModes headingLevel={3} />
        <p>
          <Link className="info-more" to={paths.infosAcces}>
            {t('pages.infosPratiques.accessLink')}
          </Link>
        </p>
      </InfoSection>
    </InfoPage>
  );
}
