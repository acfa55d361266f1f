import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoPage } from '../components/ui/info-page';
import { paths } from '../config/paths';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/conference';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'conference') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** The specification's conference page holds placeholder content; each session has its own page. */
export default function ConferencePage() {
  const { t } = useTranslation();
  return (
    <InfoPage pageKey="conference">
      <p>{t('conference.placeholder')}</p>
      <Link className="btn btn-outline" to={paths.programme}>
        {t('pages.programme.title')}
      </Link>
    </InfoPage>
  );
}
