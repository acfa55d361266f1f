import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoPage } from '../components/ui/info-page';
import { paths } from '../config/paths';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/not-found';
import '../features/info/info.css';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'notFound') };
}

export const meta: Route.MetaFunction = ({ data }) => [...seoMeta(data?.seo), { name: 'robots', content: 'noindex' }];

/** Placeholder text only, as the specification says. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <InfoPage pageKey="notFound" cta={false}>
      <p>
        <Link className="info-more" to={paths.home}>
          {t('nav.home')}
        </Link>
      </p>
    </InfoPage>
  );
}
