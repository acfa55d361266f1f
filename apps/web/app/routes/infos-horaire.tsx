import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoPage } from '../components/ui/info-page';
import { paths } from '../config/paths';
import { EntryConditions, InfoSection } from '../features/info/components/blocks';
import { OpeningHoursTable } from '../features/info/components/hours-table';
import { loadOpeningHours } from '../features/info/loaders.server';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/infos-horaire';
import '../features/info/info.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'infosHoraire'), hours: await loadOpeningHours(context) };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** Dates and opening hours of the show (API, or the specification's hours if it fails). */
export default function InfosHorairePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <InfoPage pageKey="infosHoraire">
      <OpeningHoursTable days={loaderData.hours} />
      <p>
        {t('pages.infosHoraire.forumNote')} <Link to={paths.programme}>{t('pages.programme.title')}</Link>
      </p>
      <InfoSection id="entree" title={t('pages.infosPratiques.entryTitle')}>
        <EntryConditions />
      </InfoSection>
    </InfoPage>
  );
}
