import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import type { WebLoadContext } from '@salon/shared';
import { InfoPage } from '../components/ui/info-page';
import { paths } from '../config/paths';
import { InfoSection, KeyFigures, PageLinks } from '../features/info/components/blocks';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import type { Route } from './+types/product';

/** The show presentation lives at the configured slug ('salon' by default); any other single segment goes home. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const slug = (context as Partial<WebLoadContext> | undefined)?.productSlug ?? 'salon';
  if (params.product !== slug) throw redirect('/');
  return { seo: pageSeo(request, context, 'product') };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

/** The show presentation: what, when, where, who, and the figures (20 000 m², about 60 000 visitors). */
export default function ProductPage() {
  const { t } = useTranslation();
  return (
    <InfoPage pageKey="product">
      <InfoSection id="rendez-vous" title={t('pages.product.aboutTitle')}>
        <p>{t('pages.product.about1')}</p>
        <p>{t('pages.product.about2')}</p>
      </InfoSection>
      <InfoSection id="chiffres" title={t('pages.product.figuresTitle')}>
        <KeyFigures pageKey="product" ids={['exhibitors', 'visitors', 'surface', 'days']} />
      </InfoSection>
      <InfoSection id="organisation" title={t('pages.product.organisationTitle')}>
        <p>{t('pages.historique.founding')}</p>
      </InfoSection>
      <InfoSection id="en-savoir-plus" title={t('pages.product.moreTitle')}>
        <PageLinks
          links={[
            { key: 'editorial', to: paths.editorial },
            { key: 'structure', to: paths.structure },
            { key: 'secteurs', to: paths.secteurs },
            { key: 'historique', to: paths.historique },
            { key: 'forum', to: paths.forum },
            { key: 'pourquoiExposer', to: paths.pourquoiExposer },
            { key: 'infosPratiques', to: paths.infosPratiques },
          ]}
        />
      </InfoSection>
    </InfoPage>
  );
}
