import { useTranslation } from 'react-i18next';
import { InfoPage } from '../components/ui/info-page';
import { paths } from '../config/paths';
import { PageLinks } from '../features/info/components/blocks';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/biographie-des-intervenants';
import '../features/info/info.css';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'biographies') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** Placeholder content only, as the specification says: no speaker is named. */
export default function BiographieDesIntervenantsPage() {
  const { t } = useTranslation();
  return (
    <InfoPage pageKey="biographies" cta={false}>
      <p>{t('pages.biographies.body')}</p>
      <PageLinks
        links={[
          { key: 'programme', to: paths.programme },
          { key: 'intervenir', to: paths.intervenir },
        ]}
      />
    </InfoPage>
  );
}
