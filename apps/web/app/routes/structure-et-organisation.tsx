import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoPage } from '../components/ui/info-page';
import { paths } from '../config/paths';
import { ItemList } from '../features/info/components/blocks';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/structure-et-organisation';
import '../features/info/info.css';

export function loader({ request, context }: Route.LoaderArgs) {
  return { seo: pageSeo(request, context, 'structure') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** The key areas of the specification, in its order. */
const AREAS = [
  'networking',
  'training',
  'tv',
  'press',
  'exhibition',
  'women',
  'startups',
  'services',
  'conferences',
  'recruitment',
  'trades',
] as const;

export default function StructureEtOrganisationPage() {
  const { t } = useTranslation();
  return (
    <InfoPage pageKey="structure">
      <section aria-labelledby="espaces-title">
        <h2 id="espaces-title">{t('pages.structure.areasTitle')}</h2>
        <ItemList
          pageKey="structure"
          group="areas"
          ids={AREAS}
          extra={(id) =>
            id === 'conferences' ? (
              <p>
                <Link className="info-more" to={paths.programme}>
                  {t('pages.programme.title')}
                </Link>
              </p>
            ) : null
          }
        />
      </section>
    </InfoPage>
  );
}
